// Taps on a prerendered page's buttons before the app has taken it over (docs/decisions.md D69,
// D92). A snapshot shows "Order Now" and "Add To Cart" at once, before their handlers exist; a tap
// then would do nothing and be lost. The document's head script holds such taps from the first
// paint (contract/early-taps.ts), and the app replays them right after it has begun hydrating:
// React hydrates the tapped part at once for a click and runs its handler. A button in a form is
// left alone: the form waits for the app on its own (D49).
import { EARLY_TAPS_GLOBAL, type InlineEarlyTaps } from '@contract/early-taps';

declare global {
  interface Window {
    [EARLY_TAPS_GLOBAL]?: InlineEarlyTaps;
  }
}

/** Stops the head script's holding and taps again, in order, every button tapped meanwhile. */
export function replayEarlyTaps(root: HTMLElement): void {
  const holder = window[EARLY_TAPS_GLOBAL];
  if (!holder) return;
  holder.stop();
  delete window[EARLY_TAPS_GLOBAL];
  const buttons = root.querySelectorAll('button');
  for (const index of holder.held) buttons[index]?.click();
}
