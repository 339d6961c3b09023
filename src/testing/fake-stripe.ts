// Stripe.js for the web tests and `npm run dev:mock` (jsdom cannot load js.stripe.com, and dev:mock
// has no Stripe): the one Stripe.js fake (src/testing/stripe/stripe-js-stand-in.ts, also served by
// the Stripe emulator), its API calls answered by msw's Stripe handlers with Stripe's test cards
// (4242… succeeds, 4000 0000 0000 0002 is declined, …). Tests inject it by mocking the loader:
// `vi.mock('@/lib/stripe', () => import('@/testing/fake-stripe').then((m) => m.fakeStripeModule))`;
// dev:mock swaps `src/lib/stripe.ts` for `src/dev-mock/stripe.ts`, which uses it too.
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import type { loadStripeClient } from '@/lib/stripe';
import { STRIPE_TEST_MODE_PATH, stripeTestMode, type ConfirmCall } from './mocks/stripe-handlers';
import { stripeStandIn } from './stripe/stripe-js-stand-in';

type Handler = (payload?: unknown) => void;
type ElementLike = { on(event: string, handler: Handler): unknown };

class FakeStripeControl {
  /** False: the loader answers null, as without `VITE_STRIPE_PUBLISHABLE_KEY`. */
  configured = true;
  /** False: the card field never reports `ready` (Stripe.js still loading its iframe). */
  cardSendsReady = true;
  /** The Elements created, in order, with the options the page passed. */
  cards: { type: string; options: StripeCardElementOptions | undefined }[] = [];

  reset(): void {
    this.configured = true;
    this.cardSendsReady = true;
    this.cards = [];
    stripeTestMode.reset();
  }

  /** Every `confirmCardPayment` that reached Stripe, in order. */
  get confirmCalls(): ConfirmCall[] {
    return stripeTestMode.confirmCalls;
  }

  /** Stripe's webhook after a success, with the PaymentIntent's id (null: it never arrives). */
  set onSucceeded(handler: ((paymentId: string) => void) | null) {
    stripeTestMode.onSucceeded = handler;
  }

  /** Holds confirmations until the returned function is called (to see the pending state). */
  hold(): () => void {
    return stripeTestMode.hold();
  }

  /** A Stripe object, as `Stripe(publishableKey)` returns it. */
  createStripe(): Stripe {
    const base = `${window.location.origin}${STRIPE_TEST_MODE_PATH}`;
    const stripe = stripeStandIn(window, base)('pk_test_fake');
    const elements = stripe.elements.bind(stripe);
    // The page's Elements are recorded; a card field held "loading" never says `ready`.
    stripe.elements = (options?: unknown) => {
      const group = elements(options);
      const create = group.create.bind(group);
      group.create = (type: string, cardOptions?: StripeCardElementOptions) => {
        this.cards.push({ type, options: cardOptions });
        const element = create(type, cardOptions);
        const on = element.on.bind(element);
        (element as ElementLike).on = (event, handler) =>
          event === 'ready' && !this.cardSendsReady ? element : on(event, handler);
        return element;
      };
      return group;
    };
    return stripe as unknown as Stripe;
  }
}

/** The one switchboard; `reset()` it before each test. */
export const fakeStripe = new FakeStripeControl();

/** `src/lib/stripe.ts` with the fake behind it (for `vi.mock`, and dev:mock's swap). */
export const fakeStripeModule: { loadStripeClient: typeof loadStripeClient } = {
  loadStripeClient: () =>
    fakeStripe.configured ? Promise.resolve(fakeStripe.createStripe()) : null,
};
