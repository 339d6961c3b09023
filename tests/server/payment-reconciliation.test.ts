// Both databases: charges found after a crash become orders once.
// (scripts/test.ts runs this file on PGlite and PostgreSQL.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntentResponseSchema } from '../../contract/payments';
import { buildApp } from '../../server/app';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import { testConfig, type TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import {
  askForIntent,
  createTestGateway,
  deliverWebhook,
  intentIdOf,
  paymentIntentEvent,
  type TestGateway,
} from './helpers/payments';

// Every charge ends as an order or a refund (issue 30 §1, docs/decisions.md D56): a payment whose
// webhook never came is settled by asking Stripe, through the webhook's own path.
describe('payment reconciliation with Stripe', () => {
  let t: TestApp;
  let gateway: TestGateway;
  const adminEmail = uniqueEmail('reconcile-admin');

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({
      adminEmails: [adminEmail],
      seed: true,
      paymentGateway: gateway,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const reconciler = () => {
    const value = t.app.paymentReconciler;
    if (!value) throw new Error('no reconciler');
    return value;
  };

  async function newBook(stock: number): Promise<string> {
    const [row] = await t.db.query<{ id: string }>(
      `insert into books (name, price_cents, image, category, stock)
       values ($1, 1500, '/x.png', 'story', $2) returning id`,
      [`Reconciled Book ${randomUUID()}`, stock],
    );
    if (!row) throw new Error('no book');
    return row.id;
  }

  /** A buyer with the book in their cart and a PaymentIntent for it: the card step. */
  async function atCardStep(name: string, bookId: string) {
    const user = await signIn(t.app, name);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(user.accessToken),
      payload: { bookId, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const res = await askForIntent(t.app, user, { source: 'books' });
    expect(res.statusCode, res.body).toBe(200);
    const intentId = intentIdOf(paymentIntentResponseSchema.parse(res.json()).clientSecret);
    return { user, intentId };
  }

  /** As if a minute had passed since the payment was made: its turn to be asked about. */
  const makeDue = (intentId: string) =>
    t.db.query(
      `update payments set reconcile_after = now() - interval '1 second'
       where payment_intent_id = $1`,
      [intentId],
    );
  const statusOf = async (intentId: string) =>
    (
      await t.db.query<{ status: string }>(
        'select status from payments where payment_intent_id = $1',
        [intentId],
      )
    )[0]?.status;
  const ordersOf = async (user: SignedIn) =>
    (
      await t.db.query<{ n: number }>(
        'select count(*)::integer as n from orders where user_email = $1',
        [user.email],
      )
    )[0]?.n;
  const cartSize = async (user: SignedIn) =>
    (
      await t.db.query<{ n: number }>(
        'select count(*)::integer as n from cart_lines where user_email = $1',
        [user.email],
      )
    )[0]?.n;
  /**
   * Another process over the same database, reconciling every 60 s (its first round at start-up),
   * ready while `check` runs.
   */
  async function withRestartedServer(check: () => Promise<void>) {
    const restarted = await buildApp({
      config: testConfig({ PAYMENT_RECONCILE_SECONDS: '60' }),
      db: t.db,
      paymentGateway: gateway,
      chat: false,
      timeouts: { drainMs: 0 },
    });
    try {
      await restarted.ready();
      await check();
    } finally {
      await restarted.close();
    }
  }
  /** Until the user has an order, or 10 s have passed. */
  async function waitForOrders(user: SignedIn) {
    const deadline = Date.now() + 10_000;
    while ((await ordersOf(user)) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const stockOf = async (bookId: string) =>
    (await t.db.query<{ stock: number }>('select stock from books where id = $1', [bookId]))[0]
      ?.stock;

  it('turns a charge whose webhook never came into its orders, and the late webhook changes nothing', async () => {
    const bookId = await newBook(4);
    const { user, intentId } = await atCardStep('reconcile-paid', bookId);
    gateway.setIntentStatus(intentId, 'succeeded');

    // Not asked about before its minute is up: the webhook normally lands first.
    expect((await reconciler().runOnce()).outcomes).toEqual({});
    expect(await statusOf(intentId)).toBe('pending');

    await makeDue(intentId);
    expect((await reconciler().runOnce()).outcomes).toEqual({ fulfilled: 1 });
    expect(await statusOf(intentId)).toBe('succeeded');
    expect(await ordersOf(user)).toBe(1);
    expect(await cartSize(user)).toBe(0);
    expect(await stockOf(bookId)).toBe(3);

    // Stripe's retry of the webhook lands after all: no second order, no second sale.
    const intent = gateway.intents.get(intentId);
    if (!intent) throw new Error('no intent');
    const late = await deliverWebhook(
      t.app,
      paymentIntentEvent('payment_intent.succeeded', { id: intentId, amount: intent.amountCents }),
    );
    expect(late.statusCode, late.body).toBe(200);
    expect(await ordersOf(user)).toBe(1);
    expect(await stockOf(bookId)).toBe(3);
    // Settled: never asked about again.
    await makeDue(intentId);
    expect((await reconciler().runOnce()).outcomes).toEqual({});
  });

  it('fails a declined payment and lets its copies go; a good card on the same intent then pays', async () => {
    const bookId = await newBook(1);
    const { user, intentId } = await atCardStep('reconcile-declined', bookId);
    gateway.setIntentStatus(intentId, 'requires_payment_method', { lastPaymentFailed: true });
    await makeDue(intentId);
    expect((await reconciler().runOnce()).outcomes).toEqual({ 'marked-failed': 1 });
    expect(await statusOf(intentId)).toBe('failed');
    const [held] = await t.db.query<{ n: number }>(
      'select count(*)::integer as n from stock_reservations where book_id = $1',
      [bookId],
    );
    expect(held?.n).toBe(0);

    // The shopper tries another card on the same PaymentIntent while the server is down.
    gateway.setIntentStatus(intentId, 'succeeded');
    await makeDue(intentId);
    expect((await reconciler().runOnce()).outcomes).toEqual({ fulfilled: 1 });
    expect(await ordersOf(user)).toBe(1);
    expect(await stockOf(bookId)).toBe(0);
  });

  it('leaves a payment Stripe still waits on, and asks again later', async () => {
    const bookId = await newBook(2);
    const { intentId } = await atCardStep('reconcile-open', bookId);
    await makeDue(intentId);
    expect((await reconciler().runOnce()).outcomes).toEqual({ 'still-open': 1 });
    expect(await statusOf(intentId)).toBe('pending');
    const [next] = await t.db.query<{ seconds: number }>(
      `select extract(epoch from reconcile_after - now())::integer as seconds
       from payments where payment_intent_id = $1`,
      [intentId],
    );
    expect(next?.seconds).toBeGreaterThan(0);
    // Asked about no more than once a round.
    expect((await reconciler().runOnce()).outcomes).toEqual({});
  });

  it('keeps a payment open when Stripe cannot be reached, and settles it at a later round', async () => {
    const bookId = await newBook(2);
    const { user, intentId } = await atCardStep('reconcile-unreachable', bookId);
    gateway.setIntentStatus(intentId, 'succeeded');
    await makeDue(intentId);
    gateway.failNext();
    expect((await reconciler().runOnce()).outcomes).toEqual({ error: 1 });
    expect(await statusOf(intentId)).toBe('pending');
    await makeDue(intentId);
    expect((await reconciler().runOnce()).outcomes).toEqual({ fulfilled: 1 });
    expect(await ordersOf(user)).toBe(1);
  });

  it('refunds a charge whose books went to others while it was unsettled, and releases its hold', async () => {
    const bookId = await newBook(1);
    const { user, intentId } = await atCardStep('reconcile-sold-out', bookId);
    gateway.setIntentStatus(intentId, 'succeeded');
    // The hold lapsed and an admin sold the last copy elsewhere.
    await t.db.query(
      `update stock_reservations set expires_at = now() - interval '1 second' where book_id = $1`,
      [bookId],
    );
    await t.db.query('update books set stock = 0 where id = $1', [bookId]);
    await makeDue(intentId);
    expect((await reconciler().runOnce()).outcomes).toEqual({ 'refunded-out-of-stock': 1 });
    expect(await statusOf(intentId)).toBe('refunded');
    expect(await ordersOf(user)).toBe(0);
    expect([...gateway.refunds.values()].map((r) => r.input.paymentIntentId)).toContain(intentId);

    // The book is restocked, then Stripe's webhook for the charge lands: it stays refunded.
    await t.db.query('update books set stock = 5 where id = $1', [bookId]);
    const intent = gateway.intents.get(intentId);
    if (!intent) throw new Error('no intent');
    const late = await deliverWebhook(
      t.app,
      paymentIntentEvent('payment_intent.succeeded', { id: intentId, amount: intent.amountCents }),
    );
    expect(late.statusCode, late.body).toBe(200);
    expect(await statusOf(intentId)).toBe('refunded');
    expect(await ordersOf(user)).toBe(0);
    expect(await stockOf(bookId)).toBe(5);
  });

  it('runs on start-up: a server that was down settles the payments it missed at once', async () => {
    const bookId = await newBook(3);
    const { user, intentId } = await atCardStep('reconcile-startup', bookId);
    gateway.setIntentStatus(intentId, 'succeeded');
    await makeDue(intentId);
    await withRestartedServer(async () => {
      await waitForOrders(user);
      expect(await ordersOf(user)).toBe(1);
      expect(await statusOf(intentId)).toBe('succeeded');
    });
  });

  it('asks about a payment when it falls due, not a whole interval later', async () => {
    const bookId = await newBook(3);
    const { user, intentId } = await atCardStep('reconcile-due-soon', bookId);
    gateway.setIntentStatus(intentId, 'succeeded');
    // Due in two seconds; the process reconciles every 60 s and has just started.
    await t.db.query(
      `update payments set reconcile_after = now() + interval '2 seconds'
       where payment_intent_id = $1`,
      [intentId],
    );
    await withRestartedServer(async () => {
      expect(await ordersOf(user)).toBe(0);
      await waitForOrders(user);
      expect(await ordersOf(user)).toBe(1);
    });
  });

  it("settles an admin's refund whose webhook never came (no 'Refund pending' forever)", async () => {
    const bookId = await newBook(3);
    const { user, intentId } = await atCardStep('reconcile-refund', bookId);
    gateway.setIntentStatus(intentId, 'succeeded');
    await makeDue(intentId);
    expect((await reconciler().runOnce()).outcomes).toEqual({ fulfilled: 1 });
    const admin = await signIn(t.app, adminEmail);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${intentId}/refunds`,
      headers: bearer(admin.accessToken),
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const refundedLines = async () =>
      (
        await t.db.query<{ n: number }>(
          'select count(*)::integer as n from orders where user_email = $1 and refunded_at is not null',
          [user.email],
        )
      )[0]?.n;
    expect(await refundedLines()).toBe(0);
    // Stripe refunded it; its refund.updated never reached the shop.
    await t.db.query(
      `update refunds set reconcile_after = now() - interval '1 second'
       where payment_id = (select id from payments where payment_intent_id = $1)`,
      [intentId],
    );
    expect((await reconciler().runOnce()).outcomes).toEqual({ 'refund-settled': 1 });
    expect(await refundedLines()).toBe(1);
    expect(await stockOf(bookId)).toBe(3);
  });
});
