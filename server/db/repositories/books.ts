import {
  DEFAULT_ADMIN_BOOK_PAGE_SIZE,
  DEFAULT_BOOK_PAGE_SIZE,
  type AdminBook,
  type AdminBookListQuery,
  type Book,
  type BookCategory,
  type BookDetail,
  type BookListQuery,
  type BookSort,
} from '../../../contract/books';
import type { InCents } from '../../../contract/money';
import type { Queryable } from '../client';
import { heldByOthersSql } from './stock';

type BookRow = {
  id: string;
  name: string;
  price_cents: number;
  image: string;
  category: BookCategory;
  author: string;
};

const BOOK_COLUMNS = 'id, name, price_cents, image, category, author';

// Byte-wise ("C") comparison so PGlite and every PostgreSQL server order names the same way,
// whatever collation the database was created with. Name, then id, keeps the order total.
const BY_NAME_ASC = 'lower(name) collate "C" asc, name collate "C" asc, id collate "C" asc';

const ORDER_BY: Record<BookSort, string> = {
  'price-asc': `price_cents asc, ${BY_NAME_ASC}`,
  'price-desc': `price_cents desc, ${BY_NAME_ASC}`,
  name: BY_NAME_ASC,
};

/** A book of the catalogue, its price in cents (the API's `Book` has dollars). */
export type BookListing = InCents<Book>;

export type BookPage = { items: BookListing[]; total: number };

/**
 * The catalogue, filtered and sorted. `total` counts every match, ignoring the page; the page is
 * only applied when `page` or `limit` is given, so a plain call returns every book. Without
 * `page`, `limit` takes the first books (page 1); with it, `limit` defaults to the page size.
 */
export async function listBooks(db: Queryable, query: BookListQuery = {}): Promise<BookPage> {
  const params: unknown[] = [];
  // A removed book has left the catalogue.
  const conditions: string[] = ['removed_at is null'];
  if (query.q !== undefined) {
    params.push(`%${escapeLike(query.q)}%`);
    // As `name ilike`, with the names folded once (migration 004) instead of on every search.
    conditions.push(`name_folded like lower($${params.length}) escape '\\'`);
  }
  if (query.category !== undefined) {
    params.push(query.category);
    conditions.push(`category = $${params.length}`);
  }
  const where = `where ${conditions.join(' and ')}`;
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
      `select ${BOOK_COLUMNS} from books ${where} order by ${orderBy} ${pageSql}`,
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

export type NewBook = {
  name: string;
  author: string;
  description: string;
  priceCents: number;
  image: string;
  category: BookCategory;
  stock: number;
};

/** Adds a book; null when a book in the catalogue already has that name (names are unique). */
export async function createBook(db: Queryable, book: NewBook): Promise<{ id: string } | null> {
  // `on conflict` also covers two admins adding the same name at once: the second waits, then skips.
  const [row] = await db.query<{ id: string }>(
    `insert into books (name, author, description, price_cents, image, category, stock)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (name) where removed_at is null do nothing
     returning id`,
    [
      book.name,
      book.author,
      book.description,
      book.priceCents,
      book.image,
      book.category,
      book.stock,
    ],
  );
  return row ?? null;
}

type BookDetailRow = BookRow & { description: string; stock: number; available: number };

/**
 * Copies a shopper can still order: the stock less what other checkouts hold (live
 * reservations). `$2` is the caller whose own reservations do not count against them (or null).
 */
const AVAILABLE = `greatest(0, b.stock - ${heldByOthersSql('b.id', '$2')})::integer`;

/** A book of the catalogue with its page's details; undefined when unknown or removed. */
export async function findBook(
  db: Queryable,
  id: string,
  callerEmail: string | null = null,
): Promise<InCents<BookDetail> | undefined> {
  const [row] = await db.query<BookDetailRow>(
    `select b.id, b.name, b.price_cents, b.image, b.category, b.author, b.description, b.stock,
            ${AVAILABLE} as available
     from books b where b.id = $1 and b.removed_at is null`,
    [id, callerEmail],
  );
  return row && { ...toBook(row), description: row.description, stock: row.available };
}

type AdminBookRow = BookRow & { description: string; stock: number; held: number };

/**
 * The admin's Books screen: a page of the live books, matching `q` in the name or the author,
 * A→Z, each with its stored stock and the copies live reservations hold. `total` counts every
 * match.
 */
export async function listBooksForAdmin(
  db: Queryable,
  query: AdminBookListQuery = {},
): Promise<{ items: InCents<AdminBook>[]; total: number; page: number; limit: number }> {
  const params: unknown[] = [];
  const conditions: string[] = ['removed_at is null'];
  if (query.q !== undefined) {
    params.push(`%${escapeLike(query.q)}%`);
    const pattern = `lower($${params.length})`;
    conditions.push(
      `(name_folded like ${pattern} escape '\\' or lower(author) like ${pattern} escape '\\')`,
    );
  }
  const where = `where ${conditions.join(' and ')}`;
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_ADMIN_BOOK_PAGE_SIZE;
  const pageParams = [...params, limit, (page - 1) * limit];
  const [rows, counts] = await Promise.all([
    db.query<AdminBookRow>(
      `select ${BOOK_COLUMNS}, description, stock,
              ${heldByOthersSql('books.id', null)} as held
       from books ${where} order by ${BY_NAME_ASC}
       limit $${pageParams.length - 1} offset $${pageParams.length}`,
      pageParams,
    ),
    db.query<{ total: number }>(`select count(*)::integer as total from books ${where}`, params),
  ]);
  const items = rows.map((row) => ({
    ...toBook(row),
    description: row.description,
    stock: row.stock,
    held: row.held,
  }));
  return { items, total: counts[0]?.total ?? 0, page, limit };
}

/** Whether a book with this id was ever in the catalogue (removed ones too). */
export async function bookEverExisted(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('select id from books where id = $1', [id]);
  return rows.length > 0;
}

/** A book's stored fields, as an admin edits them (stock is the copies on hand). */
export type BookRecord = NewBook & { id: string };

type BookRecordRow = BookRow & { description: string; stock: number };

/** The listing's fields (toBook), with the two only an admin edits. */
function toRecord(row: BookRecordRow): BookRecord {
  const { _id: id, ...listing } = toBook(row);
  return { id, ...listing, description: row.description, stock: row.stock };
}

/** A live book's stored fields, row-locked until the transaction ends. */
export async function lockBook(tx: Queryable, id: string): Promise<BookRecord | undefined> {
  const [row] = await tx.query<BookRecordRow>(
    `select ${BOOK_COLUMNS}, description, stock from books
     where id = $1 and removed_at is null for update`,
    [id],
  );
  return row && toRecord(row);
}

export type BookPatch = Partial<NewBook>;

const PATCH_COLUMNS: Record<keyof NewBook, string> = {
  name: 'name',
  author: 'author',
  description: 'description',
  priceCents: 'price_cents',
  image: 'image',
  category: 'category',
  stock: 'stock',
};

/**
 * Writes the given fields of a live book. 'name-taken' when another live book has the new name;
 * undefined when the book is unknown or removed.
 */
export async function updateBook(
  tx: Queryable,
  id: string,
  patch: BookPatch,
): Promise<BookRecord | 'name-taken' | undefined> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [field, column] of Object.entries(PATCH_COLUMNS) as [keyof NewBook, string][]) {
    const value = patch[field];
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length === 0) return lockBook(tx, id);
  if (patch.name !== undefined) {
    const [taken] = await tx.query<{ id: string }>(
      'select id from books where name = $1 and removed_at is null and id <> $2',
      [patch.name, id],
    );
    if (taken) return 'name-taken';
  }
  const [row] = await tx.query<BookRecordRow>(
    `update books set ${sets.join(', ')} where id = $1 and removed_at is null
     returning ${BOOK_COLUMNS}, description, stock`,
    params,
  );
  return row && toRecord(row);
}

/** Takes a live book out of the catalogue; false when it is unknown or already removed. */
export async function removeBook(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'update books set removed_at = now() where id = $1 and removed_at is null returning id',
    [id],
  );
  return rows.length > 0;
}

/**
 * Inserts many books at once (the seed, and the benchmarks' catalogue), skipping names the
 * catalogue already has. Returns how many were inserted.
 */
export async function insertBooks(tx: Queryable, books: readonly NewBook[]): Promise<number> {
  const inserted = await tx.query<{ id: string }>(
    `insert into books (name, price_cents, image, category, author, description, stock)
     select * from unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[],
                          $6::text[], $7::integer[])
     on conflict do nothing
     returning id`,
    [
      books.map((book) => book.name),
      books.map((book) => book.priceCents),
      books.map((book) => book.image),
      books.map((book) => book.category),
      books.map((book) => book.author),
      books.map((book) => book.description),
      books.map((book) => book.stock),
    ],
  );
  return inserted.length;
}

/** Makes `%`, `_` and `\` match themselves in an ILIKE pattern that uses `escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function toBook(row: BookRow): BookListing {
  return {
    _id: row.id,
    name: row.name,
    priceCents: row.price_cents,
    image: row.image,
    category: row.category,
    author: row.author,
  };
}
