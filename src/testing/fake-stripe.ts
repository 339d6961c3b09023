// A stand-in for Stripe.js at the browser's network edge, for the web tests (jsdom cannot load
// js.stripe.com). It follows Stripe.js's documented API for what the card screen uses —
// `elements()`, `create('card', options)`, `mount`, `on`/`off`, `getElement`,
// `confirmCardPayment`, `createToken`, `createPaymentMethod` — and answers like Stripe's test
// mode: the card number decides (4242… succeeds, 4000…0002 is declined, …). Tests inject it by
// mocking the loader: `vi.mock('@/lib/stripe', () => import('@/testing/fake-stripe').then((m) =>
// m.fakeStripeModule))`.
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import type { loadStripeClient } from '@/lib/stripe';

type Handler = (event?: unknown) => void;

/** Stripe's documented outcomes of its test cards (https://docs.stripe.com/testing). */
const TEST_CARDS: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};
const SUCCEEDING_CARD = '4242424242424242';

/** The card field: one labelled input stands in for Stripe's iframe. */
export class FakeCardElement {
  readonly handlers = new Map<string, Set<Handler>>();
  input: HTMLInputElement | null = null;

  constructor(
    readonly type: string,
    public options: Record<string, unknown> | undefined,
    private readonly sendReady: () => boolean,
  ) {}

  get number(): string {
    return (this.input?.value ?? '').replace(/\D/g, '');
  }

  mount(domNode: HTMLElement): void {
    const input = document.createElement('input');
    input.setAttribute('aria-label', 'Card number');
    input.setAttribute('inputmode', 'numeric');
    input.setAttribute('autocomplete', 'cc-number');
    input.addEventListener('input', () => {
      const number = this.number;
      const event: StripeCardElementChangeEvent = {
        elementType: 'card',
        empty: number === '',
        complete: number.length === 16,
        brand: number.startsWith('4') ? 'visa' : 'unknown',
        value: { postalCode: '' },
        error: undefined,
      };
      this.emit('change', event);
    });
    domNode.append(input);
    this.input = input;
    // Stripe's iframe reports `ready` once it has loaded, after mount returns.
    setTimeout(() => {
      if (this.input && this.sendReady()) this.emit('ready', { elementType: this.type });
    });
  }

  on(event: string, handler: Handler): this {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }

  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  emit(event: string, payload?: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }

  update(options: Record<string, unknown>): void {
    this.options = { ...this.options, ...options };
  }

  unmount(): void {
    this.input?.remove();
    this.input = null;
  }

  destroy(): void {
    this.unmount();
    this.handlers.clear();
  }

  focus(): void {
    this.input?.focus();
  }

  blur(): void {
    this.input?.blur();
  }

  clear(): void {
    if (this.input) this.input.value = '';
  }
}

type ConfirmData = { payment_method?: { card?: unknown; billing_details?: unknown } };
export type ConfirmCall = { clientSecret: string; data: ConfirmData; cardNumber: string };

function cardError(code: string, message: string, decline_code?: string) {
  return { error: { type: 'card_error', code, decline_code, message } };
}

class FakeStripeControl {
  /** False: the loader answers null, as without `VITE_STRIPE_PUBLISHABLE_KEY`. */
  configured = true;
  /** False: the card field never reports `ready` (Stripe.js still loading its iframe). */
  cardSendsReady = true;
  /** Every `confirmCardPayment` call, in order. */
  confirmCalls: ConfirmCall[] = [];
  /** The card elements created, in order (their `options` are what the page passed). */
  cards: FakeCardElement[] = [];
  /** Called after a confirmation succeeded, with its client secret (e.g. to play the webhook). */
  onSucceeded: ((clientSecret: string) => void) | null = null;
  private succeeded = new Set<string>();
  private gate: Promise<void> | null = null;

  reset(): void {
    this.configured = true;
    this.cardSendsReady = true;
    this.confirmCalls = [];
    this.cards = [];
    this.onSucceeded = null;
    this.succeeded = new Set();
    this.gate = null;
  }

  /** Holds confirmations until the returned function is called (to see the pending state). */
  hold(): () => void {
    let release = () => undefined as void;
    this.gate = new Promise<void>((resolve) => {
      release = () => {
        this.gate = null;
        resolve();
      };
    });
    return release;
  }

  /** A Stripe object, as `Stripe(publishableKey)` returns it. */
  createStripe(): Stripe {
    const elements = new Map<string, FakeCardElement>();
    const fake = {
      elements: () => ({
        create: (type: string, options?: Record<string, unknown>) => {
          const element = new FakeCardElement(type, options, () => this.cardSendsReady);
          elements.set(type, element);
          this.cards.push(element);
          return element;
        },
        // Takes the type, or (as react-stripe-js passes it) the Element component.
        getElement: (type: string | { __elementType?: string }) =>
          elements.get(typeof type === 'string' ? type : (type.__elementType ?? '')) ?? null,
        update: () => undefined,
      }),
      confirmCardPayment: async (clientSecret: string, data: ConfirmData = {}) => {
        const card = data.payment_method?.card;
        const cardNumber = card instanceof FakeCardElement ? card.number : '';
        this.confirmCalls.push({ clientSecret, data, cardNumber });
        await this.gate;
        if (this.succeeded.has(clientSecret)) {
          return {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message:
                'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
            },
          };
        }
        if (cardNumber.length < 16) {
          return {
            error: {
              type: 'validation_error',
              code: 'incomplete_number',
              message: 'Your card number is incomplete.',
            },
          };
        }
        const declined = TEST_CARDS[cardNumber];
        if (declined) return cardError(declined.code, declined.message, declined.decline_code);
        if (cardNumber !== SUCCEEDING_CARD) {
          return cardError('invalid_number', 'Your card number is invalid.');
        }
        this.succeeded.add(clientSecret);
        this.onSucceeded?.(clientSecret);
        return {
          paymentIntent: {
            id: clientSecret.split('_secret')[0],
            object: 'payment_intent',
            client_secret: clientSecret,
            status: 'succeeded',
          },
        };
      },
      createToken: async () => ({
        error: { type: 'invalid_request_error', message: 'Tokens are not used by this app.' },
      }),
      createPaymentMethod: async () => ({
        error: { type: 'invalid_request_error', message: 'Payment methods are made on confirm.' },
      }),
    };
    return fake as unknown as Stripe;
  }
}

/** The one fake; `reset()` it before each test. */
export const fakeStripe = new FakeStripeControl();

/** `src/lib/stripe.ts` with the fake behind it (for `vi.mock`). */
export const fakeStripeModule: { loadStripeClient: typeof loadStripeClient } = {
  loadStripeClient: () =>
    fakeStripe.configured ? Promise.resolve(fakeStripe.createStripe()) : null,
};
