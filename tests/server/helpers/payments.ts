import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { paymentIntentResponseSchema, type ShippingAddress } from '../../../contract/payments';
import {
  PaymentProviderError,
  verifyStripeWebhook,
  WebhooksNotConfiguredError,
  type CreatePaymentIntentInput,
  type CreatedPaymentIntent,
  type CreatedRefund,
  type CreateRefundInput,
  type PaymentGateway,
  type WebhookEndpoint,
} from '../../../server/payments/stripe-gateway';
import { bearer, type SignedIn } from './accounts';

export const TEST_WEBHOOK_SECRET = 'whsec_test_learntogether_server_suite';

export type RecordedIntent = CreatedPaymentIntent & {
  input: CreatePaymentIntentInput;
  /** Stripe's `last_payment_error` is set (a declined card). */
  lastPaymentFailed: boolean;
};
export type RecordedRefund = CreatedRefund & { input: CreateRefundInput };

/**
 * A PaymentGateway that keeps PaymentIntents and refunds in memory, as Stripe would: one intent
 * (one refund) per idempotency key, refunds adding up to at most the intent's amount. Webhooks are
 * verified by the production code (stripe's constructEvent).
 */
export type TestGateway = PaymentGateway & {
  /** Every createPaymentIntent call, in order. */
  calls: CreatePaymentIntentInput[];
  /** The intents created, by id. */
  intents: Map<string, RecordedIntent>;
  /** Every createRefund call, in order. */
  refundCalls: CreateRefundInput[];
  /** The refunds created, by id. */
  refunds: Map<string, RecordedRefund>;
  /** The next gateway calls (createPaymentIntent, createRefund, retrievePaymentIntent) fail as a network error would. */
  failNext(count?: number): void;
  /**
   * What Stripe now says of an intent (its card confirmed or declined), as
   * retrievePaymentIntent answers it; the tests deliver the matching webhook, or not.
   */
  setIntentStatus(id: string, status: string, options?: { lastPaymentFailed?: boolean }): void;
  /** What listWebhookEndpoints answers: one endpoint subscribed to every event by default. */
  webhookEndpoints: WebhookEndpoint[];
};

export function createTestGateway(options: { webhookSecret?: string | null } = {}): TestGateway {
  const secret = options.webhookSecret === undefined ? TEST_WEBHOOK_SECRET : options.webhookSecret;
  const byKey = new Map<string, RecordedIntent>();
  const intents = new Map<string, RecordedIntent>();
  const calls: CreatePaymentIntentInput[] = [];
  const refundsByKey = new Map<string, RecordedRefund>();
  const refunds = new Map<string, RecordedRefund>();
  const refundCalls: CreateRefundInput[] = [];
  let failures = 0;
  return {
    calls,
    intents,
    refundCalls,
    refunds,
    webhookEndpoints: [
      {
        id: 'we_test_learntogether',
        url: 'https://shop.example.com/api/payments/webhook',
        enabledEvents: ['*'],
        status: 'enabled',
      },
    ],
    async listWebhookEndpoints() {
      return this.webhookEndpoints;
    },
    failNext(count = 1) {
      failures = count;
    },
    setIntentStatus(id, status, options = {}) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No such test intent: ${id}`);
      intent.status = status;
      intent.lastPaymentFailed = options.lastPaymentFailed ?? false;
    },
    async retrieveRefund(id) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failures > 0) {
        failures -= 1;
        throw new PaymentProviderError('connect ECONNREFUSED 127.0.0.1:1 (test)');
      }
      const refund = refunds.get(id);
      if (!refund) throw new PaymentProviderError(`No such refund: '${id}'`);
      return { id, status: refund.status };
    },
    async retrievePaymentIntent(id) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failures > 0) {
        failures -= 1;
        throw new PaymentProviderError('connect ECONNREFUSED 127.0.0.1:1 (test)');
      }
      const intent = intents.get(id);
      if (!intent) throw new PaymentProviderError(`No such payment_intent: '${id}'`);
      return {
        id,
        status: intent.status,
        amountCents: intent.amountCents,
        currency: intent.input.currency,
        lastPaymentFailed: intent.lastPaymentFailed,
      };
    },
    async createPaymentIntent(input) {
      calls.push(input);
      // Stripe's requests are asynchronous: let concurrent callers interleave.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failures > 0) {
        failures -= 1;
        throw new PaymentProviderError('connect ECONNREFUSED 127.0.0.1:1 (test)');
      }
      const existing = byKey.get(input.idempotencyKey);
      if (existing) return existing;
      const id = `pi_test_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
      const intent: RecordedIntent = {
        id,
        clientSecret: `${id}_secret_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
        status: 'requires_payment_method',
        amountCents: input.amountCents,
        input,
        lastPaymentFailed: false,
      };
      byKey.set(input.idempotencyKey, intent);
      intents.set(id, intent);
      return intent;
    },
    // The tests deliver payment_intent.succeeded themselves, so this gateway does not know which
    // intents were paid: it refunds any intent it created, up to the intent's amount, and refuses
    // (PaymentProviderError, as the real gateway wraps Stripe's 400s) what Stripe would refuse.
    async createRefund(input) {
      refundCalls.push(input);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failures > 0) {
        failures -= 1;
        throw new PaymentProviderError('connect ECONNREFUSED 127.0.0.1:1 (test)');
      }
      const existing = refundsByKey.get(input.idempotencyKey);
      if (existing) {
        if (
          existing.input.paymentIntentId !== input.paymentIntentId ||
          existing.input.amountCents !== input.amountCents
        )
          throw new PaymentProviderError(
            `Keys for idempotent requests can only be used with the same parameters they were first used with (${input.idempotencyKey})`,
          );
        return existing;
      }
      const intent = intents.get(input.paymentIntentId);
      if (!intent)
        throw new PaymentProviderError(`No such payment_intent: '${input.paymentIntentId}'`);
      let refunded = 0;
      for (const refund of refunds.values())
        if (refund.input.paymentIntentId === intent.id) refunded += refund.amountCents;
      const remaining = intent.amountCents - refunded;
      if (remaining <= 0)
        throw new PaymentProviderError(`PaymentIntent ${intent.id} has already been refunded`);
      if (!Number.isInteger(input.amountCents) || input.amountCents < 1)
        throw new PaymentProviderError(`Invalid refund amount: ${input.amountCents}`);
      if (input.amountCents > remaining)
        throw new PaymentProviderError(
          `Refund amount (${input.amountCents}) is greater than unrefunded amount (${remaining})`,
        );
      const refund: RecordedRefund = {
        id: `re_test_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
        status: 'succeeded',
        amountCents: input.amountCents,
        input,
      };
      refundsByKey.set(input.idempotencyKey, refund);
      refunds.set(refund.id, refund);
      return refund;
    },
    verifyWebhook(rawBody, signatureHeader) {
      if (secret === null) throw new WebhooksNotConfiguredError();
      return verifyStripeWebhook(rawBody, signatureHeader, secret);
    },
  };
}

/** A Stripe event as Stripe sends it (the fields the shop reads, and a few it does not). */
export function paymentIntentEvent(
  type: string,
  intent: { id: string; amount: number; currency?: string },
  eventId = `evt_test_${randomUUID().replaceAll('-', '')}`,
): Record<string, unknown> {
  return {
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        currency: intent.currency ?? 'usd',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
      },
    },
  };
}

/**
 * Sends an event to the webhook as Stripe does: the JSON body and a Stripe-Signature made by the
 * official package (`generateTestHeaderString`). `secondsAgo` backdates the signature.
 */
export function deliverWebhook(
  app: FastifyInstance,
  event: unknown,
  options: { secret?: string; secondsAgo?: number; signature?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const payload = JSON.stringify(event);
  const header =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? TEST_WEBHOOK_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - (options.secondsAgo ?? 0),
        })
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    payload,
  });
}

export function shippingFor(user: { email: string }): ShippingAddress {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: user.email,
    country: 'Canada',
    address: '12 Analytical Row',
    city: 'Toronto',
    state: 'Ontario',
    postalCode: 'M5V 2T6',
  };
}

export function askForIntent(
  app: FastifyInstance,
  user: SignedIn,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/payments/intent',
    headers: bearer(user.accessToken),
    // As the web app asks: a book checkout with its address, a course checkout without (D62).
    payload: body.source === 'courses' ? body : { shipping: shippingFor(user), ...body },
  });
}

/** The intent id inside a client secret (`pi_…_secret_…`). */
export function intentIdOf(clientSecret: string): string {
  const id = clientSecret.split('_secret_')[0];
  if (!id) throw new Error(`not a client secret: ${clientSecret}`);
  return id;
}

/**
 * A whole purchase of courses: the intent, then Stripe's signed `payment_intent.succeeded`.
 * Returns the intent id.
 */
export async function buyCourses(
  app: FastifyInstance,
  gateway: TestGateway,
  user: SignedIn,
  items: Array<{ _id: string; quantity: number }>,
): Promise<string> {
  const res = await askForIntent(app, user, { source: 'courses', items });
  expect(res.statusCode, res.body).toBe(200);
  const { clientSecret } = paymentIntentResponseSchema.parse(res.json());
  const intent = gateway.intents.get(intentIdOf(clientSecret));
  if (!intent) throw new Error('the gateway did not create that intent');
  const paid = await deliverWebhook(
    app,
    paymentIntentEvent('payment_intent.succeeded', { id: intent.id, amount: intent.amountCents }),
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return intent.id;
}

/**
 * A whole purchase of books: each into the cart, the intent, then Stripe's signed
 * `payment_intent.succeeded`. Returns the intent id and the orders it made, in cart order.
 */
export async function buyBooks(
  app: FastifyInstance,
  gateway: TestGateway,
  user: SignedIn,
  items: Array<{ bookId: string; quantity: number }>,
): Promise<{ id: string; orderIds: string[] }> {
  for (const item of items) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(user.accessToken),
      payload: item,
    });
    expect([200, 201], res.body).toContain(res.statusCode);
  }
  const res = await askForIntent(app, user, { source: 'books' });
  expect(res.statusCode, res.body).toBe(200);
  const intent = gateway.intents.get(
    intentIdOf(paymentIntentResponseSchema.parse(res.json()).clientSecret),
  );
  if (!intent) throw new Error('the gateway did not create that intent');
  const paid = await deliverWebhook(
    app,
    paymentIntentEvent('payment_intent.succeeded', { id: intent.id, amount: intent.amountCents }),
  );
  expect(paid.statusCode, paid.body).toBe(200);
  const orders = await app.db.query<{ id: string }>(
    'select id from orders where payment_intent_id = $1 order by payment_line',
    [intent.id],
  );
  return { id: intent.id, orderIds: orders.map((order) => order.id) };
}
