import { randomBytes } from 'node:crypto';
import { startProcess, waitForUrl, type Managed } from './processes';

/**
 * Keys the local stacks hand to the Stripe emulator's clients. The emulator accepts any test-mode
 * key; these say where they come from. The webhook secret is per stack (see below).
 */
export const EMULATOR_SECRET_KEY = 'sk_test_learntogether_stripe_emulator';
export const EMULATOR_PUBLISHABLE_KEY = 'pk_test_learntogether_stripe_emulator';

/** A fresh `whsec_…` secret: the emulator signs its webhooks with it, the server checks them. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

/** The server's environment for talking to an emulator on `port` (see server/config.ts). */
export function stripeServerEnv(port: number, webhookSecret: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: EMULATOR_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_EMULATOR_URL: `http://127.0.0.1:${port}`,
  };
}

/** The web app's build-time environment for the emulator on `port` (src/lib/stripe.ts). */
export function stripeWebEnv(port: number): Record<string, string> {
  return {
    VITE_STRIPE_PUBLISHABLE_KEY: EMULATOR_PUBLISHABLE_KEY,
    VITE_STRIPE_EMULATOR_URL: `http://127.0.0.1:${port}`,
  };
}

/**
 * Starts the Stripe emulator (scripts/stripe-emulator/) on `port`, delivering signed webhooks to
 * the product server on `serverPort`, like `stripe listen --forward-to`.
 */
export async function startStripeEmulator(options: {
  port: number;
  serverPort: number;
  webhookSecret: string;
}): Promise<Managed> {
  const emulator = startProcess(
    'stripe',
    'node_modules/.bin/tsx',
    [
      'scripts/stripe-emulator/main.ts',
      '--port',
      String(options.port),
      '--webhook-url',
      `http://127.0.0.1:${options.serverPort}/api/payments/webhook`,
      '--webhook-secret',
      options.webhookSecret,
    ],
    // A Vite build earlier in this process sets NODE_ENV=production, which the emulator refuses.
    { env: { NODE_ENV: 'test' } },
  );
  await waitForUrl(`http://127.0.0.1:${options.port}/`, 30_000);
  return emulator;
}
