// Zod-free, so the web app may import these as values.
import { BOOK_MESSAGES } from './book-rules';

/** A line's quantity (docs/product.md §4 Book cart: minus at 1 removes the line instead). */
export const CART_LIMITS = { minQuantity: 1, maxQuantity: 99 } as const;

/** Texts the API answers with for cart calls (shown to users as they are). */
export const CART_MESSAGES = {
  lineNotFound: 'No such line in your cart.',
  bookNotFound: BOOK_MESSAGES.notFound,
  tooMany: `A cart line holds at most ${CART_LIMITS.maxQuantity} copies.`,
} as const;

/** A cart line's state at checkout (docs/product.md §4 Book cart). */
export const CART_LINE_STATUSES = ['available', 'sold-out', 'removed'] as const;
export type CartLineStatus = (typeof CART_LINE_STATUSES)[number];

/** Whether checkout pays for a line in this state. */
export function isPayable(line: { status: CartLineStatus }): boolean {
  return line.status === 'available';
}
