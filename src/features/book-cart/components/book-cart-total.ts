import type { CartLine } from '@contract/carts';
import { toCents } from '@contract/money';

/** The cart's total in cents: each line's price (dollars from the API) in cents, times its quantity. */
export function bookCartTotalCents(lines: readonly Pick<CartLine, 'price' | 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
}
