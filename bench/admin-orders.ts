// The admin's order and sales API under a year of checkouts: 100,000 orders (lines) of ~50,000
// paid payments, ~3 % of lines refunded, ~1 % of payments refunded whole, pending and failed ones,
// 2,000 customers (server/db/seed-bench.ts seedBenchOrders, a bench seed, never the shop's).
// Server time, from the server's own clock (Fastify's reply.elapsedTime), p50/p95 over 200
// requests each after 20 to warm up, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default
// postgres://root@127.0.0.1:5432/test, in a schema of its own dropped after; `BENCH_DATABASE_URL=`
// skips it), of:
//  1. GET /api/admin/orders?page=1 (the Orders screen as it opens: a page and the total),
//  2. filtered pages (status, part of an email, a date range) and a deep page,
//  3. GET /api/admin/sales?days=30 (the sales summary; skipped while the route answers 404).
// Goal: p95 < 50 ms for each, on both engines.
// Usage: npx tsx bench/admin-orders.ts
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { createAccessTokens } from '../server/auth/access-token';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/client';
import { upsertOnSignIn } from '../server/db/repositories/users';
import { seedCatalogue } from '../server/db/seed';
import { BENCH_ADMIN_EMAIL, seedBenchOrders, type BenchOrderCounts } from '../server/db/seed-bench';
import { RATE_LIMITS, type RateLimitMaxima } from '../server/rate-limit';
import { benchDbKinds, ms, openBenchDb, percentile, type DbKind } from './lib/bench-db';

const ORDER_COUNT = 100_000;
const P95_GOAL_MS = 50;
const SAMPLES = 200;
const WARMUP = 20;
/** A scenario far off the goal stops early rather than take many minutes (its n says so). */
const SCENARIO_BUDGET_MS = 60_000;
const SALES_URL = '/api/admin/sales?days=30';

/** A whole UTC day `daysAgo` before today, as the filters take it (YYYY-MM-DD). */
function isoDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

const SCENARIOS: Record<string, string> = {
  'orders, first page': '/api/admin/orders?page=1',
  'orders, refunded + email + 90 days': `/api/admin/orders?status=refunded&q=school&from=${isoDay(90)}&to=${isoDay(0)}`,
  'orders, paid + 30 days': `/api/admin/orders?status=paid&from=${isoDay(30)}&to=${isoDay(0)}`,
  'orders, page 250': '/api/admin/orders?page=250',
  'sales, 30 days': SALES_URL,
};

const unlimited = Object.fromEntries(
  Object.entries(RATE_LIMITS).flatMap(([name, rule]) =>
    'perMinute' in rule ? [[name, 1_000_000]] : [],
  ),
) as RateLimitMaxima;

type Stack = {
  app: FastifyInstance;
  token: string;
  /** Where the onResponse hook puts each request's server time. */
  timings: number[];
  seedMs: number;
  counts: BenchOrderCounts;
  close(): Promise<void>;
};

async function startStack(kind: DbKind): Promise<Stack> {
  let seedMs = 0;
  let counts: BenchOrderCounts | undefined;
  const bench = await openBenchDb(kind, async (db: Db) => {
    await seedCatalogue(db);
    const start = performance.now();
    // The seeded courses, as the shop sells them.
    const courses = await db.query<{ id: string; name: string; priceCents: number }>(
      'select id, name, price_cents as "priceCents" from courses order by position, id',
    );
    counts = await seedBenchOrders(db, courses, ORDER_COUNT);
    seedMs = performance.now() - start;
    await upsertOnSignIn(db, {
      email: BENCH_ADMIN_EMAIL,
      firebaseUid: 'bench-admin',
      isConfiguredAdmin: true,
      signUpDate: null,
    });
  });
  if (!counts) throw new Error('not seeded');
  const config = loadConfig({
    NODE_ENV: 'production',
    ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
    SERVE_SPA: 'false',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, db: bench.db, rateLimits: unlimited });
  const timings: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    timings.push(reply.elapsedTime);
  });
  await app.ready();
  const token = await createAccessTokens(config.ACCESS_TOKEN_SECRET).sign({
    uid: 'bench-admin',
    email: BENCH_ADMIN_EMAIL,
    role: 'admin',
  });
  return {
    app,
    token,
    timings,
    seedMs,
    counts,
    close: async () => {
      await app.close();
      await bench.drop();
    },
  };
}

type Figures = { n: number; p50: number; p95: number; total: number | undefined };

/** GET `url` as the admin; the parsed body, or the status when it is not 200. */
async function get(stack: Stack, url: string): Promise<{ status: number; body: unknown }> {
  const res = await stack.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${stack.token}`, 'accept-encoding': 'gzip' },
  });
  const raw =
    res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
  const text = raw.toString('utf8');
  return {
    status: res.statusCode,
    body: res.statusCode === 200 ? (JSON.parse(text) as unknown) : text,
  };
}

async function measure(stack: Stack, url: string): Promise<Figures> {
  const deadline = performance.now() + SCENARIO_BUDGET_MS;
  let total: number | undefined;
  for (let i = 0; i < WARMUP; i += 1) {
    const { status, body } = await get(stack, url);
    if (status !== 200) throw new Error(`${url}: HTTP ${status} ${String(body)}`);
    const counted = (body as { total?: unknown }).total;
    if (typeof counted === 'number') total = counted;
  }
  stack.timings.length = 0;
  for (let i = 0; i < SAMPLES && performance.now() < deadline; i += 1) {
    const { status, body } = await get(stack, url);
    if (status !== 200) throw new Error(`${url}: HTTP ${status} ${String(body)}`);
  }
  const times = [...stack.timings].sort((a, b) => a - b);
  return { n: times.length, p50: percentile(times, 50), p95: percentile(times, 95), total };
}

type Row = { kind: DbKind; scenario: string; figures: Figures | 'skipped'; pass: boolean };

async function measureKind(kind: DbKind): Promise<Row[]> {
  let stack: Stack;
  try {
    stack = await startStack(kind);
  } catch (error) {
    console.log(`${kind}: skipped (${error instanceof Error ? error.message : String(error)})`);
    return [];
  }
  const rows: Row[] = [];
  try {
    const { counts } = stack;
    console.log(
      `${kind}: seeded in ${(stack.seedMs / 1000).toFixed(1)} s: ${counts.users} users, ` +
        `payments ${Object.entries(counts.payments)
          .map(([status, n]) => `${n} ${status}`)
          .join(', ')}; ${counts.orders} orders, ${counts.refundedOrders} refunded ` +
        `(${counts.refunds} refunds)`,
    );
    for (const [scenario, url] of Object.entries(SCENARIOS)) {
      // The sales route may not be there yet: measured once it answers.
      if (url === SALES_URL && (await get(stack, url)).status === 404) {
        rows.push({ kind, scenario, figures: 'skipped', pass: true });
        continue;
      }
      const figures = await measure(stack, url);
      rows.push({
        kind,
        scenario,
        figures,
        pass: figures.n >= SAMPLES && figures.p95 < P95_GOAL_MS,
      });
    }
  } finally {
    await stack.close();
  }
  return rows;
}

function printTable(rows: readonly Row[]): void {
  console.log(
    `\n${'engine'.padEnd(9)}${'scenario'.padEnd(37)}${'n'.padStart(4)}  ${'p50'.padStart(10)}  ` +
      `${'p95'.padStart(10)}  ${'matches'.padStart(7)}  goal p95 < ${P95_GOAL_MS} ms`,
  );
  for (const { kind, scenario, figures, pass } of rows) {
    if (figures === 'skipped') {
      console.log(`${kind.padEnd(9)}${scenario.padEnd(37)}  skipped (HTTP 404: no such route yet)`);
      continue;
    }
    const { n, p50, p95, total } = figures;
    console.log(
      `${kind.padEnd(9)}${scenario.padEnd(37)}${String(n).padStart(4)}  ${ms(p50).padStart(10)}  ` +
        `${ms(p95).padStart(10)}  ${(total === undefined ? '' : String(total)).padStart(7)}  ` +
        `${pass ? 'ok' : 'FAIL'}`,
    );
  }
}

async function main(): Promise<void> {
  console.log(`${ORDER_COUNT} orders; server time over ${SAMPLES} requests each`);
  const rows: Row[] = [];
  for (const kind of benchDbKinds()) rows.push(...(await measureKind(kind)));
  if (!benchDbKinds().includes('postgres'))
    console.log('postgres: skipped (BENCH_DATABASE_URL is empty)');
  printTable(rows);
  process.exit(rows.every((row) => row.pass) ? 0 : 1);
}

await main();
