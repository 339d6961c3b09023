// Every state change makes an Event (Stripe's `event` object with a snapshot of the changed object).
// The log keeps them with their webhook deliveries for the emulator-only inspection endpoint.
import type Stripe from 'stripe';
import { newId, unixNow } from './stripe-objects';

export type EmittedEvent =
  | { type: 'payment_intent.created'; object: Stripe.PaymentIntent }
  | { type: 'payment_intent.succeeded'; object: Stripe.PaymentIntent }
  | { type: 'payment_intent.payment_failed'; object: Stripe.PaymentIntent }
  | { type: 'payment_intent.canceled'; object: Stripe.PaymentIntent }
  | { type: 'charge.succeeded'; object: Stripe.Charge }
  | { type: 'charge.failed'; object: Stripe.Charge }
  | {
      type: 'charge.refunded';
      object: Stripe.Charge;
      /** Stripe's `data.previous_attributes`: the charge's refund fields before this refund. */
      previousAttributes: Pick<Stripe.Charge, 'amount_refunded' | 'refunded'>;
    }
  | { type: 'refund.created'; object: Stripe.Refund };

/** The API request that caused an event (Stripe's `event.request`). */
export type EventCause = { requestId: string; idempotencyKey: string | null };

export type DeliveryAttempt = {
  attempt: number;
  /** ISO time the attempt started. */
  at: string;
  /** The receiver's HTTP status, or null when the request failed (connection refused, timeout…). */
  status: number | null;
  error: string | null;
  durationMs: number;
};

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'no_webhook_configured';

export type EventRecord = {
  event: Stripe.Event;
  /** The exact JSON body every delivery of this event sends (and signs). */
  payload: string;
  delivery: { status: DeliveryStatus; attempts: DeliveryAttempt[] };
};

export class EventLog {
  private readonly records: EventRecord[] = [];
  private readonly byId = new Map<string, EventRecord>();
  private undispatched: EventRecord[] = [];

  constructor(private readonly webhookConfigured: boolean) {}

  record(emitted: EmittedEvent, cause: EventCause, apiVersion: string): EventRecord {
    // A snapshot: later changes to the object must not show up in an event already sent.
    const snapshot = structuredClone(emitted.object);
    const previous =
      'previousAttributes' in emitted ? { ...emitted.previousAttributes } : undefined;
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: apiVersion,
      created: unixNow(),
      data: { object: snapshot, ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: this.webhookConfigured ? 1 : 0,
      request: { id: cause.requestId, idempotency_key: cause.idempotencyKey },
      type: emitted.type,
    } as Stripe.Event; // EmittedEvent pairs each type with its object; TS cannot see that through the union.
    const record: EventRecord = {
      event,
      payload: JSON.stringify(event, null, 2),
      delivery: {
        status: this.webhookConfigured ? 'pending' : 'no_webhook_configured',
        attempts: [],
      },
    };
    this.records.push(record);
    this.byId.set(event.id, record);
    this.undispatched.push(record);
    return record;
  }

  /** Events recorded since the last call, to be delivered once the API answer has been sent. */
  takeUndispatched(): EventRecord[] {
    const taken = this.undispatched;
    this.undispatched = [];
    return taken;
  }

  find(id: string): EventRecord | undefined {
    return this.byId.get(id);
  }

  all(): readonly EventRecord[] {
    return this.records;
  }
}
