// Refunds of succeeded card payments, by PaymentIntent or by charge: a card refund succeeds at once
// (as in Stripe's test mode), adds to the charge's `amount_refunded` (partial refunds add up to the
// charge's amount, no further) and emits `charge.refunded` and `refund.created`.
import type Stripe from 'stripe';
import { ApiError, apiErrors, docUrl } from './api-error';
import type { EmittedEvent, EventLog } from './events';
import { readInteger, readString, rejectUnknown, type FormObject } from './form-body';
import { readMetadata, type Caller, type PaymentIntents } from './payment-intents';
import { newRefund } from './stripe-objects';

const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer'];

export class Refunds {
  private readonly refunds = new Map<string, Stripe.Refund>();

  constructor(
    private readonly intents: PaymentIntents,
    private readonly events: EventLog,
  ) {}

  /**
   * `POST /v1/refunds`: `payment_intent` or `charge` (or both, if they match), `amount` (default:
   * all that is left to refund), `reason`, `metadata`.
   */
  create(params: FormObject, caller: Caller): Stripe.Refund {
    rejectUnknown(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata']);
    const intentId = readString(params, 'payment_intent') || undefined;
    const chargeId = readString(params, 'charge') || undefined;
    const amount = readInteger(params, 'amount');
    if (amount !== undefined && amount < 1)
      throw apiErrors.invalidValue('amount', 'This value must be greater than or equal to 1.');
    const reason = readString(params, 'reason') || null;
    if (reason !== null && !refundReasons.includes(reason))
      throw apiErrors.invalidValue(
        'reason',
        `Invalid reason: must be one of ${refundReasons.join(', ')}`,
      );
    const metadata = readMetadata(params, {});
    const charge = this.refundableCharge(intentId, chargeId);

    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0)
      throw refundError(
        `Charge ${charge.id} has already been refunded.`,
        'charge_already_refunded',
      );
    const refunded = amount ?? remaining;
    if (refunded > remaining)
      throw refundError(
        `Refund amount (${money(refunded, charge.currency)}) is greater than unrefunded amount on charge (${money(remaining, charge.currency)})`,
        'amount_too_large',
        'amount',
      );

    const previousAttributes = {
      amount_refunded: charge.amount_refunded,
      refunded: charge.refunded,
    };
    charge.amount_refunded += refunded;
    charge.refunded = charge.amount_refunded >= charge.amount;
    const refund = newRefund({
      amount: refunded,
      charge,
      metadata,
      reason: reason as Stripe.Refund.Reason | null,
    });
    this.refunds.set(refund.id, refund);
    this.emit({ type: 'charge.refunded', object: charge, previousAttributes }, caller);
    this.emit({ type: 'refund.created', object: refund }, caller);
    return refund;
  }

  /** `GET /v1/refunds/:id`. */
  retrieve(id: string): Stripe.Refund {
    const refund = this.refunds.get(id);
    if (!refund) throw apiErrors.resourceMissing('refund', id);
    return refund;
  }

  /** The succeeded charge the request names, by PaymentIntent (its latest charge) or by id. */
  private refundableCharge(
    intentId: string | undefined,
    chargeId: string | undefined,
  ): Stripe.Charge {
    if (intentId !== undefined) {
      const intent = this.intents.retrieve(intentId, 'payment_intent');
      if (intent.status !== 'succeeded' || typeof intent.latest_charge !== 'string')
        throw refundError(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          undefined,
          'payment_intent',
        );
      if (chargeId !== undefined && chargeId !== intent.latest_charge)
        throw apiErrors.invalidValue(
          'charge',
          `The charge ${chargeId} does not belong to the PaymentIntent ${intent.id}.`,
        );
      return this.intents.retrieveCharge(intent.latest_charge, 'payment_intent');
    }
    // Stripe names `charge` when neither is given.
    if (chargeId === undefined) throw apiErrors.missingParam('charge');
    const charge = this.intents.retrieveCharge(chargeId, 'charge');
    if (charge.status !== 'succeeded')
      throw refundError(
        `This charge (${charge.id}) has not succeeded, so it cannot be refunded.`,
        undefined,
        'charge',
      );
    return charge;
  }

  private emit(
    emitted: Extract<EmittedEvent, { type: 'charge.refunded' | 'refund.created' }>,
    caller: Caller,
  ): void {
    const intentId = String(emitted.object.payment_intent);
    this.events.record(emitted, caller, this.intents.apiVersionOf(intentId) ?? caller.apiVersion);
  }
}

/** A refusal that depends on the charge's state: an idempotent retry replays it, as Stripe does. */
function refundError(message: string, code?: string, param?: string): ApiError {
  return new ApiError(
    400,
    {
      type: 'invalid_request_error',
      message,
      ...(code ? { code, doc_url: docUrl(code) } : {}),
      ...(param ? { param } : {}),
    },
    true,
  );
}

/** Stripe's way of writing an amount in a message: `$12.50`. */
function money(minorUnits: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}
