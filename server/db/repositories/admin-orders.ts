import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type AdminOrderStatus,
  type AdminOrderSummary,
} from '../../../contract/admin-orders';
import { orderNumberOf } from '../../../contract/checkout-rules';
import type { InCents } from '../../../contract/money';
import type { CheckoutShipping } from '../../../contract/payments';
import type { Queryable } from '../client';
import { escapeLike } from './books';

/**
 * The admin's Orders screen (docs/product.md §2.21): every checkout (a payment that was paid,
 * refunded or not), with what was refunded of it. A payment refunded whole because its books had
 * gone (payments.status 'refunded') counts as refunded in full; otherwise the refunded lines
 * (orders.refunded_at set) add up to what was refunded.
 */

type SummaryRow = {
  id: string;
  payment_intent_id: string;
  user_email: string;
  created_at: Date | string;
  amount_cents: number;
  refunded_cents: number;
  status: AdminOrderStatus;
  line_count: number;
};

/**
 * The checkouts with their refunded sum and status, filtered by `where` (on `payments p`). A
 * status filter then applies to `checkouts.status`. `from` may narrow the payments first (to one
 * page of them, so only that page's refunded sums are read).
 */
function checkoutsCte(where: string, from = 'payments p'): string {
  return `with paid as (
      select p.id, p.payment_intent_id, p.user_email, p.created_at, p.amount_cents,
             jsonb_array_length(p.lines)::integer as line_count,
             case when p.status = 'refunded' then p.amount_cents
                  else least(p.amount_cents, coalesce(r.cents, 0))
             end::integer as refunded_cents
      from ${from}
      -- A lateral join, not a scalar subquery: the subquery would be run again for each use of
      -- refunded_cents below.
      cross join lateral (
        select sum(o.price_cents * o.quantity) as cents from orders o
        where o.payment_id = p.id and o.refunded_at is not null
      ) r
      where p.status in ('succeeded', 'refunded') ${where}
    ),
    checkouts as (
      select paid.*,
             case when refunded_cents >= amount_cents then 'refunded'
                  when refunded_cents > 0 then 'partly-refunded'
                  else 'paid' end as status
      from paid
    )`;
}

const SUMMARY_COLUMNS =
  'id, payment_intent_id, user_email, created_at, amount_cents, refunded_cents, status, line_count';

/** A checkout of the Orders screen, its total and refunded sum in cents (the API has dollars). */
export type AdminOrderSummaryRecord = Omit<AdminOrderSummary, 'total' | 'refunded'> & {
  totalCents: number;
  refundedCents: number;
};

/** One checkout with its lines, priced in cents. */
export type AdminOrderRecord = AdminOrderSummaryRecord &
  Pick<AdminOrderDetail, 'shipping'> & { lines: InCents<AdminOrderDetail['lines'][number]>[] };

function toSummary(row: SummaryRow): AdminOrderSummaryRecord {
  return {
    paymentId: row.payment_intent_id,
    orderNumber: orderNumberOf(row.id),
    email: row.user_email,
    createdAt: new Date(row.created_at).toISOString(),
    totalCents: row.amount_cents,
    refundedCents: row.refunded_cents,
    status: row.status,
    lineCount: row.line_count,
  };
}

export type AdminOrderPageResult = {
  items: AdminOrderSummaryRecord[];
  total: number;
  page: number;
  limit: number;
};

/** A page of checkouts, newest first; `total` counts every match of the filters. */
export async function listOrdersForAdmin(
  db: Queryable,
  query: AdminOrderListQuery,
): Promise<AdminOrderPageResult> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (query.q !== undefined) {
    params.push(`%${escapeLike(query.q)}%`);
    conditions.push(`and lower(p.user_email) like lower($${params.length}) escape '\\'`);
  }
  // Whole UTC days, both ends included.
  if (query.from !== undefined) {
    params.push(query.from);
    conditions.push(`and p.created_at >= ($${params.length}::date)::timestamp at time zone 'UTC'`);
  }
  if (query.to !== undefined) {
    params.push(query.to);
    conditions.push(
      `and p.created_at < ($${params.length}::date + 1)::timestamp at time zone 'UTC'`,
    );
  }
  let statusFilter = '';
  if (query.status !== undefined) {
    params.push(query.status);
    statusFilter = `where status = $${params.length}`;
    // Implied by the status (something was refunded), but lets the database start from the few
    // refunded lines and payments instead of computing every payment's refunded sum.
    if (query.status !== 'paid') {
      conditions.push(
        `and p.id in (select o.payment_id from orders o where o.refunded_at is not null
                      union all
                      select f.id from payments f where f.status = 'refunded')`,
      );
    }
  }
  const where = conditions.join(' ');
  const page = query.page ?? 1;
  const limit = ADMIN_ORDERS_PAGE_SIZE;
  const pageParams = [...params, limit, (page - 1) * limit];
  const [limitParam, offsetParam] = [`$${params.length + 1}`, `$${params.length + 2}`];
  const count = async (): Promise<number> => {
    const [counted] = await db.query<{ count: number }>(
      `${checkoutsCte(where)} select count(*)::integer as count from checkouts ${statusFilter}`,
      params,
    );
    return counted?.count ?? 0;
  };
  if (query.status === undefined || query.status === 'paid') {
    const rows = await db.query<SummaryRow>(
      query.status === undefined
        ? // The page is known before any refunded sum: take it first, so a deep page does not
          // read the sums of every checkout before it. The count needs no sum at all.
          `${checkoutsCte(
            where,
            `(select * from payments p where p.status in ('succeeded', 'refunded') ${where}
              order by p.created_at desc, p.id limit ${limitParam} offset ${offsetParam}) p`,
          )} select ${SUMMARY_COLUMNS} from checkouts order by created_at desc, id`
        : // Most checkouts are paid: newest first, a page is found after reading a few more.
          `${checkoutsCte(where)} select ${SUMMARY_COLUMNS} from checkouts ${statusFilter}
           order by created_at desc, id limit ${limitParam} offset ${offsetParam}`,
      pageParams,
    );
    return { items: rows.map(toSummary), total: await count(), page, limit };
  }
  // The few (partly) refunded ones: every match is read anyway, so count them in the same pass.
  const rows = await db.query<SummaryRow & { total: number }>(
    `${checkoutsCte(where)} select ${SUMMARY_COLUMNS}, count(*) over ()::integer as total
     from checkouts ${statusFilter}
     order by created_at desc, id limit ${limitParam} offset ${offsetParam}`,
    pageParams,
  );
  // No row: none matches, or the page is past the last one (then the count is asked apart).
  const total = rows[0]?.total ?? (page === 1 ? 0 : await count());
  return { items: rows.map(toSummary), total, page, limit };
}

type LineRow = {
  id: string;
  name: string;
  quantity: number;
  price_cents: number;
  refunded: boolean;
  refund_pending: boolean;
};

/**
 * One checkout by its PaymentIntent id, with its lines (those the customer hid too) and the
 * payment's id (`pay_…`, the subject of its audit rows); undefined when there is no such paid
 * checkout (unknown, pending or failed).
 */
export async function findOrderForAdmin(
  db: Queryable,
  paymentIntentId: string,
): Promise<{ paymentRowId: string; order: AdminOrderRecord } | undefined> {
  const [row] = await db.query<SummaryRow & { shipping: CheckoutShipping }>(
    `${checkoutsCte('and p.payment_intent_id = $1')}
     select ${SUMMARY_COLUMNS.split(', ')
       .map((column) => `c.${column}`)
       .join(', ')}, p.shipping
     from checkouts c join payments p on p.id = c.id`,
    [paymentIntentId],
  );
  if (!row) return undefined;
  const lines = await db.query<LineRow>(
    `select o.id, o.name, o.quantity, o.price_cents, o.refunded_at is not null as refunded,
            exists (select 1 from refunds r
                    where r.payment_id = o.payment_id and r.status = 'pending'
                      and r.order_ids @> jsonb_build_array(o.id)) as refund_pending
     from orders o
     where o.payment_id = $1
     order by o.payment_line asc nulls last, o.id`,
    [row.id],
  );
  return {
    paymentRowId: row.id,
    order: {
      ...toSummary(row),
      shipping: row.shipping,
      lines: lines.map((line) => ({
        orderId: line.id,
        name: line.name,
        quantity: line.quantity,
        priceCents: line.price_cents,
        refunded: line.refunded,
        refundPending: line.refund_pending,
      })),
    },
  };
}
