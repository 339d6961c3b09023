import { SAVED_COURSE_CART_PROBE } from './saved-course-cart';

// Taps on a prerendered page's buttons before the app has taken it over (docs/decisions.md D69,
// D92). The page shows "Add To Cart" and "Order Now" from its HTML, long before the app (its entry
// at low priority, D85) has hydrated them. This holds such taps from the first paint until the
// app replays them (src/app/early-taps.ts): a button in #root, outside a form, kept as its index
// among #root's buttons and handed over through a window property.

/** The window property under which the head script keeps the taps it holds, and its stop. */
export const EARLY_TAPS_GLOBAL = '__learnTogetherEarlyTaps';

/** What the head script leaves under EARLY_TAPS_GLOBAL. */
export type InlineEarlyTaps = { held: number[]; stop: () => void };

const EARLY_TAPS_HOLDER =
  '(function(){var held=[];function hold(e){var root=document.getElementById("root");' +
  'if(!root||!root.hasAttribute("data-prerendered"))return;' +
  'var button=e.target instanceof Element?e.target.closest("button"):null;' +
  'if(!button||button.form||!root.contains(button))return;' +
  'e.preventDefault();e.stopPropagation();' +
  'var index=Array.prototype.indexOf.call(root.querySelectorAll("button"),button);' +
  'if(held.indexOf(index)<0)held.push(index)}' +
  'document.addEventListener("click",hold,true);' +
  `window.${EARLY_TAPS_GLOBAL}={held:held,stop:function(){` +
  'document.removeEventListener("click",hold,true)}}})();';

/**
 * The one inline script of a prerendered document, in its head (CSP allows it by its hash,
 * server/plugins/security.ts): the saved course cart's probe, then the early taps' holder.
 */
export const PRERENDERED_HEAD_SCRIPT = `${SAVED_COURSE_CART_PROBE};${EARLY_TAPS_HOLDER}`;
