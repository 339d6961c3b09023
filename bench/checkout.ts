// Checkout against the Stripe emulator, through the official `stripe` package, on PGlite and on
// PostgreSQL (BENCH_DATABASE_URL; `BENCH_DATABASE_URL=` skips it):
//  1. Server time of POST /api/payments/intent (a new intent: includes the emulator's round trip
//     on loopback; and the same unchanged cart again: the pending intent reused) and of
//     POST /api/payments/webhook (`payment_intent.succeeded`: orders written, cart emptied),
//     p50/p95 over 200 each, from the server's own clock (Fastify's reply.elapsedTime).
//  2. 50 users checking out at once (intent → card confirmed → signed webhook), then every event
//     delivered a second time: each paid cart must become exactly its orders, none lost or doubled.
//  3. 20 shoppers racing for the last 5 copies of a book (intent → card → webhook, all at once):
//     how many were sold, refused before paying, and charged without orders (must be 0).
// Usage: npx tsx bench/checkout.ts
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { buildApp } from '../server/app';
import { createAccessTokens } from '../server/auth/access-token';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/client';
import { addToCart } from '../server/db/repositories/carts';
import { upsertOnSignIn } from '../server/db/repositories/users';
import { seedCatalogue } from '../server/db/seed';
import { RATE_LIMITS, type RateLimitMaxima } from '../server/rate-limit';
import {
  EMULATOR_SECRET_KEY,
  newWebhookSecret,
  stripeServerEnv,
} from '../scripts/lib/stripe-emulator';
import { startStripeEmulator, type StripeEmulator } from '../scripts/stripe-emulator/emulator';
import { benchDbKinds, ms, openBenchDb, percentile, type DbKind } from './lib/bench-db';

const SAMPLES = 200;
const CONCURRENT_USERS = 50;
const SERVER_PORT = 3500;
const EMULATOR_PORT = 12511;
const WEBHOOK_PATH = '/api/payments/webhook';
const INTENT_PATH = '/api/payments/intent';

const SHIPPING = {
  firstName: 'Bench',
  lastName: 'Buyer',
  email: 'buyer@example.com',
  country: 'Canada',
  address: '1 Benchmark Way',
  city: 'Toronto',
  state: 'Ontario',
  postalCode: 'M5V 2T6',
} as const;

type Timings = Map<string, number[]>;
type Buyer = { email: string; token: string; lines: { bookId: string; quantity: number }[] };
type Stack = {
  app: FastifyInstance;
  db: Db;
  stripe: Stripe;
  emulatorUrl: string;
  timings: Timings;
  books: string[];
  close(): Promise<void>;
};

const unlimited = Object.fromEntries(
  Object.entries(RATE_LIMITS).flatMap(([name, rule]) =>
    'perMinute' in rule ? [[name, 1_000_000]] : [],
  ),
) as RateLimitMaxima;

/** Webhook calls are told apart by event type (the emulator also sends `charge.*`, `…created`). */
function timingKey(url: string, body: unknown): string {
  if (url !== WEBHOOK_PATH || !Buffer.isBuffer(body)) return url;
  const event = JSON.parse(body.toString('utf8')) as { type?: string };
  return `${url} ${event.type ?? '?'}`;
}

const SUCCEEDED_WEBHOOK = `${WEBHOOK_PATH} payment_intent.succeeded`;

async function startStack(kind: DbKind): Promise<Stack> {
  const webhookSecret = newWebhookSecret();
  const emulator: StripeEmulator = await startStripeEmulator({
    port: EMULATOR_PORT,
    webhook: { url: `http://127.0.0.1:${SERVER_PORT}${WEBHOOK_PATH}`, secret: webhookSecret },
  });
  const bench = await openBenchDb(kind, async (db) => {
    await seedCatalogue(db);
    // Parts 1 and 2 measure checkout, not stock: every book has plenty.
    await db.query('update books set stock = 100000');
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
    ...stripeServerEnv(emulator.port, webhookSecret),
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, db: bench.db, rateLimits: unlimited });
  const timings: Timings = new Map();
  app.addHook('onResponse', async (request, reply) => {
    const url = timingKey(request.routeOptions.url ?? request.url, request.body);
    const list = timings.get(url) ?? [];
    list.push(reply.elapsedTime);
    timings.set(url, list);
  });
  await app.listen({ host: '127.0.0.1', port: SERVER_PORT });
  const books = (await bench.db.query<{ id: string }>('select id from books order by id')).map(
    (row) => row.id,
  );
  const stripe = new Stripe(EMULATOR_SECRET_KEY, {
    host: '127.0.0.1',
    port: emulator.port,
    protocol: 'http',
  });
  return {
    app,
    db: bench.db,
    stripe,
    emulatorUrl: emulator.url,
    timings,
    books,
    close: async () => {
      await emulator.close();
      await app.close();
      await bench.drop();
    },
  };
}

/** A signed-in user (as the token exchange would create them) with 1–3 books in the cart. */
async function newBuyer(stack: Stack, index: number, tokens = createTokens(stack)): Promise<Buyer> {
  const email = `bench-buyer-${index}-${randomBytes(4).toString('hex')}@example.com`;
  await upsertOnSignIn(stack.db, {
    email,
    firebaseUid: `uid-${index}`,
    isConfiguredAdmin: false,
    signUpDate: null,
  });
  const lines: Buyer['lines'] = [];
  for (let n = 0; n < 1 + (index % 3); n += 1) {
    const bookId = stack.books[(index * 3 + n) % stack.books.length]!;
    const quantity = 1 + ((index + n) % 4);
    await addToCart(stack.db, { email, bookId, quantity });
    lines.push({ bookId, quantity });
  }
  return { email, token: await tokens.sign({ uid: `uid-${index}`, email, role: 'user' }), lines };
}

function createTokens(stack: Stack) {
  return createAccessTokens(stack.app.config.ACCESS_TOKEN_SECRET);
}

async function askIntent(stack: Stack, buyer: Buyer): Promise<{ clientSecret: string }> {
  const response = await fetch(`http://127.0.0.1:${SERVER_PORT}${INTENT_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ source: 'books', shipping: { ...SHIPPING, email: buyer.email } }),
  });
  const body = (await response.json()) as { clientSecret?: string; message?: string };
  if (response.status !== 200 || !body.clientSecret)
    throw new Error(`intent: HTTP ${response.status} ${JSON.stringify(body)}`);
  return { clientSecret: body.clientSecret };
}

function intentId(clientSecret: string): string {
  return clientSecret.split('_secret_')[0]!;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function succeededPayments(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "select count(*)::int as n from payments where status = 'succeeded'",
  );
  return row?.n ?? 0;
}

function summary(times: readonly number[] | undefined): string {
  const sorted = [...(times ?? [])].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  (n=${sorted.length})`;
}

async function measureServerTimes(stack: Stack, kind: DbKind): Promise<void> {
  const tokens = createTokens(stack);
  const buyers: Buyer[] = [];
  for (let i = 0; i < SAMPLES; i += 1) buyers.push(await newBuyer(stack, i, tokens));

  stack.timings.clear();
  const secrets: string[] = [];
  for (const buyer of buyers) secrets.push((await askIntent(stack, buyer)).clientSecret);
  const created = stack.timings.get(INTENT_PATH) ?? [];

  stack.timings.clear();
  for (const buyer of buyers) await askIntent(stack, buyer);
  const reused = stack.timings.get(INTENT_PATH) ?? [];

  stack.timings.clear();
  for (const secret of secrets)
    await stack.stripe.paymentIntents.confirm(intentId(secret), { payment_method: 'pm_card_visa' });
  await waitFor('every webhook', async () => (await succeededPayments(stack.db)) >= SAMPLES);
  const webhooks = stack.timings.get(SUCCEEDED_WEBHOOK) ?? [];

  console.log(`${kind.padEnd(8)} intent (new)     ${summary(created)}`);
  console.log(`${kind.padEnd(8)} intent (reused)  ${summary(reused)}`);
  console.log(
    `${kind.padEnd(8)} webhook          ${summary(webhooks)}  (payment_intent.succeeded: orders written, cart emptied)`,
  );
}

/** The id of the `payment_intent.succeeded` event of an intent, from the emulator's event log. */
async function succeededEventOf(emulatorUrl: string, paymentIntentId: string): Promise<string> {
  const query = new URLSearchParams({
    type: 'payment_intent.succeeded',
    payment_intent: paymentIntentId,
  });
  const response = await fetch(`${emulatorUrl}/_emulator/events?${query.toString()}`);
  const body = (await response.json()) as { data: { event: { id: string } }[] };
  const id = body.data[0]?.event.id;
  if (!id) throw new Error(`no payment_intent.succeeded event for ${paymentIntentId}`);
  return id;
}

type Count = { orders: number; copies: number; cartLines: number };

async function countsOf(db: Db, email: string): Promise<Count> {
  const [orders] = await db.query<{ orders: number; copies: number }>(
    `select count(*)::int as orders, coalesce(sum(quantity), 0)::int as copies
     from orders where user_email = $1`,
    [email],
  );
  const [cart] = await db.query<{ n: number }>(
    'select count(*)::int as n from cart_lines where user_email = $1',
    [email],
  );
  return { orders: orders?.orders ?? 0, copies: orders?.copies ?? 0, cartLines: cart?.n ?? 0 };
}

async function measureConcurrentCheckouts(stack: Stack, kind: DbKind): Promise<boolean> {
  const tokens = createTokens(stack);
  const buyers = await Promise.all(
    Array.from({ length: CONCURRENT_USERS }, (_, i) => newBuyer(stack, 1000 + i, tokens)),
  );
  const before = await succeededPayments(stack.db);
  const ids = await Promise.all(
    buyers.map(async (buyer) => {
      const { clientSecret } = await askIntent(stack, buyer);
      const id = intentId(clientSecret);
      await stack.stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
      return id;
    }),
  );
  await waitFor(
    'the 50 webhooks',
    async () => (await succeededPayments(stack.db)) >= before + CONCURRENT_USERS,
  );

  // Every succeeded event once more, all at once, signed by the emulator: Stripe may deliver an
  // event twice.
  const webhookCalls = (stack.timings.get(SUCCEEDED_WEBHOOK) ?? []).length;
  const events = await Promise.all(ids.map((id) => succeededEventOf(stack.emulatorUrl, id)));
  const resent = await Promise.all(
    events.map(async (eventId) => {
      const response = await fetch(
        `${stack.emulatorUrl}/_emulator/events/${encodeURIComponent(eventId)}/resend`,
        { method: 'POST' },
      );
      return response.status === 202;
    }),
  );
  await waitFor(
    'the replayed webhooks',
    async () => (stack.timings.get(SUCCEEDED_WEBHOOK) ?? []).length >= webhookCalls + events.length,
  );

  let exact = 0;
  let lost = 0;
  let doubled = 0;
  let leftInCart = 0;
  let expectedOrders = 0;
  let actualOrders = 0;
  for (const buyer of buyers) {
    const expected = {
      orders: buyer.lines.length,
      copies: buyer.lines.reduce((sum, line) => sum + line.quantity, 0),
    };
    const actual = await countsOf(stack.db, buyer.email);
    expectedOrders += expected.orders;
    actualOrders += actual.orders;
    leftInCart += actual.cartLines;
    if (actual.orders === expected.orders && actual.copies === expected.copies) exact += 1;
    else if (actual.orders < expected.orders) lost += 1;
    else doubled += 1;
  }
  const ok = exact === CONCURRENT_USERS && leftInCart === 0;
  console.log(
    `${kind.padEnd(8)} ${CONCURRENT_USERS} concurrent checkouts: ${exact} exact, ${lost} lost, ` +
      `${doubled} doubled; orders ${actualOrders}/${expectedOrders}; cart lines left ${leftInCart}; ` +
      `events delivered twice ${resent.filter(Boolean).length}/${CONCURRENT_USERS}  ${ok ? 'ok' : 'FAIL'}`,
  );
  return ok;
}

const RACERS = 20;
const LAST_COPIES = 5;

/** 20 shoppers, one copy each in the cart, for a book with 5 left: everyone pays at once. */
async function measureLastCopies(stack: Stack, kind: DbKind): Promise<boolean> {
  const [book] = await stack.db.query<{ id: string }>(
    `insert into books (name, author, price_cents, image, category, stock)
     values ($1, 'Bench Author', 1500, '/images/books/orbit-of-glass.svg', 'story', $2)
     returning id`,
    [`Last copies ${randomBytes(4).toString('hex')}`, LAST_COPIES],
  );
  if (!book) throw new Error('no book');
  const tokens = createTokens(stack);
  const shoppers = await Promise.all(
    Array.from({ length: RACERS }, async (_, i) => {
      const email = `bench-racer-${i}-${randomBytes(4).toString('hex')}@example.com`;
      await upsertOnSignIn(stack.db, {
        email,
        firebaseUid: `racer-${i}`,
        isConfiguredAdmin: false,
        signUpDate: null,
      });
      await addToCart(stack.db, { email, bookId: book.id, quantity: 1 });
      return { email, token: await tokens.sign({ uid: `racer-${i}`, email, role: 'user' }) };
    }),
  );
  const before = await succeededPayments(stack.db);
  const outcomes = await Promise.all(
    shoppers.map(async (shopper) => {
      const response = await fetch(`http://127.0.0.1:${SERVER_PORT}${INTENT_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${shopper.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'books', shipping: { ...SHIPPING, email: shopper.email } }),
      });
      const body = (await response.json()) as { clientSecret?: string };
      if (response.status !== 200 || !body.clientSecret) return 'refused' as const;
      await stack.stripe.paymentIntents.confirm(intentId(body.clientSecret), {
        payment_method: 'pm_card_visa',
      });
      return 'paid' as const;
    }),
  );
  const paid = outcomes.filter((outcome) => outcome === 'paid').length;
  await waitFor(
    'the racers’ webhooks',
    async () => (await succeededPayments(stack.db)) >= before + paid,
  );
  const [sold] = await stack.db.query<{ copies: number }>(
    'select coalesce(sum(quantity), 0)::int as copies from orders where book_id = $1',
    [book.id],
  );
  const [stock] = await stack.db.query<{ stock: number }>('select stock from books where id = $1', [
    book.id,
  ]);
  const [charged] = await stack.db.query<{ n: number }>(
    `select count(*)::int as n from payments p
     where p.status = 'succeeded' and not exists (select 1 from orders o where o.payment_id = p.id)`,
  );
  const copies = sold?.copies ?? 0;
  const withoutOrders = charged?.n ?? 0;
  const ok = copies === LAST_COPIES && stock?.stock === 0 && withoutOrders === 0;
  console.log(
    `${kind.padEnd(8)} ${RACERS} shoppers for the last ${LAST_COPIES} copies: sold ${copies}, ` +
      `refused before paying ${RACERS - paid}, charged without orders ${withoutOrders}, ` +
      `stock left ${stock?.stock ?? '?'}  ${ok ? 'ok' : 'FAIL'}`,
  );
  return ok;
}

async function main(): Promise<void> {
  let ok = true;
  for (const kind of benchDbKinds()) {
    let stack: Stack;
    try {
      stack = await startStack(kind);
    } catch (error) {
      console.log(`${kind}: skipped (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    try {
      await measureServerTimes(stack, kind);
      ok = (await measureConcurrentCheckouts(stack, kind)) && ok;
      ok = (await measureLastCopies(stack, kind)) && ok;
    } finally {
      await stack.close();
    }
  }
  process.exit(ok ? 0 : 1);
}

await main();
