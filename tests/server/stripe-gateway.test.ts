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
