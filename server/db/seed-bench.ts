import { BOOK_CATEGORIES } from '../../contract/books';
import type { Db } from './client';
import { insertBooks } from './repositories/books';
import { seedBooks, type SeedBook } from './seed-books';

// Word lists for the benchmark catalogue: names that a search for a common word or a short
// fragment matches by the hundreds, as in a real shop, not by one.
const OPENINGS = ['The', 'A Guide to', 'Notes on', 'Beyond', 'Inside', 'Learning', 'Tales of'];
const SUBJECTS = [
  'TypeScript',
  'Distant Stars',
  'Quiet Rivers',
  'Compilers',
  'Glass Orbits',
  'Old Lighthouses',
  'Databases',
  'Robot Gardens',
  'Functional Design',
  'Winter Roads',
  'Networks',
  'Lost Colonies',
];

/**
 * `count` distinct books for the benchmarks (never the shop's seed): deterministic, so runs
 * compare, with every category, price and cover of the real seed in use.
 */
export function benchBooks(count: number): SeedBook[] {
  const books: SeedBook[] = [];
  for (let i = 0; i < count; i += 1) {
    const opening = OPENINGS[i % OPENINGS.length];
    const subject = SUBJECTS[Math.floor(i / OPENINGS.length) % SUBJECTS.length];
    const cover = seedBooks[i % seedBooks.length];
    const category = BOOK_CATEGORIES[i % BOOK_CATEGORIES.length];
    if (!opening || !subject || !cover || !category) throw new Error('empty word list');
    books.push({
      // The volume number keeps names unique (books.name is).
      name: `${opening} ${subject}, Volume ${i + 1}`,
      // 1.00 to 100.00 dollars, spread by a prime stride so sorting by price is real work.
      priceCents: 100 + ((i * 7919) % 9901),
      image: cover.image,
      category,
      author: cover.author,
      description: cover.description,
      stock: 1000,
    });
  }
  return books;
}

/** Inserts `benchBooks(count)` into an empty catalogue, in batches. */
export async function seedBenchCatalogue(db: Db, count: number): Promise<void> {
  const books = benchBooks(count);
  const batch = 2000;
  await db.transaction(async (tx) => {
    for (let start = 0; start < books.length; start += batch) {
      await insertBooks(tx, books.slice(start, start + batch));
    }
  });
}

// ---- orders -------------------------------------------------------------------------------------

/** Bench customers; their emails are `shopper<n>@<domain>`, so part of one matches many. */
const BENCH_CUSTOMERS = 2000;
const BENCH_DOMAINS = ['example.com', 'mail.test', 'learnmail.test', 'school.test'];
/** Who the seeded refunds name as their actor. */
export const BENCH_ADMIN_EMAIL = 'bench-admin@example.com';

export type BenchOrderCounts = {
  users: number;
  payments: Record<'succeeded' | 'refunded' | 'pending' | 'failed', number>;
  orders: number;
  refundedOrders: number;
  refunds: number;
};

/** A deterministic, evenly spread non-negative integer of an SQL integer expression. */
function hashOf(expression: string, salt: number): string {
  return `(hashint8((${expression})::bigint * 1000003 + ${salt})::bigint & 2147483647)`;
}

/** The email of customer `n` (an SQL integer expression). */
function customerEmail(n: string): string {
  const domains = BENCH_DOMAINS.map((domain) => `'${domain}'`).join(', ');
  return `('shopper' || (${n}) || '@' || (array[${domains}])[(${n}) % ${BENCH_DOMAINS.length} + 1])`;
}

/**
 * A year of checkouts for the admin's order and sales benchmarks (never the shop's seed), over
 * the catalogue already in `books` and the course list: `orderCount` orders (lines) of succeeded
 * payments with 1–3 lines each, ~3 % of them refunded (with their `refunds` rows), plus ~1 % of
 * payments refunded whole before any order (books gone) and pending and failed ones, all spread
 * over the last 365 days. Set-based SQL (generate_series), so 100,000 orders take seconds; the
 * rows look as checkout and the webhooks write them (server/services/checkout.ts, refunds.ts).
 */
export async function seedBenchOrders(
  db: Db,
  courses: readonly { id: string; name: string; priceCents: number }[],
  orderCount = 100_000,
): Promise<BenchOrderCounts> {
  // Succeeded payments come in blocks of 3 with 1, 2 and 3 lines: 6 orders per block.
  const succeeded = 3 * Math.floor(orderCount / 6) + [0, 1, 2, 2, 3, 3][orderCount % 6]!;
  const refunded = Math.round(succeeded * 0.012);
  const pending = Math.round(succeeded * 0.12);
  const failed = Math.round(succeeded * 0.06);
  const total = succeeded + refunded + pending + failed;
  const j = 'j';
  const line = 'line';

  await db.transaction(async (tx) => {
    await tx.query(
      `insert into users (email, name, created_at, sign_up_date)
       select ${customerEmail('n')}, 'Shopper ' || n, t, t
       from generate_series(0, $1 - 1) n,
            lateral (select now() - ${hashOf('n', 1)} % (400 * 86400) * interval '1 second') as s(t)`,
      [BENCH_CUSTOMERS],
    );
    // Every payment's lines: `j` numbers payments (succeeded first), `line` is the cart position.
    await tx.query(
      `create temp table bench_lines on commit drop as
       with catalogue as (
         select array_agg(id order by name) as ids, array_agg(name order by name) as names,
                array_agg(price_cents order by name) as prices, count(*)::integer as n
         from books
       ),
       slots as (
         select 3 * (k / 6) + (array[0, 1, 1, 2, 2, 2])[k % 6 + 1] as j,
                (array[0, 0, 1, 0, 1, 2])[k % 6 + 1] as line
         from generate_series(0, $1::integer - 1) k
         union all
         select j, line from generate_series($2::integer, $3::integer - 1) j,
                             generate_series(0, j % 3) line
       ),
       kinds as (
         -- About one checkout in eight is for courses; distinct items per cart (line steps by 1).
         select j, line, ${hashOf(j, 2)} % 100 < 12 as course,
                ${hashOf(j, 3)} + line as item
         from slots
       )
       select k.j, k.line, k.course,
              case when k.course then null else c.ids[k.item % c.n + 1] end as book_id,
              case when k.course then ($4::text[])[k.item % cardinality($4::text[]) + 1] end
                as course_id,
              case when k.course then ($5::text[])[k.item % cardinality($4::text[]) + 1]
                   else c.names[k.item % c.n + 1] end as name,
              case when k.course then 1
                   else (array[1, 1, 1, 1, 1, 1, 1, 2, 2, 3])[${hashOf(`${j} * 4 + ${line}`, 4)} % 10 + 1]
              end as quantity,
              case when k.course then ($6::integer[])[k.item % cardinality($4::text[]) + 1]
                   else c.prices[k.item % c.n + 1] end as unit_price_cents,
              'pay_' || md5('bench-pay-' || k.j) as payment_id
       from kinds k cross join catalogue c`,
      [
        orderCount,
        succeeded,
        total,
        courses.map((course) => course.id),
        courses.map((course) => course.name),
        courses.map((course) => course.priceCents),
      ],
    );
    const customer = `(${hashOf(j, 5)} % ${BENCH_CUSTOMERS})`;
    await tx.query(
      `insert into payments (id, user_email, source, amount_cents, currency, lines, shipping,
                             cart_fingerprint, payment_intent_id, client_secret, status,
                             created_at, updated_at)
       select payment_id, ${customerEmail(customer)},
              case when bool_and(course) then 'courses' else 'books' end,
              sum(quantity * unit_price_cents), 'usd',
              jsonb_agg(jsonb_build_object(
                'lineId', case when course then null
                               else md5('bench-cart-line-' || j || '-' || line)::uuid::text end,
                'courseId', course_id, 'bookId', book_id, 'name', name, 'quantity', quantity,
                'unitPriceCents', unit_price_cents) order by line),
              jsonb_build_object(
                'firstName', 'Shopper', 'lastName', 'No. ' || ${customer},
                'email', ${customerEmail(customer)}, 'country', 'Canada',
                'address', ${customer} || ' Benchmark Way', 'city', 'Toronto',
                'state', 'Ontario', 'postalCode', 'M5V 2T6'),
              md5('bench-fingerprint-' || j),
              'pi_' || substr(md5('bench-pi-' || j), 1, 24),
              'pi_' || substr(md5('bench-pi-' || j), 1, 24) || '_secret_' ||
                substr(md5('bench-secret-' || j), 1, 24),
              case when j < $1 then 'succeeded' when j < $2 then 'refunded'
                   when j < $3 then 'pending' else 'failed' end,
              created, created
       from bench_lines,
            lateral (select now() - ${hashOf(j, 6)} % (365 * 86400) * interval '1 second')
              as t(created)
       group by j, payment_id, created
       -- In the order a shop writes them, so the table's layout follows time as a real one's.
       order by created`,
      [succeeded, succeeded + refunded, succeeded + refunded + pending],
    );
    // The webhook turns a succeeded payment's snapshot into its orders a moment later.
    await tx.query(
      `insert into orders (user_email, book_id, course_id, name, quantity, price_cents, shipping,
                           payment_intent_id, payment_id, payment_line, created_at)
       select p.user_email, l.book_id, l.course_id, l.name, l.quantity, l.unit_price_cents,
              p.shipping, p.payment_intent_id, p.id, l.line, p.created_at + interval '2 seconds'
       from bench_lines l join payments p on p.id = l.payment_id
       where p.status = 'succeeded'
       order by p.created_at, l.line`,
    );
    // Refunds: ~1 % of checkouts whole, and ~2 % of the other lines one by one; one refund per
    // payment, settled (status succeeded) a few days after the sale.
    await tx.query(
      `update orders o
       set refund_id = 're_' || substr(md5('bench-refund-' || o.payment_id), 1, 24),
           refunded_at = least(now(), o.created_at +
             (1 + ${hashOf('hashtext(o.payment_id)', 7)} % 14) * interval '1 day')
       from bench_lines l
       where l.payment_id = o.payment_id and l.line = o.payment_line
         and (${hashOf(j, 8)} % 100 < 1 or ${hashOf(`${j} * 4 + ${line}`, 9)} % 100 < 2)`,
    );
    await tx.query(
      `insert into refunds (id, payment_id, amount_cents, order_ids, status, actor_email,
                            created_at)
       select refund_id, payment_id, sum(price_cents * quantity),
              jsonb_agg(id order by payment_line), 'succeeded', $1, min(refunded_at)
       from orders where refund_id is not null
       group by refund_id, payment_id`,
      [BENCH_ADMIN_EMAIL],
    );
  });
  // What a shop's database looks like after its maintenance: PostgreSQL's autovacuum does this by
  // itself; PGlite has none (the closing note of issue 16 says so). VACUUM runs one table a
  // statement: never inside a transaction block.
  for (const table of ['users', 'payments', 'orders', 'refunds', 'books']) {
    await db.exec(`vacuum analyze ${table}`);
  }

  const [counts] = await db.query<{
    users: number;
    orders: number;
    refunded_orders: number;
    refunds: number;
  }>(
    `select (select count(*) from users)::integer as users,
            (select count(*) from orders)::integer as orders,
            (select count(*) from orders where refunded_at is not null)::integer as refunded_orders,
            (select count(*) from refunds)::integer as refunds`,
  );
  return {
    users: counts?.users ?? 0,
    payments: { succeeded, refunded, pending, failed },
    orders: counts?.orders ?? 0,
    refundedOrders: counts?.refunded_orders ?? 0,
    refunds: counts?.refunds ?? 0,
  };
}
