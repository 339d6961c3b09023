import type { ApiRouteKey } from '../../contract/api-routes';
import {
  HANDLED_STRIPE_EVENTS,
  PaymentPermissionError,
  type PaymentGateway,
  type WebhookEndpoint,
} from './stripe-gateway';

/** The path Stripe posts events to (its entry in contract/api-routes.ts). */
const WEBHOOK_ROUTE = 'POST /api/payments/webhook' satisfies ApiRouteKey;
export const WEBHOOK_PATH = WEBHOOK_ROUTE.slice('POST '.length);

type Log = { info(message: string): void; warn(message: string): void };

/** The handled events an endpoint's subscription lacks (`'*'` is every event). */
export function missingEvents(enabledEvents: readonly string[]): string[] {
  if (enabledEvents.includes('*')) return [];
  return HANDLED_STRIPE_EVENTS.filter((type) => !enabledEvents.includes(type));
}

function pathOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).pathname.replace(/\/+$/, '') : undefined;
}

/**
 * What the operator should know about the account's webhook endpoints: the enabled endpoints
 * posting to this server's webhook path (by their URL's path: the server does not know its own
 * public address), each with the handled events it lacks; when none posts to that path, all
 * enabled endpoints together (docs/deploy.md, "Stripe"; docs/decisions.md D55).
 */
export function subscriptionWarnings(endpoints: readonly WebhookEndpoint[]): string[] {
  const enabled = endpoints.filter((endpoint) => endpoint.status === 'enabled');
  if (enabled.length === 0)
    return [
      'Stripe has no enabled webhook endpoint: paid carts do not become orders and refunds stay ' +
        `pending. Add one for https://<your shop>${WEBHOOK_PATH} with the events ` +
        `${HANDLED_STRIPE_EVENTS.join(', ')} (docs/deploy.md, "Stripe").`,
    ];
  const ours = enabled.filter((endpoint) => pathOf(endpoint.url) === WEBHOOK_PATH);
  if (ours.length === 0) {
    const missing = missingEvents(enabled.flatMap((endpoint) => endpoint.enabledEvents));
    return missing.length === 0
      ? []
      : [
          `No Stripe webhook endpoint posts to ${WEBHOOK_PATH}, and the enabled ones lack ` +
            `${missing.join(', ')}: subscribe the shop's endpoint to them (docs/deploy.md, "Stripe").`,
        ];
  }
  return ours.flatMap((endpoint) => {
    const missing = missingEvents(endpoint.enabledEvents);
    return missing.length === 0
      ? []
      : [
          `The Stripe webhook endpoint ${endpoint.url} (${endpoint.id}) lacks the events ` +
            `${missing.join(', ')}: without them ${consequence(missing)}. Add them in Stripe's ` +
            'dashboard, Developers → Webhooks (docs/deploy.md, "Stripe").',
        ];
  });
}

function consequence(missing: readonly string[]): string {
  const payments = missing.some((type) => type.startsWith('payment_intent.'));
  const refunds = missing.some((type) => !type.startsWith('payment_intent.'));
  if (payments && refunds) return 'paid carts wait to become orders and refunds stay pending';
  return payments ? 'paid carts wait to become orders' : 'refunds stay "Refund pending"';
}

/**
 * At start-up: asks Stripe which events the webhook endpoint is subscribed to and warns about the
 * handled ones it lacks. Never fails start-up: a key that may not read the endpoints (restricted
 * key) or an unreachable Stripe only says the check could not be made.
 */
export async function checkWebhookSubscription(gateway: PaymentGateway, log: Log): Promise<void> {
  let endpoints: WebhookEndpoint[];
  try {
    endpoints = await gateway.listWebhookEndpoints();
  } catch (error) {
    const reason =
      error instanceof PaymentPermissionError
        ? 'the key may not read webhook endpoints (a restricted key: grant it "Webhook Endpoints: Read" to have this checked)'
        : `Stripe could not be asked (${error instanceof Error ? error.message : String(error)})`;
    log.warn(
      `Could not check the Stripe webhook's events: ${reason}. Make sure the endpoint is ` +
        `subscribed to ${HANDLED_STRIPE_EVENTS.join(', ')} (docs/deploy.md, "Stripe").`,
    );
    return;
  }
  const warnings = subscriptionWarnings(endpoints);
  for (const warning of warnings) log.warn(warning);
  if (warnings.length === 0)
    log.info(`The Stripe webhook endpoint is subscribed to every event the shop handles.`);
}
