import type { PaymentSource } from '../../../contract/checkout-rules';
import type { CheckoutShipping } from '../../../contract/payments';
import type { Queryable } from '../client';

/** One line of a payment's snapshot, as stored in `payments.lines`. */
export type PaymentLine = {
  /** The book-cart line it pays for (books); null for courses. */
  lineId: string | null;
  /** The course it pays for (courses); null for books. */
  courseId: string | null;
  /** The catalogue book; null for courses and for a book that left the catalogue. */
  bookId: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
};

export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'refunded';

export type Payment = {
  id: string;
  email: string;
  source: PaymentSource;
  amountCents: number;
  currency: string;
  paymentIntentId: string;
  clientSecret: string;
  status: PaymentStatus;
};

/** A payment's columns under `Payment`'s names. */
const PAYMENT_COLUMNS = `id, user_email as email, source, amount_cents as "amountCents", currency,
  payment_intent_id as "paymentIntentId", client_secret as "clientSecret", status`;

export type CartKey = { email: string; source: PaymentSource; fingerprint: string };

/** The user's open (pending or failed) payment for this unchanged cart, if there is one. */
export async function findOpenPayment(db: Queryable, key: CartKey): Promise<Payment | undefined> {
  const [payment] = await db.query<Payment>(
    `select ${PAYMENT_COLUMNS} from payments
     where user_email = $1 and source = $2 and cart_fingerprint = $3
       and status in ('pending', 'failed')`,
    [key.email, key.source, key.fingerprint],
  );
  return payment;
}

/**
 * How many times the user already paid for this same cart (it may be bought again), counting
 * payments refunded because their books had gone.
 */
export async function countPaidCarts(db: Queryable, key: CartKey): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::integer as count from payments
     where user_email = $1 and source = $2 and cart_fingerprint = $3
       and status in ('succeeded', 'refunded')`,
    [key.email, key.source, key.fingerprint],
  );
  return row?.count ?? 0;
}

/** The address (or course buyer, D62) of a reused open payment: the latest one the user gave. */
export async function updateOpenPaymentShipping(
  db: Queryable,
  id: string,
  shipping: CheckoutShipping,
): Promise<void> {
  await db.query(
    `update payments set shipping = $2::jsonb, updated_at = now()
     where id = $1 and status in ('pending', 'failed')`,
    [id, JSON.stringify(shipping)],
  );
}

export type NewPayment = CartKey & {
  id: string;
  amountCents: number;
  lines: readonly PaymentLine[];
  shipping: CheckoutShipping;
  paymentIntentId: string;
  clientSecret: string;
};

/**
 * Records a new pending payment. False when another request got there first (the same id or
 * intent, or another open payment for this cart): the caller then answers with that one.
 */
export async function insertPayment(db: Queryable, payment: NewPayment): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `insert into payments (id, user_email, source, amount_cents, currency, lines, shipping,
                           cart_fingerprint, payment_intent_id, client_secret)
     values ($1, $2, $3, $4, 'usd', $5::jsonb, $6::jsonb, $7, $8, $9)
     on conflict do nothing
     returning id`,
    [
      payment.id,
      payment.email,
      payment.source,
      payment.amountCents,
      JSON.stringify(payment.lines),
      JSON.stringify(payment.shipping),
      payment.fingerprint,
      payment.paymentIntentId,
      payment.clientSecret,
    ],
  );
  return rows.length > 0;
}

/**
 * Records a Stripe event as handled; false when it already was (a replay, or a concurrent
 * delivery that committed first: the insert waits for it on the primary key).
 */
export async function recordStripeEvent(
  tx: Queryable,
  event: { id: string; type: string },
): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `insert into stripe_events (id, type) values ($1, $2)
     on conflict (id) do nothing
     returning id`,
    [event.id, event.type],
  );
  return rows.length > 0;
}

/** The payment of a PaymentIntent, row-locked until the transaction ends. */
export async function lockPaymentByIntent(
  tx: Queryable,
  paymentIntentId: string,
): Promise<Payment | undefined> {
  const [payment] = await tx.query<Payment>(
    `select ${PAYMENT_COLUMNS} from payments where payment_intent_id = $1 for update`,
    [paymentIntentId],
  );
  return payment;
}

/**
 * Marks an open (pending or failed: a declined card may be followed by a good one) payment
 * succeeded; false when it is settled already (its orders exist, or it was refunded because its
 * books were gone: a second success of the same intent must not make orders then).
 */
export async function markPaymentSucceeded(tx: Queryable, id: string): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `update payments set status = 'succeeded', updated_at = now()
     where id = $1 and status in ('pending', 'failed')
     returning id`,
    [id],
  );
  return rows.length > 0;
}

/** The book lines of a payment's snapshot: what its stock sale takes off the shelf. */
export async function paymentBookLines(
  tx: Queryable,
  paymentId: string,
): Promise<{ bookId: string; name: string; quantity: number }[]> {
  return tx.query<{ bookId: string; name: string; quantity: number }>(
    `select x."bookId", x.name, x.quantity
     from payments p, jsonb_to_recordset(p.lines) as x("bookId" text, name text, quantity integer)
     where p.id = $1 and x."bookId" is not null`,
    [paymentId],
  );
}

/** A paid payment whose books were gone: refunded in full, never turned into orders. */
export async function markPaymentRefunded(tx: Queryable, id: string): Promise<void> {
  await tx.query(`update payments set status = 'refunded', updated_at = now() where id = $1`, [id]);
}

/** Marks a still-pending payment failed: its id, or null when it was not pending (or is unknown). */
export async function markPaymentFailed(
  tx: Queryable,
  paymentIntentId: string,
): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `update payments set status = 'failed', updated_at = now()
     where payment_intent_id = $1 and status = 'pending'
     returning id`,
    [paymentIntentId],
  );
  return row?.id ?? null;
}

/**
 * Takes a paid book cart's lines out of the cart: each line the snapshot names loses the paid
 * quantity, and goes when nothing is left. Lines added after the intent, and copies added to a
 * paid line since, stay. Lines already gone are skipped.
 */
export async function removePaidCartLines(tx: Queryable, paymentId: string): Promise<void> {
  const paid = `paid as (
    select x."lineId" as line_id, x.quantity
    from payments p, jsonb_to_recordset(p.lines) as x("lineId" text, quantity integer)
    where p.id = $1 and x."lineId" is not null
  )`;
  // Deleted first: after the decrement, a line could wrongly look fully paid.
  await tx.query(
    `with ${paid}
     delete from cart_lines c using paid, payments p
     where p.id = $1 and c.id = paid.line_id and c.user_email = p.user_email
       and c.quantity <= paid.quantity`,
    [paymentId],
  );
  await tx.query(
    `with ${paid}
     update cart_lines c set quantity = c.quantity - paid.quantity
     from paid, payments p
     where p.id = $1 and c.id = paid.line_id and c.user_email = p.user_email
       and c.quantity > paid.quantity`,
    [paymentId],
  );
}

/** Who started the checkout of this PaymentIntent (the `payment-owner-or-admin` policy). */
export async function paymentOwner(db: Queryable, paymentIntentId: string): Promise<string | null> {
  const [row] = await db.query<{ user_email: string }>(
    'select user_email from payments where payment_intent_id = $1',
    [paymentIntentId],
  );
  return row?.user_email ?? null;
}

/** A checkout as its confirmation and receipt show it (GET /orders/{id}). */
export type CheckoutRecord = {
  id: string;
  paymentIntentId: string;
  source: PaymentSource;
  status: PaymentStatus;
  email: string;
  amountCents: number;
  createdAt: Date;
  lines: { name: string; quantity: number; unitPriceCents: number }[];
  shipping: CheckoutShipping;
};

export async function findCheckout(
  db: Queryable,
  paymentIntentId: string,
): Promise<CheckoutRecord | undefined> {
  const [row] = await db.query<{
    id: string;
    payment_intent_id: string;
    source: PaymentSource;
    status: PaymentStatus;
    user_email: string;
    amount_cents: number;
    created_at: Date | string;
    lines: { name: string; quantity: number; unitPriceCents: number }[];
    shipping: CheckoutShipping;
  }>(
    `select id, payment_intent_id, source, status, user_email, amount_cents, created_at, lines,
            shipping
     from payments where payment_intent_id = $1`,
    [paymentIntentId],
  );
  return (
    row && {
      id: row.id,
      paymentIntentId: row.payment_intent_id,
      source: row.source,
      status: row.status,
      email: row.user_email,
      amountCents: row.amount_cents,
      createdAt: new Date(row.created_at),
      lines: row.lines.map(({ name, quantity, unitPriceCents }) => ({
        name,
        quantity,
        unitPriceCents,
      })),
      shipping: row.shipping,
    }
  );
}

/**
 * SQL: when a payment or refund (table alias `row`) is next asked about at Stripe, `$2` being
 * the interval of its first hour (D56). One schedule for both claims below.
 */
function nextAskSql(row: 'p' | 'r'): string {
  return `now() + case
       when now() - ${row}.created_at < interval '1 hour' then make_interval(secs => $2)
       when now() - ${row}.created_at < interval '1 day' then interval '15 minutes'
       else interval '6 hours' end`;
}

/** An open payment due to be asked about at Stripe. */
export type PaymentToReconcile = { id: string; paymentIntentId: string };

/**
 * Takes up to `limit` open payments whose time to be asked about has come, and sets when each is
 * next asked: every `everySeconds` while the payment is under an hour old, every 15 minutes under
 * a day, then every 6 hours (a PaymentIntent never expires; an abandoned one is asked about ever
 * less often). `skip locked`: processes sharing one database take different payments.
 */
export async function claimPaymentsToReconcile(
  db: Queryable,
  input: { limit: number; everySeconds: number },
): Promise<PaymentToReconcile[]> {
  return db.query<PaymentToReconcile>(
    `update payments p
     set reconcile_after = ${nextAskSql('p')}
     where p.id in (
       select id from payments
       where status in ('pending', 'failed') and reconcile_after <= now()
       order by reconcile_after
       limit $1
       for update skip locked)
     returning p.id, p.payment_intent_id as "paymentIntentId"`,
    [input.limit, input.everySeconds],
  );
}

/** The same for admins' refunds still pending (Stripe's Refund ids). */
export async function claimRefundsToReconcile(
  db: Queryable,
  input: { limit: number; everySeconds: number },
): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(
    `update refunds r
     set reconcile_after = ${nextAskSql('r')}
     where r.id in (
       select id from refunds
       where status = 'pending' and reconcile_after <= now()
       order by reconcile_after
       limit $1
       for update skip locked)
     returning r.id`,
    [input.limit, input.everySeconds],
  );
}

/**
 * When the next open payment or pending refund is due to be asked about at Stripe; null when
 * there is none.
 */
export async function nextReconcileAt(db: Queryable): Promise<Date | null> {
  const [row] = await db.query<{ at: Date | string | null }>(
    `select least(
       (select min(reconcile_after) from payments where status in ('pending', 'failed')),
       (select min(reconcile_after) from refunds where status = 'pending')) as at`,
  );
  return row?.at ? new Date(row.at) : null;
}
