import { HttpResponse } from 'msw';
import { isPayable, STOCK_HOLD_MINUTES } from '@contract/cart-rules';
import {
  checkoutAmountCents,
  orderNumberOf,
  priceCourseItems,
  refuseOwnedCourses,
} from '@contract/checkout-rules';
import type { OwnedCourse } from '@contract/courses';
import { centsToDollars, toCents } from '@contract/money';
import {
  CHECKOUT_MESSAGES,
  MY_CHECKOUTS_PAGE_SIZE,
  type Checkout,
  type MyCheckoutPage,
  type Order,
} from '@contract/orders';
import type {
  CheckoutShipping,
  PaymentIntentBody,
  PaymentIntentResponse,
} from '@contract/payments';
import { ApiFailure, apiRoute, requireCaller } from './api-route';
import { ownedCourseProgress } from './course-handlers';
import { summaryOf } from './admin-order-handlers';
import { cartLineView } from './cart-handlers';
import { db, type DbOrder, type DbPayment, type DbUser, type PaymentLine } from './db';

// The checkout and order routes (docs/architecture.md §3) over db.payments and db.orders. As on the server,
// the amount comes from the fake db (the book cart, or the course list), never from the client,
// and orders are made only when the payment succeeds (`settlePayment`, the webhook's work).

let paymentSequence = 0;
let orderSequence = 0;

/** The caller's book-cart lines as the cart shows them. */
const cartOf = (email: string) => db.carts.filter((line) => line.email === email).map(cartLineView);

/** The lines to pay, priced from the db: the caller's book cart (its payable lines), or these courses. */
function pricedLines(body: PaymentIntentBody, email: string): PaymentLine[] {
  if (body.source === 'books') {
    return cartOf(email)
      .filter(isPayable)
      .map((line) => ({
        name: line.name,
        quantity: line.quantity,
        unitPriceCents: toCents(line.price),
        cartLineId: line._id,
        ...(line.bookId === null ? {} : { bookId: line.bookId }),
      }));
  }
  return priceCourseItems(body.items, (courseId, quantity) => {
    const course = db.courses.find((candidate) => candidate._id === courseId);
    return (
      course && {
        name: course.name,
        quantity,
        unitPriceCents: toCents(course.price),
        courseId: course._id,
      }
    );
  });
}

/**
 * The courses a user owns, as the server reads them: each course of their succeeded course
 * payments once, at its first payment, newest first (orders play no part: deleting one keeps it).
 */
function ownedCourses(email: string): OwnedCourse[] {
  const firstPaid = new Map<string, { name: string; paidAt: number }>();
  for (const payment of db.payments) {
    if (payment.email !== email || payment.source !== 'courses' || payment.status !== 'succeeded')
      continue;
    const paidAt = payment.paidAt ?? 0;
    for (const line of payment.lines) {
      if (!line.courseId) continue;
      const known = firstPaid.get(line.courseId);
      if (!known || paidAt < known.paidAt)
        firstPaid.set(line.courseId, { name: line.name, paidAt });
    }
  }
  return [...firstPaid]
    .map(([courseId, { name, paidAt }]) => {
      const course = db.courses.find((candidate) => candidate._id === courseId);
      return {
        courseId,
        name: course?.name ?? name,
        image: course?.image ?? null,
        boughtAt: new Date(paidAt).toISOString(),
        ...ownedCourseProgress(email, courseId),
      };
    })
    .sort((a, b) => b.boughtAt.localeCompare(a.boughtAt) || a.courseId.localeCompare(b.courseId));
}

/** As the server keeps it: a book checkout's address; a course buyer's name and email (D62). */
function shippingOf(body: PaymentIntentBody, caller: DbUser): CheckoutShipping {
  if (body.source === 'books') return body.shipping;
  const name = caller.profile.name.trim();
  return { name: name === '' ? caller.email : name, email: caller.email };
}

const sameLines = (a: PaymentLine[], b: PaymentLine[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What Stripe's `payment_intent.succeeded` webhook does on the server, once: the snapshot's lines
 * become orders, exactly the paid book-cart lines leave the cart, the payment is marked paid.
 */
export function settlePayment(paymentId: string): void {
  const payment = db.payments.find((candidate) => candidate.id === paymentId);
  if (!payment || payment.status === 'succeeded') return;
  const paidLineIds = new Set(payment.lines.map((line) => line.cartLineId));
  db.carts = db.carts.filter((line) => !paidLineIds.has(line._id));
  for (const line of payment.lines) {
    const book = db.books.find((candidate) => candidate._id === line.bookId);
    if (book) book.stock = Math.max(0, book.stock - line.quantity);
  }
  const createdAt = Date.now();
  for (const line of payment.lines) {
    db.orders.push({
      _id: `order-${++orderSequence}`,
      name: line.name,
      quantity: line.quantity,
      price: centsToDollars(line.unitPriceCents),
      email: payment.email,
      paymentId: payment.id,
      shipping: payment.shipping,
      createdAt,
    });
  }
  payment.status = 'succeeded';
  payment.paidAt = createdAt;
}

/** The payment a client secret belongs to (Stripe.js confirms by client secret). */
export function paymentOfClientSecret(clientSecret: string): DbPayment | undefined {
  return db.payments.find((payment) => payment.clientSecret === clientSecret);
}

const paymentOwner = ({ id }: { id: string }) =>
  db.payments.find((payment) => payment.id === id)?.email ?? null;

const CHECKOUT_STATUS = {
  pending: 'pending',
  succeeded: 'paid',
  failed: 'failed',
  refunded: 'refunded',
} as const satisfies Record<DbPayment['status'], Checkout['status']>;

const orderOwner = ({ id }: { id: string }) =>
  db.orders.find((order) => order._id === id && !order.hidden)?.email ?? null;

const publicOrder = ({ _id, name, quantity, price, refunded = false }: DbOrder): Order => ({
  _id,
  name,
  quantity,
  price,
  refunded,
});

export const checkoutHandlers = [
  apiRoute('POST /api/payments/intent', {
    handle: ({ caller, body }) => {
      const buyer = requireCaller(caller);
      const { email } = buyer;
      const lines = pricedLines(body, email);
      const shipping = shippingOf(body, buyer);
      // The server's rule: the same refusals of an empty cart or an amount Stripe will not take.
      const amountCents = checkoutAmountCents(lines);
      // A course is bought once: "You already own {name}".
      refuseOwnedCourses(lines, new Set(ownedCourses(email).map((course) => course.courseId)));
      // The same unchanged cart reuses its pending intent (no duplicate intents).
      let payment = db.payments.find(
        (candidate) =>
          candidate.email === email &&
          candidate.status === 'pending' &&
          candidate.source === body.source &&
          sameLines(candidate.lines, lines),
      );
      if (payment) {
        payment.shipping = shipping;
      } else {
        // Shaped like Stripe's ids (no `_` after the prefix), as the Stripe.js fake checks client secrets.
        const id = `pi_mock${++paymentSequence}`;
        payment = {
          id,
          clientSecret: `${id}_secret_mock`,
          email,
          source: body.source,
          lines,
          amountCents,
          shipping,
          status: 'pending',
          createdAt: Date.now(),
        };
        db.payments.push(payment);
      }
      const answer: PaymentIntentResponse = {
        clientSecret: payment.clientSecret,
        amount: centsToDollars(payment.amountCents),
        leftOut:
          body.source === 'books'
            ? cartOf(email)
                .filter((line) => !isPayable(line))
                .map((line) => line.name)
            : [],
        // The server's hold: renewed for STOCK_HOLD_MINUTES at every ask; courses hold nothing.
        heldUntil:
          body.source === 'books'
            ? new Date(Date.now() + STOCK_HOLD_MINUTES * 60_000).toISOString()
            : null,
      };
      return HttpResponse.json(answer);
    },
  }),

  apiRoute('GET /api/courses/owned', {
    handle: ({ caller }) => HttpResponse.json(ownedCourses(requireCaller(caller).email)),
  }),

  apiRoute('GET /api/orders/:id', {
    owner: paymentOwner,
    handle: ({ params }) => {
      const payment = db.payments.find((candidate) => candidate.id === params.id);
      if (!payment) throw new ApiFailure(404, CHECKOUT_MESSAGES.orderNotFound);
      const checkout: Checkout = {
        paymentId: payment.id,
        orderNumber: orderNumberOf(payment.id),
        status: CHECKOUT_STATUS[payment.status],
        source: payment.source,
        createdAt: new Date(payment.createdAt ?? Date.now()).toISOString(),
        email: payment.email,
        lines: payment.lines.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          price: centsToDollars(line.unitPriceCents),
        })),
        total: centsToDollars(payment.amountCents),
        shipping: payment.shipping,
      };
      return HttpResponse.json(checkout);
    },
  }),

  apiRoute('GET /api/booking/email/:email', {
    handle: ({ params: { email } }) =>
      HttpResponse.json(
        db.orders
          .filter((order) => order.email === email && !order.hidden)
          // Newest first: the later insertion first, among orders of the same moment too.
          .reverse()
          .sort((a, b) => b.createdAt - a.createdAt)
          .map(publicOrder),
      ),
  }),

  apiRoute('GET /api/orders', {
    handle: ({ caller, query }) => {
      const email = requireCaller(caller).email;
      const shown = db.payments
        .filter(
          (payment) =>
            payment.email === email &&
            (payment.status === 'succeeded' || payment.status === 'refunded'),
        )
        .map((payment) => ({
          payment,
          lines: db.orders.filter((order) => order.paymentId === payment.id && !order.hidden),
        }))
        .filter(({ lines }) => lines.length > 0)
        // Newest first: the later insertion first, among payments of the same moment too.
        .reverse()
        .sort((a, b) => (b.payment.createdAt ?? 0) - (a.payment.createdAt ?? 0));
      const page = query.page ?? 1;
      const limit = MY_CHECKOUTS_PAGE_SIZE;
      const answer: MyCheckoutPage = {
        checkouts: shown.slice((page - 1) * limit, page * limit).map(({ payment, lines }) => {
          const summary = summaryOf(payment);
          return {
            paymentId: payment.id,
            orderNumber: summary.orderNumber,
            createdAt: summary.createdAt,
            status: summary.status,
            total: summary.total,
            lines: lines.map(publicOrder),
          };
        }),
        total: shown.length,
        lineCount: shown.reduce((sum, { lines }) => sum + lines.length, 0),
        page,
        limit,
      };
      return HttpResponse.json(answer);
    },
  }),

  apiRoute('DELETE /api/booking/dlt/:id', {
    owner: orderOwner,
    handle: ({ params }) => {
      // Hidden from the customer; the shop's record stays.
      const order = db.orders.find((candidate) => candidate._id === params.id);
      if (order) order.hidden = true;
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
    },
  }),
];
