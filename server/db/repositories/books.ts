import {
  DEFAULT_BOOK_PAGE_SIZE,
  type Book,
  type BookCategory,
  type BookListQuery,
  type BookSort,
} from '../../../contract/books';
import { centsToDollars } from '../../../contract/money';
import type { Queryable } from '../client';

type BookRow = {
  id: string;
  name: string;
  price_cents: number;
  image: string;
  category: BookCategory;
};

// Byte-wise ("C") comparison so PGlite and every PostgreSQL server order names the same way,
// whatever collation the database was created with. Name, then id, keeps the order total.
const BY_NAME_ASC = 'lower(name) collate "C" asc, name collate "C" asc, id collate "C" asc';

const ORDER_BY: Record<BookSort, string> = {
  'price-asc': `price_cents asc, ${BY_NAME_ASC}`,
  'price-desc': `price_cents desc, ${BY_NAME_ASC}`,
  name: BY_NAME_ASC,
};

export type BookPage = { items: Book[]; total: number };

/**
 * The catalogue, filtered and sorted. `total` counts every match, ignoring the page; the page is
 * only applied when `page` or `limit` is given, so a plain call returns every book. Without
 * `page`, `limit` takes the first books (page 1); with it, `limit` defaults to the page size.
 */
export async function listBooks(db: Queryable, query: BookListQuery = {}): Promise<BookPage> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (query.q !== undefined) {
    params.push(`%${escapeLike(query.q)}%`);
    // As `name ilike`, with the names folded once (migration 004) instead of on every search.
    conditions.push(`name_folded like lower($${params.length}) escape '\\'`);
  }
  if (query.category !== undefined) {
    params.push(query.category);
    conditions.push(`category = $${params.length}`);
  }
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const orderBy = ORDER_BY[query.sort ?? 'name'];

  let pageSql = '';
  const pageParams = [...params];
  if (query.page !== undefined || query.limit !== undefined) {
    const limit = query.limit ?? DEFAULT_BOOK_PAGE_SIZE;
    const offset = ((query.page ?? 1) - 1) * limit;
    pageParams.push(limit, offset);
    pageSql = `limit $${pageParams.length - 1} offset $${pageParams.length}`;
  }

  const [rows, counts] = await Promise.all([
    db.query<BookRow>(
      `select id, name, price_cents, image, category from books ${where} order by ${orderBy} ${pageSql}`,
      pageParams,
    ),
    db.query<{ total: number }>(`select count(*)::integer as total from books ${where}`, params),
  ]);

  return { items: rows.map(toBook), total: counts[0]?.total ?? 0 };
}

/** The catalogue's version (migration 004): it changes with every write to `books`. */
export async function catalogueVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    'select version::text as version from catalogue_version',
  );
  if (!row) throw new Error('catalogue_version has no row: migration 004 did not run');
  return row.version;
}

export type NewBook = { name: string; priceCents: number; image: string; category: BookCategory };

/** Adds a book; null when another book already has that name (names are unique). */
export async function createBook(db: Queryable, book: NewBook): Promise<{ id: string } | null> {
  // `on conflict` also covers two admins adding the same name at once: the second waits, then skips.
  const [row] = await db.query<{ id: string }>(
    `insert into books (name, price_cents, image, category) values ($1, $2, $3, $4)
     on conflict (name) do nothing
     returning id`,
    [book.name, book.priceCents, book.image, book.category],
  );
  return row ?? null;
}

/** Makes `%`, `_` and `\` match themselves in an ILIKE pattern that uses `escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function toBook(row: BookRow): Book {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.price_cents),
    image: row.image,
    category: row.category,
  };
}
