// Zod-free, so the web app may import these as values.
import { BOOK_MESSAGES } from './book-rules';

/**
 * A line's quantity (docs/product.md §4 Book cart: minus at 1 removes the line instead). At most
 * 10: also what one account may hold of one book while it pays (docs/decisions.md D56), so one
 * free account cannot lock a book's every copy.
 */
export const CART_LIMITS = { minQuantity: 1, maxQuantity: 10 } as const;

/** How long the card step holds a checkout's copies (docs/product.md §10.9). */
export const STOCK_HOLD_MINUTES = 15;

/** Texts the API answers with for cart calls (shown to users as they are). */
export const CART_MESSAGES = {
  lineNotFound: 'No such line in your cart.',
  bookNotFound: BOOK_MESSAGES.notFound,
  tooMany: `You can order at most ${CART_LIMITS.maxQuantity} copies of a book.`,
  /** Under the book cart's Checkout button. */
  holdRule: `Up to ${CART_LIMITS.maxQuantity} copies of each book. From the card step, your books are held for you for ${STOCK_HOLD_MINUTES} minutes.`,
} as const;

/** A cart line's state at checkout (docs/product.md §4 Book cart). */
export const CART_LINE_STATUSES = ['available', 'sold-out', 'removed'] as const;
export type CartLineStatus = (typeof CART_LINE_STATUSES)[number];

/** Whether checkout pays for a line in this state. */
export function isPayable(line: { status: CartLineStatus }): boolean {
  return line.status === 'available';
}
