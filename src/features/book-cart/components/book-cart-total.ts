import { isPayable } from '@contract/cart-rules';
import type { CartLine } from '@contract/carts';
import { toCents } from '@contract/money';

/**
 * The cart's total in cents, as checkout will charge it: each payable line's price (dollars
 * from the API) in cents, times its quantity. Sold-out and removed lines are left out.
 */
export function bookCartTotalCents(
  lines: readonly Pick<CartLine, 'price' | 'quantity' | 'status'>[],
): number {
  return lines
    .filter(isPayable)
    .reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
}
