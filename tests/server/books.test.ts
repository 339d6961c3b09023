import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import {
  BOOK_CATEGORIES,
  DEFAULT_BOOK_PAGE_SIZE,
  MAX_BOOK_PAGE_SIZE,
  bookListSchema,
  bookPageSchema,
  type Book,
  type BookPage,
} from '../../contract/books';
import { apiErrorSchema } from '../../contract/errors';
import { seedBooks } from '../../server/db/seed-books';
import { CATALOGUE_RECHECK_MS } from '../../server/services/catalogue';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

type Expected = { name: string; price: number; category: string };

const seeded: Expected[] = seedBooks.map((book) => ({
  name: book.name,
  price: book.priceCents / 100,
  category: book.category,
}));

// The server's order: lower-cased name, byte-wise, then the exact name.
function byName(a: { name: string }, b: { name: string }): number {
  const la = a.name.toLowerCase();
  const lb = b.name.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

const names = (items: readonly { name: string }[]) => items.map((item) => item.name);

describe('GET /api/books', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function getBooks(query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/api/books${query}` });
    return { res, body: res.json<unknown>() };
  }

  async function getOk(query = ''): Promise<{ items: Book[]; total: number }> {
    const { res, body } = await getBooks(query);
    expect(res.statusCode).toBe(200);
    return { items: bookListSchema.parse(body), total: Number(res.headers['x-total-count']) };
  }

  async function getPage(query: string): Promise<BookPage> {
    const { res, body } = await getBooks(query);
    expect(res.statusCode).toBe(200);
    return bookPageSchema.parse(body);
  }

  it('returns all 27 seeded books without params, sorted by name, priced in dollars', async () => {
    expect(seedBooks).toHaveLength(27);
    const { items, total } = await getOk();
    expect(items).toHaveLength(27);
    expect(total).toBe(27);
    expect(names(items)).toEqual(names([...seeded].sort(byName)));
    for (const item of items) {
      const seed = seeded.find((book) => book.name === item.name);
      expect(item.price).toBe(seed?.price);
      expect(item.category).toBe(seed?.category);
      expect(Number(item.price.toFixed(2))).toBe(item.price);
      expect(item._id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set(items.map((item) => item._id)).size).toBe(27);
  });

  it.each(BOOK_CATEGORIES)('filters by category %s', async (category) => {
    const expected = seeded.filter((book) => book.category === category);
    expect(expected.length).toBeGreaterThan(0);
    const { items, total } = await getOk(`?category=${encodeURIComponent(category)}`);
    expect(names(items)).toEqual(names(expected.sort(byName)));
    expect(total).toBe(expected.length);
  });

  it('accepts `+` for the space in "science fiction"', async () => {
    const { items } = await getOk('?category=science+fiction');
    expect(items.length).toBe(seeded.filter((b) => b.category === 'science fiction').length);
  });

  it('searches names case-insensitively', async () => {
    const sample = seeded[0]?.name ?? '';
    const fragment = sample.slice(1, Math.min(sample.length, 6)).trim();
    const expected = seeded.filter((book) =>
      book.name.toLowerCase().includes(fragment.toLowerCase()),
    );
    const upper = await getOk(`?q=${encodeURIComponent(fragment.toUpperCase())}`);
    const lower = await getOk(`?q=${encodeURIComponent(` ${fragment.toLowerCase()} `)}`);
    expect(names(upper.items)).toEqual(names(expected.sort(byName)));
    expect(names(lower.items)).toEqual(names(upper.items));
    expect(upper.total).toBe(expected.length);
  });

  it('returns an empty list, not an error, when nothing matches', async () => {
    const { items, total } = await getOk('?q=zzzz-no-such-book-zzzz');
    expect(items).toEqual([]);
    expect(total).toBe(0);
  });

  it('combines search and category', async () => {
    const { items } = await getOk('?q=e&category=story');
    const expected = seeded.filter(
      (b) => b.category === 'story' && b.name.toLowerCase().includes('e'),
    );
    expect(names(items)).toEqual(names(expected.sort(byName)));
  });

  it('sorts by price ascending and descending, ties by name', async () => {
    const asc = await getOk('?sort=price-asc');
    const desc = await getOk('?sort=price-desc');
    const byPriceAsc = [...seeded].sort((a, b) => a.price - b.price || byName(a, b));
    const byPriceDesc = [...seeded].sort((a, b) => b.price - a.price || byName(a, b));
    expect(names(asc.items)).toEqual(names(byPriceAsc));
    expect(names(desc.items)).toEqual(names(byPriceDesc));
    expect(asc.items.map((b) => b.price)).toEqual(byPriceAsc.map((b) => b.price));
  });

  it('sorts by name (the default), A to Z', async () => {
    const byNameSort = await getOk('?sort=name');
    expect(names(byNameSort.items)).toEqual(names([...seeded].sort(byName)));
    expect(names((await getOk()).items)).toEqual(names(byNameSort.items));
  });

  it('answers { books, total, page, limit } when page is given', async () => {
    const all = [...seeded].sort(byName);
    const page2 = await getPage('?sort=name&limit=5&page=2');
    expect(names(page2.books)).toEqual(names(all.slice(5, 10)));
    expect(page2).toMatchObject({ total: 27, page: 2, limit: 5 });

    const last = await getPage('?limit=10&page=3');
    expect(names(last.books)).toEqual(names(all.slice(20)));
    expect(last).toMatchObject({ total: 27, page: 3, limit: 10 });
  });

  it('answers a page past the end with no books and the right total', async () => {
    expect(await getPage('?limit=10&page=4')).toEqual({ books: [], total: 27, page: 4, limit: 10 });
    expect(await getPage('?page=1000000')).toEqual({
      books: [],
      total: 27,
      page: 1_000_000,
      limit: DEFAULT_BOOK_PAGE_SIZE,
    });
    const filtered = await getPage('?category=story&page=99');
    expect(filtered.books).toEqual([]);
    expect(filtered.total).toBe(seeded.filter((b) => b.category === 'story').length);
  });

  it('uses the default page size when only page is given, and pages of up to 48', async () => {
    const all = [...seeded].sort(byName);
    const onlyPage = await getPage('?page=2');
    expect(onlyPage.limit).toBe(DEFAULT_BOOK_PAGE_SIZE);
    expect(names(onlyPage.books)).toEqual(
      names(all.slice(DEFAULT_BOOK_PAGE_SIZE, 2 * DEFAULT_BOOK_PAGE_SIZE)),
    );
    const biggest = await getPage(`?page=1&limit=${MAX_BOOK_PAGE_SIZE}`);
    expect(names(biggest.books)).toEqual(names(all));
    expect(biggest.limit).toBe(MAX_BOOK_PAGE_SIZE);
  });

  it('pages the filters and sorts together', async () => {
    const story = seeded
      .filter((b) => b.category === 'story')
      .sort((a, b) => b.price - a.price || byName(a, b));
    const page = await getPage('?category=story&sort=price-desc&page=2&limit=2');
    expect(names(page.books)).toEqual(names(story.slice(2, 4)));
    expect(page.total).toBe(story.length);
  });

  it('answers limit alone (no page) with the first books as a plain list', async () => {
    const all = [...seeded].sort(byName);
    const onlyLimit = await getOk('?limit=4');
    expect(names(onlyLimit.items)).toEqual(names(all.slice(0, 4)));
    expect(onlyLimit.total).toBe(27);
  });

  it('counts the filtered total when paging a category', async () => {
    const programming = seeded.filter((b) => b.category === 'programming');
    const { items, total } = await getOk('?category=programming&limit=2');
    expect(items).toHaveLength(Math.min(2, programming.length));
    expect(total).toBe(programming.length);
  });

  it('ignores unknown query parameters such as cache busters', async () => {
    const { items } = await getOk('?_=12345');
    expect(items).toHaveLength(27);
  });

  it.each([
    ['?category=poetry', 'category: '],
    ['?sort=cheapest', 'sort: '],
    ['?page=0', 'page: Must be at least 1'],
    ['?page=-1', 'page: Must be at least 1'],
    ['?page=abc', 'page: Expected a whole number'],
    ['?page=1.5', 'page: Expected a whole number'],
    ['?limit=0', 'limit: Must be at least 1'],
    ['?limit=49', 'limit: Must be at most 48'],
    ['?limit=1000', 'limit: Must be at most 48'],
    ['?page=1&limit=1000', 'limit: Must be at most 48'],
    ['?page=2000000', 'page: Must be at most 1000000'],
    ['?sort=name-asc', 'sort: '],
    ['?sort=name-desc', 'sort: '],
    ['?q=', 'q: Search text must not be empty'],
    [`?q=${'a'.repeat(101)}`, 'q: Search text must be at most 100 characters'],
    ['?q=a&q=b', 'q: '],
  ])('rejects %s with 400 in the JSON error shape', async (query, message) => {
    const { res, body } = await getBooks(query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const parsed = apiErrorSchema.parse(body);
    expect(parsed.error.code).toBe('bad_request');
    expect(parsed.error.message.startsWith(message)).toBe(true);
  });
});

describe('GET /api/books caching', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends an ETag and answers 304 while the catalogue is unchanged', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/books?page=1' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await t.app.inject({
      method: 'GET',
      url: '/api/books?page=1',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Another query is another answer.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/books?page=2',
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('sends the same JSON gzipped or plain, with one ETag', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/books' });
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/api/books',
      headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' },
    });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/books',
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(refused.body).toBe(plain.body);
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(bookListSchema.parse(plain.json())).toHaveLength(27);
  });

  it('shows a change made by another process once the version is re-read', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/books?q=Elsewhere' });
    expect(before.json()).toEqual([]);
    // Another server process adding a book: only the database knows.
    await t.db.query(
      "insert into books (name, price_cents, image, category) values ('Elsewhere', 500, '/x.svg', 'story')",
    );
    await new Promise((resolve) => setTimeout(resolve, CATALOGUE_RECHECK_MS + 100));
    const after = await t.app.inject({ method: 'GET', url: '/api/books?q=Elsewhere' });
    expect(names(bookListSchema.parse(after.json()))).toEqual(['Elsewhere']);
  });
});

describe('GET /api/books search with LIKE wildcards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    const extra = [
      ['Learn 100% Rust', 'programming'],
      ['Learn 1000 Rust', 'programming'],
      ['snake_case Guide', 'programming'],
      ['snakeXcase Guide', 'programming'],
      ['Back\\slash Tales', 'story'],
      ['Backslash Tales', 'story'],
    ] as const;
    for (const [name, category] of extra) {
      await t.db.query(
        'insert into books (name, price_cents, image, category) values ($1, 1000, $2, $3)',
        [name, '/images/books/x.jpg', category],
      );
    }
  });
  afterAll(async () => {
    await t.close();
  });

  async function search(q: string): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url: '/api/books', query: { q } });
    expect(res.statusCode).toBe(200);
    return names(bookListSchema.parse(res.json()));
  }

  it('treats % as a literal character', async () => {
    expect(await search('100%')).toEqual(['Learn 100% Rust']);
    expect(await search('%')).toEqual(['Learn 100% Rust']);
  });

  it('treats _ as a literal character', async () => {
    expect(await search('e_c')).toEqual(['snake_case Guide']);
  });

  it('treats \\ as a literal character', async () => {
    expect(await search('k\\s')).toEqual(['Back\\slash Tales']);
  });

  it('cannot inject SQL through q', async () => {
    expect(await search("' or 1=1 --")).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/books' });
    expect(res.json<unknown[]>()).toHaveLength(6);
  });
});
