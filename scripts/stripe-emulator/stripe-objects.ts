// Builders for the Stripe objects the emulator answers with, typed with stripe-node's own types so
// the compiler checks them against Stripe's documented shapes.
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { PublishablePaymentIntent } from './api-error';
import type { CardBrand } from '../../contract/stripe-test-cards';

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += alphabet[byte % alphabet.length];
  return token;
}

/** Ids shaped like Stripe's (`pi_3Qx…`, 24 characters after the prefix). */
export function newId(prefix: 'pi' | 'pm' | 'ch' | 're' | 'evt' | 'req' | 'txn' | 'we'): string {
  return `${prefix}_${prefix === 'req' ? randomToken(14) : `3${randomToken(23)}`}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

export type CardDetails = {
  number: string;
  brand: CardBrand;
  expMonth: number;
  expYear: number;
  cvcProvided: boolean;
};

export type BillingDetails = Stripe.PaymentMethod.BillingDetails;

export function emptyBillingDetails(): BillingDetails {
  return {
    address: {
      city: null,
      country: null,
      line1: null,
      line2: null,
      postal_code: null,
      state: null,
    },
    email: null,
    name: null,
    phone: null,
    tax_id: null,
  };
}

export function newPaymentMethod(card: CardDetails, billing: BillingDetails): Stripe.PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billing,
    card: {
      brand: card.brand,
      checks: {
        address_line1_check: null,
        address_postal_code_check: billing.address?.postal_code ? 'pass' : null,
        cvc_check: card.cvcProvided ? 'pass' : null,
      },
      country: 'US',
      display_brand: card.brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      // Stripe's fingerprint identifies a card number; a hash-like token of it serves the same role.
      fingerprint: Buffer.from(card.number).toString('base64url').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: unixNow(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export type NewPaymentIntentFields = {
  amount: number;
  currency: string;
  metadata: Stripe.Metadata;
  description: string | null;
  receiptEmail: string | null;
  automaticPaymentMethods: boolean | undefined;
  paymentMethodTypes: string[];
  shipping: Stripe.PaymentIntent.Shipping | null;
};

export function newPaymentIntent(fields: NewPaymentIntentFields): Stripe.PaymentIntent {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: fields.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods:
      fields.automaticPaymentMethods === undefined
        ? null
        : { allow_redirects: 'always', enabled: fields.automaticPaymentMethods },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: 'automatic',
    created: unixNow(),
    currency: fields.currency,
    customer: null,
    customer_account: null,
    description: fields.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: {
        installments: null,
        mandate_options: null,
        network: null,
        request_three_d_secure: 'automatic',
      },
    },
    payment_method_types: fields.paymentMethodTypes,
    payment_record: null,
    processing: null,
    receipt_email: fields.receiptEmail,
    review: null,
    setup_future_usage: null,
    shipping: fields.shipping,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

export type ChargeFailure = { code: string; declineCode: string; message: string };

export function newCharge(
  paymentIntent: Stripe.PaymentIntent,
  paymentMethod: Stripe.PaymentMethod,
  failure: ChargeFailure | null,
): Stripe.Charge {
  const card = paymentMethod.card;
  const paid = failure === null;
  return {
    id: newId('ch'),
    object: 'charge',
    amount: paymentIntent.amount,
    amount_captured: paid ? paymentIntent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: paid ? newId('txn') : null,
    billing_details: paymentMethod.billing_details,
    calculated_statement_descriptor: 'LEARNTOGETHER',
    captured: paid,
    created: unixNow(),
    currency: paymentIntent.currency,
    customer: null,
    description: paymentIntent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: paid
      ? {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'Payment complete.',
          type: 'authorized',
        }
      : {
          advice_code: 'try_again_later',
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'declined_by_network',
          reason: failure.declineCode,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        },
    paid,
    payment_intent: paymentIntent.id,
    payment_method: paymentMethod.id,
    payment_method_details: card
      ? {
          type: 'card',
          card: {
            amount_authorized: paid ? paymentIntent.amount : null,
            authorization_code: paid ? '123456' : null,
            brand: card.brand,
            checks: card.checks,
            country: card.country,
            electronic_commerce_indicator: null,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            fingerprint: card.fingerprint,
            funding: card.funding,
            installments: null,
            last4: card.last4,
            mandate: null,
            network: card.brand,
            network_token: { used: false },
            network_transaction_id: paid ? randomToken(15) : null,
            regulated_status: 'unregulated',
            three_d_secure: null,
            transaction_link_id: null,
            wallet: null,
          },
        }
      : null,
    receipt_email: paymentIntent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: paymentIntent.shipping,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: paid ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  };
}

export type NewRefundFields = {
  amount: number;
  charge: Stripe.Charge;
  metadata: Stripe.Metadata;
  reason: Stripe.Refund.Reason | null;
};

/** A card refund as Stripe answers it: it succeeds at once (test mode), its ARN still pending. */
export function newRefund(fields: NewRefundFields): Stripe.Refund {
  const { charge } = fields;
  return {
    id: newId('re'),
    object: 'refund',
    amount: fields.amount,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: unixNow(),
    currency: charge.currency,
    customer: null,
    customer_account: null,
    destination_details: {
      type: 'card',
      card: {
        reference_status: 'pending',
        reference_type: 'acquirer_reference_number',
        type: 'refund',
      },
    },
    metadata: fields.metadata,
    payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
    payment_method: typeof charge.payment_method === 'string' ? charge.payment_method : null,
    reason: fields.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

/** What a publishable key (Stripe.js, with the client secret) may see of a PaymentIntent. */
export function publishableView(paymentIntent: Stripe.PaymentIntent): PublishablePaymentIntent {
  const { id, object, amount, automatic_payment_methods, canceled_at, cancellation_reason } =
    paymentIntent;
  const { capture_method, client_secret, confirmation_method, created, currency } = paymentIntent;
  const { description, last_payment_error, livemode, next_action, payment_method } = paymentIntent;
  const { payment_method_types, processing, receipt_email, setup_future_usage, shipping, status } =
    paymentIntent;
  return {
    id,
    object,
    amount,
    automatic_payment_methods,
    canceled_at,
    cancellation_reason,
    capture_method,
    client_secret,
    confirmation_method,
    created,
    currency,
    description,
    last_payment_error,
    livemode,
    next_action,
    payment_method,
    payment_method_types,
    processing,
    receipt_email,
    setup_future_usage,
    shipping,
    status,
  };
}
