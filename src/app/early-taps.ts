// Taps on a prerendered page's buttons before the app has taken it over (docs/decisions.md D69).
// A snapshot shows "Order Now" and "Add To Cart" at once, before their handlers exist; a tap then
// would do nothing and be lost. boot.ts holds such taps, and the app replays them right after it
// has begun hydrating: React hydrates the tapped part at once for a click and runs its handler.
// A button in a form is left alone: the form waits for the app on its own (D49).

/** The held taps, each as its button's index among the page's buttons (the same markup). */
const held: number[] = [];
let holding: ((event: MouseEvent) => void) | undefined;

/** Holds taps on `root`'s buttons (outside forms) until replayEarlyTaps. */
export function holdEarlyTaps(root: HTMLElement): void {
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
