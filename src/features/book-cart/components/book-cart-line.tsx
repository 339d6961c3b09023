import { CART_LIMITS } from '@contract/cart-rules';
import type { CartLine } from '@contract/carts';
import { CartLineItem } from '@/components/cart-line-item';

type Props = {
  line: CartLine;
  onDecrease: (line: CartLine) => void;
  onIncrease: (line: CartLine) => void;
  onRemove: (line: CartLine) => void;
};

/** One line of the book cart: cover, name, price, and minus / quantity / plus. */
export function BookCartLine({ line, onDecrease, onIncrease, onRemove }: Props) {
  return (
    <CartLineItem
      cover="book"
      name={line.name}
      price={line.price}
      quantity={line.quantity}
      image={line.image}
      // A line holds at most 99 copies (the server refuses more).
      maxQuantity={CART_LIMITS.maxQuantity}
      onDecrease={() => onDecrease(line)}
      onIncrease={() => onIncrease(line)}
      onRemove={() => onRemove(line)}
    />
  );
}
