import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { PaymentSource } from '@contract/checkout-rules';
import type { ShippingAddress } from '@contract/payments';
import { makeStore } from '@/app/store';
import type { CourseCartLine } from '@/features/course-cart/course-cart-slice';
import { buildBookDetail, buildUser } from '@/testing/data';
import { db, type DbCartLine } from '@/testing/mocks/db';

export const STUDENT = 'student@learntogether.test';
export const student = () => buildUser({ email: STUDENT, displayName: 'Sam Student' });

export const ADDRESS: ShippingAddress = {
  firstName: 'Sam',
  lastName: 'Student',
  email: STUDENT,
  country: 'Canada',
  address: '12 Maple Street',
  city: 'Toronto',
  state: 'Ontario',
  postalCode: 'M5V 2T6',
};

/** A line of `email`'s book cart in the fake API. */
export function inBookCart(
  _id: string,
  name: string,
  price: number,
  quantity: number,
  email = STUDENT,
): DbCartLine {
  // The book it is a line of, in stock, so the cart shows the line as payable.
  db.books.push(
    buildBookDetail({ _id: `book-${_id}`, name, price, image: `/images/books/${_id}.svg` }),
  );
  const line: DbCartLine = {
    _id,
    bookId: `book-${_id}`,
    name,
    price,
    quantity,
    image: `/images/books/${_id}.svg`,
    email,
  };
  db.carts.push(line);
  return line;
}

type CheckoutSetup = {
  source?: PaymentSource | null;
  totalCents?: number;
  shipping?: ShippingAddress | null;
  courses?: CourseCartLine[];
  /** Read and write localStorage, as the app does. */
  persist?: boolean;
};

/** A store as a cart's Checkout (and maybe the shipping form) left it. */
export function checkoutStore({
  source = null,
  totalCents = 0,
  shipping = null,
  courses = [],
  persist = false,
}: CheckoutSetup = {}) {
  return makeStore({
    persist,
    preloadedState: {
      checkout: { source, totalCents, shipping },
      courseCart: { carts: courses },
    },
  });
}

/** Fills Stripe's card field as a user does: the number, a future expiry, the CVC and the ZIP. */
export async function fillCard(user: UserEvent, number: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), number);
  await user.type(screen.getByRole('textbox', { name: 'Expiration date MM / YY' }), '1234');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
  await user.type(screen.getByRole('textbox', { name: 'ZIP' }), 'M5V 2T6');
}
