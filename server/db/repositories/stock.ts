import { STOCK_HOLD_MINUTES } from '../../../contract/cart-rules';
import type { Queryable } from '../client';

/**
 * SQL: the copies of `book` that live holds keep from the shopper `email` (both SQL expressions):
 * every other shopper's unexpired reservations; with `email` null, everyone's. The one rule
 * behind "how many can this shopper order" (decisions D38).
 */
export function heldByOthersSql(book: string, email: string | null): string {
  const others = email === null ? '' : ` and r.user_email is distinct from ${email}`;
  return `coalesce((select sum(r.quantity) from stock_reservations r
    where r.book_id = ${book} and r.expires_at > now()${others}), 0)::integer`;
}

/** Copies of one book a checkout asks for. */
export type StockDemand = { bookId: string; name: string; quantity: number };

/** A book that cannot cover its demand: how many copies the shopper can have. */
export type StockShortfall = { bookId: string; name: string; available: number };

type LockedBook = { id: string; stock: number; removed: boolean; held: number };

/**
 * Row-locks the books (in id order, so two checkouts cannot deadlock) and reads, for each, the
 * copies on hand and those held by other shoppers' live reservations.
 */
async function lockBooks(
  tx: Queryable,
  bookIds: readonly string[],
  email: string,
): Promise<Map<string, LockedBook>> {
  const ids = [...new Set(bookIds)].sort();
  const locked = await tx.query<{ id: string; stock: number; removed: boolean }>(
    `select id, stock, removed_at is not null as removed from books
     where id = any($1::text[]) order by id for update`,
    [ids],
  );
  // A statement of its own, after the locks: its snapshot sees the holds of the checkouts this
  // one waited for (in the locking statement, PostgreSQL would read them as they were before).
  const held = await tx.query<{ id: string; held: number }>(
    `select id, ${heldByOthersSql('books.id', '$2')} as held from books where id = any($1::text[])`,
    [ids, email],
  );
  const heldBy = new Map(held.map((row) => [row.id, row.held]));
  return new Map(locked.map((row) => [row.id, { ...row, held: heldBy.get(row.id) ?? 0 }]));
}

function shortfalls(
  demands: readonly StockDemand[],
  books: Map<string, LockedBook>,
  ownHolds: ReadonlyMap<string, number> = new Map(),
): StockShortfall[] {
  const short: StockShortfall[] = [];
  for (const demand of demands) {
    const book = books.get(demand.bookId);
    // A live hold of this very payment is a claim on the copies on hand: when an admin lowered
    // the stock under what is held, the first holders to pay get the copies (others' holds do not
    // cancel it), and the rest are refunded (docs/decisions.md D56).
    const held = (ownHolds.get(demand.bookId) ?? 0) >= demand.quantity ? 0 : (book?.held ?? 0);
    const available = !book || book.removed ? 0 : Math.max(0, book.stock - held);
    if (demand.quantity > available) short.push({ ...demand, available });
  }
  return short;
}

/**
 * Holds the copies of a checkout for STOCK_HOLD_MINUTES, unless another shopper's hold or a sale
 * leaves too few: then nothing is held and the books that fall short are returned. The caller's
 * holds for other payments go (this checkout replaces them); a repeated call for the same payment
 * renews its hold.
 */
export async function reserveStock(
  tx: Queryable,
  input: { paymentId: string; email: string; demands: readonly StockDemand[] },
): Promise<StockShortfall[]> {
  const books = await lockBooks(
    tx,
    input.demands.map((demand) => demand.bookId),
    input.email,
  );
  const short = shortfalls(input.demands, books);
  if (short.length > 0) return short;
  await tx.query(
    `delete from stock_reservations
     where (user_email = $1 and payment_id <> $2) or expires_at < now() - interval '1 day'`,
    [input.email, input.paymentId],
  );
  await tx.query(
    `insert into stock_reservations (payment_id, book_id, user_email, quantity, expires_at)
     select $1, d.book_id, $2, d.quantity, now() + make_interval(mins => $5)
     from unnest($3::text[], $4::integer[]) as d(book_id, quantity)
     on conflict (payment_id, book_id) do update
       set quantity = excluded.quantity, expires_at = excluded.expires_at`,
    [
      input.paymentId,
      input.email,
      input.demands.map((demand) => demand.bookId),
      input.demands.map((demand) => demand.quantity),
      STOCK_HOLD_MINUTES,
    ],
  );
  return [];
}

/** Lets a payment's held copies go (its card failed, or Stripe was not reached). */
export async function releaseStock(tx: Queryable, paymentId: string): Promise<void> {
  await tx.query('delete from stock_reservations where payment_id = $1', [paymentId]);
}

/**
 * Turns a paid checkout's copies into sold stock: its own hold covers them, or, if the hold
 * lapsed, the copies nobody else holds. All or nothing: when any book falls short, nothing is
 * sold and the shortfalls are returned (the payment is then refunded).
 */
export async function sellStock(
  tx: Queryable,
  input: { paymentId: string; email: string; demands: readonly StockDemand[] },
): Promise<StockShortfall[]> {
  if (input.demands.length === 0) return [];
  const books = await lockBooks(
    tx,
    input.demands.map((demand) => demand.bookId),
    input.email,
  );
  const own = await tx.query<{ book_id: string; quantity: number }>(
    `select book_id, quantity from stock_reservations
     where payment_id = $1 and expires_at > now()`,
    [input.paymentId],
  );
  const short = shortfalls(
    input.demands,
    books,
    new Map(own.map((hold) => [hold.book_id, hold.quantity])),
  );
  if (short.length > 0) return short;
  await tx.query(
    `update books b set stock = b.stock - d.quantity
     from (select book_id, sum(quantity)::integer as quantity
           from unnest($1::text[], $2::integer[]) as x(book_id, quantity) group by book_id) d
     where b.id = d.book_id`,
    [input.demands.map((demand) => demand.bookId), input.demands.map((demand) => demand.quantity)],
  );
  await releaseStock(tx, input.paymentId);
  return [];
}

/** When a payment's hold on its copies ends (the earliest of its books), or null without one. */
export async function holdExpiry(db: Queryable, paymentId: string): Promise<Date | null> {
  const [row] = await db.query<{ expires_at: Date | string | null }>(
    `select min(expires_at) as expires_at from stock_reservations
     where payment_id = $1 and expires_at > now()`,
    [paymentId],
  );
  return row?.expires_at ? new Date(row.expires_at) : null;
}
