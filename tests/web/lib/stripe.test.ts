import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '@/config/env';
import { fakeStripe } from '@/testing/fake-stripe';

/** src/lib/stripe.ts, fresh, with these VITE_* settings. */
async function loaderWith(raw: Record<string, string>) {
  vi.resetModules();
  vi.doMock('@/config/env', () => ({ env: parseEnv(raw) }));
  return (await import('@/lib/stripe')).loadStripeClient;
}

afterEach(() => {
  vi.doUnmock('@/config/env');
  delete window.Stripe;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('loadStripeClient', () => {
  it('is null without VITE_STRIPE_PUBLISHABLE_KEY: card payment is not configured', async () => {
    const load = await loaderWith({ VITE_STRIPE_EMULATOR_URL: 'http://127.0.0.1:12111' });
    expect(load()).toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('with the emulator: loads its Stripe.js stand-in first, then loadStripe uses its window.Stripe', async () => {
    const load = await loaderWith({
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      VITE_STRIPE_EMULATOR_URL: 'http://127.0.0.1:12111/',
    });
    const keys: string[] = [];
    const instance = fakeStripe.createStripe();

    const loading = load();
    const script = document.head.querySelector('script');
    expect(script).toHaveAttribute('src', 'http://127.0.0.1:12111/v3/stripe.js');
    // What the stand-in does when it runs.
    window.Stripe = Object.assign(
      (key: string) => {
        keys.push(key);
        return instance;
      },
      { version: 'endive' },
    ) as unknown as typeof window.Stripe;
    script?.dispatchEvent(new Event('load'));

    await expect(loading).resolves.toBe(instance);
    expect(keys).toEqual(['pk_test_local']);
    // Loaded once: the next visit of the card screen gets the same client.
    expect(load()).toBe(loading);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('a stand-in that cannot be fetched answers null (the screen says the card form could not load)', async () => {
    const load = await loaderWith({
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      VITE_STRIPE_EMULATOR_URL: 'http://127.0.0.1:12111',
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const loading = load();
    document.head.querySelector('script')?.dispatchEvent(new Event('error'));

    await expect(loading).resolves.toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it('refuses a VITE_STRIPE_EMULATOR_URL that is no http(s) origin', () => {
    expect(() => parseEnv({ VITE_STRIPE_EMULATOR_URL: 'localhost:12111' })).toThrow(
      /VITE_STRIPE_EMULATOR_URL/,
    );
  });
});
