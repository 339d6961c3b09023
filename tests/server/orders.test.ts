import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  orderDeletedSchema,
  orderListSchema,
  type Order,
} from '../../contract/orders';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import { buyCourses, createTestGateway, type TestGateway } from './helpers/payments';
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
      { _id: 'c-01', quantity: 2 },
      { _id: 'c-02', quantity: 1 },
    ]);
    await buyCourses(t.app, gateway, neighbour, [{ _id: 'c-04', quantity: 1 }]);
    // Later, so newer.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await buyCourses(t.app, gateway, user, [{ _id: 'c-03', quantity: 1 }]);

    const orders = await listOk(user, user.email);
    expect(orders.map(({ name, quantity, price }) => ({ name, quantity, price }))).toEqual([
      { name: 'React from the Ground Up', quantity: 1, price: 69.99 },
      { name: 'Modern JavaScript from Zero', quantity: 2, price: 49.99 },
      { name: 'TypeScript in Depth', quantity: 1, price: 59.99 },
    ]);
    const res = await list(user, user.email);
    expect(res.body).not.toContain(neighbour.email);
    expect(res.headers['cache-control']).toBe('no-store');
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
