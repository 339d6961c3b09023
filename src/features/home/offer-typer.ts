/**
 * How the hero's offers are typed: 70 ms a letter (docs/product.md §2), each offer held in full,
 * then erased faster than it was typed before the next one comes.
 */
export const OFFER_TIMING = { typeMs: 70, holdMs: 1_500, eraseMs: 50 } as const;

export type OfferTiming = Record<keyof typeof OFFER_TIMING, number>;

/** Types in turn; `stop()` keeps the letter reached, and `start()` goes on from it. */
export type OfferTyper = { start: () => void; stop: () => void };

/**
 * Types `offers` into `target` letter by letter, holds each in full, erases it and types the next,
 * round and round. One timer per letter and none while an offer is held, so the page draws a frame
 * per letter and none in between: the typewriter library this replaced ran a frame loop sixty
 * times a second while it typed or held an offer (docs/decisions.md D109).
 */
export function createOfferTyper(
  target: HTMLElement,
  offers: readonly string[],
  timing: OfferTiming = OFFER_TIMING,
): OfferTyper {
  // Letters, not UTF-16 units: an offer may hold an emoji.
  const letters = offers.map((offer) => Array.from(offer));
  let offer = 0;
  let shown = 0;
  let erasing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Adds or takes away one letter; the wait until the next step. */
  function step(): number {
    const current = letters[offer] ?? [];
    shown += erasing ? -1 : 1;
    target.textContent = current.slice(0, shown).join('');
    if (!erasing && shown >= current.length) {
      erasing = true;
      return timing.holdMs;
    }
    if (erasing && shown <= 0) {
      erasing = false;
      offer = (offer + 1) % letters.length;
      return timing.typeMs;
    }
    return erasing ? timing.eraseMs : timing.typeMs;
  }

  function schedule(wait: number): void {
    timer = setTimeout(() => schedule(step()), wait);
  }

  return {
    start() {
      if (timer === undefined && letters.length > 0) schedule(timing.typeMs);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
