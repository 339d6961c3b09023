// The Stripe emulator, driven the way the product server drives Stripe: through the official `stripe`
// package pointed at it, with webhooks checked by `stripe.webhooks.constructEvent`.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStripeEmulator, type StripeEmulator } from '../../scripts/stripe-emulator/emulator';
import { DEFAULT_RETRY_SCALE, stripeRetryDelaysMs } from '../../scripts/stripe-emulator/webhooks';

const secretKey = 'sk_test_emulator';
/** Local deliveries are fast; the margin is for a busy machine. */
const eventually = { timeout: 5_000, interval: 20 };
const publishableKey = 'pk_test_emulator';
const webhookSecret = 'whsec_emulator_test_secret';

function stripeFor(emulator: StripeEmulator, key = secretKey): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port: emulator.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

async function caught(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected a Stripe error');
}

type Delivery = { headers: IncomingMessage['headers']; rawBody: string; event: Stripe.Event };

/** A webhook receiver that verifies every delivery with the real stripe package. */
async function startReceiver(statuses: () => number = () => 200) {
  const deliveries: Delivery[] = [];
  const rejected: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      try {
        const event = Stripe.webhooks.constructEvent(
          rawBody,
          String(request.headers['stripe-signature']),
          webhookSecret,
          300,
        );
        deliveries.push({ headers: request.headers, rawBody, event });
        response.writeHead(statuses()).end();
      } catch (error) {
        rejected.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/payments/webhook`,
    deliveries,
    rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type EmulatorEvents = {
  data: {
    event: Stripe.Event;
    delivery: { status: string; attempts: { status: number | null }[] };
  }[];
};

async function emulatorEvents(emulator: StripeEmulator, query = ''): Promise<EmulatorEvents> {
  const response = await fetch(`${emulator.url}/_emulator/events${query}`);
  return (await response.json()) as EmulatorEvents;
}

describe('Stripe emulator API (through the stripe package)', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  beforeAll(async () => {
    emulator = await startStripeEmulator({ port: 0 });
    stripe = stripeFor(emulator);
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('creates a PaymentIntent in Stripe’s shape and retrieves it', async () => {
    const before = Math.floor(Date.now() / 1000);
    const created = await stripe.paymentIntents.create({
      amount: 2599,
      currency: 'USD',
      metadata: { payment: 'p-1', user: 'ada@example.com' },
      description: 'Two books',
      receipt_email: 'ada@example.com',
    });
    expect(created).toMatchObject({
      object: 'payment_intent',
      amount: 2599,
      amount_capturable: 0,
      amount_received: 0,
      currency: 'usd',
      status: 'requires_payment_method',
      livemode: false,
      metadata: { payment: 'p-1', user: 'ada@example.com' },
      description: 'Two books',
      receipt_email: 'ada@example.com',
      last_payment_error: null,
      latest_charge: null,
      payment_method: null,
      payment_method_types: ['card'],
      capture_method: 'automatic',
      confirmation_method: 'automatic',
    });
    expect(created.id).toMatch(/^pi_\w+$/);
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_\\w+$`));
    expect(created.created).toBeGreaterThanOrEqual(before);
    expect(created.lastResponse.requestId).toMatch(/^req_/);

    const retrieved = await stripe.paymentIntents.retrieve(created.id);
    expect({ ...retrieved }).toEqual({ ...created });
  });

  it('answers parameter errors with Stripe’s codes and the param', async () => {
    const missing = await caught(
      stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams),
    );
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'amount' });

    const notInteger = await caught(
      stripe.paymentIntents.create({ amount: 'ten' as unknown as number, currency: 'usd' }),
    );
    expect(notInteger).toMatchObject({ code: 'parameter_invalid_integer', param: 'amount' });

    const noCurrency = await caught(
      stripe.paymentIntents.create({ amount: 1000 } as Stripe.PaymentIntentCreateParams),
    );
    expect(noCurrency).toMatchObject({ code: 'parameter_missing', param: 'currency' });

    const tooSmall = await caught(stripe.paymentIntents.create({ amount: 49, currency: 'usd' }));
    expect(tooSmall).toMatchObject({ code: 'amount_too_small', param: 'amount' });

    const unknown = await caught(
      stripe.paymentIntents.create({ amount: 1000, currency: 'usd', colour: 'red' } as never),
    );
    expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
  });

  it('reads Stripe’s bracket encoding: lists, hashes, numeric metadata keys, and `[]` lists', async () => {
    const created = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
      metadata: { '7': 'a numeric key', line: 'x' },
      shipping: { name: 'Ada', address: { line1: '1 Main St', city: 'Dhaka', country: 'BD' } },
    });
    expect(created).toMatchObject({
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
      automatic_payment_methods: null,
      metadata: { '7': 'a numeric key', line: 'x' },
      shipping: { name: 'Ada', address: { line1: '1 Main St', city: 'Dhaka', country: 'BD' } },
    });
    const raw = await fetch(`${emulator.url}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'amount=1000&currency=usd&payment_method_types[]=card&metadata%5Bkey%5D=value',
    });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toMatchObject({
      payment_method_types: ['card'],
      metadata: { key: 'value' },
    });
  });

  it('honours Idempotency-Key: same params replay the same object, other params are refused', async () => {
    const key = `order-${Date.now()}`;
    const params = { amount: 1500, currency: 'usd', metadata: { cart: 'c-1' } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();

    const other = await caught(
      stripe.paymentIntents.create({ ...params, amount: 1600 }, { idempotencyKey: key }),
    );
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other.message).toContain(
      'Keys for idempotent requests can only be used with the same parameters they were first used with.',
    );
  });

  it('confirms with pm_card_visa: succeeded, amount received, a charge and a payment method', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 4200, currency: 'usd' });
    const confirmed = await stripe.paymentIntents.confirm(intent.id, {
      payment_method: 'pm_card_visa',
    });
    expect(confirmed).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 4200 });
    expect(confirmed.latest_charge).toMatch(/^ch_/);
    expect(confirmed.payment_method).toMatch(/^pm_/);
    expect(confirmed.last_payment_error).toBeNull();

    const expanded = await stripe.paymentIntents.retrieve(intent.id, {
      expand: ['latest_charge'],
    });
    const charge = expanded.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      object: 'charge',
      amount: 4200,
      paid: true,
      status: 'succeeded',
      payment_intent: intent.id,
    });
    expect(charge.payment_method_details?.card).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  // Stripe's documented test PaymentMethods and what each one answers.
  const declines = [
    ['pm_card_chargeDeclined', 'card_declined', 'generic_decline', 'Your card was declined.'],
    [
      'pm_card_chargeDeclinedInsufficientFunds',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'expired_card', 'Your card has expired.'],
    [
      'pm_card_chargeDeclinedIncorrectCvc',
      'incorrect_cvc',
      'incorrect_cvc',
      "Your card's security code is incorrect.",
    ],
  ] as const;

  it.each(declines)(
    'confirms with %s: a StripeCardError %s/%s, and the intent can be paid with another card',
    async (paymentMethod, code, declineCode, message) => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
      const error = await caught(
        stripe.paymentIntents.confirm(intent.id, { payment_method: paymentMethod }),
      );
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({
        statusCode: 402,
        type: 'StripeCardError',
        code,
        decline_code: declineCode,
        message,
      });
      expect(error.charge).toMatch(/^ch_/);
      expect(error.payment_intent).toMatchObject({
        id: intent.id,
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code, decline_code: declineCode, message },
      });

      const failed = await stripe.paymentIntents.retrieve(intent.id);
      expect(failed.status).toBe('requires_payment_method');
      expect(failed.last_payment_error?.message).toBe(message);

      const paid = await stripe.paymentIntents.confirm(intent.id, {
        payment_method: 'pm_card_visa',
      });
      expect(paid).toMatchObject({ status: 'succeeded', last_payment_error: null });
    },
  );

  it('checks raw card data (what the Stripe.js stand-in sends): number, expiry and CVC', async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    const confirmWithCard = async (card: Record<string, string | number>) => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
      return stripe.paymentIntents.confirm(intent.id, {
        payment_method_data: { type: 'card', card } as never,
      });
    };
    const good = { number: '4242424242424242', exp_month: 12, exp_year: nextYear, cvc: '123' };
    await expect(confirmWithCard(good)).resolves.toMatchObject({ status: 'succeeded' });
    await expect(
      confirmWithCard({ ...good, number: '378282246310005', cvc: '1234' }),
    ).resolves.toMatchObject({ status: 'succeeded' });
    await expect(confirmWithCard({ ...good, number: '4000000000000002' })).rejects.toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    await expect(confirmWithCard({ ...good, number: '4000000000009995' })).rejects.toMatchObject({
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    await expect(confirmWithCard({ ...good, number: '4242424242424241' })).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    });
    await expect(confirmWithCard({ ...good, exp_year: 2020 })).rejects.toMatchObject({
      code: 'expired_card',
      message: 'Your card has expired.',
    });
    await expect(confirmWithCard({ ...good, cvc: '12' })).rejects.toMatchObject({
      code: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    });
    await expect(
      confirmWithCard({ ...good, number: '378282246310005', cvc: '123' }),
    ).rejects.toMatchObject({ code: 'incorrect_cvc' });
  });

  it('creates and confirms in one call (confirm: true), as a server-side bench would', async () => {
    const paid = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 1000 });
    const declined = await caught(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
        confirm: true,
      }),
    );
    expect(declined).toMatchObject({
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      payment_intent: { status: 'requires_payment_method' },
    });
  });

  it('refuses to confirm a succeeded or a canceled PaymentIntent', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const again = await caught(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }),
    );
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({
      code: 'payment_intent_unexpected_state',
      message:
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
    });

    const other = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    const canceled = await stripe.paymentIntents.cancel(other.id);
    expect(canceled).toMatchObject({ status: 'canceled' });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    const afterCancel = await caught(
      stripe.paymentIntents.confirm(other.id, { payment_method: 'pm_card_visa' }),
    );
    expect(afterCancel).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(afterCancel.message).toContain('it has a status of canceled');
  });

  it('answers 404 resource_missing for an unknown PaymentIntent and an unknown URL', async () => {
    const missing = await caught(stripe.paymentIntents.retrieve('pi_doesnotexist'));
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_doesnotexist'",
    });
    const response = await fetch(`${emulator.url}/v1/customers`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('Unrecognized request URL (GET: /v1/customers)'),
      },
    });
  });

  it('refuses a publishable key for server calls, live keys, and a missing or malformed key', async () => {
    const withPublishable = await caught(
      stripeFor(emulator, publishableKey).paymentIntents.create({ amount: 1000, currency: 'usd' }),
    );
    expect(withPublishable).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(withPublishable.message).toContain('cannot be made with a publishable API key');

    const live = await caught(
      stripeFor(emulator, 'sk_live_abcdefgh1234').paymentIntents.create({
        amount: 1000,
        currency: 'usd',
      }),
    );
    expect(live).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(live.message).toContain('accepts test keys only');
    expect(live.message).not.toContain('abcdefgh');

    const noKey = await fetch(`${emulator.url}/v1/payment_intents/pi_x`);
    expect(noKey.status).toBe(401);
    const malformed = await fetch(`${emulator.url}/v1/payment_intents/pi_x`, {
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(malformed.status).toBe(401);
    expect(await malformed.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringMatching(/^Invalid API Key provided: /),
      },
    });
  });

  it('lets a publishable key retrieve a PaymentIntent only with its client secret', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      metadata: { secret: 'server-only' },
    });
    const url = (query: string) => `${emulator.url}/v1/payment_intents/${intent.id}?${query}`;
    const withSecret = await fetch(
      url(`key=${publishableKey}&client_secret=${intent.client_secret}`),
    );
    expect(withSecret.status).toBe(200);
    const body = (await withSecret.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    expect(body).not.toHaveProperty('metadata');

    const wrongSecret = await fetch(
      url(`key=${publishableKey}&client_secret=${intent.id}_secret_wrong`),
    );
    expect(wrongSecret.status).toBe(400);
    const noSecret = await fetch(url(`key=${publishableKey}`));
    expect(noSecret.status).toBe(400);
  });

  it('answers CORS preflights for the browser', async () => {
    const response = await fetch(`${emulator.url}/v1/payment_intents/pi_x/confirm`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('content-type');
    expect(response.headers.get('access-control-allow-headers')).toContain('idempotency-key');
  });
});

describe('Stripe emulator refunds (through the stripe package)', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  beforeAll(async () => {
    emulator = await startStripeEmulator({ port: 0 });
    stripe = stripeFor(emulator);
  });
  afterAll(async () => {
    await emulator.close();
  });

  const paidIntent = (amount: number) =>
    stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
  const chargeOf = async (intentId: string) =>
    (await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }))
      .latest_charge as Stripe.Charge;

  it('refunds a whole payment in Stripe’s Refund shape, then refuses a second refund', async () => {
    const intent = await paidIntent(4200);
    const before = Math.floor(Date.now() / 1000);
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 4200,
      currency: 'usd',
      charge: intent.latest_charge,
      payment_intent: intent.id,
      status: 'succeeded',
      reason: null,
      metadata: {},
    });
    expect(refund.id).toMatch(/^re_\w+$/);
    expect(refund.charge).toMatch(/^ch_\w+$/);
    expect(refund.created).toBeGreaterThanOrEqual(before);
    expect(refund.lastResponse.requestId).toMatch(/^req_/);
    expect(await chargeOf(intent.id)).toMatchObject({ amount_refunded: 4200, refunded: true });
    // A refund leaves the PaymentIntent succeeded, as Stripe does.
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');

    const again = await caught(stripe.refunds.create({ payment_intent: intent.id }));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({
      statusCode: 400,
      code: 'charge_already_refunded',
      message: `Charge ${String(intent.latest_charge)} has already been refunded.`,
    });
  });

  it('refunds part of a payment twice, refuses more than is left, then refunds the rest', async () => {
    const intent = await paidIntent(5000);
    const first = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 1500,
      reason: 'requested_by_customer',
      metadata: { order: 'o-1', line: '2' },
    });
    expect(first).toMatchObject({
      amount: 1500,
      reason: 'requested_by_customer',
      metadata: { order: 'o-1', line: '2' },
    });
    const second = await stripe.refunds.create({ payment_intent: intent.id, amount: 2000 });
    expect(second).toMatchObject({ amount: 2000, status: 'succeeded' });
    expect(second.id).not.toBe(first.id);
    expect(await chargeOf(intent.id)).toMatchObject({ amount_refunded: 3500, refunded: false });

    const tooLarge = await caught(
      stripe.refunds.create({ payment_intent: intent.id, amount: 1501 }),
    );
    expect(tooLarge).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooLarge).toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount',
      message: 'Refund amount ($15.01) is greater than unrefunded amount on charge ($15.00)',
    });
    expect(await chargeOf(intent.id)).toMatchObject({ amount_refunded: 3500 });

    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(1500);
    expect(await chargeOf(intent.id)).toMatchObject({ amount_refunded: 5000, refunded: true });
  });

  it('refunds by charge id too', async () => {
    const intent = await paidIntent(1000);
    const refund = await stripe.refunds.create({
      charge: String(intent.latest_charge),
      amount: 400,
    });
    expect(refund).toMatchObject({ amount: 400, payment_intent: intent.id });
  });

  it('refuses an unpaid, a declined or an unknown PaymentIntent, and bad parameters', async () => {
    const unpaid = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    const notPaid = await caught(stripe.refunds.create({ payment_intent: unpaid.id }));
    expect(notPaid).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(notPaid).toMatchObject({
      statusCode: 400,
      param: 'payment_intent',
      message: `This PaymentIntent (${unpaid.id}) does not have a successful charge to refund.`,
    });

    const declined = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    await caught(
      stripe.paymentIntents.confirm(declined.id, { payment_method: 'pm_card_chargeDeclined' }),
    );
    expect(await caught(stripe.refunds.create({ payment_intent: declined.id }))).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('does not have a successful charge to refund'),
    });

    const unknown = await caught(stripe.refunds.create({ payment_intent: 'pi_doesnotexist' }));
    expect(unknown).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'payment_intent',
      message: "No such payment_intent: 'pi_doesnotexist'",
    });

    const paid = await paidIntent(1000);
    expect(await caught(stripe.refunds.create({}))).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
    });
    expect(
      await caught(stripe.refunds.create({ payment_intent: paid.id, amount: 0 })),
    ).toMatchObject({ statusCode: 400, param: 'amount' });
    expect(
      await caught(
        stripe.refunds.create({ payment_intent: paid.id, reason: 'changed_my_mind' as never }),
      ),
    ).toMatchObject({ statusCode: 400, param: 'reason' });
    expect(await chargeOf(paid.id)).toMatchObject({ amount_refunded: 0 });

    const withPublishable = await caught(
      stripeFor(emulator, publishableKey).refunds.create({ payment_intent: paid.id }),
    );
    expect(withPublishable).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('honours Idempotency-Key: a retry replays the same refund and refunds once', async () => {
    const intent = await paidIntent(3000);
    const key = `refund-${Date.now()}`;
    const params = { payment_intent: intent.id, amount: 1000, metadata: { order: 'o-9' } };
    const first = await stripe.refunds.create(params, { idempotencyKey: key });
    const again = await stripe.refunds.create(params, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(await chargeOf(intent.id)).toMatchObject({ amount_refunded: 1000 });

    const other = await caught(
      stripe.refunds.create({ ...params, amount: 1100 }, { idempotencyKey: key }),
    );
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    // A refusal is replayed too: the same key answers the same error even once it would succeed.
    const tooLargeKey = `${key}-too-large`;
    const tooLarge = { payment_intent: intent.id, amount: 2500 };
    expect(
      await caught(stripe.refunds.create(tooLarge, { idempotencyKey: tooLargeKey })),
    ).toMatchObject({ code: 'amount_too_large' });
    expect(
      await caught(stripe.refunds.create(tooLarge, { idempotencyKey: tooLargeKey })),
    ).toMatchObject({ code: 'amount_too_large' });
  });

  it('retrieves a refund by id, and answers 404 resource_missing for an unknown one', async () => {
    const intent = await paidIntent(2000);
    const created = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
    const retrieved = await stripe.refunds.retrieve(created.id);
    expect({ ...retrieved }).toEqual({ ...created });

    const missing = await caught(stripe.refunds.retrieve('re_doesnotexist'));
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such refund: 're_doesnotexist'",
    });
  });
});

describe('Stripe emulator webhooks', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  let emulator: StripeEmulator | undefined;
  afterEach(async () => {
    await emulator?.close();
    await receiver?.close();
    emulator = undefined;
    receiver = undefined;
  });

  it('delivers payment_intent.succeeded and payment_intent.payment_failed, signed as Stripe signs', async () => {
    receiver = await startReceiver();
    emulator = await startStripeEmulator({
      port: 0,
      webhook: { url: receiver.url, secret: webhookSecret },
    });
    const stripe = stripeFor(emulator);
    const paid = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'usd',
      metadata: { payment: 'p-paid' },
    });
    await stripe.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' });
    const declined = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
    await caught(
      stripe.paymentIntents.confirm(declined.id, { payment_method: 'pm_card_chargeDeclined' }),
    );

    const r = receiver;
    const typesFor = (id: string) =>
      r.deliveries
        .filter((delivery) => (delivery.event.data.object as { id: string }).id === id)
        .map((delivery) => delivery.event.type);
    await vi.waitFor(() => {
      expect(typesFor(paid.id).sort()).toEqual([
        'payment_intent.created',
        'payment_intent.succeeded',
      ]);
      expect(typesFor(declined.id).sort()).toEqual([
        'payment_intent.created',
        'payment_intent.payment_failed',
      ]);
      expect(r.deliveries.map((delivery) => delivery.event.type)).toContain('charge.succeeded');
    }, eventually);
    expect(receiver.rejected).toEqual([]);

    const succeeded = receiver.deliveries.find(
      (delivery) => delivery.event.type === 'payment_intent.succeeded',
    );
    expect(succeeded?.event).toMatchObject({
      object: 'event',
      livemode: false,
      api_version: Stripe.API_VERSION,
      pending_webhooks: 1,
      data: {
        object: {
          id: paid.id,
          status: 'succeeded',
          amount_received: 2000,
          metadata: { payment: 'p-paid' },
        },
      },
    });
    expect(succeeded?.event.id).toMatch(/^evt_/);
    expect(succeeded?.event.request?.id).toMatch(/^req_/);
    expect(succeeded?.event.request?.idempotency_key).toMatch(/^stripe-node-retry-/);
    expect(succeeded?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(succeeded?.headers['user-agent']).toBe('Stripe/1.0 (+https://stripe.com/docs/webhooks)');
    expect(succeeded?.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const failed = receiver.deliveries.find(
      (delivery) => delivery.event.type === 'payment_intent.payment_failed',
    );
    expect(failed?.event.data.object).toMatchObject({
      id: declined.id,
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
    });

    // The signature really binds payload and secret: another secret or a changed body fails.
    const { rawBody, headers } = succeeded as Delivery;
    const signature = String(headers['stripe-signature']);
    expect(() => Stripe.webhooks.constructEvent(rawBody, signature, 'whsec_other', 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() =>
      Stripe.webhooks.constructEvent(rawBody.replace('2000', '1'), signature, webhookSecret, 300),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('delivers charge.refunded and refund.created for a refund, signed, and GET /v1/events finds them', async () => {
    receiver = await startReceiver();
    emulator = await startStripeEmulator({
      port: 0,
      webhook: { url: receiver.url, secret: webhookSecret },
    });
    const stripe = stripeFor(emulator);
    const intent = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const partial = await stripe.refunds.create(
      { payment_intent: intent.id, amount: 1000, metadata: { order: 'o-7' } },
      { idempotencyKey: 'refund-o-7-1' },
    );
    const rest = await stripe.refunds.create({ payment_intent: intent.id });

    const r = receiver;
    const ofType = (type: string) =>
      r.deliveries.filter((delivery) => delivery.event.type === type).map((d) => d.event);
    await vi.waitFor(() => {
      expect(ofType('charge.refunded')).toHaveLength(2);
      expect(ofType('refund.created')).toHaveLength(2);
    }, eventually);
    expect(receiver.rejected).toEqual([]);

    const chargeRefunded = ofType('charge.refunded').sort(
      (a, b) =>
        (a.data.object as Stripe.Charge).amount_refunded -
        (b.data.object as Stripe.Charge).amount_refunded,
    );
    expect(chargeRefunded[0]).toMatchObject({
      object: 'event',
      api_version: Stripe.API_VERSION,
      livemode: false,
      request: { idempotency_key: 'refund-o-7-1' },
      data: {
        object: {
          id: intent.latest_charge,
          object: 'charge',
          amount: 3000,
          amount_refunded: 1000,
          refunded: false,
          currency: 'usd',
          payment_intent: intent.id,
        },
        previous_attributes: { amount_refunded: 0, refunded: false },
      },
    });
    expect(chargeRefunded[1]).toMatchObject({
      data: {
        object: { amount_refunded: 3000, refunded: true },
        previous_attributes: { amount_refunded: 1000, refunded: false },
      },
    });
    const refundCreated = ofType('refund.created').map((event) => event.data.object);
    expect(refundCreated).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: partial.id, amount: 1000, metadata: { order: 'o-7' } }),
        expect.objectContaining({ id: rest.id, amount: 2000, status: 'succeeded' }),
      ]),
    );

    // Stripe's own events API finds them; the emulator's log relates them to the PaymentIntent.
    const eventId = chargeRefunded[0]?.id ?? '';
    expect((await stripe.events.retrieve(eventId)).type).toBe('charge.refunded');
    const { data } = await emulatorEvents(emulator, `?payment_intent=${intent.id}`);
    expect(data.map((record) => record.event.type)).toEqual(
      expect.arrayContaining(['charge.refunded', 'refund.created']),
    );
  });

  it("retries on live-mode Stripe's schedule, scaled: exponential back-off for up to three days", () => {
    const day = 24 * 60 * 60 * 1000;
    const live = stripeRetryDelaysMs(1);
    expect(live[0]).toBe(60_000);
    expect(live[1]).toBe(120_000);
    for (const [i, delay] of live.entries()) {
      if (i > 0) expect(delay).toBe(Math.min((live[i - 1] ?? 0) * 2, day / 2));
    }
    const total = live.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeLessThanOrEqual(3 * day);
    expect(total).toBeGreaterThan(2.5 * day);
    // Not 8 quick attempts: the default scale keeps a down server in reach for minutes.
    const local = stripeRetryDelaysMs(DEFAULT_RETRY_SCALE);
    expect(local).toEqual(live.map((delay) => Math.round(delay * DEFAULT_RETRY_SCALE)));
    expect(local.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThan(5 * 60_000);
  });

  it('retries a failing receiver: 500, 500, then 200 makes three attempts', async () => {
    const answers = [500, 500];
    receiver = await startReceiver(() => answers.shift() ?? 200);
    emulator = await startStripeEmulator({
      port: 0,
      webhook: { url: receiver.url, secret: webhookSecret },
      retryDelaysMs: [20, 20, 20],
    });
    const intent = await stripeFor(emulator).paymentIntents.create({
      amount: 1000,
      currency: 'usd',
    });

    const e = emulator;
    await vi.waitFor(async () => {
      const { data } = await emulatorEvents(e, `?payment_intent=${intent.id}`);
      expect(data).toHaveLength(1);
      expect(data[0]?.delivery.status).toBe('delivered');
    }, eventually);
    const { data } = await emulatorEvents(e, `?payment_intent=${intent.id}`);
    expect(data[0]?.delivery.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
    // Every attempt reached the receiver with a valid signature.
    expect(receiver.deliveries.map((delivery) => delivery.event.id)).toEqual([
      data[0]?.event.id,
      data[0]?.event.id,
      data[0]?.event.id,
    ]);
  });

  it('marks an event failed after the last retry, and retries an unreachable receiver', async () => {
    const unreachable = await startReceiver();
    await unreachable.close();
    emulator = await startStripeEmulator({
      port: 0,
      webhook: { url: unreachable.url, secret: webhookSecret },
      retryDelaysMs: [10],
    });
    const intent = await stripeFor(emulator).paymentIntents.create({
      amount: 1000,
      currency: 'usd',
    });
    const e = emulator;
    await vi.waitFor(async () => {
      const { data } = await emulatorEvents(e, `?payment_intent=${intent.id}`);
      expect(data[0]?.delivery.status).toBe('failed');
    }, eventually);
    const { data } = await emulatorEvents(e, `?payment_intent=${intent.id}`);
    expect(data[0]?.delivery.attempts.map((attempt) => attempt.status)).toEqual([null, null]);
  });

  it('resends an event: the receiver gets the same event id again, freshly signed', async () => {
    receiver = await startReceiver();
    emulator = await startStripeEmulator({
      port: 0,
      webhook: { url: receiver.url, secret: webhookSecret },
    });
    const intent = await stripeFor(emulator).paymentIntents.create({
      amount: 1000,
      currency: 'usd',
    });
    const r = receiver;
    await vi.waitFor(() => expect(r.deliveries).toHaveLength(1), eventually);
    const eventId = r.deliveries[0]?.event.id ?? '';

    const resend = await fetch(`${emulator.url}/_emulator/events/${eventId}/resend`, {
      method: 'POST',
    });
    expect(resend.status).toBe(202);
    await vi.waitFor(() => expect(r.deliveries).toHaveLength(2), eventually);
    expect(r.deliveries[1]?.event.id).toBe(eventId);
    expect(r.deliveries[1]?.rawBody).toBe(r.deliveries[0]?.rawBody);
    expect((r.deliveries[1]?.event.data.object as { id: string }).id).toBe(intent.id);

    const unknown = await fetch(`${emulator.url}/_emulator/events/evt_nope/resend`, {
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
  });

  it('close() stops pending retries', async () => {
    let attempts = 0;
    receiver = await startReceiver(() => {
      attempts += 1;
      return 500;
    });
    emulator = await startStripeEmulator({
      port: 0,
      webhook: { url: receiver.url, secret: webhookSecret },
      retryDelaysMs: [2000, 2000],
    });
    await stripeFor(emulator).paymentIntents.create({ amount: 1000, currency: 'usd' });
    await vi.waitFor(() => expect(attempts).toBe(1), eventually);
    // close() waits for every delivery run, so it returning well before the 2 s retry proves the
    // pending retry was dropped.
    const started = Date.now();
    await emulator.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(attempts).toBe(1);
  });
});

describe('Stripe emulator CLI', () => {
  it('logs when ready, answers GET /, logs each webhook attempt, and exits cleanly on SIGTERM', async () => {
    const receiver = await startReceiver();
    const child = spawn(
      'node_modules/.bin/tsx',
      ['scripts/stripe-emulator/main.ts', '--port', '0', '--webhook-url', receiver.url],
      { env: { ...process.env, STRIPE_WEBHOOK_SECRET: webhookSecret } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await vi.waitFor(
        () => expect(output).toMatch(/Stripe emulator ready at http:\/\/127\.0\.0\.1:\d+/),
        {
          timeout: 20_000,
          interval: 50,
        },
      );
      const url = /ready at (\S+)/.exec(output)?.[1] ?? '';
      expect((await fetch(`${url}/`)).status).toBe(200);
      await new Stripe(secretKey, {
        host: '127.0.0.1',
        port: Number(new URL(url).port),
        protocol: 'http',
      }).paymentIntents.create({ amount: 1000, currency: 'usd' });
      await vi.waitFor(() => expect(receiver.deliveries).toHaveLength(1), eventually);
      await vi.waitFor(
        () => expect(output).toMatch(/webhook evt_\w+ payment_intent\.created .*delivered \(200\)/),
        eventually,
      );
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await receiver.close();
    }
  });
});

describe('Stripe emulator webhook endpoints (GET /v1/webhook_endpoints)', () => {
  const webhookUrl = 'http://127.0.0.1:1/api/payments/webhook';
  let emulator: StripeEmulator | undefined;
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });

  it('lists the endpoint it delivers to in Stripe’s shape, subscribed to every event by default', async () => {
    emulator = await startStripeEmulator({
      port: 0,
      webhook: { url: webhookUrl, secret: webhookSecret },
    });
    const response = await fetch(`${emulator.url}/v1/webhook_endpoints?limit=10`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      object: 'list',
      url: '/v1/webhook_endpoints',
      has_more: false,
      data: [
        {
          id: expect.stringMatching(/^we_/),
          object: 'webhook_endpoint',
          api_version: null,
          application: null,
          created: expect.any(Number),
          description: null,
          enabled_events: ['*'],
          livemode: false,
          metadata: {},
          status: 'enabled',
          url: webhookUrl,
        },
      ],
    });
    // stripe-node's auto-pagination reads the same list.
    const listed: Stripe.WebhookEndpoint[] = [];
    for await (const endpoint of stripeFor(emulator).webhookEndpoints.list({ limit: 100 }))
      listed.push(endpoint);
    expect(listed.map((endpoint) => endpoint.url)).toEqual([webhookUrl]);
  });

  it('lists the events it was started with, none without a webhook, and refuses a restricted key (403)', async () => {
    emulator = await startStripeEmulator({
      port: 0,
      webhook: {
        url: webhookUrl,
        secret: webhookSecret,
        enabledEvents: ['payment_intent.succeeded', 'payment_intent.payment_failed'],
      },
    });
    const { data } = await stripeFor(emulator).webhookEndpoints.list();
    expect(data.map((endpoint) => endpoint.enabled_events)).toEqual([
      ['payment_intent.succeeded', 'payment_intent.payment_failed'],
    ]);

    const refused = await caught(stripeFor(emulator, 'rk_test_emulator').webhookEndpoints.list());
    expect(refused).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect(refused.statusCode).toBe(403);
    expect(refused.message).toContain('rak_webhook_read');
    // The same restricted key may still take payments.
    await expect(
      stripeFor(emulator, 'rk_test_emulator').paymentIntents.create({
        amount: 500,
        currency: 'usd',
      }),
    ).resolves.toMatchObject({ object: 'payment_intent' });

    await emulator.close();
    emulator = await startStripeEmulator({ port: 0 });
    expect((await stripeFor(emulator).webhookEndpoints.list()).data).toEqual([]);
  });
});
