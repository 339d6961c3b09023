import { orderNumberOf } from '../../../contract/checkout-rules';
import type { InCents } from '../../../contract/money';
import {
  MY_CHECKOUTS_PAGE_SIZE,
  type MyCheckout,
  type MyCheckoutPage,
  type Order,
} from '../../../contract/orders';
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

/** An order, its price per copy in cents (the API's `Order` has dollars). */
export type OrderRecord = InCents<Order>;

/** A checkout of My Orders, its total and prices in cents. */
export type MyCheckoutRecord = Omit<MyCheckout, 'total' | 'lines'> & {
  totalCents: number;
  lines: OrderRecord[];
};

export type MyCheckoutPageRecord = Omit<MyCheckoutPage, 'checkouts'> & {
  checkouts: MyCheckoutRecord[];
};

/** The user's orders, newest first (a payment's lines in cart order), but those they hid. */
export async function listOrders(db: Queryable, email: string): Promise<OrderRecord[]> {
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
    priceCents: row.price_cents,
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

type CheckoutLineRow = OrderRow & {
  payment_id: string;
  payment_intent_id: string;
  created_at: Date | string;
  amount_cents: number;
  refunded_cents: number;
  checkout_count: number;
  line_count: number;
};

/**
 * My Orders by checkout (docs/product.md §2.13): a page of the user's paid payments that still
 * show a line (newest first), each with those lines in cart order and its status as the admin's
 * Orders word it (docs/product.md §2.21: what its refunded lines add up to, or all of it when
 * refunded whole). `total` and `lineCount` count every page.
 */
export async function listCheckouts(
  db: Queryable,
  email: string,
  page: number,
): Promise<MyCheckoutPageRecord> {
  const limit = MY_CHECKOUTS_PAGE_SIZE;
  const rows = await db.query<CheckoutLineRow>(
    `with shown as (
       select p.id, p.payment_intent_id, p.created_at, p.amount_cents, p.status,
              count(*) over ()::integer as checkout_count,
              sum(v.lines) over ()::integer as line_count
       from payments p
       cross join lateral (
         select count(*)::integer as lines from orders o
         where o.payment_id = p.id and o.hidden_at is null
       ) v
       where p.user_email = $1 and p.status in ('succeeded', 'refunded') and v.lines > 0
     ),
     paged as (
       select * from shown order by created_at desc, id limit $2 offset $3
     )
     select paged.id as payment_id, paged.payment_intent_id, paged.created_at,
            paged.amount_cents, paged.checkout_count, paged.line_count,
            case when paged.status = 'refunded' then paged.amount_cents
                 else least(paged.amount_cents, coalesce(r.cents, 0)) end::integer as refunded_cents,
            o.id, o.name, o.quantity, o.price_cents, o.refunded_at is not null as refunded
     from paged
     cross join lateral (
       select sum(x.price_cents * x.quantity) as cents from orders x
       where x.payment_id = paged.id and x.refunded_at is not null
     ) r
     join orders o on o.payment_id = paged.id and o.hidden_at is null
     order by paged.created_at desc, paged.id, o.payment_line asc nulls last, o.id`,
    [email, limit, (page - 1) * limit],
  );
  const checkouts = new Map<string, MyCheckoutRecord>();
  for (const row of rows) {
    let checkout = checkouts.get(row.payment_id);
    if (!checkout) {
      checkout = {
        paymentId: row.payment_intent_id,
        orderNumber: orderNumberOf(row.payment_id),
        createdAt: new Date(row.created_at).toISOString(),
        status:
          row.refunded_cents >= row.amount_cents
            ? 'refunded'
            : row.refunded_cents > 0
              ? 'partly-refunded'
              : 'paid',
        totalCents: row.amount_cents,
        lines: [],
      };
      checkouts.set(row.payment_id, checkout);
    }
    checkout.lines.push({
      _id: row.id,
      name: row.name,
      quantity: row.quantity,
      priceCents: row.price_cents,
      refunded: row.refunded,
    });
  }
  const [first] = rows;
  // A page past the last one has no row to carry the counts: ask them apart.
  const counts = first
    ? { total: first.checkout_count, lineCount: first.line_count }
    : await countCheckouts(db, email);
  return { checkouts: [...checkouts.values()], ...counts, page, limit };
}

async function countCheckouts(
  db: Queryable,
  email: string,
): Promise<{ total: number; lineCount: number }> {
  const [row] = await db.query<{ total: number; line_count: number }>(
    `select count(distinct p.id)::integer as total, count(o.id)::integer as line_count
     from payments p join orders o on o.payment_id = p.id and o.hidden_at is null
     where p.user_email = $1 and p.status in ('succeeded', 'refunded')`,
    [email],
  );
  return { total: row?.total ?? 0, lineCount: row?.line_count ?? 0 };
}
