import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { centsToDollars } from '../../contract/money';
import {
  CHECKOUT_MESSAGES,
  type CourseItem,
  type PaymentIntentBody,
  type PaymentIntentResponse,
} from '../../contract/payments';
import {
  checkoutAmountCents,
  priceCourseItems,
  refuseOwnedCourses,
  stockShortMessage,
  type PaymentSource,
} from '../../contract/checkout-rules';
import { DomainError } from '../../contract/domain-error';
import type { Db, Queryable } from '../db/client';
import { listCartLinesToPay } from '../db/repositories/carts';
import { insertOrdersForPayment } from '../db/repositories/orders';
import { ownedCourseIds } from '../db/repositories/owned-courses';
import {
  countPaidCarts,
  findOpenPayment,
  insertPayment,
  lockPaymentByIntent,
  markPaymentFailed,
  markPaymentRefunded,
  markPaymentSucceeded,
  paymentBookLines,
  recordStripeEvent,
  removePaidCartLines,
  updateOpenPaymentShipping,
  type CartKey,
  type Payment,
  type PaymentLine,
} from '../db/repositories/payments';
import type { Caller } from '../plugins/auth';
import {
  isHandledStripeEvent,
  PAYMENT_EVENTS,
  PaymentProviderError,
  REFUND_EVENTS,
  type CreatedPaymentIntent,
  type PaymentGateway,
  type StripeEvent,
} from '../payments/stripe-gateway';
import { failRefund, pendingRefundsCovered, settleRefund } from '../db/repositories/refunds';
import { releaseStock, reserveStock, sellStock } from '../db/repositories/stock';
import { COURSES } from './course-list';

/** What a checkout charges for: the lines, priced by the server, and their total. */
export type CartSnapshot = {
  source: PaymentSource;
  lines: PaymentLine[];
  amountCents: number;
  /** Book-cart lines not paid for (sold out, or gone from the catalogue), by name. */
  leftOut: string[];
};

function snapshotOf(
  source: PaymentSource,
  lines: PaymentLine[],
  leftOut: string[] = [],
): CartSnapshot {
  return { source, lines, amountCents: checkoutAmountCents(lines), leftOut };
}

/**
 * The user's book cart, priced as the shop sells it now, without the lines that cannot be sold
 * (see listCartLinesToPay).
 */
export async function priceBookCart(db: Queryable, email: string): Promise<CartSnapshot> {
  const { payable, leftOut } = await listCartLinesToPay(db, email);
  return snapshotOf(
    'books',
    payable.map((line) => ({ ...line, courseId: null })),
    leftOut.map((line) => line.name),
  );
}

/** The copies of books a snapshot's lines take (courses take none). */
function stockDemands(lines: readonly PaymentLine[]) {
  return lines.flatMap((line) =>
    line.bookId === null ? [] : [{ bookId: line.bookId, name: line.name, quantity: line.quantity }],
  );
}

/** A course-cart checkout, priced from the server's copy of course.json. */
export function priceCourses(items: readonly CourseItem[]): CartSnapshot {
  const lines = priceCourseItems(items, (courseId, quantity): PaymentLine | undefined => {
    const course = COURSES.get(courseId);
    return (
      course && {
        lineId: null,
        courseId: course.id,
        bookId: null,
        name: course.name,
        quantity,
        unitPriceCents: course.priceCents,
      }
    );
  });
  return snapshotOf('courses', lines);
}

/** The same source and lines (in any order) give the same fingerprint; any change another. */
export function cartFingerprint(snapshot: CartSnapshot): string {
  const canonical = snapshot.lines
    .map((line) => [
      line.lineId ?? line.courseId ?? '',
      line.bookId,
      line.name,
      line.quantity,
      line.unitPriceCents,
    ])
    // Code-unit order, not the locale's: every server process must compute the same hash.
    .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
  return sha256(JSON.stringify([snapshot.source, canonical]));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function answer(
  payment: { clientSecret: string; amountCents: number },
  snapshot: CartSnapshot,
): PaymentIntentResponse {
  return {
    clientSecret: payment.clientSecret,
    amount: centsToDollars(payment.amountCents),
    leftOut: snapshot.leftOut,
  };
}

/** `charge.refunded`: the charge of a PaymentIntent and how much of it is refunded so far. */
const refundedChargeSchema = z.object({
  payment_intent: z.string().min(1),
  amount_refunded: z.number().int().nonnegative(),
});

/** `refund.created` / `refund.updated`: one refund and its state. */
const refundObjectSchema = z.object({ id: z.string().min(1), status: z.string().nullable() });

const paymentIntentObjectSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
});

/** What the webhook did with an event (logged; the tests read it too). */
export type StripeEventOutcome =
  | 'ignored'
  | 'duplicate'
  | 'unknown-intent'
  | 'amount-mismatch'
  | 'already-fulfilled'
  | 'fulfilled'
  | 'marked-failed'
  | 'not-pending'
  | 'refunded-out-of-stock'
  | 'refund-settled'
  | 'refund-failed'
  | 'refund-unchanged';

export type CheckoutService = {
  /**
   * POST /payments/intent: prices the cart, then answers the open payment of the same unchanged
   * cart, or creates a PaymentIntent and its payment.
   */
  createOrReusePaymentIntent(
    caller: Caller,
    body: PaymentIntentBody,
    log: FastifyBaseLogger,
  ): Promise<PaymentIntentResponse>;
  /** POST /payments/webhook, once the signature is verified. */
  handleStripeEvent(event: StripeEvent, log: FastifyBaseLogger): Promise<StripeEventOutcome>;
};

/**
 * Checkout: the one place amounts are computed (for the intent, and checked again by the
 * webhook against Stripe's), and the one place a payment becomes orders.
 */
export function createCheckoutService(deps: {
  db: Db;
  gateway: PaymentGateway | null;
}): CheckoutService {
  const { db, gateway } = deps;

  async function createIntent(
    paymentGateway: PaymentGateway,
    input: Parameters<PaymentGateway['createPaymentIntent']>[0],
    log: FastifyBaseLogger,
  ): Promise<CreatedPaymentIntent> {
    try {
      return await paymentGateway.createPaymentIntent(input);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.error({ err: error }, 'Stripe did not create the PaymentIntent');
      throw new DomainError('provider-failed', CHECKOUT_MESSAGES.paymentProviderFailed);
    }
  }

  async function reuse(
    open: Payment,
    body: PaymentIntentBody,
    snapshot: CartSnapshot,
  ): Promise<PaymentIntentResponse> {
    await updateOpenPaymentShipping(db, open.id, body.shipping);
    return answer(open, snapshot);
  }

  /**
   * Holds the snapshot's books for the payment (renewing a hold it has), or refuses the checkout
   * with a 409 naming the books another shopper took: the shopper is told before paying.
   */
  async function reserve(paymentId: string, email: string, snapshot: CartSnapshot) {
    const demands = stockDemands(snapshot.lines);
    if (demands.length === 0) return;
    const short = await db.transaction((tx) => reserveStock(tx, { paymentId, email, demands }));
    if (short.length > 0) throw new DomainError('conflict', stockShortMessage(short));
  }

  /**
   * Refunds a paid payment whose books are gone, inside the webhook's transaction: if Stripe
   * cannot be reached, nothing is recorded and Stripe's retry of the event tries again (the
   * idempotency key makes the refund happen once).
   */
  async function refundOutOfStock(payment: Payment, log: FastifyBaseLogger): Promise<void> {
    if (!gateway) throw new DomainError('not-configured', CHECKOUT_MESSAGES.paymentsNotConfigured);
    const refund = await gateway.createRefund({
      paymentIntentId: payment.paymentIntentId,
      amountCents: payment.amountCents,
      idempotencyKey: `learntogether-out-of-stock-${payment.id}`,
      metadata: { paymentId: payment.id, reason: 'out-of-stock' },
    });
    log.warn(
      { paymentId: payment.id, refundId: refund.id },
      'paid books were no longer in stock: payment refunded in full, no orders',
    );
  }

  async function fulfil(
    intent: z.infer<typeof paymentIntentObjectSchema>,
    event: StripeEvent,
    log: FastifyBaseLogger,
  ): Promise<StripeEventOutcome> {
    return db.transaction(async (tx) => {
      // The idempotency key: a replayed or concurrent duplicate stops here.
      if (!(await recordStripeEvent(tx, event))) return 'duplicate';
      const payment = await lockPaymentByIntent(tx, intent.id);
      if (!payment) {
        log.warn({ paymentIntentId: intent.id }, 'payment_intent.succeeded for an unknown intent');
        return 'unknown-intent';
      }
      if (payment.amountCents !== intent.amount || payment.currency !== intent.currency) {
        log.error(
          {
            paymentId: payment.id,
            paymentIntentId: intent.id,
            expected: { amount: payment.amountCents, currency: payment.currency },
            received: { amount: intent.amount, currency: intent.currency },
          },
          'paid amount differs from the payment snapshot: not fulfilled',
        );
        return 'amount-mismatch';
      }
      // Another event for the same intent (Stripe may send several) already fulfilled it.
      if (!(await markPaymentSucceeded(tx, payment.id))) return 'already-fulfilled';
      if (payment.source === 'books') {
        const demands = await paymentBookLines(tx, payment.id);
        const short = await sellStock(tx, { paymentId: payment.id, email: payment.email, demands });
        if (short.length > 0) {
          // Its hold lapsed and the copies went to someone else: never charged without orders.
          await markPaymentRefunded(tx, payment.id);
          await refundOutOfStock(payment, log);
          return 'refunded-out-of-stock';
        }
      }
      const orderIds = await insertOrdersForPayment(tx, payment.id);
      if (payment.source === 'books') await removePaidCartLines(tx, payment.id);
      log.info({ paymentId: payment.id, orders: orderIds.length }, 'payment fulfilled');
      return 'fulfilled';
    });
  }

  async function markFailed(
    intent: z.infer<typeof paymentIntentObjectSchema>,
    event: StripeEvent,
  ): Promise<StripeEventOutcome> {
    return db.transaction(async (tx) => {
      if (!(await recordStripeEvent(tx, event))) return 'duplicate';
      // A late failure after a success (events may arrive out of order) changes nothing.
      const failed = await markPaymentFailed(tx, intent.id);
      if (!failed) return 'not-pending';
      // The held copies go back to other shoppers; a retry with another card holds them again.
      await releaseStock(tx, failed);
      return 'marked-failed';
    });
  }

  /**
   * Stripe confirms (or fails) an admin's refund: exactly once per event, the refund's lines
   * become refunded and their books go back in stock (server/db/repositories/refunds.ts).
   * `charge.refunded` settles the pending refunds its amount covers; `refund.*` the one it names.
   */
  async function handleRefundEvent(event: StripeEvent): Promise<StripeEventOutcome> {
    if (event.type === 'charge.refunded') {
      const charge = refundedChargeSchema.safeParse(event.data.object);
      if (!charge.success) return 'ignored';
      return db.transaction(async (tx) => {
        if (!(await recordStripeEvent(tx, event))) return 'duplicate';
        const ids = await pendingRefundsCovered(
          tx,
          charge.data.payment_intent,
          charge.data.amount_refunded,
        );
        let settled = false;
        for (const id of ids) settled = (await settleRefund(tx, id)) || settled;
        return settled ? 'refund-settled' : 'refund-unchanged';
      });
    }
    if (event.type !== 'refund.created' && event.type !== 'refund.updated') return 'ignored';
    const refund = refundObjectSchema.safeParse(event.data.object);
    if (!refund.success) return 'ignored';
    return db.transaction(async (tx) => {
      if (!(await recordStripeEvent(tx, event))) return 'duplicate';
      const { id, status } = refund.data;
      if (status === 'succeeded') {
        return (await settleRefund(tx, id)) ? 'refund-settled' : 'refund-unchanged';
      }
      if (status === 'failed' || status === 'canceled') {
        return (await failRefund(tx, id)) ? 'refund-failed' : 'refund-unchanged';
      }
      return 'refund-unchanged';
    });
  }

  return {
    async createOrReusePaymentIntent(caller, body, log) {
      if (!gateway)
        throw new DomainError('not-configured', CHECKOUT_MESSAGES.paymentsNotConfigured);
      const snapshot =
        body.source === 'books' ? await priceBookCart(db, caller.email) : priceCourses(body.items);
      if (snapshot.source === 'courses') {
        // A course is bought once: "You already own {name}" (docs/product.md §2.20).
        const courseIds = snapshot.lines.flatMap((line) => line.courseId ?? []);
        refuseOwnedCourses(snapshot.lines, await ownedCourseIds(db, caller.email, courseIds));
      }
      const key: CartKey = {
        email: caller.email,
        source: snapshot.source,
        fingerprint: cartFingerprint(snapshot),
      };

      const open = await findOpenPayment(db, key);
      if (open) {
        await reserve(open.id, caller.email, snapshot);
        return reuse(open, body, snapshot);
      }

      // Concurrent asks for one cart derive the same payment id and idempotency key, so Stripe
      // creates one PaymentIntent; the same cart bought again later gets new ones.
      const paidBefore = await countPaidCarts(db, key);
      const seed = sha256(JSON.stringify([key.email, key.source, key.fingerprint, paidBefore]));
      const paymentId = `pay_${seed.slice(0, 32)}`;
      // Held before Stripe is asked, so a shopper who cannot have the books never gets a card form.
      await reserve(paymentId, caller.email, snapshot);
      let intent: CreatedPaymentIntent;
      try {
        intent = await createIntent(
          gateway,
          {
            amountCents: snapshot.amountCents,
            currency: 'usd',
            metadata: { paymentId, email: caller.email, source: snapshot.source },
            idempotencyKey: `learntogether-checkout-${seed}`,
          },
          log,
        );
        if (intent.amountCents !== snapshot.amountCents) {
          log.error(
            { paymentIntentId: intent.id, expected: snapshot.amountCents, got: intent.amountCents },
            'Stripe answered a PaymentIntent of another amount',
          );
          throw new DomainError('provider-failed', CHECKOUT_MESSAGES.paymentProviderFailed);
        }
      } catch (error) {
        await releaseStock(db, paymentId);
        throw error;
      }

      const inserted = await insertPayment(db, {
        ...key,
        id: paymentId,
        amountCents: snapshot.amountCents,
        lines: snapshot.lines,
        shipping: body.shipping,
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
      });
      if (inserted) {
        return answer(
          { clientSecret: intent.clientSecret, amountCents: snapshot.amountCents },
          snapshot,
        );
      }
      // A concurrent ask for the same cart inserted first: answer its payment (the same id, so
      // the hold is the one just renewed).
      const winner = await findOpenPayment(db, key);
      if (winner) return reuse(winner, body, snapshot);
      // It was paid in between: this cart is no longer what the user is paying for.
      await releaseStock(db, paymentId);
      throw new DomainError('conflict', CHECKOUT_MESSAGES.cartJustPaid);
    },

    async handleStripeEvent(event, log) {
      if (isHandledStripeEvent(REFUND_EVENTS, event.type)) {
        const outcome = await handleRefundEvent(event);
        log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event handled');
        return outcome;
      }
      if (!isHandledStripeEvent(PAYMENT_EVENTS, event.type)) return 'ignored';
      const intent = paymentIntentObjectSchema.safeParse(event.data.object);
      if (!intent.success) {
        log.warn({ eventId: event.id, type: event.type }, 'event without a PaymentIntent: ignored');
        return 'ignored';
      }
      const outcome =
        event.type === 'payment_intent.succeeded'
          ? await fulfil(intent.data, event, log)
          : await markFailed(intent.data, event);
      log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event handled');
      return outcome;
    },
  };
}
