import { centsToDollars } from '../../../contract/money';
import type { Order } from '../../../contract/orders';
import type { Queryable } from '../client';

/** Every address passed in here is the caller's, already normalised by the contract or token. */

type OrderRow = {
  id: string;
  name: string;
  quantity: number;
  price_cents: number;
  refunded: boolean;
};

/**
 * Turns a payment's snapshot into its orders, one per line, with the payment's owner, shipping
 * address and ids. A line already ordered (a duplicate fulfilment) is skipped by the unique
 * (payment_intent_id, payment_line) key. Returns the ids inserted.
 */
export async function insertOrdersForPayment(tx: Queryable, paymentId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `insert into orders (user_email, book_id, course_id, name, quantity, price_cents, shipping,
                         payment_intent_id, payment_id, payment_line)
     select p.user_email, l.line->>'bookId', l.line->>'courseId', l.line->>'name',
            (l.line->>'quantity')::integer, (l.line->>'unitPriceCents')::integer, p.shipping,
            p.payment_intent_id, p.id, (l.position - 1)::integer
     from payments p
     cross join lateral jsonb_array_elements(p.lines) with ordinality as l(line, position)
     where p.id = $1
     on conflict (payment_intent_id, payment_line) do nothing
     returning id`,
    [paymentId],
  );
  return rows.map((row) => row.id);
}

/** The user's orders, newest first (a payment's lines in cart order), but those they hid. */
export async function listOrders(db: Queryable, email: string): Promise<Order[]> {
  const rows = await db.query<OrderRow>(
    `select id, name, quantity, price_cents, refunded_at is not null as refunded from orders
     where user_email = $1 and hidden_at is null
     order by created_at desc, payment_line asc nulls last, id`,
    [email],
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    quantity: row.quantity,
    price: centsToDollars(row.price_cents),
    refunded: row.refunded,
  }));
}

/**
 * The customer's 'x' in My Orders: hides one of their orders from their list; the shop's record
 * of the sale stays. False when the user has no such order (or already hid it).
 */
export async function deleteOrder(
  db: Queryable,
  input: { email: string; id: string },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update orders set hidden_at = now()
     where id = $1 and user_email = $2 and hidden_at is null returning id`,
    [input.id, input.email],
  );
  return rows.length > 0;
}

/** Who owns an order (the `order-owner` policy); null when there is no such order. */
export async function orderOwner(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db.query<{ user_email: string }>(
    'select user_email from orders where id = $1 and hidden_at is null',
    [id],
  );
  return row?.user_email ?? null;
}
