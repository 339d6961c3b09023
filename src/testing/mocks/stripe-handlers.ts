import { http, HttpResponse } from 'msw';
import qs from 'qs';
import { chargeOutcomeFor } from '@contract/stripe-test-cards';
import { paymentOfClientSecret, settlePayment } from './checkout-handlers';

// Stripe's API as the one Stripe.js fake (src/testing/stripe/) calls it, answered in the page by msw
// for the web tests and `npm run dev:mock`: confirming a PaymentIntent with a card decides by
// Stripe's test-card table, and a success plays Stripe's webhook (`settlePayment`).

/** Where the fake's Stripe.js sends its API calls (same origin, so msw's worker sees them). */
export const STRIPE_TEST_MODE_PATH = '/stripe-test-mode';

type ConfirmBody = {
  client_secret?: string;
  payment_method_data?: {
    card?: { number?: string };
    billing_details?: Record<string, unknown>;
  };
};

export type ConfirmCall = {
  clientSecret: string;
  cardNumber: string;
  billingDetails: Record<string, unknown> | undefined;
};

/** The webhook's delay in dev:mock: the page waits for the cart to empty, as with Stripe. */
const WEBHOOK_DELAY_MS = 800;

class StripeTestMode {
  /** Every confirmation, in order. */
  confirmCalls: ConfirmCall[] = [];
  /** Stripe's webhook after a success; null: it never arrives. */
  onSucceeded: ((paymentId: string) => void) | null = (paymentId) =>
    setTimeout(() => settlePayment(paymentId), WEBHOOK_DELAY_MS);
  private succeeded = new Set<string>();
  private gate: Promise<void> | null = null;

  /** For each web test: no calls, no webhook unless the test plays it. */
  reset(): void {
    this.confirmCalls = [];
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

  async confirm(paymentIntentId: string, body: ConfirmBody): Promise<Response> {
    const clientSecret = body.client_secret ?? '';
    const cardNumber = body.payment_method_data?.card?.number ?? '';
    this.confirmCalls.push({
      clientSecret,
      cardNumber,
      billingDetails: body.payment_method_data?.billing_details,
    });
    await this.gate;
    const payment = paymentOfClientSecret(clientSecret);
    if (!payment || payment.id !== paymentIntentId)
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${paymentIntentId}'`,
      });
    if (this.succeeded.has(payment.id))
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      });
    const outcome = chargeOutcomeFor(cardNumber);
    if (outcome.result === 'declined')
      return stripeError(402, {
        type: 'card_error',
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: outcome.message,
        param: outcome.param,
      });
    this.succeeded.add(payment.id);
    this.onSucceeded?.(payment.id);
    return HttpResponse.json({
      id: payment.id,
      object: 'payment_intent',
      amount: payment.amountCents,
      currency: 'usd',
      client_secret: clientSecret,
      status: 'succeeded',
    });
  }
}

function stripeError(status: number, error: Record<string, unknown>): Response {
  return HttpResponse.json({ error }, { status });
}

/** The one switchboard of the fake Stripe (the web tests reset it before each test). */
export const stripeTestMode = new StripeTestMode();

export const stripeHandlers = [
  http.post<{ id: string }>(
    `*${STRIPE_TEST_MODE_PATH}/v1/payment_intents/:id/confirm`,
    async ({ request, params }) =>
      stripeTestMode.confirm(params.id, qs.parse(await request.text()) as ConfirmBody),
  ),
];
