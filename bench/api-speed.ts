// The API at the speed of its framework (issue 32 §3, D66): GET /api/books?page=1 and GET
// /api/health of the product server against a bare Fastify server answering the very same bytes
// (status, headers and body recorded from the product server, gzip included), each server alone
// in a child process, the load from autocannon (its own process, bench/lib/autocannon-load.ts)
// and from wrk (2 threads), 32 keep-alive connections with a browser's Accept-Encoding.
// Goals: books ≥ 70 % of bare, health ≥ 60 %, by both load generators. The servers take turns
// (ROUNDS, default 2) and each figure is the best of its rounds, which evens out a busy machine.
//
// Usage: npx tsx bench/api-speed.ts  (BENCH_CPU_PROF=<dir>: a CPU profile of the product server,
// read with bench/cpu-profile-top.ts; BENCH_ROUNDS=<n>).
//
// Figures, one run each on the shared 2-core machine (load average 7-9 from other work), best of
// 2 rounds, product / bare:
//   before (29fdfd3)  books   autocannon 77.2 %  wrk 55.8 %   health  autocannon 69.1 %  wrk 77.9 %
//   after  (D66)      books   autocannon 76.7 %  wrk 74.7 %   health  autocannon 78.4 %  wrk 66.2 %
// Rounds of one server differ by up to 40 % on that machine: the changes of D66 are smaller than
// that noise, so these figures show the goals met, not by how much each change helped.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedBenchCatalogue } from '../server/db/seed-bench';
import { runLoad, type LoadSummary } from './lib/autocannon-load';
import { openBenchDb } from './lib/bench-db';
import {
  serveForParent,
  startChildServer,
  stopChildServer,
  type ChildServer,
} from './lib/child-server';
import { runWrk, wrkCommand, wrkInstalled, type WrkSummary } from './lib/wrk-load';

const BOOK_COUNT = 10_000;
const CONNECTIONS = 32;
const WARMUP_MS = 2_000;
const AUTOCANNON_MS = 5_000;
const WRK = { threads: 2, connections: CONNECTIONS, durationMs: 5_000 };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const ROUTES = [
  { name: 'GET /api/books?page=1', path: '/api/books?page=1', goal: 0.7 },
  { name: 'GET /api/health', path: '/api/health', goal: 0.6 },
] as const;

/** What a browser sends (as the load generators do). */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

/** Headers Node writes itself for each answer: not part of what is replayed. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length']);

const recordedSchema = z.array(
  z.object({
    path: z.string(),
    status: z.number(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
);
type Recorded = z.infer<typeof recordedSchema>[number];

/** The product's answer to `routePath` as sent on the wire: status, headers, raw (gzip) bytes. */
function record(port: number, routePath: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: routePath, headers: BROWSER_HEADERS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string' && !PER_CONNECTION.has(name)) headers[name] = value;
          }
          resolve({
            path: routePath,
            status: res.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString('base64'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

type Figures = { autocannon: LoadSummary; wrk: WrkSummary | undefined };

async function measure(server: ChildServer, routePath: string): Promise<Figures> {
  await runLoad({
    port: server.port,
    path: routePath,
    connections: CONNECTIONS,
    durationMs: WARMUP_MS,
  });
  const autocannon = await runLoad({
    port: server.port,
    path: routePath,
    connections: CONNECTIONS,
    durationMs: AUTOCANNON_MS,
  });
  const wrk = wrkInstalled()
    ? await runWrk({ ...WRK, port: server.port, path: routePath })
    : undefined;
  for (const result of [autocannon, wrk]) {
    if (result && (result.non2xx > 0 || result.errors > 0)) {
      throw new Error(`${routePath}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
    }
  }
  return { autocannon, wrk };
}

type Best = Record<'product' | 'bare', Record<string, { autocannon: number; wrk: number }>>;

function keepBest(best: Best, what: keyof Best, routePath: string, figures: Figures): void {
  const previous = best[what][routePath] ?? { autocannon: 0, wrk: 0 };
  best[what][routePath] = {
    autocannon: Math.max(previous.autocannon, figures.autocannon.perSecond),
    wrk: Math.max(previous.wrk, figures.wrk?.perSecond ?? 0),
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lt-api-speed-'));
  const answersFile = path.join(dir, 'answers.json');
  const best: Best = { product: {}, bare: {} };
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const what of ['product', 'bare'] as const) {
        const server = await startChildServer(['bench/api-speed.ts', 'serve', what, answersFile], {
          nodeArgs:
            what === 'product' && round === 1 && process.env.BENCH_CPU_PROF
              ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
              : [],
          name: `${what} server`,
        });
        try {
          if (what === 'product' && round === 1) {
            const answers = await Promise.all(ROUTES.map((r) => record(server.port, r.path)));
            writeFileSync(answersFile, JSON.stringify(answers));
            for (const answer of answers) {
              console.log(
                `${answer.path}: ${answer.status}, ${Buffer.from(answer.body, 'base64').length} B ` +
                  `(${answer.headers['content-encoding'] ?? 'identity'}), ` +
                  `${Object.keys(answer.headers).length} headers, replayed by the bare server`,
              );
            }
          }
          for (const route of ROUTES) {
            const figures = await measure(server, route.path);
            keepBest(best, what, route.path, figures);
            console.log(
              `round ${round} ${what.padEnd(7)} ${route.name.padEnd(22)} autocannon ` +
                `${Math.round(figures.autocannon.perSecond)} req/s, wrk ` +
                `${figures.wrk ? Math.round(figures.wrk.perSecond) : '—'} req/s`,
            );
          }
        } finally {
          await stopChildServer(server);
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(
    `\nbest of ${ROUNDS} rounds; autocannon ${CONNECTIONS} connections ${AUTOCANNON_MS / 1000} s, ` +
      `${wrkInstalled() ? wrkCommand(WRK) : 'wrk not installed'}`,
  );
  let ok = true;
  for (const route of ROUTES) {
    const product = best.product[route.path];
    const bare = best.bare[route.path];
    if (!product || !bare) continue;
    const cells = (['autocannon', 'wrk'] as const).map((tool) => {
      if (bare[tool] === 0) return `${tool}: —`;
      const ratio = product[tool] / bare[tool];
      ok &&= ratio >= route.goal;
      return (
        `${tool}: ${Math.round(product[tool])} / ${Math.round(bare[tool])} req/s = ` +
        `${(ratio * 100).toFixed(1)} %${ratio >= route.goal ? '' : ' FAIL'}`
      );
    });
    console.log(`${route.name.padEnd(22)} (goal ≥ ${route.goal * 100} %)  ${cells.join('   ')}`);
  }
  process.exit(ok ? 0 : 1);
}

// ---- the servers under load (child processes) ----------------------------------------------------

async function serve(what: string, answersFile: string): Promise<void> {
  let app: FastifyInstance;
  let cleanup = async (): Promise<void> => undefined;
  if (what === 'bare') {
    // The framework and nothing else: each recorded answer, sent as it is.
    app = Fastify({ logger: { level: 'warn' } });
    for (const answer of recordedSchema.parse(JSON.parse(readFileSync(answersFile, 'utf8')))) {
      const body = Buffer.from(answer.body, 'base64');
      app.get(new URL(answer.path, 'http://x').pathname, (_request, reply) => {
        void reply.code(answer.status).headers(answer.headers).send(body);
      });
    }
  } else {
    const bench = await openBenchDb('pglite', (db) => seedBenchCatalogue(db, BOOK_COUNT));
    const config = loadConfig({
      NODE_ENV: 'production',
      ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
      SERVE_SPA: 'false',
      LOG_LEVEL: 'warn',
    });
    app = await buildApp({ config, db: bench.db });
    cleanup = bench.drop;
  }
  await serveForParent(app, cleanup);
}

if (process.argv[2] === 'serve') await serve(process.argv[3] ?? 'product', process.argv[4] ?? '');
else await main();
