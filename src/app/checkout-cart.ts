// The cart a checkout pays for, read from its feature: the book cart from the API (the shared
// cache behind the badge), the course cart from its client-side slice. Composed here because the
// checkout feature may not import the cart features (docs/architecture.md §2).
import { isPayable } from '@contract/cart-rules';
import type { CartLine } from '@contract/carts';
import type { CourseItem } from '@contract/payments';
import { useGetCartQuery } from '@/features/book-cart/api/cart-api';
import { bookCartTotalCents } from '@/features/book-cart/components/book-cart-total';
import { selectCheckoutSource } from '@/features/checkout/checkout-slice';
import type { CheckoutCart } from '@/features/checkout/components/shipping-screen';
import {
  selectCourseCartLines,
  selectCourseCartTotalCents,
} from '@/features/course-cart/course-cart-slice';
import { useAppSelector } from '@/lib/redux-hooks';
import { errorMessageOr } from '@/lib/api/error-message';

export type CheckoutCartState = {
  cart: CheckoutCart;
  /** The book cart's lines now (empty unless the book cart is being paid). */
  bookLines: CartLine[];
  /** The course cart as the intent's `items`. */
  courseItems: CourseItem[];
};

export function useCheckoutCart(): CheckoutCartState {
  const source = useAppSelector(selectCheckoutSource);
  const courseLines = useAppSelector(selectCourseCartLines);
  const courseTotalCents = useAppSelector(selectCourseCartTotalCents);
  const books = useGetCartQuery(undefined, { skip: source !== 'books' });
  const bookLines = source === 'books' ? (books.data ?? []) : [];
  const courseItems = courseLines.map(({ _id, quantity }) => ({ _id, quantity }));

  let cart: CheckoutCart;
  if (source === null) {
    cart = { status: 'empty' };
  } else if (source === 'courses') {
    cart =
      courseLines.length === 0
        ? { status: 'empty' }
        : {
            status: 'ready',
            source,
            totalCents: courseTotalCents,
            itemCount: courseLines.reduce((sum, line) => sum + line.quantity, 0),
          };
  } else if (books.isLoading) {
    cart = { status: 'loading' };
  } else if (books.isError && !books.data) {
    cart = {
      status: 'error',
      message: errorMessageOr(books.error, 'Your cart could not be loaded.'),
      retry: () => void books.refetch(),
    };
  } else {
    const payable = bookLines.filter(isPayable);
    cart =
      payable.length === 0
        ? { status: 'empty' }
        : {
            status: 'ready',
            source,
            totalCents: bookCartTotalCents(payable),
            itemCount: payable.reduce((sum, line) => sum + line.quantity, 0),
            leftOut: bookLines.filter((line) => !isPayable(line)).map((line) => line.name),
          };
  }
  return { cart, bookLines, courseItems };
}
