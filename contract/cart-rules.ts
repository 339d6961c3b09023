// Zod-free, so the web app may import these as values.

/** A line's quantity (docs/product.md §4 Book cart: minus at 1 removes the line instead). */
export const CART_LIMITS = { minQuantity: 1, maxQuantity: 99 } as const;

/** Texts the API answers with for cart calls (shown to users as they are). */
export const CART_MESSAGES = {
  lineNotFound: 'No such line in your cart.',
  bookNotFound: 'No such book.',
  tooMany: `A cart line holds at most ${CART_LIMITS.maxQuantity} copies.`,
} as const;
