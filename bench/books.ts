// The catalogue API under a 10,000-book catalogue (a bench seed, never the shop's).
//  1. Server time of GET /api/books (first page, a search, a filtered sort), p50/p95, on PGlite
//     and on PostgreSQL (BENCH_DATABASE_URL, default postgres://root@127.0.0.1:5432/test, in a
//     schema of its own dropped after; `BENCH_DATABASE_URL=` skips it). "cold" rebuilds the answer
//     from the database (cache emptied first), "warm" is what repeated visits get. Goal: p95 < 20 ms.
// The API's throughput against a bare Fastify route answering the same bytes is bench/api-speed.ts.
// Usage: npx tsx bench/books.ts
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/client';
import { seedBenchCatalogue } from '../server/db/seed-bench';
import { benchDbKinds, ms, openBenchDb, percentile, type DbKind } from './lib/bench-db';

const BOOK_COUNT = 10_000;
const P95_GOAL_MS = 20;
const SAMPLES = 300;

const SCENARIOS: Record<string, string> = {
  'first page': '/api/books?page=1',
  search: '/api/books?page=1&q=river',
  'filtered sort': '/api/books?page=1&category=story&sort=price-desc',
};

async function seedCatalogue(db: Db): Promise<void> {
  await seedBenchCatalogue(db, BOOK_COUNT);
}

function productConfig() {
  return loadConfig({
    NODE_ENV: 'production',
    ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
    SERVE_SPA: 'false',
    LOG_LEVEL: 'warn',
  });
}

/** The product app (as the process builds it) over a freshly seeded database. */
async function productApp(kind: DbKind): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const bench = await openBenchDb(kind, seedCatalogue);
  const app = await buildApp({ config: productConfig(), db: bench.db });
  return {
    app,
    close: async () => {
      await app.close();
      await bench.drop();
    },
  };
}

/** Times SAMPLES requests through the whole Fastify pipeline (inject: no sockets). */
async function serverTimes(
  app: FastifyInstance,
  url: string,
  before: () => Promise<void> | void,
): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i += 1) {
    await before();
    const start = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body}`);
    if (i >= 20) times.push(elapsed); // the first ones warm the JIT and the query plans
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measureServerTimes(kind: DbKind): Promise<boolean> {
  let product: Awaited<ReturnType<typeof productApp>>;
  try {
    product = await productApp(kind);
  } catch (error) {
    console.log(`${kind}: skipped (${error instanceof Error ? error.message : String(error)})`);
    return true;
  }
  let ok = true;
  try {
    const { app } = product;
    await app.ready();
    for (const [name, url] of Object.entries(SCENARIOS)) {
      const cold = await serverTimes(app, url, () => invalidateCatalogue(app));
      const warm = await serverTimes(app, url, () => undefined);
      const pass = cold.p95 < P95_GOAL_MS && warm.p95 < P95_GOAL_MS;
      ok &&= pass;
      console.log(
        `${kind.padEnd(8)} ${name.padEnd(13)} cold p50 ${ms(cold.p50)} p95 ${ms(cold.p95)} | ` +
          `warm p50 ${ms(warm.p50)} p95 ${ms(warm.p95)}  ${pass ? 'ok' : `FAIL (goal p95 < ${P95_GOAL_MS} ms)`}`,
      );
    }
  } finally {
    await product.close();
  }
  return ok;
}

/** Drops the cached answers, so the next request reads the database. */
function invalidateCatalogue(app: FastifyInstance): void {
  app.catalogue.invalidate();
}

async function main(): Promise<void> {
  console.log(`catalogue of ${BOOK_COUNT} books; server time over ${SAMPLES} requests each`);
  let ok = true;
  for (const kind of benchDbKinds()) ok = (await measureServerTimes(kind)) && ok;
  if (!benchDbKinds().includes('postgres'))
    console.log('postgres: skipped (BENCH_DATABASE_URL is empty)');
  process.exit(ok ? 0 : 1);
}

await main();
