// The Stripe.js stand-in as a browser page gets it: loaded with a <script src> from the running
// emulator into a jsdom page, used through `loadStripe` (which must return it) and driven like a user.
import { loadStripe } from '@stripe/stripe-js/pure';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import { startStripeEmulator, type StripeEmulator } from '../../scripts/stripe-emulator/emulator';

type PageWindow = Window & typeof globalThis;
type Page = { window: PageWindow; close: () => Promise<void> };

/** Local deliveries are fast; the margin is for a busy machine. */
const eventually = { timeout: 5_000, interval: 20 };
const publishableKey = 'pk_test_stand_in';

/** A jsdom page on the web app's origin (jsdom has no types here; vitest's environment builds it). */
async function openPage(emulator: StripeEmulator): Promise<Page> {
  const holder: Record<string, unknown> = {};
  const environment = await builtinEnvironments.jsdom.setup(holder, {
    jsdom: {
      url: 'http://127.0.0.1:5173/paymentcard',
      html: '<!doctype html><html lang="en"><head><title>Pay</title></head><body><main><div id="card"></div></main></body></html>',
      resources: 'usable',
      runScripts: 'dangerously',
    },
  });
  const { window } = holder.jsdom as { window: PageWindow };
  // jsdom has no fetch of its own; the browser's would be there.
  window.fetch = fetch;
  const script = window.document.createElement('script');
  script.src = `${emulator.url}/v3/stripe.js`;
  const loaded = new Promise<void>((resolve, reject) => {
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error('stripe.js did not load')));
  });
  window.document.head.append(script);
  await loaded;
  return { window, close: async () => environment.teardown(holder) };
}

function type(window: PageWindow, label: string, text: string): void {
  const input = window.document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (!input) throw new Error(`no input labelled ${label}`);
  input.focus();
  input.value = text;
  input.dispatchEvent(new window.InputEvent('input', { bubbles: true, inputType: 'insertText' }));
  input.blur();
}

type StandIn = {
  elements(options?: unknown): {
    create(type: string, options?: unknown): CardElementLike;
    getElement(type: unknown): CardElementLike | null;
  };
  confirmCardPayment(secret: string, data?: unknown): Promise<PaymentResult>;
  retrievePaymentIntent(secret: string): Promise<PaymentResult>;
  createPaymentMethod(data: unknown): Promise<PaymentResult>;
};
type CardElementLike = {
  mount(node: string | HTMLElement): void;
  on(event: string, handler: (payload: unknown) => void): void;
  destroy(): void;
};
type PaymentResult = {
  paymentIntent?: { id: string; status: string };
  error?: { type: string; code?: string; message: string };
};

describe('Stripe.js stand-in', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let page: Page | undefined;
  beforeAll(async () => {
    emulator = await startStripeEmulator({ port: 0 });
    stripe = new Stripe('sk_test_stand_in', {
      host: '127.0.0.1',
      port: emulator.port,
      protocol: 'http',
    });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await page?.close();
    page = undefined;
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('is served as JavaScript that other origins may load, and parses', async () => {
    for (const path of ['/v3/stripe.js', '/v3/']) {
      const response = await fetch(`${emulator.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const source = await response.text();
      expect(() => new Function(source)).not.toThrow();
    }
  });

  it('is what loadStripe returns, without a version warning, and react-stripe-js accepts it', async () => {
    page = await openPage(emulator);
    vi.stubGlobal('window', page.window);
    vi.stubGlobal('document', page.window.document);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loaded = await loadStripe(publishableKey);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    // react-stripe-js's isStripe() check: these four must be functions.
    for (const method of ['elements', 'createToken', 'createPaymentMethod', 'confirmCardPayment'])
      expect(typeof (loaded as unknown as Record<string, unknown>)[method]).toBe('function');
  });

  it('works through react-stripe-js: <Elements>, <CardElement>, useStripe, useElements', async () => {
    page = await openPage(emulator);
    const { window } = page;
    vi.stubGlobal('window', window);
    vi.stubGlobal('document', window.document);
    vi.stubGlobal('navigator', window.navigator);
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    // Loaded after the page exists, as in a browser (react-dom looks for a DOM when it loads).
    const { act, createElement } = await import('react');
    const { createRoot } = await import('react-dom/client');
    const { CardElement, Elements, useElements, useStripe } =
      await import('@stripe/react-stripe-js');
    const hooks: {
      stripe?: ReturnType<typeof useStripe>;
      elements?: ReturnType<typeof useElements>;
    } = {};
    function PayForm() {
      hooks.stripe = useStripe();
      hooks.elements = useElements();
      return createElement(CardElement, { options: { style: { base: { fontSize: '16px' } } } });
    }
    const root = createRoot(window.document.getElementById('card') as HTMLElement);
    await act(async () => {
      root.render(
        createElement(Elements, { stripe: loadStripe(publishableKey) }, createElement(PayForm)),
      );
    });
    await vi.waitFor(
      () => expect(window.document.querySelector('input[aria-label="Card number"]')).not.toBeNull(),
      eventually,
    );
    type(window, 'Card number', '4242424242424242');
    type(window, 'Expiration date MM / YY', '12' + String((new Date().getFullYear() + 2) % 100));
    type(window, 'CVC', '123');
    type(window, 'ZIP', '10001');

    const intent = await stripe.paymentIntents.create({ amount: 1999, currency: 'usd' });
    const card = hooks.elements?.getElement(CardElement);
    expect(card).toBeTruthy();
    const result = await hooks.stripe?.confirmCardPayment(intent.client_secret ?? '', {
      payment_method: { card: card as NonNullable<typeof card> },
    });
    expect(result?.paymentIntent?.status).toBe('succeeded');
    await act(async () => root.unmount());
    expect(window.document.querySelector('input[aria-label="Card number"]')).toBeNull();
  });

  it('mounts an accessible card field at the given font size, and pays with 4242 4242 4242 4242', async () => {
    page = await openPage(emulator);
    const { window } = page;
    const standIn = (window as unknown as { Stripe: (key: string) => StandIn }).Stripe(
      publishableKey,
    );
    const elements = standIn.elements();
    const card = elements.create('card', { style: { base: { fontSize: '16px' } } });
    const events: { type: string; payload: unknown }[] = [];
    for (const type of ['ready', 'change', 'focus', 'blur'])
      card.on(type, (payload) => events.push({ type, payload }));
    card.mount('#card');
    expect(elements.getElement('card')).toBe(card);
    expect(elements.getElement({ __elementType: 'card' })).toBe(card);
    expect(() => elements.create('payment')).toThrow(/supports only the 'card' Element/);

    const mountNode = window.document.getElementById('card') as HTMLElement;
    const inputs = [...mountNode.querySelectorAll('input')];
    expect(inputs.map((input) => input.getAttribute('aria-label'))).toEqual([
      'Card number',
      'Expiration date MM / YY',
      'CVC',
      'ZIP',
    ]);
    expect(inputs.slice(0, 3).map((input) => input.getAttribute('autocomplete'))).toEqual([
      'cc-number',
      'cc-exp',
      'cc-csc',
    ]);
    expect(inputs.slice(0, 3).every((input) => input.inputMode === 'numeric')).toBe(true);
    const group = mountNode.firstElementChild as HTMLElement;
    expect(group.style.fontSize).toBe('16px');
    expect(group.style.height).toBe('1.2em');
    expect(mountNode.classList.contains('StripeElement')).toBe(true);
    await vi.waitFor(
      () => expect(events.map((event) => event.type)).toContain('ready'),
      eventually,
    );

    type(window, 'Card number', '4242424242424242');
    expect(inputs[0]?.value).toBe('4242 4242 4242 4242');
    type(window, 'Expiration date MM / YY', '12' + String((new Date().getFullYear() + 2) % 100));
    type(window, 'CVC', '123');
    type(window, 'ZIP', '10001');
    const changes = events.filter((event) => event.type === 'change');
    expect(changes.at(-1)?.payload).toEqual({
      elementType: 'card',
      empty: false,
      complete: true,
      brand: 'visa',
      error: undefined,
      value: { postalCode: '10001' },
    });

    const intent = await stripe.paymentIntents.create({ amount: 2599, currency: 'usd' });
    const result = await standIn.confirmCardPayment(intent.client_secret ?? '', {
      payment_method: { card, billing_details: { name: 'Ada Lovelace' } },
    });
    expect(result.error).toBeUndefined();
    expect(result.paymentIntent).toMatchObject({ id: intent.id, status: 'succeeded' });
    const paid = await stripe.paymentIntents.retrieve(intent.id, { expand: ['payment_method'] });
    expect(paid.status).toBe('succeeded');
    expect(paid.payment_method).toMatchObject({
      card: { last4: '4242', brand: 'visa' },
      billing_details: { name: 'Ada Lovelace', address: { postal_code: '10001' } },
    });

    const retrieved = await standIn.retrievePaymentIntent(intent.client_secret ?? '');
    expect(retrieved.paymentIntent).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect(await standIn.createPaymentMethod({})).toEqual({
      error: { type: 'invalid_request_error', message: 'Not supported by the Stripe emulator' },
    });
  });

  it('passes axe (no serious or critical violations) and shows a visible focus ring', async () => {
    page = await openPage(emulator);
    const { window } = page;
    const standIn = (window as unknown as { Stripe: (key: string) => StandIn }).Stripe(
      publishableKey,
    );
    standIn
      .elements()
      .create('card', { style: { base: { fontSize: '16px' } } })
      .mount('#card');
    // axe-core finds the page through the window and document globals when it loads.
    vi.stubGlobal('window', window);
    vi.stubGlobal('document', window.document);
    const { default: axe } = await import('axe-core');
    const results = await axe.run(window.document.getElementById('card') as HTMLElement, {
      resultTypes: ['violations'],
      // jsdom does no layout, so contrast is for the browser e2e run (tests/e2e/support/axe.ts).
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = results.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);
    expect(results.passes.map((rule) => rule.id)).toContain('label');

    const rules = [...window.document.querySelectorAll('style')]
      .map((style) => style.textContent)
      .join('\n');
    expect(rules).toMatch(/input:focus-visible \{ outline: 2px solid/);
  });

  it('resolves { error } with Stripe’s message for a declined card, and the next card can pay', async () => {
    page = await openPage(emulator);
    const { window } = page;
    const standIn = (window as unknown as { Stripe: (key: string) => StandIn }).Stripe(
      publishableKey,
    );
    const card = standIn.elements().create('card', { hidePostalCode: true });
    card.mount('#card');
    expect(window.document.querySelector('input[aria-label="ZIP"]')).toBeNull();
    const expiry = '12' + String((new Date().getFullYear() + 2) % 100);
    type(window, 'Card number', '4000000000000002');
    type(window, 'Expiration date MM / YY', expiry);
    type(window, 'CVC', '123');

    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    const secret = intent.client_secret ?? '';
    const declined = await standIn.confirmCardPayment(secret, { payment_method: { card } });
    expect(declined.paymentIntent).toBeUndefined();
    expect(declined.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });

    type(window, 'Card number', '4000000000009995');
    const poor = await standIn.confirmCardPayment(secret, { payment_method: { card } });
    expect(poor.error?.message).toBe('Your card has insufficient funds.');

    type(window, 'Card number', '4242424242424242');
    const paid = await standIn.confirmCardPayment(secret, { payment_method: { card } });
    expect(paid.paymentIntent?.status).toBe('succeeded');
  });

  it('answers incomplete or invalid fields with a validation_error and no network call', async () => {
    page = await openPage(emulator);
    const { window } = page;
    const standIn = (window as unknown as { Stripe: (key: string) => StandIn }).Stripe(
      publishableKey,
    );
    const card = standIn.elements().create('card');
    const changes: unknown[] = [];
    card.on('change', (payload) => changes.push(payload));
    card.mount('#card');
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    const secret = intent.client_secret ?? '';
    const confirm = () => standIn.confirmCardPayment(secret, { payment_method: { card } });

    type(window, 'Card number', '4242 4242');
    expect(await confirm()).toEqual({
      error: {
        type: 'validation_error',
        code: 'incomplete_number',
        message: 'Your card number is incomplete.',
      },
    });
    type(window, 'Card number', '4242424242424241');
    expect(changes.at(-1)).toMatchObject({
      complete: false,
      error: { code: 'invalid_number', message: 'Your card number is invalid.' },
    });
    type(window, 'Card number', '4242424242424242');
    type(window, 'Expiration date MM / YY', '12');
    expect((await confirm()).error?.message).toBe("Your card's expiration date is incomplete.");
    type(window, 'Expiration date MM / YY', '1299');
    type(window, 'CVC', '12');
    expect((await confirm()).error?.message).toBe("Your card's security code is incomplete.");

    // No confirm reached the emulator: the PaymentIntent made no events beyond its creation.
    const events = (await (
      await fetch(`${emulator.url}/_emulator/events?payment_intent=${intent.id}`)
    ).json()) as { data: { event: { type: string } }[] };
    expect(events.data.map((record) => record.event.type)).toEqual(['payment_intent.created']);
  });
});
