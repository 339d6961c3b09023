import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumberOf } from '../../contract/checkout-rules';
import { createBook } from '../../server/db/repositories/books';
import {
  CHECKOUT_MESSAGES,
  MY_CHECKOUTS_PAGE_SIZE,
  myCheckoutPageSchema,
  orderDeletedSchema,
  orderListSchema,
  type MyCheckoutPage,
  type Order,
} from '../../contract/orders';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import { buyBooks, buyCourses, createTestGateway, type TestGateway } from './helpers/payments';
import { expectError } from './helpers/api-error';

describe('orders (My Orders)', () => {
  const adminEmail = uniqueEmail('orders-admin');
  let t: TestApp;
  let gateway: TestGateway;
  let admin: SignedIn;

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [adminEmail], paymentGateway: gateway });
    admin = await signIn(t.app, adminEmail);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (caller: SignedIn | undefined, email: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/booking/email/${encodeURIComponent(email)}`,
      headers: caller ? bearer(caller.accessToken) : {},
    });
  async function listOk(caller: SignedIn, email: string): Promise<Order[]> {
    const res = await list(caller, email);
    expect(res.statusCode, res.body).toBe(200);
    return orderListSchema.parse(res.json());
  }
  const remove = (caller: SignedIn | undefined, id: string, payload?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/booking/dlt/${encodeURIComponent(id)}`,
      headers: {
        ...(caller ? bearer(caller.accessToken) : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload }),
    });

  it('lists the user’s own orders, newest first, with name, quantity and unit price', async () => {
    const user = await signIn(t.app, 'orders-list');
    const neighbour = await signIn(t.app, 'orders-neighbour');
    await buyCourses(t.app, gateway, user, [
      { _id: 'c-01', quantity: 1 },
      { _id: 'c-02', quantity: 1 },
    ]);
    await buyCourses(t.app, gateway, neighbour, [{ _id: 'c-04', quantity: 1 }]);
    // Later, so newer.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await buyCourses(t.app, gateway, user, [{ _id: 'c-03', quantity: 1 }]);

    const orders = await listOk(user, user.email);
    expect(orders.map(({ name, quantity, price }) => ({ name, quantity, price }))).toEqual([
      { name: 'React from the Ground Up', quantity: 1, price: 69.99 },
      { name: 'Modern JavaScript from Zero', quantity: 1, price: 49.99 },
      { name: 'TypeScript in Depth', quantity: 1, price: 59.99 },
    ]);
    const res = await list(user, user.email);
    expect(res.body).not.toContain(neighbour.email);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  const checkouts = (caller: SignedIn | undefined, page?: number | string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/orders${page === undefined ? '' : `?page=${page}`}`,
      headers: caller ? bearer(caller.accessToken) : {},
    });
  async function checkoutsOk(caller: SignedIn, page?: number): Promise<MyCheckoutPage> {
    const res = await checkouts(caller, page);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return myCheckoutPageSchema.parse(res.json());
  }
  const paymentRowOf = async (paymentIntentId: string) => {
    const [row] = await t.db.query<{ id: string }>(
      'select id from payments where payment_intent_id = $1',
      [paymentIntentId],
    );
    if (!row) throw new Error(`no payment ${paymentIntentId}`);
    return row.id;
  };

  it('GET /orders: the caller’s checkouts, newest first, each with its number, date, status, total and lines', async () => {
    const user = await signIn(t.app, 'orders-checkouts');
    const neighbour = await signIn(t.app, 'orders-checkouts-neighbour');
    const first = await buyCourses(t.app, gateway, user, [
      { _id: 'c-01', quantity: 1 },
      { _id: 'c-02', quantity: 1 },
    ]);
    await buyCourses(t.app, gateway, neighbour, [{ _id: 'c-04', quantity: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await buyCourses(t.app, gateway, user, [{ _id: 'c-03', quantity: 1 }]);

    const page = await checkoutsOk(user);
    expect(page).toMatchObject({ total: 2, lineCount: 3, page: 1, limit: MY_CHECKOUTS_PAGE_SIZE });
    expect(page.checkouts.map((checkout) => checkout.paymentId)).toEqual([second, first]);
    const [newest, oldest] = page.checkouts;
    expect(oldest).toEqual({
      paymentId: first,
      orderNumber: orderNumberOf(await paymentRowOf(first)),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      status: 'paid',
      total: 109.98,
      lines: [
        {
          _id: expect.any(String),
          name: 'Modern JavaScript from Zero',
          quantity: 1,
          price: 49.99,
          refunded: false,
        },
        {
          _id: expect.any(String),
          name: 'TypeScript in Depth',
          quantity: 1,
          price: 59.99,
          refunded: false,
        },
      ],
    });
    expect(newest?.lines.map((line) => line.name)).toEqual(['React from the Ground Up']);
    // The receipt the checkout links to answers its owner.
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${first}`,
      headers: bearer(user.accessToken),
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({ paymentId: first, orderNumber: oldest?.orderNumber });

    // A line the customer deleted leaves its checkout; a checkout with none left is gone.
    const [react] = newest?.lines ?? [];
    expect((await remove(user, react?._id ?? '')).statusCode).toBe(200);
    const after = await checkoutsOk(user);
    expect(after).toMatchObject({ total: 1, lineCount: 2 });
    expect(after.checkouts.map((checkout) => checkout.paymentId)).toEqual([first]);

    // Refunds: one line, then the rest.
    const [modern, typescript] = oldest?.lines ?? [];
    await t.db.query('update orders set refunded_at = now() where id = $1', [modern?._id]);
    const partly = await checkoutsOk(user);
    expect(partly.checkouts[0]).toMatchObject({ status: 'partly-refunded' });
    expect(partly.checkouts[0]?.lines.map((line) => line.refunded)).toEqual([true, false]);
    await t.db.query('update orders set refunded_at = now() where id = $1', [typescript?._id]);
    expect((await checkoutsOk(user)).checkouts[0]).toMatchObject({ status: 'refunded' });

    expect(JSON.stringify(await checkoutsOk(neighbour))).not.toContain(user.email);
    expect((await checkoutsOk(neighbour)).total).toBe(1);
  });

  it('GET /orders pages by ten checkouts, counts every page, and refuses a bad page', async () => {
    const user = await signIn(t.app, 'orders-pages');
    const book = await createBook(t.db, {
      name: 'Paged',
      author: 'P. Ages',
      description: '',
      priceCents: 500,
      image: '/api/images/x',
      category: 'story',
      stock: 100,
    });
    const bought: string[] = [];
    for (let index = 0; index < MY_CHECKOUTS_PAGE_SIZE + 2; index += 1) {
      const { id } = await buyBooks(t.app, gateway, user, [
        { bookId: book?.id ?? '', quantity: 1 },
      ]);
      // One a minute, so newest first is one order.
      await t.db.query(
        `update payments set created_at = now() - interval '1 hour' + $2 * interval '1 minute'
         where payment_intent_id = $1`,
        [id, index],
      );
      bought.unshift(id);
    }
    const one = await checkoutsOk(user, 1);
    const two = await checkoutsOk(user, 2);
    expect(one.checkouts).toHaveLength(MY_CHECKOUTS_PAGE_SIZE);
    expect(two.checkouts).toHaveLength(2);
    expect([...one.checkouts, ...two.checkouts].map((checkout) => checkout.paymentId)).toEqual(
      bought,
    );
    for (const page of [one, two]) expect(page).toMatchObject({ total: 12, lineCount: 12 });
    // Past the last page: nothing, with the counts still right.
    expect(await checkoutsOk(user, 3)).toMatchObject({ checkouts: [], total: 12, lineCount: 12 });

    expectError(await checkouts(undefined), 401);
    expectError(await checkouts(user, 0), 400);
    expectError(await checkouts(user, 'two'), 400);
  });

  it('shows a user’s orders to that user and to admins only', async () => {
    const owner = await signIn(t.app, 'orders-owner');
    const stranger = await signIn(t.app, 'orders-stranger');
    await buyCourses(t.app, gateway, owner, [{ _id: 'c-06', quantity: 1 }]);

    expectError(await list(undefined, owner.email), 401);
    expectError(await list(stranger, owner.email), 403);
    expect(await listOk(admin, owner.email)).toEqual(await listOk(owner, owner.email));
    expect(await listOk(owner, owner.email)).toHaveLength(1);
    expect(await listOk(stranger, stranger.email)).toEqual([]);
  });

  it('deletes the owner’s order, with or without a JSON body', async () => {
    const user = await signIn(t.app, 'orders-delete');
    await buyCourses(t.app, gateway, user, [
      { _id: 'c-07', quantity: 1 },
      { _id: 'c-08', quantity: 1 },
      { _id: 'c-11', quantity: 1 },
    ]);
    const [first, second, third] = await listOk(user, user.email);
    if (!first || !second || !third) throw new Error('expected three orders');

    const withBody = await remove(user, first._id, JSON.stringify({ anything: 'unused' }));
    expect(withBody.statusCode, withBody.body).toBe(200);
    expect(orderDeletedSchema.parse(withBody.json())).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    const withoutBody = await remove(user, second._id);
    expect(withoutBody.statusCode, withoutBody.body).toBe(200);
    // A JSON content type with nothing in it.
    const emptyJson = await remove(user, third._id, '');
    expect(emptyJson.statusCode, emptyJson.body).toBe(200);
    expect(await listOk(user, user.email)).toEqual([]);
    // Gone: as any missing order.
    expectError(await remove(user, first._id), 404, CHECKOUT_MESSAGES.orderNotFound);
  });

  it('answers 404 to anyone but the owner, admins included, deleting nothing', async () => {
    const owner = await signIn(t.app, 'orders-kept');
    const stranger = await signIn(t.app, 'orders-thief');
    await buyCourses(t.app, gateway, owner, [{ _id: 'c-09', quantity: 1 }]);
    const [order] = await listOk(owner, owner.email);
    if (!order) throw new Error('no order');

    expectError(await remove(undefined, order._id), 401);
    for (const caller of [stranger, admin]) {
      const res = await remove(caller, order._id);
      expectError(res, 404, CHECKOUT_MESSAGES.orderNotFound);
      expect(res.body).not.toContain(owner.email);
    }
    expectError(await remove(owner, 'no-such-order'), 404, CHECKOUT_MESSAGES.orderNotFound);
    expect(await listOk(owner, owner.email)).toEqual([order]);
  });

  it('removes a deleted user’s orders and payments with them', async () => {
    const user = await signIn(t.app, 'orders-leaver');
    await buyCourses(t.app, gateway, user, [{ _id: 'c-10', quantity: 1 }]);
    const count = async (table: 'orders' | 'payments') =>
      (
        await t.db.query<{ n: number }>(
          `select count(*)::integer as n from ${table} where user_email = $1`,
          [user.email],
        )
      )[0]?.n;
    expect(await count('orders')).toBe(1);
    expect(await count('payments')).toBe(1);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/allusers/dlt/${encodeURIComponent(user.email)}`,
      headers: bearer(admin.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count('orders')).toBe(0);
    expect(await count('payments')).toBe(0);
  });
});
