import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOK_LIMITS,
  bookCreatedSchema,
  bookDetailSchema,
  bookListSchema,
  bookPageSchema,
} from '../../contract/books';
import { apiErrorSchema } from '../../contract/errors';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';

const adminEmail = uniqueEmail('book-admin');
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildAccountsApp({ adminEmails: [adminEmail], seed: true });
  admin = await signIn(t.app, adminEmail);
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
function validBook(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `A Fresh Book ${counter}`,
    author: 'Grace Hopper',
    category: 'programming',
    price: 19.99,
    image: 'https://i.ibb.co/abc/cover.png',
    stock: 7,
    ...overrides,
  };
}

function post(payload: unknown, caller: SignedIn | null = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/book',
    headers: caller ? bearer(caller.accessToken) : {},
    payload: payload as Record<string, unknown>,
  });
}

async function allBooks() {
  const res = await t.app.inject({ method: 'GET', url: '/api/books' });
  expect(res.statusCode).toBe(200);
  return bookListSchema.parse(res.json());
}

describe('POST /api/book', () => {
  it('adds the book (201) and GET /books shows it at once', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/books?page=1&q=Fresh+Arrival' });
    expect(bookPageSchema.parse(before.json()).total).toBe(0);

    const book = validBook({ name: '  Fresh Arrival  ', price: 12.3, category: 'story' });
    const res = await post(book);
    expect(res.statusCode, res.body).toBe(201);
    const created = bookCreatedSchema.parse(res.json());
    expect(created.acknowledged).toBe(true);

    const after = await t.app.inject({
      method: 'GET',
      url: '/api/books?page=1&q=Fresh+Arrival',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    const page = bookPageSchema.parse(after.json());
    expect(page.total).toBe(1);
    expect(page.books).toEqual([
      {
        _id: created.insertedId,
        name: 'Fresh Arrival',
        price: 12.3,
        image: book.image,
        category: 'story',
        author: 'Grace Hopper',
      },
    ]);
    expect((await allBooks()).map((b) => b._id)).toContain(created.insertedId);
    // Its page has the details the catalogue leaves out; no description is an empty one.
    const detail = await t.app.inject({ method: 'GET', url: `/api/books/${created.insertedId}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(bookDetailSchema.parse(detail.json())).toMatchObject({
      name: 'Fresh Arrival',
      author: 'Grace Hopper',
      description: '',
      stock: 7,
    });
  });

  it('accepts the price bounds and our own uploaded images', async () => {
    const cheapest = await post(validBook({ price: BOOK_LIMITS.minPrice }));
    const dearest = await post(
      validBook({ price: BOOK_LIMITS.maxPrice, image: '/api/images/abc-123' }),
    );
    expect(cheapest.statusCode, cheapest.body).toBe(201);
    expect(dearest.statusCode, dearest.body).toBe(201);
    const books = await allBooks();
    const byId = (id: string) => books.find((b) => b._id === id);
    expect(byId(bookCreatedSchema.parse(cheapest.json()).insertedId)?.price).toBe(0.01);
    const stored = byId(bookCreatedSchema.parse(dearest.json()).insertedId);
    expect(stored).toMatchObject({ price: 10_000, image: '/api/images/abc-123' });
  });

  it('answers 409 for a name that is taken, the catalogue unchanged', async () => {
    const book = validBook({ name: 'Taken Title' });
    expect((await post(book)).statusCode).toBe(201);
    const count = (await allBooks()).length;
    const again = await post({ ...book, name: ' Taken Title ', price: 5 });
    expect(again.statusCode).toBe(409);
    const error = apiErrorSchema.parse(again.json()).error;
    expect(error).toEqual({
      code: 'conflict',
      message: 'A book named "Taken Title" already exists',
    });
    expect(await allBooks()).toHaveLength(count);
  });

  it.each([
    ['an empty name', { name: '   ' }, 'name: Enter the name of the book.'],
    ['a long name', { name: 'x'.repeat(121) }, 'name: At most 120 characters.'],
    ['an unknown category', { category: 'poetry' }, 'category: '],
    ['a zero price', { price: 0 }, 'price: The price must be at least $0.01.'],
    ['a price above 10,000', { price: 10_000.01 }, 'price: The price must be at most $10,000.'],
    ['three decimals', { price: 12.345 }, 'price: Use at most two decimals (cents).'],
    ['a price as text', { price: '12.99' }, 'price: The price must be a number.'],
    ['an http image', { image: 'http://example.test/x.png' }, 'image: Must be an https URL'],
    ['a script image', { image: 'javascript:alert(1)' }, 'image: Must be an https URL'],
    ['another path', { image: '/images/books/x.svg' }, 'image: Must be an https URL'],
    ['no author', { author: undefined }, 'author: '],
    ['a long author', { author: 'x'.repeat(121) }, 'author: At most 120 characters.'],
    [
      'a long description',
      { description: 'x'.repeat(2001) },
      'description: At most 2,000 characters.',
    ],
    ['a negative stock', { stock: -1 }, 'stock: The stock cannot be below 0.'],
    ['a fractional stock', { stock: 1.5 }, 'stock: The stock must be a whole number.'],
    ['a stock above 100,000', { stock: 100_001 }, 'stock: The stock must be at most 100,000.'],
    ['no stock', { stock: undefined }, 'stock: '],
    ['an unknown field', { isbn: '978' }, 'Unrecognized key: "isbn"'],
  ])('rejects %s with a 400 naming the field', async (_label, overrides, message) => {
    const count = (await allBooks()).length;
    const res = await post(validBook(overrides));
    expect(res.statusCode).toBe(400);
    const error = apiErrorSchema.parse(res.json()).error;
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain(message);
    expect(await allBooks()).toHaveLength(count);
  });

  it('is for admins only', async () => {
    const user = await signIn(t.app, 'book-user');
    expect((await post(validBook(), user)).statusCode).toBe(403);
    expect((await post(validBook(), null)).statusCode).toBe(401);
  });
});

describe('POST /api/book rate limit', () => {
  it('limits each admin to bookCreatePerAdmin books a minute', async () => {
    const email = uniqueEmail('book-limited');
    const limited = await buildAccountsApp({
      adminEmails: [email],
      limits: { bookCreatePerAdmin: 2 },
    });
    try {
      const caller = await signIn(limited.app, email);
      const send = (name: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/book',
          headers: bearer(caller.accessToken),
          payload: validBook({ name }),
        });
      expect((await send('Limit One')).statusCode).toBe(201);
      expect((await send('Limit Two')).statusCode).toBe(201);
      const third = await send('Limit Three');
      expect(third.statusCode).toBe(429);
      expect(apiErrorSchema.parse(third.json()).error.code).toBe('too_many_requests');
    } finally {
      await limited.close();
    }
  });
});
