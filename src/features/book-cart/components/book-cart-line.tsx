import { CART_LIMITS } from '@contract/cart-rules';
import type { CartLine } from '@contract/carts';
import { CartLineItem } from '@/components/cart-line-item';

type Props = {
  line: CartLine;
  onDecrease: (line: CartLine) => void;
  onIncrease: (line: CartLine) => void;
  onRemove: (line: CartLine) => void;
};

const UNAVAILABLE = { 'sold-out': 'Sold out', removed: 'No longer sold' } as const;

/**
 * One line of the book cart: cover, name, price, and minus / quantity / plus. Plus stops at the
 * copies left; a sold-out or removed line says so and is left out of checkout.
 */
export function BookCartLine({ line, onDecrease, onIncrease, onRemove }: Props) {
  return (
    <CartLineItem
      cover="book"
      name={line.name}
      price={line.price}
      quantity={line.quantity}
      image={line.image}
      // A line holds at most 10 copies (CART_LIMITS), and no more than are left (the server refuses more).
      maxQuantity={Math.min(CART_LIMITS.maxQuantity, Math.max(line.stock, line.quantity))}
      unavailable={line.status === 'available' ? undefined : UNAVAILABLE[line.status]}
      onDecrease={() => onDecrease(line)}
      onIncrease={() => onIncrease(line)}
      onRemove={() => onRemove(line)}
    />
  );
}
