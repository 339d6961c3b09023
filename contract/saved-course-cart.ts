// The course cart lives in this browser's localStorage (src/features/course-cart/persistence.ts),
// so the course cart's prerendered markup is an empty cart (docs/decisions.md D49). Before the
// first paint, the probe below (inline in each prerendered document's head:
// scripts/lib/prerender-plugin.ts; run under the page's CSP by its hash: server/plugins/security.ts)
// marks <html> when this browser holds a saved cart, and the cart screen then hides the empty
// cart until the app shows the saved one (src/index.css): such a visitor never sees a false
// empty cart. One rule for the build, the server and the app.

/** The localStorage key of the saved course cart: `{ carts: CourseCartLine[] }`. */
export const COURSE_CART_STORAGE_KEY = 'courseCart';

/** The attribute the probe sets on <html> (src/index.css names it too). */
export const SAVED_COURSE_CART_ATTRIBUTE = 'data-saved-course-cart';

/**
 * The probe's source: classic, synchronous, no dependency. It only asks whether a saved cart has
 * lines; reading them (and dropping damaged ones) stays `loadCourseCart`'s. Unreadable storage
 * or JSON counts as no saved cart, as it does there.
 */
export const SAVED_COURSE_CART_PROBE =
  `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(COURSE_CART_STORAGE_KEY)}));` +
  `if(c&&Array.isArray(c.carts)&&c.carts.length>0)` +
  `document.documentElement.setAttribute(${JSON.stringify(SAVED_COURSE_CART_ATTRIBUTE)},"")}catch(e){}`;
