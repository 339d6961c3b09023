/** The one keyboard-focus style for custom links and buttons (daisyUI's own buttons bring theirs). */
export const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 focus-visible:ring-offset-base-100';
