import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderListSchema } from '../../contract/orders';
import { paymentIntentResponseSchema } from '../../contract/payments';
import { createStripeGateway } from '../../server/payments/stripe-gateway';
import { startStripeEmulator, type StripeEmulator } from '../../scripts/stripe-emulator/emulator';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import { testConfig, type TestApp } from './helpers/build-test-app';
import { askForIntent, intentIdOf } from './helpers/payments';

// The production code path end to end, without a browser: the gateway built from config (the
// official `stripe` package pointed at the emulator), the emulator's own signed webhooks
// delivered over HTTP to the listening app, and Stripe's test PaymentMethods.

const SECRET_KEY = 'sk_test_learntogether_server_suite';
const WEBHOOK_SECRET = 'whsec_learntogether_server_suite_emulator';

let app: TestApp;
let emulator: StripeEmulator;
let stripe: Stripe;

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function ordersOf(user: SignedIn) {
  const res = await app.app.inject({
    method: 'GET',
    url: `/api/booking/email/${encodeURIComponent(user.email)}`,
    headers: bearer(user.accessToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return orderListSchema.parse(res.json());
}

async function paymentStatus(intentId: string): Promise<string | undefined> {
  const [row] = await app.db.query<{ status: string }>(
    'select status from payments where payment_intent_id = $1',
    [intentId],
  );
  return row?.status;
}

/** Whether `error` says the address was taken meanwhile (another suite's server took the port). */
const addressTaken = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';

async function startShop(): Promise<void> {
  // The app's port is only known once it listens, and the emulator's address must be in the
  // app's config: start the emulator without a webhook first, then one that delivers to the app.
  const probe = await startStripeEmulator({ port: 0 });
  const emulatorPort = probe.port;
  await probe.close();

  const config = testConfig({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_EMULATOR_URL: `http://127.0.0.1:${emulatorPort}`,
  });
  app = await buildAccountsApp({
    adminEmails: [],
    seed: true,
    paymentGateway: createStripeGateway(config),
  });
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.app.server.address();
  const appPort = typeof address === 'object' && address ? address.port : 0;
  emulator = await startStripeEmulator({
    port: emulatorPort,
    webhook: { url: `http://127.0.0.1:${appPort}/api/payments/webhook`, secret: WEBHOOK_SECRET },
    retryDelaysMs: [100, 200],
  });
  stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: emulatorPort, protocol: 'http' });
}

beforeAll(async () => {
  // The emulator's port is free between the probe and the second start; on a busy machine another
  // suite can take it meanwhile. Then all starts again on a new port.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await startShop();
      return;
    } catch (error) {
      await app?.close();
      if (!addressTaken(error) || attempt === 3) throw error;
    }
  }
});

afterAll(async () => {
  await emulator?.close();
  await app?.close();
});

describe('checkout through the official stripe package and the Stripe emulator', () => {
  it('a paid course cart becomes its orders once the emulator’s signed webhook lands', async () => {
    const user = await signIn(app.app, 'emulator-buyer');
    const res = await askForIntent(app.app, user, {
      source: 'courses',
      items: [
        { _id: 'c-01', quantity: 1 },
        { _id: 'c-02', quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret, amount } = paymentIntentResponseSchema.parse(res.json());
    // course.json: 49.99 + 59.99
    expect(amount).toBe(109.98);
    const intentId = intentIdOf(clientSecret);
    expect((await stripe.paymentIntents.retrieve(intentId)).amount).toBe(10998);

    const confirmed = await stripe.paymentIntents.confirm(intentId, {
      payment_method: 'pm_card_visa',
    });
    expect(confirmed.status).toBe('succeeded');

    const orders = await eventually(
      () => ordersOf(user),
      (list) => list.length === 2,
    );
    expect(orders.map(({ name, quantity, price }) => ({ name, quantity, price }))).toEqual(
      expect.arrayContaining([
        { name: 'Modern JavaScript from Zero', quantity: 1, price: 49.99 },
        { name: 'TypeScript in Depth', quantity: 1, price: 59.99 },
      ]),
    );
    expect(await paymentStatus(intentId)).toBe('succeeded');
  });

  it('a declined card marks the payment failed and creates no order; another card then pays', async () => {
    const user = await signIn(app.app, 'emulator-declined');
    const res = await askForIntent(app.app, user, {
      source: 'courses',
      items: [{ _id: 'c-03', quantity: 1 }],
    });
    const intentId = intentIdOf(paymentIntentResponseSchema.parse(res.json()).clientSecret);

    const declined = await stripe.paymentIntents
      .confirm(intentId, { payment_method: 'pm_card_chargeDeclined' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((declined as Stripe.errors.StripeCardError).message).toBe('Your card was declined.');
    expect(
      await eventually(
        () => paymentStatus(intentId),
        (status) => status === 'failed',
      ),
    ).toBe('failed');
    expect(await ordersOf(user)).toEqual([]);

    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const orders = await eventually(
      () => ordersOf(user),
      (list) => list.length === 1,
    );
    expect(orders).toHaveLength(1);
  });
});
