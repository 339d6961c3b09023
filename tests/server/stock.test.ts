// Both databases: concurrent orders take the last copies in transactions.
// (scripts/test.ts runs this file on PGlite and PostgreSQL.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDetailSchema, bookListSchema, type BookDetail } from '../../contract/books';
import { cartLineListSchema, type CartLine } from '../../contract/carts';
import { paymentIntentResponseSchema } from '../../contract/payments';
import { STOCK_HOLD_MINUTES } from '../../contract/cart-rules';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import {
  askForIntent,
  createTestGateway,
  deliverWebhook,
  intentIdOf,
  paymentIntentEvent,
  type TestGateway,
} from './helpers/payments';
import { expectError } from './helpers/api-error';

describe('book pages, stock and reservations', () => {
  const adminEmail = uniqueEmail('stock-admin');
  let t: TestApp;
  let gateway: TestGateway;
  let admin: SignedIn;

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [adminEmail], seed: true, paymentGateway: gateway });
    admin = await signIn(t.app, adminEmail);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A book of the test's own, through the admin's POST /book. */
  async function newBook(stock: number, price = 10): Promise<BookDetail> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/book',
      headers: bearer(admin.accessToken),
      payload: {
        name: `Stock Book ${randomUUID()}`,
        author: 'Ursula K. Le Guin',
        category: 'science fiction',
        price,
        image: 'https://i.ibb.co/x/cover.png',
        description: 'First line.\nSecond line.',
        stock,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { insertedId } = res.json<{ insertedId: string }>();
    return getBook(insertedId);
  }

  async function getBook(id: string): Promise<BookDetail> {
    const res = await t.app.inject({ method: 'GET', url: `/api/books/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return bookDetailSchema.parse(res.json());
  }

  const addToCart = (user: SignedIn, bookId: string, quantity = 1) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(user.accessToken),
      payload: { bookId, quantity },
    });
  const setQuantity = (user: SignedIn, id: string, quantity: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/carts/quantity/${id}`,
      headers: bearer(user.accessToken),
      payload: { quantity },
    });
  async function cartOf(user: SignedIn): Promise<CartLine[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/carts',
      headers: bearer(user.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return cartLineListSchema.parse(res.json());
  }
  const patchBook = (id: string, payload: unknown, caller: SignedIn = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/books/${id}`,
      headers: bearer(caller.accessToken),
      payload: payload as Record<string, unknown>,
    });
  const removeBook = (id: string, caller: SignedIn = admin) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/books/${id}`,
      headers: bearer(caller.accessToken),
    });
  const payBooks = (user: SignedIn) => askForIntent(t.app, user, { source: 'books' });
  async function succeed(clientSecret: string) {
    const intent = gateway.intents.get(intentIdOf(clientSecret));
    if (!intent) throw new Error('unknown intent');
    return deliverWebhook(
      t.app,
      paymentIntentEvent('payment_intent.succeeded', { id: intent.id, amount: intent.amountCents }),
    );
  }
  async function fail(clientSecret: string) {
    const intent = gateway.intents.get(intentIdOf(clientSecret));
    if (!intent) throw new Error('unknown intent');
    return deliverWebhook(
      t.app,
      paymentIntentEvent('payment_intent.payment_failed', {
        id: intent.id,
        amount: intent.amountCents,
      }),
    );
  }
  const stockOf = async (id: string) =>
    (await t.db.query<{ stock: number }>('select stock from books where id = $1', [id]))[0]?.stock;

  describe('GET /api/books/:id', () => {
    it('answers the book with author, description (line breaks kept) and stock, to anyone', async () => {
      const book = await newBook(12, 24.5);
      expect(book).toMatchObject({
        author: 'Ursula K. Le Guin',
        description: 'First line.\nSecond line.',
        stock: 12,
        price: 24.5,
        category: 'science fiction',
      });
    });

    it('answers 404 for an unknown id and for a removed book', async () => {
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/books/no-such-book' }),
        404,
        'No such book.',
      );
      const book = await newBook(3);
      expect((await removeBook(book._id)).statusCode).toBe(200);
      expectError(await t.app.inject({ method: 'GET', url: `/api/books/${book._id}` }), 404);
    });

    it('gives every seeded book an author, a description and stock', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/books' });
      const seeded = bookListSchema.parse(res.json()).filter((b) => !b.name.startsWith('Stock'));
      expect(seeded.length).toBeGreaterThanOrEqual(27);
      const descriptions = new Set<string>();
      for (const listed of seeded.slice(0, 27)) {
        const book = await getBook(listed._id);
        expect(book.author.length).toBeGreaterThan(0);
        expect(book.description.length).toBeGreaterThan(20);
        expect(book.stock).toBeGreaterThan(0);
        descriptions.add(book.description);
      }
      expect(descriptions.size).toBe(27);
    });
  });

  describe('stock in the cart', () => {
    it('stops Order Now and plus at the stock: 409 "Only N left", then "Sold out"', async () => {
      const book = await newBook(3);
      const user = await signIn(t.app, 'stock-cart');
      expect((await addToCart(user, book._id, 2)).statusCode).toBe(201);
      expectError(await addToCart(user, book._id, 2), 409, 'Only 3 left');
      const [line] = await cartOf(user);
      expect(line).toMatchObject({ quantity: 2, status: 'available', stock: 3 });
      expect((await setQuantity(user, line?._id ?? '', 3)).statusCode).toBe(200);
      expectError(await setQuantity(user, line?._id ?? '', 4), 409, 'Only 3 left');
      // Lowering always works.
      expect((await setQuantity(user, line?._id ?? '', 1)).statusCode).toBe(200);

      const soldOut = await newBook(0);
      expectError(await addToCart(user, soldOut._id), 409, 'Sold out');
    });

    it('shows a sold-out or removed book as unavailable, and checkout leaves it out', async () => {
      const keep = await newBook(5, 20);
      const sells = await newBook(2, 7);
      const goes = await newBook(2, 9);
      const user = await signIn(t.app, 'stock-leftout');
      for (const book of [keep, sells, goes]) {
        expect((await addToCart(user, book._id)).statusCode).toBe(201);
      }
      expect((await patchBook(sells._id, { stock: 0 })).statusCode).toBe(200);
      expect((await removeBook(goes._id)).statusCode).toBe(200);

      const cart = await cartOf(user);
      expect(cart.map((line) => [line.name, line.status])).toEqual([
        [keep.name, 'available'],
        [sells.name, 'sold-out'],
        [goes.name, 'removed'],
      ]);
      const res = await payBooks(user);
      expect(res.statusCode, res.body).toBe(200);
      const answer = paymentIntentResponseSchema.parse(res.json());
      expect(answer.amount).toBe(20);
      expect(answer.leftOut).toEqual([sells.name, goes.name]);
      // Removed: gone from the catalogue's list too.
      const list = bookListSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/books' })).json(),
      );
      expect(list.map((b) => b._id)).not.toContain(goes._id);
    });

    it('answers 400 "Your cart is empty" when nothing in the cart can be sold', async () => {
      const book = await newBook(1);
      const user = await signIn(t.app, 'stock-nothing');
      expect((await addToCart(user, book._id)).statusCode).toBe(201);
      expect((await patchBook(book._id, { stock: 0 })).statusCode).toBe(200);
      expectError(await payBooks(user), 400, 'Your cart is empty');
    });
  });

  describe('reservations', () => {
    it('holds the copies from the intent on, sells them at the webhook, and never twice', async () => {
      const book = await newBook(2);
      const alice = await signIn(t.app, 'stock-alice');
      const bob = await signIn(t.app, 'stock-bob');
      expect((await addToCart(alice, book._id, 2)).statusCode).toBe(201);
      expect((await addToCart(bob, book._id, 1)).statusCode).toBe(201);

      const aliceIntent = await payBooks(alice);
      expect(aliceIntent.statusCode, aliceIntent.body).toBe(200);
      // Held for Alice: the page and Bob's cart show none left, Bob is told before paying.
      expect((await getBook(book._id)).stock).toBe(0);
      expect((await cartOf(bob))[0]).toMatchObject({ status: 'sold-out', stock: 0 });
      expect((await cartOf(alice))[0]).toMatchObject({ status: 'available', stock: 2 });
      expectError(await payBooks(bob), 400, 'Your cart is empty');

      const { clientSecret } = paymentIntentResponseSchema.parse(aliceIntent.json());
      expect((await succeed(clientSecret)).statusCode).toBe(200);
      expect(await stockOf(book._id)).toBe(0);
      // A replay sells nothing more.
      expect((await succeed(clientSecret)).statusCode).toBe(200);
      expect(await stockOf(book._id)).toBe(0);
      const [orders] = await t.db.query<{ n: number }>(
        'select count(*)::integer as n from orders where user_email = $1',
        [alice.email],
      );
      expect(orders?.n).toBe(1);
    });

    it('tells a shopper who asks for more than is left, naming the book', async () => {
      const book = await newBook(3);
      const alice = await signIn(t.app, 'stock-more-a');
      const bob = await signIn(t.app, 'stock-more-b');
      expect((await addToCart(alice, book._id, 2)).statusCode).toBe(201);
      expect((await addToCart(bob, book._id, 2)).statusCode).toBe(201);
      expect((await payBooks(alice)).statusCode).toBe(200);
      expectError(await payBooks(bob), 409, `Only 1 left: ${book.name}`);
      // Nothing was asked of Stripe for Bob.
      expect([...gateway.intents.values()].some((i) => i.input.metadata.email === bob.email)).toBe(
        false,
      );
    });

    it('releases the hold when the card fails, and holds it again on the retry', async () => {
      const book = await newBook(1);
      const alice = await signIn(t.app, 'stock-fail-a');
      const bob = await signIn(t.app, 'stock-fail-b');
      expect((await addToCart(alice, book._id)).statusCode).toBe(201);
      const first = paymentIntentResponseSchema.parse((await payBooks(alice)).json());
      expect((await getBook(book._id)).stock).toBe(0);
      expect((await fail(first.clientSecret)).statusCode).toBe(200);
      expect((await getBook(book._id)).stock).toBe(1);
      // Alice tries another card: the same payment, held again.
      const retry = await payBooks(alice);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(paymentIntentResponseSchema.parse(retry.json()).clientSecret).toBe(first.clientSecret);
      expect((await getBook(book._id)).stock).toBe(0);
      expectError(await addToCart(bob, book._id), 409, 'Sold out');
    });

    it(`lets a hold lapse after ${STOCK_HOLD_MINUTES} minutes`, async () => {
      const book = await newBook(1);
      const alice = await signIn(t.app, 'stock-lapse-a');
      const bob = await signIn(t.app, 'stock-lapse-b');
      expect((await addToCart(alice, book._id)).statusCode).toBe(201);
      const held = await payBooks(alice);
      expect(held.statusCode).toBe(200);
      const [reservation] = await t.db.query<{ minutes: number }>(
        `select round(extract(epoch from expires_at - now()) / 60)::integer as minutes
         from stock_reservations where book_id = $1`,
        [book._id],
      );
      expect(reservation?.minutes).toBe(STOCK_HOLD_MINUTES);
      await t.db.query(
        "update stock_reservations set expires_at = now() - interval '1 second' where book_id = $1",
        [book._id],
      );
      expect((await getBook(book._id)).stock).toBe(1);
      expect((await addToCart(bob, book._id)).statusCode).toBe(201);
      const bobs = await payBooks(bob);
      expect(bobs.statusCode, bobs.body).toBe(200);
      expect(
        (await succeed(paymentIntentResponseSchema.parse(bobs.json()).clientSecret)).statusCode,
      ).toBe(200);
      expect(await stockOf(book._id)).toBe(0);

      // Alice's card goes through after all: her copy is gone, so she is refunded in full and
      // gets no order.
      const alices = paymentIntentResponseSchema.parse(held.json());
      expect((await succeed(alices.clientSecret)).statusCode).toBe(200);
      const [payment] = await t.db.query<{ status: string; amount_cents: number }>(
        'select status, amount_cents from payments where user_email = $1',
        [alice.email],
      );
      expect(payment?.status).toBe('refunded');
      const refund = [...gateway.refunds.values()].find(
        (r) => r.input.paymentIntentId === intentIdOf(alices.clientSecret),
      );
      expect(refund?.amountCents).toBe(payment?.amount_cents);
      const [orders] = await t.db.query<{ n: number }>(
        'select count(*)::integer as n from orders where user_email = $1',
        [alice.email],
      );
      expect(orders?.n).toBe(0);
      expect(await stockOf(book._id)).toBe(0);
    });

    it('when the stock is lowered under the holds, the first payers get the copies and the rest are refunded, their holds released', async () => {
      // The attack repro of issue 30 §2: stock 3, three checkouts, the admin sets 2, all pay.
      const book = await newBook(3);
      const buyers = await Promise.all([0, 1, 2].map((i) => signIn(t.app, `stock-lowered-${i}`)));
      const intents = [];
      for (const buyer of buyers) {
        expect((await addToCart(buyer, book._id)).statusCode).toBe(201);
        const res = await payBooks(buyer);
        expect(res.statusCode, res.body).toBe(200);
        intents.push(paymentIntentResponseSchema.parse(res.json()));
      }
      expect((await patchBook(book._id, { stock: 2 })).statusCode).toBe(200);
      for (const intent of intents) {
        expect((await succeed(intent.clientSecret)).statusCode).toBe(200);
      }
      // In the order they paid: a hold is a claim on the copies on hand.
      const statuses = [];
      for (const buyer of buyers) {
        const [row] = await t.db.query<{ status: string }>(
          'select status from payments where user_email = $1',
          [buyer.email],
        );
        statuses.push(row?.status);
      }
      expect(statuses).toEqual(['succeeded', 'succeeded', 'refunded']);
      const [sold] = await t.db.query<{ copies: number }>(
        'select coalesce(sum(quantity), 0)::integer as copies from orders where book_id = $1',
        [book._id],
      );
      expect(sold?.copies).toBe(2);
      expect(await stockOf(book._id)).toBe(0);
      const [live] = await t.db.query<{ n: number }>(
        'select count(*)::integer as n from stock_reservations where book_id = $1 and expires_at > now()',
        [book._id],
      );
      expect(live?.n).toBe(0);
      // Not shown as sold out for 15 minutes by a dead hold: once restocked it sells at once.
      expect((await patchBook(book._id, { stock: 1 })).statusCode).toBe(200);
      expect((await getBook(book._id)).stock).toBe(1);
    });

    it('says until when the books are held, from the card step on', async () => {
      const book = await newBook(5);
      const buyer = await signIn(t.app, 'stock-held-until');
      expect((await addToCart(buyer, book._id, 2)).statusCode).toBe(201);
      // The cart alone holds nothing.
      const [before] = await t.db.query<{ n: number }>(
        'select count(*)::integer as n from stock_reservations where book_id = $1',
        [book._id],
      );
      expect(before?.n).toBe(0);
      const started = Date.now();
      const res = await payBooks(buyer);
      expect(res.statusCode, res.body).toBe(200);
      const { heldUntil } = paymentIntentResponseSchema.parse(res.json());
      const minutes = (Date.parse(heldUntil ?? '') - started) / 60_000;
      expect(minutes).toBeGreaterThan(STOCK_HOLD_MINUTES - 0.5);
      expect(minutes).toBeLessThan(STOCK_HOLD_MINUTES + 0.5);
    });

    it('holds at most 10 copies of a book for one account (400, nothing held)', async () => {
      const book = await newBook(50);
      const hoarder = await signIn(t.app, 'stock-hoarder');
      expect((await addToCart(hoarder, book._id, 10)).statusCode).toBe(201);
      expect((await addToCart(hoarder, book._id, 1)).statusCode).toBe(409);
      // A line from before the limit (the migration clamps them; this one is forced).
      await t.db.query('update cart_lines set quantity = 30 where user_email = $1', [
        hoarder.email,
      ]);
      const res = await payBooks(hoarder);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(
        'You can order at most 10 copies of a book.',
      );
      const [held] = await t.db.query<{ n: number }>(
        'select count(*)::integer as n from stock_reservations where book_id = $1',
        [book._id],
      );
      expect(held?.n).toBe(0);
    });

    it('sells exactly the last 5 copies to 20 racing shoppers; nobody is charged without orders', async () => {
      const book = await newBook(5);
      const shoppers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signIn(t.app, `stock-race-${i}`)),
      );
      for (const shopper of shoppers) {
        expect((await addToCart(shopper, book._id)).statusCode).toBe(201);
      }
      const asks = await Promise.all(shoppers.map((shopper) => payBooks(shopper)));
      const granted = asks.filter((res) => res.statusCode === 200);
      const refused = asks.filter((res) => res.statusCode !== 200);
      expect(granted).toHaveLength(5);
      for (const res of refused) {
        // Told before paying: sold out (409), or nothing left in the cart to pay (400).
        expect([400, 409], res.body).toContain(res.statusCode);
      }
      // Every granted shopper pays; the webhooks arrive at once.
      const paid = await Promise.all(
        granted.map((res) => succeed(paymentIntentResponseSchema.parse(res.json()).clientSecret)),
      );
      expect(paid.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await stockOf(book._id)).toBe(0);
      const [sold] = await t.db.query<{ copies: number; payments: number }>(
        `select coalesce(sum(quantity), 0)::integer as copies,
                count(distinct payment_id)::integer as payments
         from orders where book_id = $1`,
        [book._id],
      );
      expect(sold).toEqual({ copies: 5, payments: 5 });
      const [charged] = await t.db.query<{ without: number }>(
        `select count(*)::integer as without from payments p
         where p.status = 'succeeded' and not exists (select 1 from orders o where o.payment_id = p.id)`,
      );
      expect(charged?.without).toBe(0);
    });
  });

  describe('PATCH and DELETE /api/books/:id', () => {
    it('a new price shows in every cart at once and is what the next checkout charges', async () => {
      const book = await newBook(10, 30);
      const user = await signIn(t.app, 'stock-price');
      expect((await addToCart(user, book._id, 2)).statusCode).toBe(201);
      const res = await patchBook(book._id, { price: 12.5 });
      expect(res.statusCode, res.body).toBe(200);
      expect(bookDetailSchema.parse(res.json()).price).toBe(12.5);
      expect((await cartOf(user))[0]?.price).toBe(12.5);
      const intent = await payBooks(user);
      expect(paymentIntentResponseSchema.parse(intent.json()).amount).toBe(25);
    });

    it('edits every field, and writes each change to the audit log', async () => {
      const book = await newBook(4, 10);
      const res = await patchBook(book._id, {
        name: `Renamed ${randomUUID()}`,
        author: 'N. K. Jemisin',
        category: 'story',
        price: 11,
        image: '/api/images/abc',
        description: 'New words.',
        stock: 40,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(bookDetailSchema.parse(res.json())).toMatchObject({
        author: 'N. K. Jemisin',
        category: 'story',
        price: 11,
        stock: 40,
        description: 'New words.',
      });
      expect((await removeBook(book._id)).statusCode).toBe(200);
      const audit = await t.db.query<{ actor_email: string; action: string; changes: unknown }>(
        'select actor_email, action, changes from audit_log where subject_id = $1 order by id',
        [book._id],
      );
      expect(audit.map((row) => row.action)).toEqual(['book.create', 'book.update', 'book.remove']);
      expect(audit.every((row) => row.actor_email === admin.email)).toBe(true);
      expect(audit[1]?.changes).toMatchObject({ priceCents: [1000, 1100], stock: [4, 40] });
    });

    it.each([
      ['a negative stock', { stock: -1 }, 'stock: The stock cannot be below 0.'],
      ['a fractional stock', { stock: 2.5 }, 'stock: The stock must be a whole number.'],
      ['a stock as text', { stock: '3' }, 'stock: The stock must be a whole number.'],
      [
        'a price above the range',
        { price: 10_000.01 },
        'price: The price must be at most $10,000.',
      ],
      ['a zero price', { price: 0 }, 'price: The price must be at least $0.01.'],
      [
        'a long description',
        { description: 'x'.repeat(2001) },
        'description: At most 2,000 characters.',
      ],
      ['an empty author', { author: ' ' }, 'author: Enter the author of the book.'],
      ['no field', {}, 'Name at least one field to change'],
      ['an unknown field', { removed: true }, 'Unrecognized key: "removed"'],
    ])(
      'refuses %s with a 400 naming the field, changing nothing',
      async (_label, body, message) => {
        const book = await newBook(4, 10);
        const res = await patchBook(book._id, body);
        expect(expectError(res, 400)).toContain(message);
        expect(await getBook(book._id)).toEqual(book);
      },
    );

    it('answers 404 for an unknown or removed book, 409 for a taken name', async () => {
      expectError(await patchBook('no-such-book', { stock: 1 }), 404, 'No such book.');
      expectError(await removeBook('no-such-book'), 404, 'No such book.');
      const a = await newBook(1);
      const b = await newBook(1);
      expectError(
        await patchBook(b._id, { name: a.name }),
        409,
        `A book named "${a.name}" already exists`,
      );
      expect((await removeBook(a._id)).statusCode).toBe(200);
      expectError(await removeBook(a._id), 404);
      expectError(await patchBook(a._id, { stock: 3 }), 404);
      // A removed book's name may be used again.
      expect((await patchBook(b._id, { name: a.name })).statusCode).toBe(200);
    });

    it('is for admins only', async () => {
      const book = await newBook(1);
      const user = await signIn(t.app, 'stock-not-admin');
      expect((await patchBook(book._id, { stock: 9 }, user)).statusCode).toBe(403);
      expect((await removeBook(book._id, user)).statusCode).toBe(403);
      expect((await getBook(book._id)).stock).toBe(1);
    });
  });
});
