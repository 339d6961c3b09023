import type { Config } from '../config';

/**
 * The start-up warning without STRIPE_SECRET_KEY. Production refuses STRIPE_EMULATOR_URL
 * (server/config.ts), so only development is pointed at the local emulator (docs/deploy.md, "Stripe").
 */
export function cardPaymentNotConfiguredWarning(nodeEnv: Config['NODE_ENV']): string {
  const start =
    'STRIPE_SECRET_KEY is not set: card payment is not configured (checkout answers 503). ';
  if (nodeEnv === 'production')
    return (
      start +
      "Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to the Stripe account's secret key and " +
      `the webhook endpoint's signing secret (docs/deploy.md, "Stripe").`
    );
  return (
    start +
    'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or run `npm run dev`, which starts the ' +
    'local Stripe emulator and sets STRIPE_EMULATOR_URL.'
  );
}
