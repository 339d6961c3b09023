// Both databases: concurrent asks of one cart make one intent and one payment.
// (scripts/test.ts runs this file on PGlite and PostgreSQL.)
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLineSchema, type CartLine } from '../../contract/carts';
import { alreadyOwnedMessage } from '../../contract/checkout-rules';
import { COURSE_MESSAGES } from '../../contract/course-rules';
import { apiErrorSchema } from '../../contract/errors';
import { orderListSchema } from '../../contract/orders';
import {
  CHECKOUT_MESSAGES,
  paymentIntentResponseSchema,
  paymentWebhookResponseSchema,
  type PaymentIntentResponse,
} from '../../contract/payments';
import { createStripeGateway } from '../../server/payments/stripe-gateway';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import { testConfig, type TestApp } from './helpers/build-test-app';
import {
  askForIntent,
  buyCourses,
  createTestGateway,
  deliverWebhook,
  intentIdOf,
  paymentIntentEvent,
  shippingFor,
  TEST_WEBHOOK_SECRET,
  type TestGateway,
} from './helpers/payments';
import { expectError } from './helpers/api-error';

type OrderRow = {
  id: string;
  user_email: string;
  book_id: string | null;
  course_id: string | null;
  name: string;
  quantity: number;
  price_cents: number;
  shipping: unknown;
  payment_intent_id: string;
  payment_id: string;
  payment_line: number;
};
type PaymentRow = {
  id: string;
  status: string;
  amount_cents: number;
  shipping: unknown;
  payment_intent_id: string;
};

function intentOk(res: LightMyRequestResponse): PaymentIntentResponse {
  expect(res.statusCode, res.body).toBe(200);
  return paymentIntentResponseSchema.parse(res.json());
}

describe('checkout: PaymentIntent and webhook', () => {
  let t: TestApp;
  let gateway: TestGateway;
  /** Two books of their own, so their prices may change without touching other tests. */
  let bookA: { id: string; name: string; price_cents: number };
  let bookB: { id: string; name: string; price_cents: number };

  async function newBook(priceCents: number) {
    const name = `Checkout Book ${randomUUID()}`;
    const [row] = await t.db.query<{ id: string; name: string; price_cents: number }>(
      `insert into books (name, price_cents, image, category, stock) values ($1, $2, '/x.png', 'story', 500)
       returning id, name, price_cents`,
      [name, priceCents],
    );
    if (!row) throw new Error('no book');
    return row;
  }

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [], seed: true, paymentGateway: gateway });
    bookA = await newBook(1250);
    bookB = await newBook(799);
  });
  afterAll(async () => {
    await t.close();
  });

  async function addToCart(user: SignedIn, bookId: string, quantity = 1): Promise<CartLine> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(user.accessToken),
      payload: { bookId, quantity },
    });
    expect([200, 201], res.body).toContain(res.statusCode);
    return cartLineSchema.parse(res.json());
  }
  const cartOf = (email: string) =>
    t.db.query<{ id: string; quantity: number }>(
      'select id, quantity from cart_lines where user_email = $1 order by position',
      [email],
    );
  const ordersOf = (email: string) =>
    t.db.query<OrderRow>(
      `select id, user_email, book_id, course_id, name, quantity, price_cents, shipping,
              payment_intent_id, payment_id, payment_line
       from orders where user_email = $1 order by payment_intent_id, payment_line`,
      [email],
    );
  const paymentsOf = (email: string) =>
    t.db.query<PaymentRow>(
      `select id, status, amount_cents, shipping, payment_intent_id from payments
       where user_email = $1 order by created_at`,
      [email],
    );
  const eventCount = async () =>
    (await t.db.query<{ n: number }>('select count(*)::integer as n from stripe_events'))[0]?.n;

  function intentOf(clientSecret: string) {
    const intent = gateway.intents.get(intentIdOf(clientSecret));
    if (!intent) throw new Error('unknown intent');
    return intent;
  }
  const succeeded = (clientSecret: string, eventId?: string) => {
    const intent = intentOf(clientSecret);
    return paymentIntentEvent(
      'payment_intent.succeeded',
      { id: intent.id, amount: intent.amountCents },
      eventId,
    );
  };

  describe('POST /payments/intent', () => {
    it('charges the catalogue’s prices for the caller’s book cart, whatever the cart kept', async () => {
      const user = await signIn(t.app, 'pay-books');
      const a = await addToCart(user, bookA.id, 2);
      await addToCart(user, bookB.id, 3);
      // A stale price on the line (the catalogue changed since): the catalogue's counts.
      await t.db.query('update cart_lines set price_cents = 1 where id = $1', [a._id]);

      const calls = gateway.calls.length;
      const answer = intentOk(await askForIntent(t.app, user, { source: 'books' }));
      const expectedCents = 2 * bookA.price_cents + 3 * bookB.price_cents;
      expect(answer.amount).toBe(expectedCents / 100);
      expect(gateway.calls.length).toBe(calls + 1);
      const call = gateway.calls.at(-1);
      expect(call).toMatchObject({
        amountCents: expectedCents,
        currency: 'usd',
        metadata: { email: user.email, source: 'books' },
      });
      const [payment] = await paymentsOf(user.email);
      expect(payment).toMatchObject({
        id: call?.metadata.paymentId,
        status: 'pending',
        amount_cents: expectedCents,
        shipping: shippingFor(user),
        payment_intent_id: intentIdOf(answer.clientSecret),
      });
    });

    it('refuses an amount or price from the client (unknown keys), creating nothing', async () => {
      const user = await signIn(t.app, 'pay-tamper');
      await addToCart(user, bookA.id);
      const calls = gateway.calls.length;
      for (const body of [
        { source: 'books', amount: 0.5 },
        { source: 'books', price: 0.5 },
        { source: 'courses', items: [{ _id: 'c-01', quantity: 1, price: 0.5 }] },
      ]) {
        expect(expectError(await askForIntent(t.app, user, body), 400)).toContain(
          'Unrecognized key',
        );
      }
      expect(gateway.calls.length).toBe(calls);
      expect(await paymentsOf(user.email)).toEqual([]);
    });

    it('prices courses from the server’s course list', async () => {
      const user = await signIn(t.app, 'pay-courses');
      const answer = intentOk(
        await askForIntent(t.app, user, {
          source: 'courses',
          items: [
            { _id: 'c-01', quantity: 1 },
            { _id: 'c-03', quantity: 1 },
          ],
        }),
      );
      // public/course.json: c-01 $49.99, c-03 $69.99.
      expect(answer.amount).toBe(119.98);
      expect(intentOf(answer.clientSecret).amountCents).toBe(11998);
    });

    it('asks a course checkout no address: it keeps the account’s name and email (D62)', async () => {
      const user = await signIn(t.app, 'pay-courses-no-address');
      const items = [{ _id: 'c-04', quantity: 1 }];
      const ask = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/intent',
          headers: bearer(user.accessToken),
          payload: { source: 'courses', items },
        });
      const first = intentOk(await ask());
      expect(first.heldUntil).toBeNull();
      // No display name yet: the email names the buyer.
      expect((await paymentsOf(user.email))[0]?.shipping).toEqual({
        name: user.email,
        email: user.email,
      });

      // The same cart again reuses its intent, with the account's name as it is now.
      await t.db.query('update users set name = $2 where email = $1', [user.email, 'Ada Lovelace']);
      expect(intentOk(await ask()).clientSecret).toBe(first.clientSecret);
      const [payment] = await paymentsOf(user.email);
      expect(payment?.shipping).toEqual({ name: 'Ada Lovelace', email: user.email });

      // Its order confirmation and its orders carry the buyer, no address.
      const confirmation = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${intentIdOf(first.clientSecret)}`,
        headers: bearer(user.accessToken),
      });
      expect(confirmation.statusCode, confirmation.body).toBe(200);
      expect(confirmation.json()).toMatchObject({
        source: 'courses',
        shipping: { name: 'Ada Lovelace', email: user.email },
      });
      expect((await deliverWebhook(t.app, succeeded(first.clientSecret))).statusCode).toBe(200);
      expect((await ordersOf(user.email))[0]?.shipping).toEqual({
        name: 'Ada Lovelace',
        email: user.email,
      });
    });

    it('refuses a course bought more than once: 400 "A course is bought once", Stripe not asked', async () => {
      const user = await signIn(t.app, 'pay-course-twice');
      const calls = gateway.calls.length;
      expectError(
        await askForIntent(t.app, user, {
          source: 'courses',
          items: [
            { _id: 'c-01', quantity: 1 },
            { _id: 'c-03', quantity: 2 },
          ],
        }),
        400,
        COURSE_MESSAGES.boughtOnce,
      );
      expect(gateway.calls.length).toBe(calls);
      expect(await paymentsOf(user.email)).toEqual([]);
    });

    it('answers 400 for an empty cart of either kind, calling no one', async () => {
      const user = await signIn(t.app, 'pay-empty');
      const calls = gateway.calls.length;
      expectError(
        await askForIntent(t.app, user, { source: 'books' }),
        400,
        CHECKOUT_MESSAGES.emptyCart,
      );
      expectError(
        await askForIntent(t.app, user, { source: 'courses', items: [] }),
        400,
        CHECKOUT_MESSAGES.emptyCart,
      );
      expect(gateway.calls.length).toBe(calls);
      expect(await paymentsOf(user.email)).toEqual([]);
    });

    it('answers 400 for unknown or repeated courses and bad quantities', async () => {
      const user = await signIn(t.app, 'pay-bad-courses');
      const ask = (items: unknown) => askForIntent(t.app, user, { source: 'courses', items });
      expectError(await ask([{ _id: 'c-99', quantity: 1 }]), 400, CHECKOUT_MESSAGES.unknownCourse);
      expectError(
        await ask([
          { _id: 'c-01', quantity: 1 },
          { _id: 'c-01', quantity: 2 },
        ]),
        400,
        CHECKOUT_MESSAGES.duplicateCourse,
      );
      expect(expectError(await ask([{ _id: 'c-01', quantity: 0 }]), 400)).toContain('quantity');
      expectError(await ask([{ _id: 'c-01', quantity: 2 }]), 400, COURSE_MESSAGES.boughtOnce);
      expect(expectError(await ask([{ _id: 'c-01', quantity: 100 }]), 400)).toContain('quantity');
      expect(expectError(await ask([{ _id: 'c-01', quantity: 1.5 }]), 400)).toContain('quantity');
      expect(await paymentsOf(user.email)).toEqual([]);
    });

    it('answers 400 for a missing or incomplete shipping address', async () => {
      const user = await signIn(t.app, 'pay-shipping');
      await addToCart(user, bookA.id);
      const noShipping = await t.app.inject({
        method: 'POST',
        url: '/api/payments/intent',
        headers: bearer(user.accessToken),
        payload: { source: 'books' },
      });
      expect(expectError(noShipping, 400)).toContain('shipping');
      const { city: _city, ...withoutCity } = shippingFor(user);
      expect(
        expectError(
          await askForIntent(t.app, user, { source: 'books', shipping: withoutCity }),
          400,
        ),
      ).toContain('shipping.city');
      expect(
        expectError(
          await askForIntent(t.app, user, {
            source: 'books',
            shipping: { ...shippingFor(user), country: 'France' },
          }),
          400,
        ),
      ).toContain('shipping.country');
    });

    it('reuses the open intent of an unchanged cart, and makes a new one once it changes', async () => {
      const user = await signIn(t.app, 'pay-reuse');
      const line = await addToCart(user, bookA.id);
      const first = intentOk(await askForIntent(t.app, user, { source: 'books' }));
      const calls = gateway.calls.length;

      const newAddress = { ...shippingFor(user), city: 'Ottawa' };
      const again = intentOk(
        await askForIntent(t.app, user, { source: 'books', shipping: newAddress }),
      );
      // The same intent; the hold on its books renewed from now.
      expect({ ...again, heldUntil: null }).toEqual({ ...first, heldUntil: null });
      expect(Date.parse(again.heldUntil ?? '')).toBeGreaterThanOrEqual(
        Date.parse(first.heldUntil ?? ''),
      );
      expect(gateway.calls.length).toBe(calls);
      expect((await paymentsOf(user.email))[0]?.shipping).toEqual(newAddress);

      await t.db.query('update cart_lines set quantity = 2 where id = $1', [line._id]);
      const changed = intentOk(await askForIntent(t.app, user, { source: 'books' }));
      expect(changed.clientSecret).not.toBe(first.clientSecret);
      expect(changed.amount).toBe((2 * bookA.price_cents) / 100);
      expect(await paymentsOf(user.email)).toHaveLength(2);
    });

    it('makes one intent and one payment for concurrent asks of one cart', async () => {
      const user = await signIn(t.app, 'pay-concurrent');
      await addToCart(user, bookA.id);
      await addToCart(user, bookB.id, 2);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => askForIntent(t.app, user, { source: 'books' })),
      );
      const secrets = new Set(answers.map((res) => intentOk(res).clientSecret));
      expect(secrets.size).toBe(1);
      expect(await paymentsOf(user.email)).toHaveLength(1);
    });

    it('answers 502 when Stripe cannot be reached, recording nothing', async () => {
      const user = await signIn(t.app, 'pay-down');
      await addToCart(user, bookA.id);
      gateway.failNext();
      const res = await askForIntent(t.app, user, { source: 'books' });
      expectError(res, 502, CHECKOUT_MESSAGES.paymentProviderFailed);
      expect(res.body).not.toContain('ECONNREFUSED');
      expect(await paymentsOf(user.email)).toEqual([]);
      // The next try works.
      intentOk(await askForIntent(t.app, user, { source: 'books' }));
    });

    it('refuses the same course cart once paid: its courses are owned', async () => {
      const user = await signIn(t.app, 'pay-again');
      const items = [{ _id: 'c-02', quantity: 1 }];
      const first = intentOk(await askForIntent(t.app, user, { source: 'courses', items }));
      expect((await deliverWebhook(t.app, succeeded(first.clientSecret))).statusCode).toBe(200);
      expectError(
        await askForIntent(t.app, user, { source: 'courses', items }),
        400,
        alreadyOwnedMessage('TypeScript in Depth'),
      );
    });
  });

  describe('POST /payments/webhook', () => {
    async function pendingBookCheckout(label: string) {
      const user = await signIn(t.app, label);
      const a = await addToCart(user, bookA.id, 2);
      const b = await addToCart(user, bookB.id, 1);
      const answer = intentOk(await askForIntent(t.app, user, { source: 'books' }));
      return { user, a, b, answer };
    }

    it('refuses bad, missing and stale signatures with 400, writing nothing', async () => {
      const { user, answer } = await pendingBookCheckout('hook-signature');
      const event = succeeded(answer.clientSecret);
      const events = await eventCount();
      for (const res of [
        await deliverWebhook(t.app, event, { secret: 'whsec_someone_else' }),
        await deliverWebhook(t.app, event, { signature: null }),
        await deliverWebhook(t.app, event, { signature: 'garbage' }),
        await deliverWebhook(t.app, event, { secondsAgo: 301 }),
      ]) {
        expectError(res, 400, CHECKOUT_MESSAGES.badSignature);
      }
      // A signed body changed on the way.
      const tampered = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload: JSON.stringify(event),
            secret: TEST_WEBHOOK_SECRET,
          }),
        },
        payload: JSON.stringify({ ...event, id: 'evt_other' }),
      });
      expectError(tampered, 400, CHECKOUT_MESSAGES.badSignature);

      expect(await eventCount()).toBe(events);
      expect(await ordersOf(user.email)).toEqual([]);
      expect(await cartOf(user.email)).toHaveLength(2);
      expect((await paymentsOf(user.email))[0]?.status).toBe('pending');
      // Within the tolerance it is taken.
      const fresh = await deliverWebhook(t.app, event, { secondsAgo: 250 });
      expect(paymentWebhookResponseSchema.parse(fresh.json())).toEqual({ received: true });
    });

    it('turns a succeeded payment into orders and empties the paid cart', async () => {
      const { user, a, b, answer } = await pendingBookCheckout('hook-success');
      const intentId = intentIdOf(answer.clientSecret);
      const res = await deliverWebhook(t.app, succeeded(answer.clientSecret));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });

      const [payment] = await paymentsOf(user.email);
      expect(payment?.status).toBe('succeeded');
      const orders = await ordersOf(user.email);
      expect(orders).toEqual([
        {
          id: expect.any(String) as string,
          user_email: user.email,
          book_id: bookA.id,
          course_id: null,
          name: a.name,
          quantity: 2,
          price_cents: bookA.price_cents,
          shipping: shippingFor(user),
          payment_intent_id: intentId,
          payment_id: payment?.id,
          payment_line: 0,
        },
        {
          id: expect.any(String) as string,
          user_email: user.email,
          book_id: bookB.id,
          course_id: null,
          name: b.name,
          quantity: 1,
          price_cents: bookB.price_cents,
          shipping: shippingFor(user),
          payment_intent_id: intentId,
          payment_id: payment?.id,
          payment_line: 1,
        },
      ]);
      expect(await cartOf(user.email)).toEqual([]);

      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/booking/email/${encodeURIComponent(user.email)}`,
        headers: bearer(user.accessToken),
      });
      expect(orderListSchema.parse(listed.json())).toEqual([
        {
          _id: orders[0]?.id,
          name: a.name,
          quantity: 2,
          price: bookA.price_cents / 100,
          refunded: false,
        },
        {
          _id: orders[1]?.id,
          name: b.name,
          quantity: 1,
          price: bookB.price_cents / 100,
          refunded: false,
        },
      ]);
    });

    it('fulfils a course payment with the course names and prices', async () => {
      const user = await signIn(t.app, 'hook-courses');
      const answer = intentOk(
        await askForIntent(t.app, user, {
          source: 'courses',
          items: [{ _id: 'c-05', quantity: 1 }],
        }),
      );
      expect((await deliverWebhook(t.app, succeeded(answer.clientSecret))).statusCode).toBe(200);
      expect(await ordersOf(user.email)).toMatchObject([
        {
          course_id: 'c-05',
          book_id: null,
          name: 'Python for Absolute Beginners',
          quantity: 1,
          price_cents: 3999,
        },
      ]);
    });

    it('creates nothing twice when the same event is replayed, or another event repeats it', async () => {
      const { user, answer } = await pendingBookCheckout('hook-replay');
      const event = succeeded(answer.clientSecret);
      for (let i = 0; i < 3; i += 1) {
        expect((await deliverWebhook(t.app, event)).statusCode).toBe(200);
      }
      expect((await deliverWebhook(t.app, succeeded(answer.clientSecret))).statusCode).toBe(200);
      expect(await ordersOf(user.email)).toHaveLength(2);
    });

    it('creates the orders exactly once for concurrent deliveries', async () => {
      const { user, answer } = await pendingBookCheckout('hook-concurrent');
      const event = succeeded(answer.clientSecret);
      const results = await Promise.all([
        ...Array.from({ length: 6 }, () => deliverWebhook(t.app, event)),
        // Distinct events for the same intent, at the same time.
        ...Array.from({ length: 4 }, () => deliverWebhook(t.app, succeeded(answer.clientSecret))),
      ]);
      expect(results.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
      const orders = await ordersOf(user.email);
      expect(orders.map((order) => order.quantity)).toEqual([2, 1]);
      expect(await cartOf(user.email)).toEqual([]);
    });

    it('keeps a line added after the intent, and copies added to a paid line', async () => {
      const { user, a, answer } = await pendingBookCheckout('hook-later-line');
      // After the intent: one more copy of a paid line (2 → 5), and a new line.
      await t.db.query('update cart_lines set quantity = 5 where id = $1', [a._id]);
      const later = await newBook(333);
      const added = await addToCart(user, later.id, 4);

      expect((await deliverWebhook(t.app, succeeded(answer.clientSecret))).statusCode).toBe(200);
      expect(await cartOf(user.email)).toEqual([
        { id: a._id, quantity: 3 },
        { id: added._id, quantity: 4 },
      ]);
      // What was paid is what was ordered.
      expect((await ordersOf(user.email)).map((order) => order.quantity)).toEqual([2, 1]);
    });

    it('records a failed payment without an order, and fulfils a later success', async () => {
      const { user, answer } = await pendingBookCheckout('hook-failed');
      const intent = intentOf(answer.clientSecret);
      const failed = await deliverWebhook(
        t.app,
        paymentIntentEvent('payment_intent.payment_failed', {
          id: intent.id,
          amount: intent.amountCents,
        }),
      );
      expect(failed.statusCode, failed.body).toBe(200);
      expect((await paymentsOf(user.email))[0]?.status).toBe('failed');
      expect(await ordersOf(user.email)).toEqual([]);
      expect(await cartOf(user.email)).toHaveLength(2);

      // Trying again with the unchanged cart reuses the same intent (another card).
      expect(intentOk(await askForIntent(t.app, user, { source: 'books' }))).toMatchObject({
        clientSecret: answer.clientSecret,
        amount: answer.amount,
      });

      expect((await deliverWebhook(t.app, succeeded(answer.clientSecret))).statusCode).toBe(200);
      expect((await paymentsOf(user.email))[0]?.status).toBe('succeeded');
      expect(await ordersOf(user.email)).toHaveLength(2);
      expect(await cartOf(user.email)).toEqual([]);

      // A late failure after the success changes nothing.
      await deliverWebhook(
        t.app,
        paymentIntentEvent('payment_intent.payment_failed', {
          id: intent.id,
          amount: intent.amountCents,
        }),
      );
      expect((await paymentsOf(user.email))[0]?.status).toBe('succeeded');
    });

    it('answers 200 to other event types and unknown intents, writing no order', async () => {
      const { user, answer } = await pendingBookCheckout('hook-other');
      const intent = intentOf(answer.clientSecret);
      for (const event of [
        paymentIntentEvent('payment_intent.created', { id: intent.id, amount: intent.amountCents }),
        {
          id: `evt_${randomUUID()}`,
          object: 'event',
          type: 'customer.created',
          data: { object: {} },
        },
        paymentIntentEvent('payment_intent.succeeded', { id: 'pi_nobody_knows', amount: 5000 }),
      ]) {
        const res = await deliverWebhook(t.app, event);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ received: true });
      }
      expect(await ordersOf(user.email)).toEqual([]);
      expect((await paymentsOf(user.email))[0]?.status).toBe('pending');
      expect(await cartOf(user.email)).toHaveLength(2);
    });

    it('fulfils nothing when the paid amount or currency differs from the snapshot', async () => {
      const { user, answer } = await pendingBookCheckout('hook-mismatch');
      const intent = intentOf(answer.clientSecret);
      for (const paid of [
        { id: intent.id, amount: intent.amountCents - 1 },
        { id: intent.id, amount: intent.amountCents, currency: 'eur' },
      ]) {
        const res = await deliverWebhook(
          t.app,
          paymentIntentEvent('payment_intent.succeeded', paid),
        );
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(await ordersOf(user.email)).toEqual([]);
      expect((await paymentsOf(user.email))[0]?.status).toBe('pending');
      expect(await cartOf(user.email)).toHaveLength(2);
    });

    it('keeps the webhook’s raw parser to itself: other routes still refuse non-JSON', async () => {
      const user = await signIn(t.app, 'hook-parser');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/intent',
        headers: { ...bearer(user.accessToken), 'content-type': 'text/plain' },
        payload: 'source=books',
      });
      expectError(res, 400);
      const webhook = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expectError(webhook, 400, CHECKOUT_MESSAGES.badSignature);
      expect(webhook.headers['cache-control']).toBe('no-store');
    });
  });
});

describe('checkout without Stripe configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildAccountsApp({ adminEmails: [], seed: true, paymentGateway: null });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 to the intent and the webhook, and the rest of the shop works', async () => {
    const user = await signIn(t.app, 'pay-off');
    expectError(
      await askForIntent(t.app, user, { source: 'courses', items: [{ _id: 'c-01', quantity: 1 }] }),
      503,
      CHECKOUT_MESSAGES.paymentsNotConfigured,
    );
    expectError(
      await deliverWebhook(
        t.app,
        paymentIntentEvent('payment_intent.succeeded', { id: 'pi_x', amount: 100 }),
      ),
      503,
      CHECKOUT_MESSAGES.paymentsNotConfigured,
    );
    const books = await t.app.inject({ method: 'GET', url: '/api/books' });
    expect(books.statusCode).toBe(200);
  });

  it('builds no gateway from a config without STRIPE_SECRET_KEY', () => {
    expect(createStripeGateway(testConfig())).toBeNull();
    expect(
      createStripeGateway(testConfig({ STRIPE_SECRET_KEY: 'sk_test_learntogether' })),
    ).not.toBeNull();
  });

  it('answers 503 to the webhook when only STRIPE_WEBHOOK_SECRET is missing', async () => {
    const gateway = createStripeGateway(testConfig({ STRIPE_SECRET_KEY: 'sk_test_learntogether' }));
    const app = await buildAccountsApp({ adminEmails: [], paymentGateway: gateway });
    try {
      expectError(
        await deliverWebhook(
          app.app,
          paymentIntentEvent('payment_intent.succeeded', { id: 'pi_x', amount: 100 }),
        ),
        503,
        CHECKOUT_MESSAGES.paymentsNotConfigured,
      );
    } finally {
      await app.close();
    }
  });
});

describe('checkout rate limits', () => {
  let t: TestApp;
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({
      adminEmails: [],
      paymentGateway: gateway,
      limits: { paymentIntentPerUser: 2, orderDeletePerUser: 1 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits each user’s intents and order deletions per minute', async () => {
    const user = await signIn(t.app, 'pay-limit');
    const neighbour = await signIn(t.app, 'pay-limit-neighbour');
    const body = { source: 'courses', items: [{ _id: 'c-01', quantity: 1 }] };
    intentOk(await askForIntent(t.app, user, body));
    intentOk(await askForIntent(t.app, user, body));
    const limited = await askForIntent(t.app, user, body);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(apiErrorSchema.parse(limited.json()).error.code).toBe('too_many_requests');
    // Per user: the neighbour is unaffected.
    intentOk(await askForIntent(t.app, neighbour, body));

    const remove = (id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/booking/dlt/${id}`,
        headers: bearer(neighbour.accessToken),
      });
    const paid = await buyCourses(t.app, gateway, neighbour, [
      { _id: 'c-02', quantity: 1 },
      { _id: 'c-03', quantity: 1 },
    ]);
    const orders = await t.db.query<{ id: string }>(
      'select id from orders where payment_intent_id = $1 order by payment_line',
      [paid],
    );
    expect(orders).toHaveLength(2);
    expect((await remove(orders[0]?.id ?? '')).statusCode).toBe(200);
    expect((await remove(orders[1]?.id ?? '')).statusCode).toBe(429);
  });
});
