import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminBookPageSchema,
  bookHistorySchema,
  DEFAULT_ADMIN_BOOK_PAGE_SIZE,
  type AdminBookPage,
} from '../../contract/books';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import { expectError } from './helpers/api-error';

describe("the admin's Books screen: GET /api/admin/books and a book's history", () => {
  const adminEmail = uniqueEmail('admin-books');
  let t: TestApp;
  let admin: SignedIn;
  let user: SignedIn;
  /** In every name of this file's books, so a search finds only them. */
  const tag = `Zq${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    t = await buildAccountsApp({ adminEmails: [adminEmail] });
    admin = await signIn(t.app, adminEmail);
    user = await signIn(t.app, 'admin-books-user');
  });
  afterAll(async () => {
    await t.close();
  });

  async function addBook(name: string, author: string, stock = 5, price = 10): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/book',
      headers: bearer(admin.accessToken),
      payload: {
        name,
        author,
        category: 'story',
        price,
        image: 'https://i.ibb.co/x/cover.png',
        description: 'Words.',
        stock,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ insertedId: string }>().insertedId;
  }

  const list = (query: Record<string, string>, caller: SignedIn | null = admin) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/books',
      query,
      headers: caller ? bearer(caller.accessToken) : {},
    });

  async function page(query: Record<string, string>): Promise<AdminBookPage> {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return adminBookPageSchema.parse(res.json());
  }

  const history = (id: string, caller: SignedIn | null = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/books/${encodeURIComponent(id)}/history`,
      headers: caller ? bearer(caller.accessToken) : {},
    });

  it('pages the live books by name, A→Z, with the total', async () => {
    // Added out of order, with mixed case: the order is by name, case-insensitively.
    for (const letter of ['e', 'B', 'a', 'D', 'c']) {
      await addBook(`${tag} ${letter} book`, 'Pager');
    }
    const first = await page({ q: tag, limit: '2' });
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(first.books.map((book) => book.name)).toEqual([`${tag} a book`, `${tag} B book`]);
    const third = await page({ q: tag, limit: '2', page: '3' });
    expect(third.books.map((book) => book.name)).toEqual([`${tag} e book`]);
    expect((await page({ q: tag, limit: '2', page: '4' })).books).toEqual([]);

    // Without page and limit: page 1 of the default size.
    const all = await page({});
    expect(all).toMatchObject({ page: 1, limit: DEFAULT_ADMIN_BOOK_PAGE_SIZE });
    expect(all.total).toBeGreaterThanOrEqual(5);
  });

  it('searches the name and the author, case-insensitively, % and _ as themselves', async () => {
    const byName = await addBook(`${tag} Searchable Title`, 'Someone Else');
    const byAuthor = await addBook(`${tag} Other`, `Ursula ${tag}-Author`);
    await addBook(`${tag} 100% sure`, 'Percent');

    const nameHits = await page({ q: `${tag} searchABLE` });
    expect(nameHits.books.map((book) => book._id)).toEqual([byName]);
    const authorHits = await page({ q: `${tag.toLowerCase()}-author` });
    expect(authorHits.books.map((book) => book._id)).toEqual([byAuthor]);
    expect((await page({ q: `${tag} 100%` })).total).toBe(1);
    expect((await page({ q: `${tag}_` })).total).toBe(0);
  });

  it('leaves removed books out', async () => {
    const id = await addBook(`${tag} Removed Soon`, 'Gone');
    expect((await page({ q: `${tag} Removed Soon` })).total).toBe(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/books/${id}`,
      headers: bearer(admin.accessToken),
    });
    expect(removed.statusCode).toBe(200);
    expect((await page({ q: `${tag} Removed Soon` })).total).toBe(0);
  });

  it('answers the stored stock and the copies live reservations hold', async () => {
    const id = await addBook(`${tag} Held`, 'Holder', 7, 12.5);
    const reserve = (paymentId: string, quantity: number, minutes: number) =>
      t.db.query(
        `insert into stock_reservations (payment_id, book_id, user_email, quantity, expires_at)
         values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
        [paymentId, id, user.email, quantity, minutes],
      );
    await reserve(`pi_${randomUUID()}`, 2, 15);
    await reserve(`pi_${randomUUID()}`, 1, 10);
    // A lapsed hold counts no more.
    await reserve(`pi_${randomUUID()}`, 3, -1);

    const [row] = (await page({ q: `${tag} Held` })).books;
    expect(row).toMatchObject({
      _id: id,
      name: `${tag} Held`,
      author: 'Holder',
      price: 12.5,
      category: 'story',
      description: 'Words.',
      stock: 7,
      held: 3,
    });
    // The shopper's page shows what can still be ordered.
    const shopper = await t.app.inject({ method: 'GET', url: `/api/books/${id}` });
    expect(shopper.json<{ stock: number }>().stock).toBe(4);
  });

  it("answers a book's history newest first, after a PATCH, and keeps it once removed", async () => {
    const id = await addBook(`${tag} History`, 'Historian', 4, 10);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/books/${id}`,
      headers: bearer(admin.accessToken),
      payload: { price: 11, stock: 40 },
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const res = await history(id);
    expect(res.statusCode, res.body).toBe(200);
    const entries = bookHistorySchema.parse(res.json());
    expect(entries.map((entry) => entry.action)).toEqual(['book.update', 'book.create']);
    expect(entries[0]).toMatchObject({
      actorEmail: admin.email,
      changes: { priceCents: [1000, 1100], stock: [4, 40] },
    });
    expect(Date.parse(entries[0]?.createdAt ?? '')).not.toBeNaN();

    await t.app.inject({
      method: 'DELETE',
      url: `/api/books/${id}`,
      headers: bearer(admin.accessToken),
    });
    const afterRemoval = bookHistorySchema.parse((await history(id)).json());
    expect(afterRemoval.map((entry) => entry.action)).toEqual([
      'book.remove',
      'book.update',
      'book.create',
    ]);
  });

  it('writes the price as `priceCents`, in cents, when a book is added and when it is edited', async () => {
    const id = await addBook(`${tag} Cents`, 'Counter', 3, 19.99);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/books/${id}`,
      headers: bearer(admin.accessToken),
      payload: { price: 24.5 },
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const [edit, create] = bookHistorySchema.parse((await history(id)).json());
    expect(create?.action).toBe('book.create');
    expect(create?.changes.priceCents).toBe(1999);
    expect(create?.changes).not.toHaveProperty('price');
    expect(edit?.action).toBe('book.update');
    expect(edit?.changes).toEqual({ priceCents: [1999, 2450] });
  });

  it('answers 404 for the history of an id that never was a book', async () => {
    expect(expectError(await history('no-such-book'), 404)).toBe('No such book.');
  });

  it('is for admins only: 403 for a user, 401 for a visitor', async () => {
    const id = await addBook(`${tag} Guarded`, 'Guard');
    expectError(await list({}, user), 403);
    expectError(await list({}, null), 401);
    expectError(await history(id, user), 403);
    expectError(await history(id, null), 401);
  });

  it.each([
    ['page 0', { page: '0' }, 'page: Must be at least 1'],
    ['a fractional page', { page: '1.5' }, 'page: Expected a whole number'],
    ['a limit above the maximum', { limit: '49' }, 'limit: Must be at most 48'],
    ['an empty search', { q: ' ' }, 'q: Search text must not be empty'],
    ['a long search', { q: 'x'.repeat(101) }, 'q: Search text must be at most 100 characters'],
  ])('refuses %s with a 400', async (_label, query, message) => {
    expect(expectError(await list(query), 400)).toContain(message);
  });
});
