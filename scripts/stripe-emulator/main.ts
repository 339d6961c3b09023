// CLI: node_modules/.bin/tsx scripts/stripe-emulator/main.ts --port 12111 \
//   --webhook-url http://127.0.0.1:3000/api/payments/webhook --webhook-secret whsec_…
//   [--webhook-events payment_intent.succeeded,charge.refunded] (what GET /v1/webhook_endpoints
//   says the endpoint is subscribed to; default '*', every event)
//   [--retry-scale 0.01] (Stripe's three days of webhook retries, scaled; default 1/600)
// Env fallbacks: STRIPE_EMULATOR_PORT, STRIPE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET,
// STRIPE_WEBHOOK_EVENTS, STRIPE_EMULATOR_RETRY_SCALE.
import { parseArgs } from 'node:util';
import { startStripeEmulator } from './emulator';

const defaultPort = 12111;

function fail(message: string): never {
  console.error(`stripe-emulator: ${message}`);
  process.exit(2);
}

async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'production')
    fail(
      'the Stripe emulator is for development and tests; it does not run with NODE_ENV=production',
    );
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string' },
      'retry-scale': { type: 'string' },
      'webhook-events': { type: 'string' },
    },
  });
  const scaleText = values['retry-scale'] ?? process.env.STRIPE_EMULATOR_RETRY_SCALE;
  const retryScale = scaleText === undefined ? undefined : Number(scaleText);
  if (retryScale !== undefined && !(retryScale > 0 && retryScale <= 1))
    fail(`invalid retry scale (a number in (0, 1], e.g. 0.01): ${scaleText}`);
  const port = Number(values.port ?? process.env.STRIPE_EMULATOR_PORT ?? defaultPort);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`invalid port: ${values.port}`);
  const webhookUrl = values['webhook-url'] ?? process.env.STRIPE_WEBHOOK_URL;
  const webhookSecret = values['webhook-secret'] ?? process.env.STRIPE_WEBHOOK_SECRET;
  if (Boolean(webhookUrl) !== Boolean(webhookSecret))
    fail('give both --webhook-url and --webhook-secret (or neither)');
  if (webhookUrl && !URL.canParse(webhookUrl)) fail(`invalid webhook URL: ${webhookUrl}`);

  const eventList = values['webhook-events'] ?? process.env.STRIPE_WEBHOOK_EVENTS;
  const enabledEvents = eventList
    ?.split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '');

  const log = (line: string) => console.log(`[stripe-emulator] ${line}`);
  const emulator = await startStripeEmulator({
    port,
    host: values.host,
    retryScale,
    webhook:
      webhookUrl && webhookSecret
        ? { url: webhookUrl, secret: webhookSecret, enabledEvents }
        : undefined,
    log,
  });
  console.log(`Stripe emulator ready at ${emulator.url}`);
  if (webhookUrl) log(`webhooks go to ${webhookUrl}`);
  else log('no webhook configured (--webhook-url/--webhook-secret): events are only recorded');

  const stop = () => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
