// The cart a checkout pays for, read from its feature: the book cart from the API (the shared
// cache behind the badge), the course cart from its client-side slice. Composed here because the
// checkout feature may not import the cart features (docs/architecture.md §2).
import { useMemo } from 'react';
import { isPayable } from '@contract/cart-rules';
import type { CartLine } from '@contract/carts';
import type { CourseItem } from '@contract/payments';
import { useGetCartQuery } from '@/features/book-cart/api/cart-api';
import { bookCartTotalCents } from '@/features/book-cart/components/book-cart-total';
import { selectCheckoutSource } from '@/features/checkout/checkout-slice';
import type { CheckoutCart } from '@/features/checkout/components/shipping-screen';
import {
  courseLinesTotalCents,
  payableCourseLines,
  selectCourseCartLines,
} from '@/features/course-cart/course-cart-slice';
import { useGetOwnedCoursesQuery } from '@/features/courses/api/owned-courses-api';
import { useAppSelector } from '@/lib/redux-hooks';
import { errorMessageOr } from '@/lib/api/error-message';

export type CheckoutCartState = {
  cart: CheckoutCart;
  /** The book cart's lines now (empty unless the book cart is being paid). */
  bookLines: CartLine[];
  /** The course cart as the intent's `items`: the courses the user does not own yet. */
  courseItems: CourseItem[];
};

const NONE: ReadonlySet<string> = new Set();

export function useCheckoutCart(): CheckoutCartState {
  const source = useAppSelector(selectCheckoutSource);
  const savedCourseLines = useAppSelector(selectCourseCartLines);
  const books = useGetCartQuery(undefined, { skip: source !== 'books' });
  // An owned course in a saved cart is left out (docs/decisions.md D62); if the list cannot be
  // read, the server still refuses it ("You already own …").
  const owned = useGetOwnedCoursesQuery(undefined, { skip: source !== 'courses' });
  const ownedIds = useMemo(
    () => (owned.data ? new Set(owned.data.map((course) => course.courseId)) : NONE),
    [owned.data],
  );
  const courseLines = payableCourseLines(savedCourseLines, ownedIds);
  const bookLines = source === 'books' ? (books.data ?? []) : [];
  const courseItems = courseLines.map(({ _id, quantity }) => ({ _id, quantity }));

  let cart: CheckoutCart;
  if (source === null) {
    cart = { status: 'empty' };
  } else if (source === 'courses') {
    cart = owned.isLoading
      ? { status: 'loading' }
      : courseLines.length === 0
        ? { status: 'empty' }
        : {
            status: 'ready',
            source,
            totalCents: courseLinesTotalCents(courseLines),
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
