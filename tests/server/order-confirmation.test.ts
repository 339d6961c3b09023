import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { checkoutSchema } from '../../contract/orders';
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
  shippingFor,
  type TestGateway,
} from './helpers/payments';

describe('GET /api/orders/:id (the order confirmation and receipt)', () => {
  const adminEmail = uniqueEmail('receipt-admin');
  let t: TestApp;
  let gateway: TestGateway;
  let admin: SignedIn;

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [adminEmail], seed: true, paymentGateway: gateway });
    admin = await signIn(t.app, adminEmail);
    await t.db.query('update books set stock = 1000');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (id: string, user?: SignedIn) =>
    t.app.inject({
      method: 'GET',
      url: `/api/orders/${encodeURIComponent(id)}`,
      headers: user ? bearer(user.accessToken) : {},
    });

  async function checkout(user: SignedIn): Promise<string> {
    const [book] = await t.db.query<{ id: string }>('select id from books order by name limit 1');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(user.accessToken),
      payload: { bookId: book?.id, quantity: 2 },
    });
    expect([200, 201]).toContain(added.statusCode);
    const res = await askForIntent(t.app, user, { source: 'books' });
    expect(res.statusCode, res.body).toBe(200);
    return intentIdOf(paymentIntentResponseSchema.parse(res.json()).clientSecret);
  }

  it('answers the checkout: pending until the webhook, then paid, with its lines, total and address', async () => {
    const user = await signIn(t.app, 'receipt-owner');
    const id = await checkout(user);
    const pending = checkoutSchema.parse((await get(id, user)).json());
    expect(pending.status).toBe('pending');
    expect(pending.orderNumber).toMatch(/^LT-[0-9A-F]{8}$/);
    expect(pending.shipping).toEqual(shippingFor(user));
    expect(pending.lines).toHaveLength(1);
    expect(pending.lines[0]?.quantity).toBe(2);
    expect(pending.total).toBe((pending.lines[0]?.price ?? 0) * 2);

    const intent = gateway.intents.get(id);
    const paid = await deliverWebhook(
      t.app,
      paymentIntentEvent('payment_intent.succeeded', { id, amount: intent?.amountCents ?? 0 }),
    );
    expect(paid.statusCode).toBe(200);
    const after = checkoutSchema.parse((await get(id, user)).json());
    expect(after).toEqual({ ...pending, status: 'paid' });
  });

  it('is the owner’s or an admin’s: 404 for anyone else or an unknown id, 401 for a visitor', async () => {
    const owner = await signIn(t.app, 'receipt-mine');
    const other = await signIn(t.app, 'receipt-theirs');
    const id = await checkout(owner);
    expect((await get(id, admin)).statusCode).toBe(200);
    const stranger = await get(id, other);
    expect(stranger.statusCode).toBe(404);
    expect(apiErrorSchema.parse(stranger.json()).error.message).toBe('No such order.');
    expect((await get('pi_nobody', owner)).statusCode).toBe(404);
    expect((await get(id)).statusCode).toBe(401);
  });
});
