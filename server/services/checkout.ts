import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { centsToDollars } from '../../contract/money';
import {
  CHECKOUT_MESSAGES,
  type CheckoutShipping,
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
import { CART_LIMITS, CART_MESSAGES } from '../../contract/cart-rules';
import { DomainError } from '../../contract/domain-error';
import type { Db, Queryable } from '../db/client';
import { listCartLinesToPay } from '../db/repositories/carts';
import { insertOrdersForPayment } from '../db/repositories/orders';
import { findSellableCourses } from '../db/repositories/courses';
import { ownedCourseIds } from '../db/repositories/owned-courses';
import { findUserByEmail } from '../db/repositories/users';
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
  type RetrievedPaymentIntent,
  type StripeEvent,
} from '../payments/stripe-gateway';
import { failRefund, pendingRefundsCovered, settleRefund } from '../db/repositories/refunds';
import { holdExpiry, releaseStock, reserveStock, sellStock } from '../db/repositories/stock';
import type { ReceiptMails } from '../mail/outbox';

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

/**
 * A course-cart checkout, priced from the courses table: only a listed course (published, not
 * removed) is sold.
 */
export async function priceCourses(
  db: Queryable,
  items: readonly CourseItem[],
): Promise<CartSnapshot> {
  const courses = await findSellableCourses(
    db,
    items.map((item) => item._id),
  );
  const lines = priceCourseItems(items, (courseId, quantity): PaymentLine | undefined => {
    const course = courses.get(courseId);
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
  heldUntil: Date | null,
): PaymentIntentResponse {
  return {
    clientSecret: payment.clientSecret,
    amount: centsToDollars(payment.amountCents),
    leftOut: snapshot.leftOut,
    heldUntil: heldUntil?.toISOString() ?? null,
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

/** What settling a payment reads of its PaymentIntent, from an event or from Stripe's API. */
type PaymentIntentFacts = z.infer<typeof paymentIntentObjectSchema>;

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
  | 'refund-unchanged'
  /** Reconciliation: Stripe is still waiting for the shopper (or the bank). */
  | 'still-open';

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
  /**
   * What Stripe says now of a payment the server still holds open (the reconciliation, D56):
   * settled exactly as the webhook would settle it, and idempotent with it.
   */
  settleFromStripe(
    intent: RetrievedPaymentIntent,
    log: FastifyBaseLogger,
  ): Promise<StripeEventOutcome>;
  /** The same for an admin's refund still pending: settled as its `refund.updated` would. */
  settleRefundFromStripe(
    refund: { id: string; status: string | null },
    log: FastifyBaseLogger,
  ): Promise<StripeEventOutcome>;
};

/**
 * Checkout: the one place amounts are computed (for the intent, and checked again by the
 * webhook against Stripe's), and the one place a payment becomes orders.
 */
export function createCheckoutService(deps: {
  db: Db;
  gateway: PaymentGateway | null;
  /** Queues the order and refund mails in the transaction that earns them (D54). */
  mails: ReceiptMails;
}): CheckoutService {
  const { db, gateway, mails } = deps;

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

  /**
   * What the payment keeps of its buyer: a book checkout's address as given; a course checkout's
   * name and email from the account (D62), as nothing is shipped. The name is the profile's
   * display name, else the email.
   */
  async function shippingOf(caller: Caller, body: PaymentIntentBody): Promise<CheckoutShipping> {
    if (body.source === 'books') return body.shipping;
    const name = (await findUserByEmail(db, caller.email))?.profile.name.trim() ?? '';
    return { name: name === '' ? caller.email : name, email: caller.email };
  }

  async function reuse(
    open: Payment,
    shipping: CheckoutShipping,
    snapshot: CartSnapshot,
    heldUntil: Date | null,
  ): Promise<PaymentIntentResponse> {
    await updateOpenPaymentShipping(db, open.id, shipping);
    return answer(open, snapshot, heldUntil);
  }

  /**
   * Holds the snapshot's books for the payment (renewing a hold it has) and says until when, or
   * refuses the checkout with a 409 naming the books another shopper took: the shopper is told
   * before paying. One account holds at most CART_LIMITS.maxQuantity copies of a book.
   */
  async function reserve(
    paymentId: string,
    email: string,
    snapshot: CartSnapshot,
  ): Promise<Date | null> {
    const demands = stockDemands(snapshot.lines);
    if (demands.length === 0) return null;
    if (demands.some((demand) => demand.quantity > CART_LIMITS.maxQuantity)) {
      throw new DomainError('invalid', CART_MESSAGES.tooMany);
    }
    const held = await db.transaction(async (tx) => {
      const short = await reserveStock(tx, { paymentId, email, demands });
      return short.length > 0 ? short : holdExpiry(tx, paymentId);
    });
    if (Array.isArray(held)) throw new DomainError('conflict', stockShortMessage(held));
    return held;
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

  /**
   * A PaymentIntent Stripe says succeeded becomes its orders, inside the caller's transaction: the
   * one path of both the webhook and the reconciliation (server/services/payment-reconciler.ts),
   * so whichever comes second finds the payment settled and changes nothing.
   */
  async function settleSucceeded(
    tx: Queryable,
    intent: PaymentIntentFacts,
    log: FastifyBaseLogger,
  ): Promise<StripeEventOutcome> {
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
    // Already settled (orders made, or refunded because the books were gone): Stripe may send
    // several events for one intent, and the reconciliation may have got there first.
    if (!(await markPaymentSucceeded(tx, payment.id))) return 'already-fulfilled';
    if (payment.source === 'books') {
      const demands = await paymentBookLines(tx, payment.id);
      const short = await sellStock(tx, { paymentId: payment.id, email: payment.email, demands });
      if (short.length > 0) {
        // Its hold lapsed or the stock fell under it, and the copies went to someone else: never
        // charged without orders. The hold it may still have goes back to other shoppers.
        await markPaymentRefunded(tx, payment.id);
        await releaseStock(tx, payment.id);
        await refundOutOfStock(payment, log);
        await mails.refundedOutOfStock(tx, payment.id);
        return 'refunded-out-of-stock';
      }
    }
    const orderIds = await insertOrdersForPayment(tx, payment.id);
    if (payment.source === 'books') await removePaidCartLines(tx, payment.id);
    await mails.orderPaid(tx, payment.id);
    log.info({ paymentId: payment.id, orders: orderIds.length }, 'payment fulfilled');
    return 'fulfilled';
  }

  /** A PaymentIntent whose payment failed: its pending payment fails and its copies go back. */
  async function settleFailed(tx: Queryable, intent: PaymentIntentFacts) {
    // A late failure after a success (events may arrive out of order) changes nothing.
    const failed = await markPaymentFailed(tx, intent.id);
    if (!failed) return 'not-pending';
    // The held copies go back to other shoppers; a retry with another card holds them again.
    await releaseStock(tx, failed);
    return 'marked-failed';
  }

  /** A webhook's event, once: its id is the idempotency key (a replay stops at the insert). */
  function onceForEvent(
    event: StripeEvent,
    settle: (tx: Queryable) => Promise<StripeEventOutcome>,
  ): Promise<StripeEventOutcome> {
    return db.transaction(async (tx) =>
      (await recordStripeEvent(tx, event)) ? settle(tx) : 'duplicate',
    );
  }

  /** Settles a refund once and, in the same transaction, queues its mail. */
  async function settleRefundOnce(tx: Queryable, refundId: string): Promise<boolean> {
    const settled = await settleRefund(tx, refundId);
    if (settled) await mails.refundSettled(tx, refundId);
    return settled;
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
        for (const id of ids) settled = (await settleRefundOnce(tx, id)) || settled;
        return settled ? 'refund-settled' : 'refund-unchanged';
      });
    }
    if (event.type !== 'refund.created' && event.type !== 'refund.updated') return 'ignored';
    const refund = refundObjectSchema.safeParse(event.data.object);
    if (!refund.success) return 'ignored';
    return onceForEvent(event, (tx) => settleRefundState(tx, refund.data));
  }

  /**
   * A refund in the state Stripe says it is in: the one path of the `refund.*` webhook and of the
   * reconciliation. Settled once, and in the same transaction its mail is queued.
   */
  async function settleRefundState(
    tx: Queryable,
    refund: { id: string; status: string | null },
  ): Promise<StripeEventOutcome> {
    if (refund.status === 'succeeded') {
      return (await settleRefundOnce(tx, refund.id)) ? 'refund-settled' : 'refund-unchanged';
    }
    if (refund.status === 'failed' || refund.status === 'canceled') {
      return (await failRefund(tx, refund.id)) ? 'refund-failed' : 'refund-unchanged';
    }
    return 'refund-unchanged';
  }

  return {
    async createOrReusePaymentIntent(caller, body, log) {
      if (!gateway)
        throw new DomainError('not-configured', CHECKOUT_MESSAGES.paymentsNotConfigured);
      const snapshot =
        body.source === 'books'
          ? await priceBookCart(db, caller.email)
          : await priceCourses(db, body.items);
      if (snapshot.source === 'courses') {
        // A course is bought once: "You already own {name}" (docs/product.md §2.20; docs/decisions.md D62).
        const courseIds = snapshot.lines.flatMap((line) => line.courseId ?? []);
        refuseOwnedCourses(snapshot.lines, await ownedCourseIds(db, caller.email, courseIds));
      }
      const key: CartKey = {
        email: caller.email,
        source: snapshot.source,
        fingerprint: cartFingerprint(snapshot),
      };

      const shipping = await shippingOf(caller, body);
      const open = await findOpenPayment(db, key);
      if (open) {
        return reuse(open, shipping, snapshot, await reserve(open.id, caller.email, snapshot));
      }

      // Concurrent asks for one cart derive the same payment id and idempotency key, so Stripe
      // creates one PaymentIntent; the same cart bought again later gets new ones.
      const paidBefore = await countPaidCarts(db, key);
      const seed = sha256(JSON.stringify([key.email, key.source, key.fingerprint, paidBefore]));
      const paymentId = `pay_${seed.slice(0, 32)}`;
      // Held before Stripe is asked, so a shopper who cannot have the books never gets a card form.
      const heldUntil = await reserve(paymentId, caller.email, snapshot);
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
        shipping,
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
      });
      if (inserted) {
        return answer(
          { clientSecret: intent.clientSecret, amountCents: snapshot.amountCents },
          snapshot,
          heldUntil,
        );
      }
      // A concurrent ask for the same cart inserted first: answer its payment (the same id, so
      // the hold is the one just renewed).
      const winner = await findOpenPayment(db, key);
      if (winner) return reuse(winner, shipping, snapshot, heldUntil);
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
      const outcome = await onceForEvent(event, (tx) =>
        event.type === 'payment_intent.succeeded'
          ? settleSucceeded(tx, intent.data, log)
          : settleFailed(tx, intent.data),
      );
      log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event handled');
      return outcome;
    },

    async settleFromStripe(intent, log) {
      const facts = { id: intent.id, amount: intent.amountCents, currency: intent.currency };
      const failed =
        intent.status === 'canceled' ||
        (intent.status === 'requires_payment_method' && intent.lastPaymentFailed);
      const outcome =
        intent.status === 'succeeded'
          ? await db.transaction((tx) => settleSucceeded(tx, facts, log))
          : failed
            ? await db.transaction((tx) => settleFailed(tx, facts))
            : 'still-open';
      if (outcome !== 'still-open') {
        log.info(
          { paymentIntentId: intent.id, status: intent.status, outcome },
          'payment reconciled with Stripe',
        );
      }
      return outcome;
    },

    async settleRefundFromStripe(refund, log) {
      const outcome = await db.transaction((tx) => settleRefundState(tx, refund));
      if (outcome !== 'refund-unchanged') {
        log.info({ refundId: refund.id, status: refund.status, outcome }, 'refund reconciled');
      }
      return outcome;
    },
  };
}
