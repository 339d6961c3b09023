import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrderDetailSchema,
  adminOrderPageSchema,
  type AdminOrderPage,
} from '../../contract/admin-orders';
import { CHECKOUT_MESSAGES, orderNumberOf } from '../../contract/checkout-rules';
import { paymentIntentResponseSchema } from '../../contract/payments';
import { recordAudit } from '../../server/db/repositories/audit-log';
import { createBook } from '../../server/db/repositories/books';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import {
  askForIntent,
  createTestGateway,
  deliverWebhook,
  intentIdOf,
  paymentIntentEvent,
  shippingFor,
  type TestGateway,
} from './helpers/payments';
import { expectError } from './helpers/api-error';

describe("the admin's Orders screen: GET /api/admin/orders and /api/admin/orders/:id", () => {
  const adminEmail = uniqueEmail('admin-orders');
  /** In every buyer's address, so a search finds only this file's checkouts. */
  const tag = `zq${randomUUID().slice(0, 8)}`;
  let t: TestApp;
  let gateway: TestGateway;
  let admin: SignedIn;
  let user: SignedIn;
  let bigBook: string;
  let smallBook: string;
  /** Checkouts A (2 lines, $25), B (1 line, $10), C (1 line, $5): their intent ids. */
  const intent = { a: '', b: '', c: '' };
  let buyerA: SignedIn;
  let pendingIntent: string;

  async function bookOf(name: string, priceCents: number): Promise<string> {
    const created = await createBook(t.db, {
      name: `${name} ${tag}`,
      author: 'A. Uthor',
      description: '',
      priceCents,
      image: '/api/images/x',
      category: 'story',
      stock: 100,
    });
    if (!created) throw new Error('no book');
    return created.id;
  }

  /** Fills the buyer's cart and asks for its intent; `pay` delivers Stripe's success. */
  async function checkout(
    buyer: SignedIn,
    items: Array<{ bookId: string; quantity: number }>,
    pay = true,
  ): Promise<string> {
    for (const item of items) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: bearer(buyer.accessToken),
        payload: item,
      });
      expect([200, 201], res.body).toContain(res.statusCode);
    }
    const res = await askForIntent(t.app, buyer, { source: 'books' });
    expect(res.statusCode, res.body).toBe(200);
    const id = intentIdOf(paymentIntentResponseSchema.parse(res.json()).clientSecret);
    if (pay) {
      const amount = gateway.intents.get(id)?.amountCents ?? 0;
      const paid = await deliverWebhook(
        t.app,
        paymentIntentEvent('payment_intent.succeeded', { id, amount }),
      );
      expect(paid.statusCode, paid.body).toBe(200);
    }
    return id;
  }

  async function paymentRowId(paymentIntentId: string): Promise<string> {
    const [row] = await t.db.query<{ id: string }>(
      'select id from payments where payment_intent_id = $1',
      [paymentIntentId],
    );
    if (!row) throw new Error('no such payment');
    return row.id;
  }

  const setCreatedAt = (paymentIntentId: string, at: string) =>
    t.db.query('update payments set created_at = $2 where payment_intent_id = $1', [
      paymentIntentId,
      at,
    ]);

  const list = (query: Record<string, string>, caller: SignedIn | null = admin) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      query,
      headers: caller ? bearer(caller.accessToken) : {},
    });

  async function page(query: Record<string, string>): Promise<AdminOrderPage> {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return adminOrderPageSchema.parse(res.json());
  }

  const detail = (id: string, caller: SignedIn | null = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${encodeURIComponent(id)}`,
      headers: caller ? bearer(caller.accessToken) : {},
    });

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [adminEmail], paymentGateway: gateway });
    admin = await signIn(t.app, adminEmail);
    user = await signIn(t.app, 'admin-orders-user');
    bigBook = await bookOf('Big', 1000);
    smallBook = await bookOf('Small', 500);
    buyerA = await signIn(t.app, `${tag}-a`);
    intent.a = await checkout(buyerA, [
      { bookId: bigBook, quantity: 2 },
      { bookId: smallBook, quantity: 1 },
    ]);
    intent.b = await checkout(await signIn(t.app, `${tag}-b`), [{ bookId: bigBook, quantity: 1 }]);
    intent.c = await checkout(await signIn(t.app, `${tag}-c`), [
      { bookId: smallBook, quantity: 1 },
    ]);
    // Asked for, never paid: not an order.
    pendingIntent = await checkout(
      await signIn(t.app, `${tag}-d`),
      [{ bookId: smallBook, quantity: 1 }],
      false,
    );
    // A late evening, the next day's first minutes (UTC), and a day later.
    await setCreatedAt(intent.a, '2026-01-10T23:30:00Z');
    await setCreatedAt(intent.b, '2026-01-11T00:10:00Z');
    await setCreatedAt(intent.c, '2026-01-12T12:00:00Z');
    await setCreatedAt(pendingIntent, '2026-01-12T13:00:00Z');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the paid checkouts newest first, with their number, total and lines', async () => {
    const result = await page({ q: tag });
    expect(result.total).toBe(3);
    expect(result.limit).toBe(ADMIN_ORDERS_PAGE_SIZE);
    expect(result.page).toBe(1);
    expect(result.orders.map((order) => order.paymentId)).toEqual([intent.c, intent.b, intent.a]);
    expect(result.orders[2]).toEqual({
      paymentId: intent.a,
      orderNumber: orderNumberOf(await paymentRowId(intent.a)),
      email: buyerA.email,
      createdAt: '2026-01-10T23:30:00.000Z',
      total: 25,
      refunded: 0,
      status: 'paid',
      lineCount: 2,
    });
  });

  it('searches the email case-insensitively, with LIKE wildcards taken literally', async () => {
    expect((await page({ q: `${tag.toUpperCase()}-B` })).orders.map((o) => o.paymentId)).toEqual([
      intent.b,
    ]);
    expect((await page({ q: `${tag}%` })).total).toBe(0);
    expect((await page({ q: `${tag}_a` })).total).toBe(0);
  });

  it('filters by whole UTC days, both ends included', async () => {
    const ids = async (query: Record<string, string>) =>
      (await page({ q: tag, ...query })).orders.map((order) => order.paymentId);
    expect(await ids({ from: '2026-01-11', to: '2026-01-11' })).toEqual([intent.b]);
    expect(await ids({ from: '2026-01-11' })).toEqual([intent.c, intent.b]);
    expect(await ids({ to: '2026-01-10' })).toEqual([intent.a]);
    expect(await ids({ from: '2026-01-13' })).toEqual([]);
  });

  it('shows refunded lines in the status and the sum, and filters by that status', async () => {
    // A's first line ($20 of $25), and B's only line.
    await t.db.query(
      `update orders set refunded_at = now()
       where payment_intent_id = $1 and payment_line = 0 or payment_intent_id = $2`,
      [intent.a, intent.b],
    );
    const result = await page({ q: tag });
    const byId = new Map(result.orders.map((order) => [order.paymentId, order]));
    expect(byId.get(intent.a)).toMatchObject({ status: 'partly-refunded', refunded: 20 });
    expect(byId.get(intent.b)).toMatchObject({ status: 'refunded', refunded: 10 });
    expect(byId.get(intent.c)).toMatchObject({ status: 'paid', refunded: 0 });

    const only = async (status: string) => {
      const found = await page({ q: tag, status });
      expect(found.total).toBe(found.orders.length);
      return found.orders.map((order) => order.paymentId);
    };
    expect(await only('paid')).toEqual([intent.c]);
    expect(await only('partly-refunded')).toEqual([intent.a]);
    expect(await only('refunded')).toEqual([intent.b]);
  });

  it('counts a payment refunded whole (its books gone) as refunded in full', async () => {
    const buyer = await signIn(t.app, `${tag}-e`);
    const id = await checkout(buyer, [{ bookId: smallBook, quantity: 3 }]);
    await t.db.query(`update payments set status = 'refunded' where payment_intent_id = $1`, [id]);
    await t.db.query('delete from orders where payment_intent_id = $1', [id]);
    const [order] = (await page({ q: `${tag}-e` })).orders;
    expect(order).toMatchObject({ paymentId: id, status: 'refunded', total: 15, refunded: 15 });
    expect((await page({ q: tag, status: 'refunded' })).orders.map((o) => o.paymentId)).toEqual([
      id,
      intent.b,
    ]);
  });

  it('pages 20 at a time and counts every match', async () => {
    const pager = await signIn(t.app, `${tag}-pager`);
    await t.db.query(
      `insert into payments (id, user_email, source, amount_cents, currency, lines, shipping,
                             cart_fingerprint, payment_intent_id, client_secret, status, created_at)
       select 'pay_pg' || $2 || g, $1, 'books', 1000, 'usd',
              '[{"name":"x","quantity":1,"unitPriceCents":1000}]'::jsonb, '{}'::jsonb,
              'fp' || g, 'pi_pg_' || $2 || '_' || lpad(g::text, 2, '0'), 'cs', 'succeeded',
              timestamptz '2025-06-01T00:00:00Z' - g * interval '1 hour'
       from generate_series(1, 25) as g`,
      [pager.email, tag],
    );
    const first = await page({ q: `${tag}-pager` });
    expect(first.total).toBe(25);
    expect(first.orders).toHaveLength(20);
    expect(first.orders[0]?.paymentId).toBe(`pi_pg_${tag}_01`);
    const second = await page({ q: `${tag}-pager`, page: '2' });
    expect(second).toMatchObject({ total: 25, page: 2 });
    expect(second.orders.map((order) => order.paymentId)).toEqual(
      [21, 22, 23, 24, 25].map((n) => `pi_pg_${tag}_${n}`),
    );
    const beyond = await page({ q: `${tag}-pager`, page: '3' });
    expect(beyond).toMatchObject({ total: 25, orders: [] });
  });

  it("gives one checkout's lines, shipping and history, hidden lines included", async () => {
    const paymentId = await paymentRowId(intent.a);
    const [, second] = await t.db.query<{ id: string }>(
      'select id from orders where payment_intent_id = $1 order by payment_line',
      [intent.a],
    );
    if (!second) throw new Error('A has two lines');
    // The customer hid the second line; a refund of it is on its way.
    await t.db.query('update orders set hidden_at = now() where id = $1', [second.id]);
    await t.db.query(
      `insert into refunds (id, payment_id, amount_cents, order_ids, actor_email)
       values ($1, $2, 500, $3::jsonb, $4)`,
      [`re_${tag}`, paymentId, JSON.stringify([second.id]), admin.email],
    );
    await recordAudit(t.db, {
      actorEmail: admin.email,
      action: 'refund',
      subjectId: paymentId,
      changes: { orderIds: [second.id], amount: 5 },
    });

    const res = await detail(intent.a);
    expect(res.statusCode, res.body).toBe(200);
    const order = adminOrderDetailSchema.parse(res.json());
    expect(order).toMatchObject({
      paymentId: intent.a,
      orderNumber: orderNumberOf(paymentId),
      email: buyerA.email,
      total: 25,
      refunded: 20,
      status: 'partly-refunded',
      lineCount: 2,
      shipping: shippingFor(buyerA),
    });
    expect(order.lines).toEqual([
      {
        orderId: expect.any(String),
        name: `Big ${tag}`,
        quantity: 2,
        price: 10,
        refunded: true,
        refundPending: false,
      },
      {
        orderId: second.id,
        name: `Small ${tag}`,
        quantity: 1,
        price: 5,
        refunded: false,
        refundPending: true,
      },
    ]);
    expect(order.history).toEqual([
      {
        actorEmail: admin.email,
        action: 'refund',
        changes: { orderIds: [second.id], amount: 5 },
        createdAt: expect.any(String),
      },
    ]);
  });

  it('answers 404 for an unknown checkout and for one not paid', async () => {
    expect(expectError(await detail('pi_no_such_intent'), 404)).toBe(
      CHECKOUT_MESSAGES.orderNotFound,
    );
    expect(expectError(await detail(pendingIntent), 404)).toBe(CHECKOUT_MESSAGES.orderNotFound);
    expect((await page({ q: `${tag}-d` })).total).toBe(0);
  });

  it('is for admins only', async () => {
    expectError(await list({}, user), 403);
    expectError(await list({}, null), 401);
    expectError(await detail(intent.a, user), 403);
    expectError(await detail(intent.a, null), 401);
  });

  it('refuses a bad query', async () => {
    const bad: Array<Record<string, string>> = [
      { page: '0' },
      { page: 'two' },
      { from: '2026-13-01' },
      { to: '2026-1-1' },
      { status: 'nope' },
    ];
    for (const query of bad) {
      expectError(await list(query), 400);
    }
  });
});
