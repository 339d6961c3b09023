// A local Stripe emulator (like the Firebase Auth Emulator, but ours): the subset of Stripe's API our
// checkout uses (PaymentIntents, refunds), Stripe's test cards, signed webhooks with retries, and a
// Stripe.js stand-in at /v3/stripe.js. State lives in memory. Endpoints under /_emulator/ are ours,
// not Stripe's.
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { EventLog } from './events';
import { buildEmulatorApp } from './http-api';
import { IdempotencyStore } from './idempotency';
import { PaymentIntents } from './payment-intents';
import { Refunds } from './refunds';
import { buildStandInScript } from './stand-in-script';
import { newId, unixNow } from './stripe-objects';
import { DEFAULT_RETRY_SCALE, stripeRetryDelaysMs, WebhookSender } from './webhooks';

export type StripeEmulatorOptions = {
  /** 0 = any free port (tests). */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * Where events go, signed with this whsec_ secret. `enabledEvents` is what
   * `GET /v1/webhook_endpoints` says the endpoint is subscribed to (default `['*']`, every event);
   * events are delivered whatever it says.
   */
  webhook?: { url: string; secret: string; enabledEvents?: string[] };
  /** The webhook retry schedule after a failed attempt; default Stripe's, scaled by retryScale. */
  retryDelaysMs?: number[];
  /** How much faster than Stripe's three days the default schedule runs (default 1/600). */
  retryScale?: number;
  /** One line per webhook attempt; default: none. */
  log?: (line: string) => void;
};

export type StripeEmulator = { url: string; port: number; close(): Promise<void> };

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const events = new EventLog(options.webhook !== undefined);
  const webhooks = options.webhook
    ? new WebhookSender(
        options.webhook,
        options.retryDelaysMs ?? stripeRetryDelaysMs(options.retryScale ?? DEFAULT_RETRY_SCALE),
        log,
      )
    : undefined;
  const intents = new PaymentIntents(events);
  const app = buildEmulatorApp({
    intents,
    refunds: new Refunds(intents, events),
    events,
    idempotency: new IdempotencyStore(),
    webhooks,
    standInScript: await buildStandInScript(),
    defaultApiVersion: Stripe.API_VERSION,
    webhookEndpoints: options.webhook ? [webhookEndpoint(options.webhook)] : [],
  });

  await app.listen({ port: options.port, host });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    close() {
      closing ??= (async () => {
        await webhooks?.close();
        await app.close();
      })();
      return closing;
    },
  };
}

/** The endpoint the emulator delivers to, in the shape of Stripe's WebhookEndpoint object. */
function webhookEndpoint(webhook: NonNullable<StripeEmulatorOptions['webhook']>) {
  return {
    id: newId('we'),
    object: 'webhook_endpoint',
    api_version: null,
    application: null,
    created: unixNow(),
    description: null,
    enabled_events: webhook.enabledEvents ?? ['*'],
    livemode: false,
    metadata: {},
    status: 'enabled',
    url: webhook.url,
  } satisfies Stripe.WebhookEndpoint;
}
