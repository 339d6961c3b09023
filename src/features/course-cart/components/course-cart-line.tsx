import { CartLineItem } from '@/components/cart-line-item';
import type { CourseCartLine as Line } from '../course-cart-slice';

type Props = {
  line: Line;
  onRemove: (id: string) => void;
  onDecrease: (id: string) => void;
  onIncrease: (id: string) => void;
};

export function CourseCartLine({ line, onRemove, onDecrease, onIncrease }: Props) {
  return (
    <CartLineItem
      cover="course"
      name={line.name}
      price={line.price}
      quantity={line.quantity}
      image={line.image}
      onDecrease={() => onDecrease(line._id)}
      onIncrease={() => onIncrease(line._id)}
      onRemove={() => onRemove(line._id)}
    />
  );
}
