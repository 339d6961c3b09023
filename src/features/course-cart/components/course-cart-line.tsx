import { Link } from 'react-router';
import { COURSE_MESSAGES } from '@contract/course-rules';
import { CartLineItem } from '@/components/cart-line-item';
import { CheckIcon } from '@/components/icons/check-icon';
import { paths } from '@/config/paths';
import type { CourseCartLine as Line } from '../course-cart-slice';

type Props = {
  line: Line;
  /** The signed-in user owns it: shown as owned, left out of the total (docs/decisions.md D62). */
  owned: boolean;
  onRemove: (id: string) => void;
};

/** A course in the cart: no quantity control, a course is bought once. */
export function CourseCartLine({ line, owned, onRemove }: Props) {
  return (
    <CartLineItem
      cover="course"
      name={line.name}
      price={line.price}
      quantity={line.quantity}
      image={line.image}
      onRemove={() => onRemove(line._id)}
      extra={
        owned && (
          <p className="mt-1 text-sm">
            <Link
              to={paths.learn(line._id)}
              className="link link-success inline-flex items-center gap-1 font-medium"
            >
              <CheckIcon className="h-4 w-4" aria-hidden="true" />
              {COURSE_MESSAGES.ownedGoToCourse}
            </Link>
            <span className="text-base-content/70"> · not included at checkout</span>
          </p>
        )
      }
    />
  );
}
