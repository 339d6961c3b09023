import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStripeGateway,
  PaymentProviderError,
  WebhookSignatureError,
  WebhooksNotConfiguredError,
  type PaymentGateway,
} from '../../server/payments/stripe-gateway';
import { startStripeEmulator, type StripeEmulator } from '../../scripts/stripe-emulator/emulator';
import { testConfig } from './helpers/build-test-app';

/**
 * The production gateway (the official stripe package) against a local server that answers
 * `POST /v1/payment_intents` in Stripe's documented shape, as the Stripe emulator does: checks
 * what the package sends through its host/port/protocol options.
 */

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

function stripeShapedServer(): Promise<{ server: Server; origin: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      const form = new URLSearchParams(body);
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/v1/payment_intents') {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'x' } }));
        return;
      }
      response.end(
        JSON.stringify({
          id: 'pi_local_1',
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          client_secret: 'pi_local_1_secret_abc',
          status: 'requires_payment_method',
          metadata: {},
          livemode: false,
        }),
      );
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, origin: `http://127.0.0.1:${port}`, received });
    });
  });
}

describe('createStripeGateway (the stripe package)', () => {
  let local: Awaited<ReturnType<typeof stripeShapedServer>>;
  let gateway: PaymentGateway;

  beforeAll(async () => {
    local = await stripeShapedServer();
    const made = createStripeGateway(
      testConfig({
        STRIPE_SECRET_KEY: 'sk_test_gateway_suite',
        STRIPE_WEBHOOK_SECRET: 'whsec_gateway_suite',
        STRIPE_EMULATOR_URL: local.origin,
      }),
    );
    if (!made) throw new Error('no gateway');
    gateway = made;
  });
  afterAll(async () => {
    await new Promise((resolve) => local.server.close(resolve));
  });

  it('creates a PaymentIntent at STRIPE_EMULATOR_URL with the key, amount and idempotency key', async () => {
    const intent = await gateway.createPaymentIntent({
      amountCents: 1999,
      currency: 'usd',
      metadata: { paymentId: 'pay_1', email: 'a@example.test', source: 'books' },
      idempotencyKey: 'learntogether-checkout-abc',
    });
    expect(intent).toEqual({
      id: 'pi_local_1',
      clientSecret: 'pi_local_1_secret_abc',
      status: 'requires_payment_method',
      amountCents: 1999,
    });
    const [request] = local.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/payment_intents');
    expect(request?.headers.authorization).toBe('Bearer sk_test_gateway_suite');
    expect(request?.headers['idempotency-key']).toBe('learntogether-checkout-abc');
    const form = new URLSearchParams(request?.body);
    expect(form.get('amount')).toBe('1999');
    expect(form.get('currency')).toBe('usd');
    expect(form.get('metadata[paymentId]')).toBe('pay_1');
    expect(form.get('metadata[email]')).toBe('a@example.test');
    expect(form.get('metadata[source]')).toBe('books');
  });

  it('verifies webhooks with the configured secret and Stripe’s 300 s tolerance', () => {
    const payload = JSON.stringify({ id: 'evt_1', type: 'x.y', data: { object: {} } });
    const sign = (secret: string, secondsAgo = 0) =>
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
        timestamp: Math.floor(Date.now() / 1000) - secondsAgo,
      });
    expect(gateway.verifyWebhook(Buffer.from(payload), sign('whsec_gateway_suite'))).toEqual({
      id: 'evt_1',
      type: 'x.y',
      data: { object: {} },
    });
    for (const header of [sign('whsec_other'), sign('whsec_gateway_suite', 301), undefined]) {
      expect(() => gateway.verifyWebhook(Buffer.from(payload), header)).toThrow(
        WebhookSignatureError,
      );
    }
  });

  it('refuses webhooks without STRIPE_WEBHOOK_SECRET', () => {
    const withoutSecret = createStripeGateway(testConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }));
    expect(() => withoutSecret?.verifyWebhook(Buffer.from('{}'), 't=1,v1=x')).toThrow(
      WebhooksNotConfiguredError,
    );
  });

  it('reports an unreachable Stripe as a PaymentProviderError', async () => {
    // A port nothing listens on: the closed server's.
    const closed = await stripeShapedServer();
    await new Promise((resolve) => closed.server.close(resolve));
    const unreachable = createStripeGateway(
      testConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_EMULATOR_URL: closed.origin }),
    );
    await expect(
      unreachable?.createPaymentIntent({
        amountCents: 100,
        currency: 'usd',
        metadata: {},
        idempotencyKey: 'k',
      }),
    ).rejects.toThrow(PaymentProviderError);
  });
});

describe('createStripeGateway: createRefund against the Stripe emulator', () => {
  const secretKey = 'sk_test_gateway_refunds';
  let emulator: StripeEmulator;
  let gateway: PaymentGateway;
  let stripe: Stripe;

  beforeAll(async () => {
    emulator = await startStripeEmulator({ port: 0 });
    const made = createStripeGateway(
      testConfig({ STRIPE_SECRET_KEY: secretKey, STRIPE_EMULATOR_URL: emulator.url }),
    );
    if (!made) throw new Error('no gateway');
    gateway = made;
    stripe = new Stripe(secretKey, {
      host: '127.0.0.1',
      port: emulator.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
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

  it('refunds through stripe.refunds.create with the amount, metadata and idempotency key', async () => {
    const intent = await paidIntent(2500);
    const input = {
      paymentIntentId: intent.id,
      amountCents: 700,
      idempotencyKey: `learntogether-refund-${intent.id}-1`,
      metadata: { paymentId: 'pay_1', reason: 'book out of stock' },
    };
    const refund = await gateway.createRefund(input);
    expect(refund).toEqual({
      id: expect.stringMatching(/^re_/),
      status: 'succeeded',
      amountCents: 700,
    });
    expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({
      payment_intent: intent.id,
      amount: 700,
      metadata: { paymentId: 'pay_1', reason: 'book out of stock' },
    });

    // The same key is the same refund: a retried call gives nothing back twice.
    expect(await gateway.createRefund(input)).toEqual(refund);
    const charge = (await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] }))
      .latest_charge as Stripe.Charge;
    expect(charge.amount_refunded).toBe(700);

    const rest = await gateway.createRefund({
      ...input,
      amountCents: 1800,
      idempotencyKey: `learntogether-refund-${intent.id}-2`,
    });
    expect(rest).toMatchObject({ status: 'succeeded', amountCents: 1800 });
  });

  it('wraps Stripe’s refusals in PaymentProviderError, with Stripe’s error as the cause', async () => {
    const intent = await paidIntent(1000);
    const refusal = async (input: Partial<Parameters<PaymentGateway['createRefund']>[0]>) => {
      try {
        await gateway.createRefund({
          paymentIntentId: intent.id,
          amountCents: 100,
          idempotencyKey: `k-${Math.random()}`,
          metadata: {},
          ...input,
        });
      } catch (error) {
        expect(error).toBeInstanceOf(PaymentProviderError);
        return (error as PaymentProviderError).cause as Stripe.errors.StripeError;
      }
      throw new Error('expected a PaymentProviderError');
    };
    expect(await refusal({ amountCents: 1001 })).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
    });
    expect(await refusal({ paymentIntentId: 'pi_unknown' })).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const unpaid = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    expect(await refusal({ paymentIntentId: unpaid.id })).toMatchObject({ statusCode: 400 });
    await gateway.createRefund({
      paymentIntentId: intent.id,
      amountCents: 1000,
      idempotencyKey: `full-${intent.id}`,
      metadata: {},
    });
    expect(await refusal({})).toMatchObject({ code: 'charge_already_refunded' });
  });

  it('reports an unreachable Stripe as a PaymentProviderError', async () => {
    const closed = await stripeShapedServer();
    await new Promise((resolve) => closed.server.close(resolve));
    const unreachable = createStripeGateway(
      testConfig({ STRIPE_SECRET_KEY: secretKey, STRIPE_EMULATOR_URL: closed.origin }),
    );
    await expect(
      unreachable?.createRefund({
        paymentIntentId: 'pi_x',
        amountCents: 100,
        idempotencyKey: 'k',
        metadata: {},
      }),
    ).rejects.toThrow(PaymentProviderError);
  });
});
