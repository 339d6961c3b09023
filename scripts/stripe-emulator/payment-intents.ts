// The PaymentIntent state machine for the subset we emulate: create → (confirm with a card →
// succeeded | requires_payment_method with last_payment_error) → … ; cancel from any open state.
import type Stripe from 'stripe';
import { ApiError, apiErrors, docUrl, type ErrorBody } from './api-error';
import {
  cardBrand,
  cardNumberLength,
  cvcLength,
  digitsOnly,
  fullYear,
  isExpired,
  passesLuhn,
  cardMessages,
  chargeOutcomeFor,
  testCardForPaymentMethod,
} from '../../contract/stripe-test-cards';
import type { EventCause, EventLog } from './events';
import {
  readBoolean,
  readInteger,
  readObject,
  readString,
  readStringList,
  rejectUnknown,
  requireString,
  type FormObject,
} from './form-body';
import {
  emptyBillingDetails,
  newCharge,
  newPaymentIntent,
  newPaymentMethod,
  publishableView,
  unixNow,
  type BillingDetails,
  type CardDetails,
} from './stripe-objects';

/** Who asks, and on behalf of which request (for the events it causes). */
export type Caller = EventCause & {
  apiVersion: string;
  /** A publishable key sees only the public fields of a PaymentIntent. */
  publishable: boolean;
};

const confirmableStatuses = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const cancelableStatuses = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const cancellationReasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
const maxAmount = 99_999_999;

export class PaymentIntents {
  private readonly intents = new Map<string, Stripe.PaymentIntent>();
  private readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  private readonly charges = new Map<string, Stripe.Charge>();
  /** Full card numbers, kept apart from the PaymentMethod objects (which show only last4). */
  private readonly cardNumbers = new Map<string, string>();
  /** The API version of the request that created each PaymentIntent, used for its events. */
  private readonly apiVersions = new Map<string, string>();

  constructor(
    private readonly events: EventLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  create(params: FormObject, caller: Caller): Stripe.PaymentIntent {
    rejectUnknown(params, [
      'amount',
      'currency',
      'metadata',
      'description',
      'receipt_email',
      'automatic_payment_methods',
      'payment_method_types',
      'allowed_payment_method_types',
      'shipping',
      'payment_method',
      'payment_method_data',
      'confirm',
      'return_url',
      'expand',
    ]);
    const amount = readAmount(params, true) ?? 0;
    const currency = readCurrency(params, true) ?? '';
    if (currency === 'usd' && amount < 50) throw apiErrors.amountTooSmall();
    const automatic = readObject(params, 'automatic_payment_methods');
    // `allowed_payment_method_types` is the newer API versions' name for `payment_method_types`.
    const allowed = readStringList(params, 'allowed_payment_method_types');
    const types = readStringList(params, 'payment_method_types') ?? allowed;
    if (automatic && types)
      throw apiErrors.invalidValue(
        'automatic_payment_methods',
        `You may only specify one of these parameters: automatic_payment_methods, ${allowed ? 'allowed_payment_method_types' : 'payment_method_types'}.`,
      );
    let automaticEnabled: boolean | undefined;
    if (automatic) {
      rejectUnknown(automatic, ['enabled', 'allow_redirects'], 'automatic_payment_methods');
      automaticEnabled = readBoolean(automatic, 'enabled', 'automatic_payment_methods[enabled]');
      if (automaticEnabled === undefined)
        throw apiErrors.missingParam('automatic_payment_methods[enabled]');
    } else if (!types) automaticEnabled = true; // Stripe's default since API version 2023-08-16.
    const confirm = readBoolean(params, 'confirm') ?? false;
    const paymentMethodId = readString(params, 'payment_method');
    const paymentMethodData = params.payment_method_data;
    if (paymentMethodData !== undefined && !confirm)
      throw apiErrors.invalidValue(
        'payment_method_data',
        'The Stripe emulator takes payment_method_data on create only together with confirm=true.',
      );

    const intent = newPaymentIntent({
      amount,
      currency,
      metadata: readMetadata(params, {}),
      description: readString(params, 'description') ?? null,
      receiptEmail: readString(params, 'receipt_email') ?? null,
      automaticPaymentMethods: automaticEnabled,
      paymentMethodTypes: readPaymentMethodTypes(types),
      shipping: readShipping(params),
    });
    if (allowed) intent.allowed_payment_method_types = ['card'];
    if (paymentMethodId && !confirm) {
      intent.payment_method = this.resolvePaymentMethod(paymentMethodId).id;
      intent.status = 'requires_confirmation';
    }
    this.intents.set(intent.id, intent);
    this.apiVersions.set(intent.id, caller.apiVersion);
    this.emit({ type: 'payment_intent.created', object: intent }, caller);
    if (confirm) {
      const confirmParams: FormObject = {};
      if (paymentMethodId) confirmParams.payment_method = paymentMethodId;
      if (paymentMethodData !== undefined) confirmParams.payment_method_data = paymentMethodData;
      return this.confirm(intent.id, confirmParams, caller);
    }
    return intent;
  }

  /** `param` names the parameter that carried the id, for the 404 (`id` for a path). */
  retrieve(id: string, param = 'id'): Stripe.PaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw apiErrors.resourceMissing('payment_intent', id, param);
    return intent;
  }

  /** A charge (the live object, which refunds update), or 404 resource_missing on `param`. */
  retrieveCharge(id: string, param = 'id'): Stripe.Charge {
    const charge = this.charges.get(id);
    if (!charge) throw apiErrors.resourceMissing('charge', id, param);
    return charge;
  }

  /** The API version of the request that created the PaymentIntent: its events use it. */
  apiVersionOf(intentId: string): string | undefined {
    return this.apiVersions.get(intentId);
  }

  update(id: string, params: FormObject, caller: Caller): Stripe.PaymentIntent {
    const intent = this.retrieve(id);
    rejectUnknown(params, [
      'amount',
      'currency',
      'metadata',
      'description',
      'receipt_email',
      'payment_method_types',
      'shipping',
      'expand',
    ]);
    if (!confirmableStatuses.includes(intent.status))
      throw apiErrors.unexpectedState(
        `You cannot update this PaymentIntent because it has a status of ${intent.status}. Updates are only allowed when the PaymentIntent has one of the following statuses: ${confirmableStatuses.join(', ')}.`,
        this.view(intent, caller),
      );
    const amount = readAmount(params, false);
    const currency = readCurrency(params, false) ?? intent.currency;
    if (currency === 'usd' && (amount ?? intent.amount) < 50) throw apiErrors.amountTooSmall();
    if (amount !== undefined) intent.amount = amount;
    intent.currency = currency;
    intent.metadata = readMetadata(params, intent.metadata);
    const description = readString(params, 'description');
    if (description !== undefined) intent.description = description || null;
    const receiptEmail = readString(params, 'receipt_email');
    if (receiptEmail !== undefined) intent.receipt_email = receiptEmail || null;
    const types = readStringList(params, 'payment_method_types');
    if (types) intent.payment_method_types = readPaymentMethodTypes(types);
    if (params.shipping !== undefined) intent.shipping = readShipping(params);
    return intent;
  }

  /**
   * Confirms with `payment_method` (an existing or Stripe test PaymentMethod id) or
   * `payment_method_data` (a raw card, as the Stripe.js stand-in sends it). A refused card answers
   * 402 with a card_error and leaves the PaymentIntent confirmable again.
   */
  confirm(id: string, params: FormObject, caller: Caller): Stripe.PaymentIntent {
    const intent = this.retrieve(id);
    rejectUnknown(params, [
      'payment_method',
      'payment_method_data',
      'receipt_email',
      'return_url',
      'use_stripe_sdk',
      'expected_payment_method_type',
      'client_secret',
      'expand',
    ]);
    if (intent.status === 'succeeded')
      throw apiErrors.unexpectedState(
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        this.view(intent, caller),
      );
    if (!confirmableStatuses.includes(intent.status))
      throw apiErrors.unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
        this.view(intent, caller),
      );
    const receiptEmail = readString(params, 'receipt_email');
    if (receiptEmail !== undefined) intent.receipt_email = receiptEmail || null;

    const paymentMethodId = readString(params, 'payment_method');
    const paymentMethodData = readObject(params, 'payment_method_data');
    if (paymentMethodId && paymentMethodData)
      throw apiErrors.invalidValue(
        'payment_method_data',
        'You may only specify one of these parameters: payment_method, payment_method_data.',
      );
    let paymentMethod: Stripe.PaymentMethod;
    if (paymentMethodData) {
      const card = readCardData(paymentMethodData, this.now());
      if ('failure' in card) return this.fail(intent, card.failure, null, caller);
      paymentMethod = newPaymentMethod(card.details, card.billing);
      this.paymentMethods.set(paymentMethod.id, paymentMethod);
      this.cardNumbers.set(paymentMethod.id, card.details.number);
    } else if (paymentMethodId) {
      paymentMethod = this.resolvePaymentMethod(paymentMethodId);
    } else if (typeof intent.payment_method === 'string') {
      paymentMethod = this.resolvePaymentMethod(intent.payment_method);
    } else {
      throw apiErrors.unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        this.view(intent, caller),
      );
    }
    return this.charge(intent, paymentMethod, caller);
  }

  cancel(id: string, params: FormObject, caller: Caller): Stripe.PaymentIntent {
    const intent = this.retrieve(id);
    rejectUnknown(params, ['cancellation_reason', 'expand']);
    const reason = readString(params, 'cancellation_reason');
    if (reason !== undefined && !cancellationReasons.includes(reason))
      throw apiErrors.invalidValue(
        'cancellation_reason',
        `Invalid cancellation_reason: must be one of ${cancellationReasons.join(', ')}`,
      );
    if (!cancelableStatuses.includes(intent.status))
      throw apiErrors.unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelableStatuses.join(', ')}.`,
        this.view(intent, caller),
      );
    intent.status = 'canceled';
    intent.canceled_at = unixNow();
    intent.cancellation_reason = (reason ?? null) as Stripe.PaymentIntent.CancellationReason | null;
    this.emit({ type: 'payment_intent.canceled', object: intent }, caller);
    return intent;
  }

  /** The PaymentIntent with `expand[]` applied (latest_charge and payment_method), as Stripe answers. */
  expanded(intent: Stripe.PaymentIntent, expand: string[]): Stripe.PaymentIntent {
    const copy = { ...intent };
    for (const field of expand) {
      if (field === 'latest_charge' && typeof intent.latest_charge === 'string')
        copy.latest_charge = this.charges.get(intent.latest_charge) ?? intent.latest_charge;
      else if (field === 'payment_method' && typeof intent.payment_method === 'string')
        copy.payment_method =
          this.paymentMethods.get(intent.payment_method) ?? intent.payment_method;
      else if (field !== 'latest_charge' && field !== 'payment_method')
        throw apiErrors.invalidValue(
          'expand',
          `This property cannot be expanded (${field}). The Stripe emulator expands latest_charge and payment_method.`,
        );
    }
    return copy;
  }

  view(intent: Stripe.PaymentIntent, caller: Caller): ErrorBody['payment_intent'] {
    return caller.publishable ? publishableView(intent) : structuredClone(intent);
  }

  private charge(
    intent: Stripe.PaymentIntent,
    paymentMethod: Stripe.PaymentMethod,
    caller: Caller,
  ): Stripe.PaymentIntent {
    const outcome = chargeOutcomeFor(this.cardNumberOf(paymentMethod));
    const failure =
      outcome.result === 'succeeded'
        ? null
        : { code: outcome.code, declineCode: outcome.declineCode, message: outcome.message };
    const charge = newCharge(intent, paymentMethod, failure);
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    if (outcome.result === 'declined') {
      this.emit({ type: 'charge.failed', object: charge }, caller);
      return this.fail(
        intent,
        {
          code: outcome.code,
          declineCode: outcome.declineCode,
          message: outcome.message,
          param: outcome.param,
        },
        { paymentMethod, charge: charge.id },
        caller,
      );
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.payment_method = paymentMethod.id;
    intent.last_payment_error = null;
    this.emit({ type: 'charge.succeeded', object: charge }, caller);
    this.emit({ type: 'payment_intent.succeeded', object: intent }, caller);
    return intent;
  }

  /** Records a refused card on the PaymentIntent and answers Stripe's 402 card_error. */
  private fail(
    intent: Stripe.PaymentIntent,
    failure: CardFailure,
    attempt: { paymentMethod: Stripe.PaymentMethod; charge: string } | null,
    caller: Caller,
  ): never {
    const error = {
      type: 'card_error' as const,
      code: failure.code,
      ...(failure.declineCode ? { decline_code: failure.declineCode } : {}),
      doc_url: docUrl(failure.code),
      message: failure.message,
      ...(failure.param ? { param: failure.param } : {}),
      ...(attempt ? { charge: attempt.charge } : {}),
    };
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_payment_error = {
      ...error,
      code: failure.code as Stripe.PaymentIntent.LastPaymentError.Code,
      ...(attempt ? { payment_method: attempt.paymentMethod } : {}),
    };
    this.emit({ type: 'payment_intent.payment_failed', object: intent }, caller);
    throw new ApiError(
      402,
      {
        ...error,
        payment_intent: this.view(intent, caller),
        ...(attempt ? { payment_method: attempt.paymentMethod } : {}),
      },
      true,
    );
  }

  private resolvePaymentMethod(id: string): Stripe.PaymentMethod {
    const stored = this.paymentMethods.get(id);
    if (stored) return stored;
    const testCard = testCardForPaymentMethod(id);
    if (!testCard)
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        doc_url: docUrl('resource_missing'),
        message: `No such PaymentMethod: '${id}'`,
        param: 'payment_method',
      });
    // Like Stripe, each use of a test PaymentMethod makes a new PaymentMethod for that card.
    const details: CardDetails = {
      number: testCard.number,
      brand: testCard.brand,
      expMonth: 12,
      expYear: this.now().getUTCFullYear() + 1,
      cvcProvided: false,
    };
    const paymentMethod = newPaymentMethod(details, emptyBillingDetails());
    this.paymentMethods.set(paymentMethod.id, paymentMethod);
    this.cardNumbers.set(paymentMethod.id, testCard.number);
    return paymentMethod;
  }

  private cardNumberOf(paymentMethod: Stripe.PaymentMethod): string {
    return this.cardNumbers.get(paymentMethod.id) ?? '';
  }

  private emit(emitted: Parameters<EventLog['record']>[0], caller: Caller): void {
    const apiVersion = this.apiVersions.get(
      emitted.object.object === 'charge'
        ? String(emitted.object.payment_intent)
        : emitted.object.id,
    );
    this.events.record(emitted, caller, apiVersion ?? caller.apiVersion);
  }
}

type CardFailure = { code: string; declineCode?: string; message: string; param?: string };

function cardError(code: string, message: string, param: string): { failure: CardFailure } {
  return { failure: { code, message, param } };
}

/**
 * Reads `payment_method_data` for a card: missing or malformed fields are 400 parameter errors;
 * a number, expiry or CVC that no card could have is a refused card (402), as Stripe answers them.
 */
function readCardData(
  data: FormObject,
  now: Date,
): { details: CardDetails; billing: BillingDetails } | { failure: CardFailure } {
  rejectUnknown(data, ['type', 'card', 'billing_details', 'metadata'], 'payment_method_data');
  const type = requireString(data, 'type', 'payment_method_data[type]');
  if (type !== 'card')
    throw apiErrors.invalidValue(
      'payment_method_data[type]',
      `Invalid payment_method_data[type]: the Stripe emulator supports only card (got ${type}).`,
    );
  const card = readObject(data, 'card', 'payment_method_data[card]');
  if (!card) throw apiErrors.missingParam('payment_method_data[card]');
  rejectUnknown(card, ['number', 'exp_month', 'exp_year', 'cvc'], 'payment_method_data[card]');
  const number = digitsOnly(requireString(card, 'number', 'payment_method_data[card][number]'));
  const expMonth = readInteger(card, 'exp_month', 'payment_method_data[card][exp_month]');
  const expYearRaw = readInteger(card, 'exp_year', 'payment_method_data[card][exp_year]');
  if (expMonth === undefined) throw apiErrors.missingParam('payment_method_data[card][exp_month]');
  if (expYearRaw === undefined) throw apiErrors.missingParam('payment_method_data[card][exp_year]');
  const cvc = readString(card, 'cvc', 'payment_method_data[card][cvc]');
  const brand = cardBrand(number);

  if (!passesLuhn(number) || number.length !== cardNumberLength(brand))
    return cardError('incorrect_number', cardMessages.incorrectNumber, 'number');
  if (expMonth < 1 || expMonth > 12)
    return cardError('invalid_expiry_month', cardMessages.invalidExpiryMonth, 'exp_month');
  const expYear = fullYear(expYearRaw);
  if (expYear > now.getUTCFullYear() + 50)
    return cardError('invalid_expiry_year', cardMessages.invalidExpiryYear, 'exp_year');
  if (isExpired(expMonth, expYear, now))
    return cardError('expired_card', cardMessages.expired, 'exp_month');
  if (cvc !== undefined && !new RegExp(`^\\d{${cvcLength(brand)}}$`).test(cvc))
    return cardError('incorrect_cvc', cardMessages.incorrectCvc, 'cvc');

  return {
    details: { number, brand, expMonth, expYear, cvcProvided: cvc !== undefined },
    billing: readBillingDetails(data),
  };
}

function readBillingDetails(data: FormObject): BillingDetails {
  const billing = emptyBillingDetails();
  const given = readObject(data, 'billing_details', 'payment_method_data[billing_details]');
  if (!given) return billing;
  const prefix = 'payment_method_data[billing_details]';
  rejectUnknown(given, ['name', 'email', 'phone', 'address'], prefix);
  billing.name = readString(given, 'name', `${prefix}[name]`) || null;
  billing.email = readString(given, 'email', `${prefix}[email]`) || null;
  billing.phone = readString(given, 'phone', `${prefix}[phone]`) || null;
  const address = readObject(given, 'address', `${prefix}[address]`);
  if (address) billing.address = readAddress(address, `${prefix}[address]`);
  return billing;
}

function readAddress(address: FormObject, prefix: string): Stripe.Address {
  const fields = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] as const;
  rejectUnknown(address, fields, prefix);
  const read = (field: (typeof fields)[number]) =>
    readString(address, field, `${prefix}[${field}]`) || null;
  return {
    line1: read('line1'),
    line2: read('line2'),
    city: read('city'),
    state: read('state'),
    postal_code: read('postal_code'),
    country: read('country'),
  };
}

function readShipping(params: FormObject): Stripe.PaymentIntent.Shipping | null {
  const shipping = readObject(params, 'shipping');
  if (!shipping) return null;
  rejectUnknown(shipping, ['name', 'address', 'phone', 'carrier', 'tracking_number'], 'shipping');
  const address = readObject(shipping, 'address', 'shipping[address]');
  if (!address) throw apiErrors.missingParam('shipping[address]');
  return {
    address: readAddress(address, 'shipping[address]'),
    carrier: readString(shipping, 'carrier', 'shipping[carrier]') || null,
    name: requireString(shipping, 'name', 'shipping[name]'),
    phone: readString(shipping, 'phone', 'shipping[phone]') || null,
    tracking_number: readString(shipping, 'tracking_number', 'shipping[tracking_number]') || null,
  };
}

function readAmount(params: FormObject, required: boolean): number | undefined {
  const amount = readInteger(params, 'amount');
  if (amount === undefined) {
    if (required) throw apiErrors.missingParam('amount');
    return undefined;
  }
  if (amount < 1)
    throw apiErrors.invalidValue('amount', 'This value must be greater than or equal to 1.');
  if (amount > maxAmount)
    throw new ApiError(400, {
      type: 'invalid_request_error',
      code: 'amount_too_large',
      doc_url: docUrl('amount_too_large'),
      message: 'Amount must be no more than $999,999.99',
      param: 'amount',
    });
  return amount;
}

function readCurrency(params: FormObject, required: boolean): string | undefined {
  const currency = readString(params, 'currency');
  if (currency === undefined || currency === '') {
    if (required) throw apiErrors.missingParam('currency');
    return undefined;
  }
  if (!/^[a-zA-Z]{3}$/.test(currency))
    throw apiErrors.invalidValue('currency', `Invalid currency: ${currency.toLowerCase()}.`);
  return currency.toLowerCase();
}

function readPaymentMethodTypes(types: string[] | undefined): string[] {
  if (!types) return ['card'];
  const unsupported = types.find((type) => type !== 'card');
  if (unsupported !== undefined || types.length === 0)
    throw apiErrors.invalidValue(
      'payment_method_types',
      `The payment method type "${unsupported ?? ''}" is invalid. The Stripe emulator supports only card.`,
    );
  return ['card'];
}

/** Stripe's metadata rules: up to 50 keys of ≤ 40 characters, values ≤ 500; '' unsets a key. */
export function readMetadata(params: FormObject, current: Stripe.Metadata): Stripe.Metadata {
  const given = params.metadata;
  if (given === undefined) return current;
  if (given === '') return {};
  if (typeof given === 'string') throw apiErrors.invalidHash('metadata');
  const metadata: Stripe.Metadata = { ...current };
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== 'string') throw apiErrors.invalidString(`metadata[${key}]`);
    if (key.length > 40)
      throw apiErrors.invalidValue(
        `metadata[${key}]`,
        'Metadata keys can have up to 40 characters.',
      );
    if (value.length > 500)
      throw apiErrors.invalidValue(
        `metadata[${key}]`,
        'Metadata values can have up to 500 characters.',
      );
    if (value === '') delete metadata[key];
    else metadata[key] = value;
  }
  if (Object.keys(metadata).length > 50)
    throw apiErrors.invalidValue('metadata', 'Metadata can have up to 50 keys.');
  return metadata;
}
