import {
  SALES_TOP_COUNT,
  salesPeriodDays,
  type SalesReport,
  type TopSeller,
} from '../../../contract/sales';
import type { Queryable } from '../client';

/**
 * The admin's Sales screen (docs/product.md §2.22). A checkout is a payment that was paid
 * (succeeded, or refunded in full because its books had gone): it counts on the UTC day it was
 * placed, as the Orders screen files it. A refund counts on the day it was made: an admin's on the
 * day it was asked of Stripe (once Stripe confirmed it), a payment refunded in full on that day. Best-sellers count the lines
 * of the period's checkouts that were not refunded.
 */

/** A best-seller, what it brought in as cents. */
export type TopSellerRecord = Omit<TopSeller, 'revenue'> & { revenueCents: number };

/** The Sales report with its sums in cents (the API's `SalesReport` has dollars). */
export type SalesReportRecord = Omit<
  SalesReport,
  'revenue' | 'refunded' | 'daily' | 'topBooks' | 'topCourses'
> & {
  revenueCents: number;
  refundedCents: number;
  daily: { date: string; orders: number; revenueCents: number }[];
  topBooks: TopSellerRecord[];
  topCourses: TopSellerRecord[];
};

type TopRow = { kind: 'book' | 'course'; id: string; name: string; copies: number; cents: number };

export async function salesReport(
  db: Queryable,
  days: number,
  now: Date = new Date(),
): Promise<SalesReportRecord> {
  const dates = salesPeriodDays(days, now);
  const from = dates[0] ?? now.toISOString().slice(0, 10);
  const since = `${from}T00:00:00Z`;

  // float8, not bigint: PostgreSQL sends bigints as strings, and cents fit a double exactly.
  const dailyRows = await db.query<{ day: string; orders: number; cents: number }>(
    `select to_char((p.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
            count(*)::integer as orders, sum(p.amount_cents)::float8 as cents
     from payments p
     where p.status in ('succeeded', 'refunded') and p.created_at >= $1::timestamptz
     group by 1`,
    [since],
  );
  const [refundRow] = await db.query<{ count: number; cents: number }>(
    `select count(*)::integer as count, coalesce(sum(cents), 0)::float8 as cents from (
       select r.amount_cents as cents from refunds r
       where r.status = 'succeeded' and r.created_at >= $1::timestamptz
       union all
       select p.amount_cents from payments p
       where p.status = 'refunded' and p.updated_at >= $1::timestamptz
     ) as made`,
    [since],
  );
  const topRows = await db.query<TopRow>(
    `with sold as (
       select case when o.book_id is not null then 'book' else 'course' end as kind,
              coalesce(o.book_id, o.course_id) as id,
              sum(o.quantity)::integer as copies,
              sum(o.quantity * o.price_cents)::float8 as cents,
              max(o.name) as name
       from payments p join orders o on o.payment_id = p.id
       where p.status = 'succeeded' and p.created_at >= $1::timestamptz
         -- Implied by the payment's date (its orders are written when it is paid, never before),
         -- and what lets the period's orders be read by their own index, not all of them.
         and o.created_at >= $1::timestamptz
         and o.refunded_at is null and coalesce(o.book_id, o.course_id) is not null
       group by 1, 2
     ),
     ranked as (
       select sold.*, row_number() over (
         partition by kind order by copies desc, cents desc, id) as rank
       from sold
     )
     select ranked.kind, ranked.id, coalesce(b.name, ranked.name) as name, ranked.copies,
            ranked.cents
     from ranked left join books b on ranked.kind = 'book' and b.id = ranked.id
     where ranked.rank <= $2
     order by ranked.kind, ranked.rank`,
    [since, SALES_TOP_COUNT],
  );

  const byDay = new Map(dailyRows.map((row) => [row.day, row]));
  const daily = dates.map((date) => {
    const row = byDay.get(date);
    return { date, orders: row?.orders ?? 0, revenueCents: row?.cents ?? 0 };
  });
  const top = (kind: TopRow['kind']): TopSellerRecord[] =>
    topRows
      .filter((row) => row.kind === kind)
      .map((row) => ({
        id: row.id,
        // A book's name as the catalogue has it now (removed books too); a course's as it sold.
        name: row.name,
        copies: row.copies,
        revenueCents: row.cents,
      }));
  const revenueCents = dailyRows.reduce((sum, row) => sum + row.cents, 0);
  return {
    days,
    from,
    to: dates[dates.length - 1] ?? from,
    revenueCents,
    orders: dailyRows.reduce((sum, row) => sum + row.orders, 0),
    refunds: refundRow?.count ?? 0,
    refundedCents: refundRow?.cents ?? 0,
    daily,
    topBooks: top('book'),
    topCourses: top('course'),
  };
}
