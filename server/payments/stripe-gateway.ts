import Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../config';

/** Stripe's tolerance for a webhook's signature timestamp, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** How long one call to Stripe may take, and how often a failed one is retried. */
const STRIPE_TIMEOUT_MS = 20_000;
const STRIPE_MAX_NETWORK_RETRIES = 2;

export type CreatePaymentIntentInput = {
  amountCents: number;
  currency: 'usd';
  metadata: Record<string, string>;
  /** Stripe answers every request with the same key with the same PaymentIntent. */
  idempotencyKey: string;
};

export type CreatedPaymentIntent = {
  id: string;
  clientSecret: string;
  status: string;
  amountCents: number;
};

export type CreateRefundInput = {
  paymentIntentId: string;
  /** What to give back, in cents: at most what is left unrefunded on the payment. */
  amountCents: number;
  /** Stripe answers every request with the same key with the same Refund. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type CreatedRefund = { id: string; status: string; amountCents: number };

/**
 * A PaymentIntent as Stripe holds it now (GET /v1/payment_intents/{id}): what the reconciliation
 * of a payment still pending needs (server/services/payment-reconciler.ts).
 */
export type RetrievedPaymentIntent = {
  id: string;
  /** Stripe's status: `succeeded`, `requires_payment_method`, `processing`, `canceled`, … */
  status: string;
  amountCents: number;
  currency: string;
  /** True when the last attempt to pay failed (Stripe's `last_payment_error` is set). */
  lastPaymentFailed: boolean;
};

/**
 * Every Stripe event the webhook acts on, in one place: checkout's dispatch, the start-up check of
 * the endpoint's subscription and docs/deploy.md, "Stripe" (checked by a test) all read it.
 */
export const PAYMENT_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
] as const;
/** A refund settles (or fails) on these; without them it stays "Refund pending" (D55). */
export const REFUND_EVENTS = ['charge.refunded', 'refund.created', 'refund.updated'] as const;
export const HANDLED_STRIPE_EVENTS = [...PAYMENT_EVENTS, ...REFUND_EVENTS] as const;

export function isHandledStripeEvent<T extends readonly string[]>(
  events: T,
  type: string,
): type is T[number] {
  return events.includes(type);
}

/** A webhook endpoint of the Stripe account, as `GET /v1/webhook_endpoints` lists it. */
export type WebhookEndpoint = {
  id: string;
  url: string;
  /** `'*'` subscribes to every event. */
  enabledEvents: string[];
  status: string;
};

/** The part of a Stripe event the shop reads; `data.object` is checked by whoever reads it. */
export type StripeEvent = { id: string; type: string; data: { object: unknown } };

/** The server's view of Stripe: all it needs, so tests can swap it (like the IdentityProvider). */
export interface PaymentGateway {
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<CreatedPaymentIntent>;
  /**
   * Refunds (part of) a succeeded PaymentIntent. Throws PaymentProviderError when Stripe cannot be
   * reached or refuses (nothing left to refund, amount too large, payment not succeeded…).
   */
  createRefund(input: CreateRefundInput): Promise<CreatedRefund>;
  /**
   * Asks Stripe about one PaymentIntent. Throws PaymentProviderError when Stripe cannot be reached
   * or does not know it.
   */
  retrievePaymentIntent(id: string): Promise<RetrievedPaymentIntent>;
  /** Asks Stripe about one Refund (its status: pending, succeeded, failed, canceled…). */
  retrieveRefund(id: string): Promise<{ id: string; status: string | null }>;
  /**
   * Verifies the Stripe-Signature of a raw body (300 s tolerance) and returns the event. Throws
   * WebhookSignatureError when the header is bad, missing or stale, and
   * WebhooksNotConfiguredError when no webhook secret is configured.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): StripeEvent;
  /**
   * The account's webhook endpoints. Throws PaymentPermissionError when the key may not read them
   * (a restricted key), PaymentProviderError when Stripe cannot be reached.
   */
  listWebhookEndpoints(): Promise<WebhookEndpoint[]>;
}

/** Stripe could not be reached, or refused the call: the client may try again (502). */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** The key may not make this call (a restricted key without the permission; Stripe's 403). */
export class PaymentPermissionError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PaymentPermissionError';
  }
}

/** A webhook whose signature does not check out (400). */
export class WebhookSignatureError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'WebhookSignatureError';
  }
}

/** STRIPE_WEBHOOK_SECRET is not set (503). */
export class WebhooksNotConfiguredError extends Error {
  constructor() {
    super('STRIPE_WEBHOOK_SECRET is not set');
    this.name = 'WebhooksNotConfiguredError';
  }
}

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.unknown() }),
});

/**
 * Stripe's own check of a webhook (`stripe.webhooks.constructEvent`, HMAC-SHA256 of `t.payload`,
 * 300 s tolerance), with its failures turned into WebhookSignatureError. Shared by the real
 * gateway and the tests' gateway, so the tests run the real verification.
 */
export function verifyStripeWebhook(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  webhookSecret: string,
): StripeEvent {
  if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header');
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch (error) {
    // A signature error, or a signed body that is not JSON: either way not an event we take.
    throw new WebhookSignatureError(error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) throw new WebhookSignatureError('The signed body is not a Stripe event');
  return parsed.data;
}

/** Where the stripe package sends its requests: Stripe itself, or the local emulator. */
function stripeOptions(config: Config): ConstructorParameters<typeof Stripe>[1] {
  const common = { maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES, timeout: STRIPE_TIMEOUT_MS };
  if (!config.STRIPE_EMULATOR_URL) return common;
  const url = new URL(config.STRIPE_EMULATOR_URL);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    ...common,
    host: url.hostname,
    port: url.port || (protocol === 'https' ? 443 : 80),
    protocol,
  };
}

/** Stripe's answer to `call`, or a PaymentProviderError saying which call failed (`what`). */
async function askStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new PaymentProviderError(`${what} failed`, { cause: error });
  }
}

/**
 * The production gateway, on the official `stripe` package; pointed at the Stripe emulator when
 * STRIPE_EMULATOR_URL is set. Null when STRIPE_SECRET_KEY is not set (card payment off).
 */
export function createStripeGateway(config: Config): PaymentGateway | null {
  const secretKey = config.STRIPE_SECRET_KEY;
  if (!secretKey) return null;
  const stripe = new Stripe(secretKey, stripeOptions(config));
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;

  return {
    async createPaymentIntent(input) {
      const intent = await askStripe('Creating the PaymentIntent', () =>
        stripe.paymentIntents.create(
          { amount: input.amountCents, currency: input.currency, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!intent.client_secret) {
        throw new PaymentProviderError(`PaymentIntent ${intent.id} came without a client secret`);
      }
      return {
        id: intent.id,
        clientSecret: intent.client_secret,
        status: intent.status,
        amountCents: intent.amount,
      };
    },

    async createRefund(input) {
      const refund = await askStripe(`Refunding PaymentIntent ${input.paymentIntentId}`, () =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountCents,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      // Stripe types `status` as nullable; a refund without one is not known to be done.
      return { id: refund.id, status: refund.status ?? 'pending', amountCents: refund.amount };
    },

    async retrievePaymentIntent(id) {
      const intent = await askStripe(`Retrieving PaymentIntent ${id}`, () =>
        stripe.paymentIntents.retrieve(id),
      );
      return {
        id: intent.id,
        status: intent.status,
        amountCents: intent.amount,
        currency: intent.currency,
        lastPaymentFailed: intent.last_payment_error != null,
      };
    },

    async retrieveRefund(id) {
      const refund = await askStripe(`Retrieving Refund ${id}`, () => stripe.refunds.retrieve(id));
      return { id: refund.id, status: refund.status };
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!webhookSecret) throw new WebhooksNotConfiguredError();
      return verifyStripeWebhook(rawBody, signatureHeader, webhookSecret);
    },

    async listWebhookEndpoints() {
      const endpoints: WebhookEndpoint[] = [];
      try {
        for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) {
          endpoints.push({
            id: endpoint.id,
            url: endpoint.url,
            enabledEvents: endpoint.enabled_events,
            status: endpoint.status,
          });
        }
      } catch (error) {
        if (error instanceof Stripe.errors.StripePermissionError)
          throw new PaymentPermissionError(error.message, { cause: error });
        throw new PaymentProviderError('Listing the webhook endpoints failed', { cause: error });
      }
      return endpoints;
    },
  };
}
