// Both databases: a line is refunded and restocked once, in one transaction.
// (scripts/test.ts runs this file on PGlite and PostgreSQL.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_MESSAGES, refundAcceptedSchema } from '../../contract/admin-orders';
import { orderNumberOf } from '../../contract/checkout-rules';
import { orderListSchema } from '../../contract/orders';
import { paymentIntentResponseSchema } from '../../contract/payments';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import {
  askForIntent,
  createTestGateway,
  deliverWebhook,
  intentIdOf,
  paymentIntentEvent,
  type TestGateway,
} from './helpers/payments';
import { expectError } from './helpers/api-error';

const event = (type: string, object: Record<string, unknown>) => ({
  id: `evt_test_${randomUUID().replaceAll('-', '')}`,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object },
});

describe('refunds: POST /api/admin/orders/:id/refunds and Stripe’s refund events', () => {
  const adminEmail = uniqueEmail('refund-admin');
  let t: TestApp;
  let gateway: TestGateway;
  let admin: SignedIn;

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [adminEmail], seed: true, paymentGateway: gateway });
    admin = await signIn(t.app, adminEmail);
  });
  afterAll(async () => {
    await t.close();
  });

  async function newBook(stock: number, priceCents: number): Promise<string> {
    const [row] = await t.db.query<{ id: string }>(
      `insert into books (name, author, price_cents, image, category, stock)
       values ($1, 'R. Funder', $2, '/x.png', 'story', $3) returning id`,
      [`Refund book ${randomUUID()}`, priceCents, stock],
    );
    if (!row) throw new Error('no book');
    return row.id;
  }
  const stockOf = async (id: string) =>
    (await t.db.query<{ stock: number }>('select stock from books where id = $1', [id]))[0]?.stock;

  /** A paid checkout of two books (2 × $10 and 1 × $5): its intent id and order ids by book. */
  async function paidCheckout(user: SignedIn) {
    const a = await newBook(10, 1000);
    const b = await newBook(10, 500);
    for (const [bookId, quantity] of [
      [a, 2],
      [b, 1],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: bearer(user.accessToken),
        payload: { bookId, quantity },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const intent = await askForIntent(t.app, user, { source: 'books' });
    const id = intentIdOf(paymentIntentResponseSchema.parse(intent.json()).clientSecret);
    const paid = await deliverWebhook(
      t.app,
      paymentIntentEvent('payment_intent.succeeded', { id, amount: 2500 }),
    );
    expect(paid.statusCode).toBe(200);
    const orders = await t.db.query<{ id: string; book_id: string }>(
      'select id, book_id from orders where payment_intent_id = $1 order by payment_line',
      [id],
    );
    const orderOf = (bookId: string) => orders.find((order) => order.book_id === bookId)?.id ?? '';
    return { id, a, b, orderA: orderOf(a), orderB: orderOf(b) };
  }

  const refund = (id: string, body: unknown, caller: SignedIn = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/refunds`,
      headers: bearer(caller.accessToken),
      payload: body as Record<string, unknown>,
    });
  const refundedOf = async (id: string) =>
    (
      await t.db.query<{ id: string }>(
        'select id from orders where payment_intent_id = $1 and refunded_at is not null',
        [id],
      )
    ).map((row) => row.id);

  it('refunds one line: Stripe is asked for its amount; the webhook marks it and restocks, once', async () => {
    const user = await signIn(t.app, 'refund-one');
    const checkout = await paidCheckout(user);
    expect(await stockOf(checkout.a)).toBe(8);

    const res = await refund(checkout.id, { orderIds: [checkout.orderA] });
    expect(res.statusCode, res.body).toBe(202);
    const accepted = refundAcceptedSchema.parse(res.json());
    expect(accepted).toMatchObject({ amount: 20, orderIds: [checkout.orderA] });
    const asked = gateway.refunds.get(accepted.refundId);
    expect(asked?.input).toMatchObject({ paymentIntentId: checkout.id, amountCents: 2000 });
    // Not refunded until Stripe says so.
    expect(await refundedOf(checkout.id)).toEqual([]);

    const settled = event('refund.created', {
      id: accepted.refundId,
      object: 'refund',
      status: 'succeeded',
      payment_intent: checkout.id,
    });
    expect((await deliverWebhook(t.app, settled)).statusCode).toBe(200);
    expect(await refundedOf(checkout.id)).toEqual([checkout.orderA]);
    expect(await stockOf(checkout.a)).toBe(10);
    // A replay, and charge.refunded for the same money, change nothing more.
    expect((await deliverWebhook(t.app, settled)).statusCode).toBe(200);
    const charge = event('charge.refunded', {
      object: 'charge',
      payment_intent: checkout.id,
      amount_refunded: 2000,
    });
    expect((await deliverWebhook(t.app, charge)).statusCode).toBe(200);
    expect(await stockOf(checkout.a)).toBe(10);

    // The customer sees "Refunded" on that line.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/booking/email/${encodeURIComponent(user.email)}`,
      headers: bearer(user.accessToken),
    });
    const orders = orderListSchema.parse(list.json());
    expect(orders.find((order) => order._id === checkout.orderA)?.refunded).toBe(true);
    expect(orders.find((order) => order._id === checkout.orderB)?.refunded).toBe(false);

    // The refund is in the payment's audit log.
    const audit = await t.db.query<{ actor_email: string; changes: { amount: number } }>(
      `select a.actor_email, a.changes from audit_log a join payments p on p.id = a.subject_id
       where p.payment_intent_id = $1 and a.action = 'refund'`,
      [checkout.id],
    );
    expect(audit).toEqual([
      { actor_email: admin.email, changes: expect.objectContaining({ amount: 20 }) },
    ]);
    // And in the refunded book's history, not in the other's.
    const history = async (bookId: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/books/${bookId}/history`,
          headers: bearer(admin.accessToken),
        })
      ).json<Array<{ action: string; actorEmail: string; changes: unknown }>>();
    const [payment] = await t.db.query<{ id: string }>(
      'select id from payments where payment_intent_id = $1',
      [checkout.id],
    );
    expect(await history(checkout.a)).toEqual([
      expect.objectContaining({
        action: 'book.refund',
        actorEmail: admin.email,
        changes: { orderNumber: orderNumberOf(payment?.id ?? ''), copies: 2, amount: 20 },
      }),
    ]);
    expect(await history(checkout.b)).toEqual([]);
  });

  it('refunds the rest when no line is named, settled by charge.refunded', async () => {
    const user = await signIn(t.app, 'refund-all');
    const checkout = await paidCheckout(user);
    const first = refundAcceptedSchema.parse(
      (await refund(checkout.id, { orderIds: [checkout.orderB] })).json(),
    );
    expect(first.amount).toBe(5);
    const rest = await refund(checkout.id, {});
    expect(rest.statusCode, rest.body).toBe(202);
    expect(refundAcceptedSchema.parse(rest.json())).toMatchObject({
      amount: 20,
      orderIds: [checkout.orderA],
    });
    const charge = event('charge.refunded', {
      object: 'charge',
      payment_intent: checkout.id,
      amount_refunded: 2500,
    });
    expect((await deliverWebhook(t.app, charge)).statusCode).toBe(200);
    expect((await refundedOf(checkout.id)).sort()).toEqual(
      [checkout.orderA, checkout.orderB].sort(),
    );
    expect(await stockOf(checkout.a)).toBe(10);
    expect(await stockOf(checkout.b)).toBe(10);
    expectError(await refund(checkout.id, {}), 400, REFUND_MESSAGES.alreadyRefunded);
  });

  it('never refunds a line twice, nor a line of another payment, nor an unpaid checkout', async () => {
    const user = await signIn(t.app, 'refund-bad');
    const checkout = await paidCheckout(user);
    const other = await paidCheckout(await signIn(t.app, 'refund-other'));
    expect((await refund(checkout.id, { orderIds: [checkout.orderA] })).statusCode).toBe(202);
    // Asked of Stripe but not confirmed yet: still not refundable again.
    expectError(
      await refund(checkout.id, { orderIds: [checkout.orderA] }),
      400,
      REFUND_MESSAGES.alreadyRefunded,
    );
    expectError(
      await refund(checkout.id, { orderIds: [other.orderA] }),
      400,
      REFUND_MESSAGES.otherPayment(other.orderA),
    );
    expectError(await refund('pi_nobody', {}), 404, 'No such order.');
    expectError(await refund(checkout.id, { orderIds: [] }), 400);
    expectError(await refund(checkout.id, { amount: 5 }), 400);

    const pendingUser = await signIn(t.app, 'refund-pending');
    const book = await newBook(5, 700);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(pendingUser.accessToken),
      payload: { bookId: book },
    });
    const intent = await askForIntent(t.app, pendingUser, { source: 'books' });
    const pendingId = intentIdOf(paymentIntentResponseSchema.parse(intent.json()).clientSecret);
    expectError(await refund(pendingId, {}), 400, REFUND_MESSAGES.notPaid);
  });

  it('a failed refund lets its lines be refunded again', async () => {
    const user = await signIn(t.app, 'refund-failed');
    const checkout = await paidCheckout(user);
    const first = refundAcceptedSchema.parse(
      (await refund(checkout.id, { orderIds: [checkout.orderB] })).json(),
    );
    const failed = event('refund.updated', {
      id: first.refundId,
      object: 'refund',
      status: 'failed',
      payment_intent: checkout.id,
    });
    expect((await deliverWebhook(t.app, failed)).statusCode).toBe(200);
    expect(await refundedOf(checkout.id)).toEqual([]);
    const again = await refund(checkout.id, { orderIds: [checkout.orderB] });
    expect(again.statusCode, again.body).toBe(202);
  });

  it('answers 502 when Stripe cannot be reached, recording nothing', async () => {
    const user = await signIn(t.app, 'refund-502');
    const checkout = await paidCheckout(user);
    gateway.failNext();
    expectError(await refund(checkout.id, {}), 502);
    const [row] = await t.db.query<{ n: number }>(
      `select count(*)::integer as n from refunds r join payments p on p.id = r.payment_id
       where p.payment_intent_id = $1`,
      [checkout.id],
    );
    expect(row?.n).toBe(0);
  });

  it('is for admins only', async () => {
    const user = await signIn(t.app, 'refund-user');
    const checkout = await paidCheckout(user);
    expectError(await refund(checkout.id, {}, user), 403);
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${checkout.id}/refunds`,
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('My Orders: the customer’s x hides a line; the shop keeps it', () => {
  let t: TestApp;
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [], seed: true, paymentGateway: gateway });
  });
  afterAll(async () => {
    await t.close();
  });

  it('DELETE /booking/dlt/:id hides the order from its customer only', async () => {
    const user = await signIn(t.app, 'hide-order');
    const [book] = await t.db.query<{ id: string }>(
      'update books set stock = 50 where id = (select id from books order by id limit 1) returning id',
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(user.accessToken),
      payload: { bookId: book?.id },
    });
    const intent = await askForIntent(t.app, user, { source: 'books' });
    const id = intentIdOf(paymentIntentResponseSchema.parse(intent.json()).clientSecret);
    const amount = gateway.intents.get(id)?.amountCents ?? 0;
    await deliverWebhook(t.app, paymentIntentEvent('payment_intent.succeeded', { id, amount }));
    const [order] = await t.db.query<{ id: string }>(
      'select id from orders where payment_intent_id = $1',
      [id],
    );
    const del = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/booking/dlt/${order?.id}`,
        headers: bearer(user.accessToken),
      });
    expect((await del()).statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/booking/email/${encodeURIComponent(user.email)}`,
      headers: bearer(user.accessToken),
    });
    expect(orderListSchema.parse(list.json())).toEqual([]);
    // The record of the sale stays; a second delete finds nothing.
    const [kept] = await t.db.query<{ hidden: boolean }>(
      'select hidden_at is not null as hidden from orders where id = $1',
      [order?.id],
    );
    expect(kept?.hidden).toBe(true);
    expect((await del()).statusCode).toBe(404);
  });
});
