// Taps on a prerendered page's buttons before the app has taken it over (docs/decisions.md D69).
// A snapshot shows "Order Now" and "Add To Cart" at once, before their handlers exist; a tap then
// would do nothing and be lost. boot.ts holds such taps, and the app replays them right after it
// has begun hydrating: React hydrates the tapped part at once for a click and runs its handler.
// A button in a form is left alone: the form waits for the app on its own (D49).
import { EARLY_TAPS_GLOBAL, type InlineEarlyTaps } from '@contract/early-taps';

/** The held taps, each as its button's index among the page's buttons (the same markup). */
const held: number[] = [];
let holding: ((event: MouseEvent) => void) | undefined;

declare global {
  interface Window {
    [EARLY_TAPS_GLOBAL]?: InlineEarlyTaps;
  }
}

/**
 * Holds taps on `root`'s buttons (outside forms) until replayEarlyTaps, taking over those the
 * document's head script held before this ran (contract/early-taps.ts).
 */
export function holdEarlyTaps(root: HTMLElement): void {
  const inline = window[EARLY_TAPS_GLOBAL];
  if (inline) {
    inline.stop();
    for (const index of inline.held) if (!held.includes(index)) held.push(index);
    delete window[EARLY_TAPS_GLOBAL];
  }
  holding = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.form || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    const index = Array.from(root.querySelectorAll('button')).indexOf(button);
    if (!held.includes(index)) held.push(index);
  };
  root.addEventListener('click', holding, true);
}

/** Stops holding and taps again, in order, every button tapped meanwhile. */
export function replayEarlyTaps(root: HTMLElement): void {
  if (holding) root.removeEventListener('click', holding, true);
  holding = undefined;
  const buttons = root.querySelectorAll('button');
  for (const index of held.splice(0)) buttons[index]?.click();
}
