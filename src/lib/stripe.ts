// Stripe.js for the card screen only: this module (and Stripe) is imported by that lazy screen,
// never by the app chunk. `pure` does not fetch js.stripe.com on import, only when asked.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { env } from '@/config/env';

/** Resolves once the script has run; rejects when it cannot be fetched. */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Could not load ${src}`)));
    document.head.append(script);
  });
}

let stripePromise: Promise<Stripe | null> | null = null;

/**
 * The Stripe client, loaded once: null at once when `VITE_STRIPE_PUBLISHABLE_KEY` is unset (card
 * payment is not configured), else a promise of the client, or of null when Stripe.js could not
 * be loaded (offline, blocked). With `VITE_STRIPE_EMULATOR_URL` the emulator's Stripe.js stand-in
 * defines `window.Stripe` first, and `loadStripe` uses it instead of fetching js.stripe.com.
 */
export function loadStripeClient(): Promise<Stripe | null> | null {
  const key = env.stripePublishableKey;
  if (!key) return null;
  stripePromise ??= (async () => {
    if (env.stripeEmulatorUrl && !window.Stripe) {
      await loadScript(`${env.stripeEmulatorUrl}/v3/stripe.js`);
    }
    return loadStripe(key);
  })().catch((error: unknown) => {
    console.error(error);
    // The next visit of the card screen tries again.
    stripePromise = null;
    return null;
  });
  return stripePromise;
}
