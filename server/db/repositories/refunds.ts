import type { Queryable } from '../client';

/** A line of a paid checkout, as a refund reads it. */
export type RefundableLine = {
  orderId: string;
  bookId: string | null;
  quantity: number;
  unitPriceCents: number;
  refunded: boolean;
  /** A refund asked of Stripe that its webhook has not confirmed yet covers it. */
  pending: boolean;
};

/** The lines of a payment (its orders, hidden ones too), in cart order. */
export async function refundableLines(tx: Queryable, paymentId: string): Promise<RefundableLine[]> {
  const rows = await tx.query<{
    id: string;
    book_id: string | null;
    quantity: number;
    price_cents: number;
    refunded: boolean;
    pending: boolean;
  }>(
    `select o.id, o.book_id, o.quantity, o.price_cents, o.refunded_at is not null as refunded,
            exists (select 1 from refunds r where r.payment_id = o.payment_id
                    and r.status = 'pending' and r.order_ids ? o.id) as pending
     from orders o where o.payment_id = $1
     order by o.payment_line`,
    [paymentId],
  );
  return rows.map((row) => ({
    orderId: row.id,
    bookId: row.book_id,
    quantity: row.quantity,
    unitPriceCents: row.price_cents,
    refunded: row.refunded,
    pending: row.pending,
  }));
}

/** Cents already refunded or being refunded for a payment. */
export async function refundedCents(tx: Queryable, paymentId: string): Promise<number> {
  const [row] = await tx.query<{ cents: number }>(
    `select coalesce(sum(amount_cents), 0)::integer as cents from refunds
     where payment_id = $1 and status in ('pending', 'succeeded')`,
    [paymentId],
  );
  return row?.cents ?? 0;
}

/** Records a refund Stripe accepted; a replay of the same Stripe refund records nothing. */
export async function insertRefund(
  tx: Queryable,
  refund: {
    id: string;
    paymentId: string;
    amountCents: number;
    orderIds: string[];
    actorEmail: string;
  },
): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `insert into refunds (id, payment_id, amount_cents, order_ids, actor_email)
     values ($1, $2, $3, $4::jsonb, $5)
     on conflict (id) do nothing
     returning id`,
    [
      refund.id,
      refund.paymentId,
      refund.amountCents,
      JSON.stringify(refund.orderIds),
      refund.actorEmail,
    ],
  );
  return rows.length > 0;
}

/**
 * Stripe confirmed a refund: once (a pending refund only), its lines become refunded and their
 * books go back on the shelf. Returns whether this call settled it.
 */
export async function settleRefund(tx: Queryable, refundId: string): Promise<boolean> {
  const [refund] = await tx.query<{ order_ids: string[] }>(
    `update refunds set status = 'succeeded' where id = $1 and status = 'pending'
     returning order_ids`,
    [refundId],
  );
  if (!refund) return false;
  const lines = await tx.query<{ book_id: string | null; quantity: number }>(
    `update orders set refunded_at = now(), refund_id = $1
     where id = any($2::text[]) and refunded_at is null
     returning book_id, quantity`,
    [refundId, refund.order_ids],
  );
  const books = lines.flatMap((line) =>
    line.book_id === null ? [] : [{ bookId: line.book_id, quantity: line.quantity }],
  );
  if (books.length > 0) {
    // Books taken off sale since get their copies back too; the stock stays within its bounds.
    await tx.query(
      `update books b set stock = least(100000, b.stock + d.quantity)
       from (select book_id, sum(quantity)::integer as quantity
             from unnest($1::text[], $2::integer[]) as x(book_id, quantity) group by book_id) d
       where b.id = d.book_id`,
      [books.map((book) => book.bookId), books.map((book) => book.quantity)],
    );
  }
  return true;
}

/** Stripe says a refund failed or was cancelled: its lines may be refunded again. */
export async function failRefund(tx: Queryable, refundId: string): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `update refunds set status = 'failed' where id = $1 and status = 'pending' returning id`,
    [refundId],
  );
  return rows.length > 0;
}

/**
 * A `charge.refunded` event names the PaymentIntent and the amount refunded so far, not the
 * refund: the pending refunds of that payment, oldest first, that the amount covers.
 */
export async function pendingRefundsCovered(
  tx: Queryable,
  paymentIntentId: string,
  amountRefundedCents: number,
): Promise<string[]> {
  const rows = await tx.query<{ id: string; amount_cents: number; status: string }>(
    `select r.id, r.amount_cents, r.status from refunds r
     join payments p on p.id = r.payment_id
     where p.payment_intent_id = $1 and r.status in ('pending', 'succeeded')
     order by r.created_at, r.id`,
    [paymentIntentId],
  );
  let covered = 0;
  const ids: string[] = [];
  for (const row of rows) {
    covered += row.amount_cents;
    if (covered > amountRefundedCents) break;
    if (row.status === 'pending') ids.push(row.id);
  }
  return ids;
}
