// Both databases: two adds of one book at once: the cap holds, no increment is lost.
// (scripts/test.ts runs this file on PGlite and PostgreSQL.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CART_MESSAGES,
  cartLineDeletedSchema,
  cartLineListSchema,
  cartLineSchema,
  type CartLine,
} from '../../contract/carts';
import { apiErrorSchema } from '../../contract/errors';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import { expectError } from './helpers/api-error';

type CatalogueBook = { id: string; name: string; price_cents: number; image: string };
type LineRow = {
  user_email: string;
  book_id: string | null;
  price_cents: number;
  quantity: number;
};

describe('book cart', () => {
  const adminEmail = uniqueEmail('cart-admin');
  let t: TestApp;
  let admin: SignedIn;
  let books: CatalogueBook[];

  beforeAll(async () => {
    t = await buildAccountsApp({ adminEmails: [adminEmail], seed: true });
    admin = await signIn(t.app, adminEmail);
    // Plenty of copies: these tests are about the cart's own rules (stock has its own suite).
    await t.db.query('update books set stock = 100000');
    books = await t.db.query<CatalogueBook>(
      'select id, name, price_cents, image from books order by name limit 4',
    );
    expect(books).toHaveLength(4);
  });
  afterAll(async () => {
    await t.close();
  });

  const book = (i: number): CatalogueBook => {
    const found = books[i];
    if (!found) throw new Error(`no book ${i}`);
    return found;
  };

  const add = (user: SignedIn | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: user ? bearer(user.accessToken) : {},
      payload: payload as Record<string, unknown>,
    });
  const list = (user: SignedIn | undefined) =>
    t.app.inject({
      method: 'GET',
      url: '/api/carts',
      headers: user ? bearer(user.accessToken) : {},
    });
  const setQuantity = (user: SignedIn | undefined, id: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/carts/quantity/${encodeURIComponent(id)}`,
      headers: user ? bearer(user.accessToken) : {},
      payload: payload as Record<string, unknown>,
    });
  const remove = (user: SignedIn | undefined, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/carts/delete/${encodeURIComponent(id)}`,
      headers: user ? bearer(user.accessToken) : {},
    });

  async function addOk(user: SignedIn, payload: unknown, status: 200 | 201): Promise<CartLine> {
    const res = await add(user, payload);
    expect(res.statusCode, res.body).toBe(status);
    return cartLineSchema.parse(res.json());
  }
  async function listOk(user: SignedIn): Promise<CartLine[]> {
    const res = await list(user);
    expect(res.statusCode, res.body).toBe(200);
    return cartLineListSchema.parse(res.json());
  }
  async function row(id: string): Promise<LineRow | undefined> {
    const [found] = await t.db.query<LineRow>(
      'select user_email, book_id, price_cents, quantity from cart_lines where id = $1',
      [id],
    );
    return found;
  }

  it('adds a book at the catalogue’s name, price and image, for the token’s user', async () => {
    const alice = await signIn(t.app, 'cart-alice');
    const bob = await signIn(t.app, 'cart-bob');
    const line = await addOk(
      alice,
      {
        bookId: book(0).id,
        name: 'Free book',
        price: 0.01,
        image: 'https://evil.example/x.png',
        email: bob.email,
      },
      201,
    );
    expect(line).toEqual({
      _id: expect.any(String) as string,
      bookId: book(0).id,
      name: book(0).name,
      price: book(0).price_cents / 100,
      quantity: 1,
      image: book(0).image,
      status: 'available',
      stock: 100000,
      email: alice.email,
    });
    expect(await row(line._id)).toEqual({
      user_email: alice.email,
      book_id: book(0).id,
      price_cents: book(0).price_cents,
      quantity: 1,
    });
    expect(await listOk(bob)).toEqual([]);
    expect(await listOk(alice)).toEqual([line]);
  });

  it('types and bounds the fields it ignores: a deep nesting or a huge text is a 400 naming the field', async () => {
    const user = await signIn(t.app, 'cart-ignored-fields');
    // 100,000 levels deep, as raw JSON (a JSON.stringify of it would overflow the stack).
    const deep = `{"bookId":${JSON.stringify(book(0).id)},"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { ...bearer(user.accessToken), 'content-type': 'application/json' },
      payload: deep,
    });
    expect(expectError(nested, 400)).toContain('name');
    const cases: [string, unknown][] = [
      ['name', [['not', 'a'], 'string']],
      ['name', 'x'.repeat(121)],
      ['price', { amount: 1 }],
      ['price', -1],
      ['image', 'x'.repeat(2049)],
      ['email', { nested: { deeper: true } }],
      ['email', `${'x'.repeat(250)}@example.test`],
      ['name', 'a\u0000b'],
    ];
    for (const [field, value] of cases) {
      const message = expectError(await add(user, { bookId: book(0).id, [field]: value }), 400);
      expect(message).toContain(field);
    }
    expect(await listOk(user)).toEqual([]);
  });

  it('raises the quantity of a book already in the cart: 200 with the same line', async () => {
    const user = await signIn(t.app, 'cart-readd');
    const first = await addOk(user, { bookId: book(1).id, quantity: 2 }, 201);
    const again = await addOk(user, { bookId: book(1).id }, 200);
    expect(again).toEqual({ ...first, quantity: 3 });
    const more = await addOk(user, { bookId: book(1).id, quantity: 5 }, 200);
    expect(more.quantity).toBe(8);
    expect(await listOk(user)).toEqual([more]);
  });

  it('keeps a line at 10 copies at most (409, nothing changed)', async () => {
    const user = await signIn(t.app, 'cart-cap');
    const line = await addOk(user, { bookId: book(0).id, quantity: 6 }, 201);
    expect((await addOk(user, { bookId: book(0).id, quantity: 4 }, 200)).quantity).toBe(10);
    expectError(await add(user, { bookId: book(0).id }), 409, CART_MESSAGES.tooMany);
    expect((await row(line._id))?.quantity).toBe(10);
    expect(CART_MESSAGES.tooMany).toBe('You can order at most 10 copies of a book.');

    const other = await addOk(user, { bookId: book(1).id, quantity: 7 }, 201);
    expectError(await add(user, { bookId: book(1).id, quantity: 4 }), 409, CART_MESSAGES.tooMany);
    expect((await row(other._id))?.quantity).toBe(7);
  });

  it('keeps the 10 cap when two adds of one book race (one 409, never a 500)', async () => {
    const user = await signIn(t.app, 'cart-cap-race');
    const results = await Promise.all([
      add(user, { bookId: book(3).id, quantity: 6 }),
      add(user, { bookId: book(3).id, quantity: 5 }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const [line] = await listOk(user);
    expect([5, 6]).toContain(line?.quantity);
  });

  it('answers 404 for a book that is not in the catalogue, adding nothing', async () => {
    const user = await signIn(t.app, 'cart-unknown');
    expectError(await add(user, { bookId: 'no-such-book' }), 404, CART_MESSAGES.bookNotFound);
    expect(await listOk(user)).toEqual([]);
  });

  it('counts concurrent adds of one book into one line (no lost increment)', async () => {
    const user = await signIn(t.app, 'cart-race');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => add(user, { bookId: book(2).id })),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const lines = await listOk(user);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(10);
  });

  it.each([
    [0, 'Must be at least 1'],
    [11, 'Must be at most 10'],
    [1.5, 'Must be a whole number'],
    ['2', 'Must be a whole number'],
    [null, 'Must be a whole number'],
  ])('refuses the quantity %j with 400, changing nothing', async (quantity, message) => {
    const user = await signIn(t.app, 'cart-bounds');
    const line = await addOk(user, { bookId: book(0).id, quantity: 3 }, 201);

    expect(expectError(await add(user, { bookId: book(0).id, quantity }), 400)).toContain(
      `quantity: ${message}`,
    );
    expect(expectError(await setQuantity(user, line._id, { quantity }), 400)).toContain(
      `quantity: ${message}`,
    );
    expect(await listOk(user)).toEqual([line]);
  });

  it('refuses unknown fields and a missing bookId', async () => {
    const user = await signIn(t.app, 'cart-fields');
    expect(expectError(await add(user, { bookId: book(0).id, owner: 'x' }), 400)).toContain(
      'Unrecognized key',
    );
    expect(expectError(await add(user, { quantity: 1 }), 400)).toContain('bookId');
    const line = await addOk(user, { bookId: book(0).id }, 201);
    expectError(await setQuantity(user, line._id, { quantity: 2, price: 1 }), 400);
    expect(await listOk(user)).toEqual([line]);
  });

  it('lists only the caller’s lines, oldest first', async () => {
    const user = await signIn(t.app, 'cart-order');
    const neighbour = await signIn(t.app, 'cart-neighbour');
    const b = await addOk(user, { bookId: book(3).id }, 201);
    await addOk(neighbour, { bookId: book(0).id }, 201);
    const a = await addOk(user, { bookId: book(0).id }, 201);
    const c = await addOk(user, { bookId: book(1).id }, 201);
    // Raising a line does not move it.
    const b2 = await addOk(user, { bookId: book(3).id }, 200);
    expect(await listOk(user)).toEqual([b2, a, c]);
    expect(b2._id).toBe(b._id);
    const res = await list(user);
    expect(res.body).not.toContain(neighbour.email);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sets a line’s quantity and deletes a line', async () => {
    const user = await signIn(t.app, 'cart-update');
    const line = await addOk(user, { bookId: book(0).id }, 201);
    const kept = await addOk(user, { bookId: book(1).id }, 201);

    const put = await setQuantity(user, line._id, { quantity: 7 });
    expect(put.statusCode, put.body).toBe(200);
    expect(cartLineSchema.parse(put.json())).toEqual({ ...line, quantity: 7 });
    expect((await row(line._id))?.quantity).toBe(7);

    const del = await remove(user, line._id);
    expect(del.statusCode, del.body).toBe(200);
    expect(cartLineDeletedSchema.parse(del.json())).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect(await row(line._id)).toBeUndefined();
    expect(await listOk(user)).toEqual([kept]);

    // Gone: both routes answer as for any missing line.
    expectError(await remove(user, line._id), 404, CART_MESSAGES.lineNotFound);
    expectError(
      await setQuantity(user, line._id, { quantity: 2 }),
      404,
      CART_MESSAGES.lineNotFound,
    );
  });

  it('answers 404 to another user and to an admin for someone’s line, changing nothing', async () => {
    const owner = await signIn(t.app, 'cart-owner');
    const stranger = await signIn(t.app, 'cart-stranger');
    const line = await addOk(owner, { bookId: book(0).id, quantity: 4 }, 201);
    const before = await row(line._id);

    for (const caller of [stranger, admin]) {
      const put = await setQuantity(caller, line._id, { quantity: 1 });
      expectError(put, 404, CART_MESSAGES.lineNotFound);
      expect(apiErrorSchema.parse(put.json()).error.code).toBe('not_found');
      expect(put.body).not.toContain(owner.email);
      expectError(await remove(caller, line._id), 404, CART_MESSAGES.lineNotFound);
    }
    // Indistinguishable from a line that does not exist.
    const missing = await setQuantity(stranger, 'no-such-line', { quantity: 1 });
    expectError(missing, 404, CART_MESSAGES.lineNotFound);

    expect(await row(line._id)).toEqual(before);
    expect(await listOk(owner)).toEqual([line]);
    expect(await listOk(stranger)).toEqual([]);
  });

  it('asks visitors to sign in', async () => {
    const owner = await signIn(t.app, 'cart-visited');
    const line = await addOk(owner, { bookId: book(0).id }, 201);
    for (const res of [
      await list(undefined),
      await add(undefined, { bookId: book(0).id }),
      await setQuantity(undefined, line._id, { quantity: 2 }),
      await remove(undefined, line._id),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
    }
    expect(await listOk(owner)).toEqual([line]);
  });

  it('keeps a line whose book left the catalogue, with its name and price', async () => {
    const user = await signIn(t.app, 'cart-gone');
    const [gone] = await t.db.query<{ id: string }>(
      `insert into books (name, price_cents, image, category, stock)
       values ($1, 1999, 'https://example.test/gone.png', 'story', 5) returning id`,
      [`Leaving book ${randomUUID()}`],
    );
    const line = await addOk(user, { bookId: gone?.id }, 201);
    await t.db.query('delete from books where id = $1', [gone?.id]);
    expect(await listOk(user)).toEqual([{ ...line, bookId: null, status: 'removed', stock: 0 }]);
    expect(line.price).toBe(19.99);
  });

  it('removes a user’s cart with the user', async () => {
    const user = await signIn(t.app, 'cart-deleted');
    const line = await addOk(user, { bookId: book(0).id }, 201);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/allusers/dlt/${encodeURIComponent(user.email)}`,
      headers: bearer(admin.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(line._id)).toBeUndefined();
  });
});

describe('book cart rate limit', () => {
  const LIMIT = 3;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildAccountsApp({
      adminEmails: [],
      seed: true,
      limits: { cartWritePerUser: LIMIT },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it(`allows each user ${LIMIT} cart writes a minute per route`, async () => {
    const user = await signIn(t.app, 'cart-limit');
    const neighbour = await signIn(t.app, 'cart-limit-neighbour');
    const [first] = await t.db.query<{ id: string }>('select id from books limit 1');
    const add = (caller: SignedIn) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: bearer(caller.accessToken),
        payload: { bookId: first?.id },
      });
    for (let i = 0; i < LIMIT; i += 1) expect((await add(user)).statusCode).toBeLessThan(300);
    const refused = await add(user);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The refused add changed nothing; the neighbour is counted separately.
    const [line] = await t.db.query<{ quantity: number }>(
      'select quantity from cart_lines where user_email = $1',
      [user.email],
    );
    expect(line?.quantity).toBe(LIMIT);
    expect((await add(neighbour)).statusCode).toBe(201);
  });
});
