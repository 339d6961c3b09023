// The catalogue API under a 10,000-book catalogue (a bench seed, never the shop's).
//  1. Server time of GET /api/books (first page, a search, a filtered sort), p50/p95, on PGlite
//     and on PostgreSQL (BENCH_DATABASE_URL, default postgres://root@127.0.0.1:5432/test, in a
//     schema of its own dropped after; `BENCH_DATABASE_URL=` skips it). "cold" rebuilds the answer
//     from the database (cache emptied first), "warm" is what repeated visits get. Goal: p95 < 20 ms.
//  2. Throughput: GET /api/books?page=1 against a bare Fastify route answering a fixed 12-book
//     JSON, each server alone in a child process, the same connections and duration, the load from
//     autocannon in a third process (bench/lib/autocannon-load.ts). Goal: ≥ 70 %, and GET
//     /api/health ≥ 50 %. Then the same with wrk (bench/lib/wrk-load.ts) when it is installed:
//     a load generator in C caps the bare route less, so its ratios are the stricter check.
// Usage: npx tsx bench/books.ts (BENCH_CPU_PROF=<dir> writes a CPU profile of the product server).
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/client';
import { benchBooks, seedBenchCatalogue } from '../server/db/seed-bench';
import {
  serveForParent,
  startChildServer,
  stopChildServer,
  type ChildServer,
} from './lib/child-server';
import { benchDbKinds, ms, openBenchDb, percentile, type DbKind } from './lib/bench-db';
import { runLoad, type LoadSummary } from './lib/autocannon-load';
import { runWrk, wrkCommand, wrkInstalled, type WrkSummary } from './lib/wrk-load';
import { centsToDollars } from '../contract/money';

const BOOK_COUNT = 10_000;
const P95_GOAL_MS = 20;
const RATIO_GOAL = 0.7;
const HEALTH_RATIO_GOAL = 0.5;
const SAMPLES = 300;
const CONNECTIONS = 32;
const LOAD_MS = 5_000;
const WARMUP_MS = 1_500;
/** The cross-check's load: wrk's own threads, the same connections, 10 s. */
const WRK = { threads: 2, connections: CONNECTIONS, durationMs: 10_000 };
const WITH_WRK = wrkInstalled();

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

// ---- throughput -------------------------------------------------------------------------------

/** CONNECTIONS keep-alive connections on `path` for `durationMs` (autocannon, its own process). */
function load(port: number, path: string, durationMs: number): Promise<LoadSummary> {
  return runLoad({ port, path, connections: CONNECTIONS, durationMs });
}

/** Runs `tsx bench/books.ts serve <what>` and resolves with the port it listens on. */
function startServer(what: 'product' | 'bare', profileDir?: string): Promise<ChildServer> {
  return startChildServer(['bench/books.ts', 'serve', what], {
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    name: `${what} server`,
  });
}

type Throughput = { autocannon: LoadSummary; wrk: WrkSummary | undefined };

/** Autocannon, then (when installed) wrk, on one server: both after the same warm-up. */
async function throughput(path: string, what: 'product' | 'bare'): Promise<Throughput> {
  const server = await startServer(
    what,
    what === 'product' ? process.env.BENCH_CPU_PROF : undefined,
  );
  try {
    await load(server.port, path, WARMUP_MS);
    const result = await load(server.port, path, LOAD_MS);
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${path}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
    }
    const wrk = WITH_WRK ? await runWrk({ ...WRK, port: server.port, path }) : undefined;
    if (wrk && (wrk.non2xx > 0 || wrk.errors > 0)) {
      throw new Error(`${path} (wrk): ${wrk.non2xx} answers not 2xx, ${wrk.errors} errors`);
    }
    return { autocannon: result, wrk };
  } finally {
    await stopChildServer(server);
  }
}

type Runs = Record<'bare' | 'page' | 'health', LoadSummary | WrkSummary>;

/** Prints one load generator's figures; true when its ratios to bare meet the goals. */
function report(tool: string, runs: Runs): boolean {
  const { bare } = runs;
  const line = (name: string, r: LoadSummary | WrkSummary) =>
    console.log(
      `${name.padEnd(28)} ${Math.round(r.perSecond).toString().padStart(7)} req/s ` +
        ('p50' in r ? `p50 ${ms(r.p50)} p99 ${ms(r.p99)} ` : '') +
        `non-2xx ${r.non2xx} (${Math.round(r.bytes / r.requests)} B per answer, ` +
        `${((r.perSecond / bare.perSecond) * 100).toFixed(1)} % of bare)`,
    );
  line('bare Fastify, 12 books', bare);
  line('GET /api/books?page=1', runs.page);
  line('GET /api/health', runs.health);
  let ok = true;
  for (const [name, r, goal] of [
    ['catalogue page', runs.page, RATIO_GOAL],
    ['health', runs.health, HEALTH_RATIO_GOAL],
  ] as const) {
    const ratio = r.perSecond / bare.perSecond;
    const pass = ratio >= goal;
    ok &&= pass;
    console.log(
      `${tool}: ${name} / bare: ${(ratio * 100).toFixed(1)} %  ${pass ? 'ok' : `FAIL (goal ≥ ${goal * 100} %)`}`,
    );
  }
  return ok;
}

async function measureThroughput(): Promise<boolean> {
  const bare = await throughput('/bare', 'bare');
  const page = await throughput('/api/books?page=1', 'product');
  const health = await throughput('/api/health', 'product');
  const ok = report('autocannon', {
    bare: bare.autocannon,
    page: page.autocannon,
    health: health.autocannon,
  });
  if (!bare.wrk || !page.wrk || !health.wrk) {
    console.log('\nwrk cross-check: wrk not installed');
    return ok;
  }
  console.log(`\nwrk cross-check (${wrkCommand(WRK)}), the same servers after autocannon:`);
  return report('wrk', { bare: bare.wrk, page: page.wrk, health: health.wrk }) && ok;
}

// ---- the servers under load (child processes) ----------------------------------------------------

async function serve(what: string): Promise<void> {
  let app: FastifyInstance;
  let closeDb = async (): Promise<void> => undefined;
  if (what === 'bare') {
    app = Fastify({ logger: { level: 'warn' } });
    const books = benchBooks(12).map((book, index) => ({
      _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      name: book.name,
      price: centsToDollars(book.priceCents),
      image: book.image,
      category: book.category,
    }));
    app.get('/bare', async () => books);
  } else {
    const bench = await openBenchDb('pglite', seedCatalogue);
    app = await buildApp({ config: productConfig(), db: bench.db });
    closeDb = bench.drop;
  }
  await serveForParent(app, closeDb);
}

async function main(): Promise<void> {
  console.log(`catalogue of ${BOOK_COUNT} books; server time over ${SAMPLES} requests each`);
  let ok = true;
  for (const kind of benchDbKinds()) ok = (await measureServerTimes(kind)) && ok;
  if (!benchDbKinds().includes('postgres'))
    console.log('postgres: skipped (BENCH_DATABASE_URL is empty)');
  console.log(
    `\nthroughput (autocannon): ${CONNECTIONS} keep-alive connections, ${LOAD_MS / 1000} s each`,
  );
  ok = (await measureThroughput()) && ok;
  process.exit(ok ? 0 : 1);
}

if (process.argv[2] === 'serve') await serve(process.argv[3] ?? 'product');
else await main();
