// The production topology under load and under faults: scripts/lib/scale-stack.ts with two
// compiled product-server processes (A, B) behind nginx (deploy/nginx.conf), a private
// PostgreSQL and Redis, the Auth Emulator and the Stripe emulator, all on ports of their own.
//  1. HTTP: GET /api/books?page=1 req/s and p99 against A alone (no nginx), nginx → A + B, and
//     nginx → A with B stopped (nginx's own cost), the same connections and duration each; the
//     load generator (autocannon) runs in a process of its own but shares the machine's cores. No goal: the
//     numbers say what a second process buys on this machine; any answer but 200 fails.
//  2. Chat fan-out: CLIENTS socket.io clients (each its own account, signed in through the
//     emulator), half connected straight to A and half to B, one room; 20 senders (half on each)
//     send 20 msg/s in total. Every stored message must reach every client (a lost one
//     fails the bench); goals, reported only: 0 duplicates (the web app drops them by _id anyway),
//     p99 < 100 ms.
//  3. SIGTERM to A while HTTP requests through nginx (4 loops of GET /api/books?page=1 and 4 of
//     POST /api/cart, one request every 20 ms each; the POSTs slower with few users, so none
//     writes more than once a second) and the chat (clients through nginx from distinct 127.x
//     addresses, so `hash $remote_addr` spreads them; 10 msg/s) keep going. Measured: errors by
//     status, the time from SIGTERM until no request fails any more, until A has exited, until
//     every chat client of A is back (on B), and lost chat messages. Goals: 0 errors, recovery ≤ 10 s, A exits
//     ≤ 10 s; a failure: lost messages, a client never back, errors still at the window's end.
//  4. PostgreSQL stopped for 2 s then started, under the same traffic: errors by status and
//     message (expected: 503 with the JSON message), how long after PostgreSQL is back requests
//     succeed again (goal ≤ 10 s), and whether both processes lived through it (a failure if not).
// Each scenario is a module of bench/cluster/; this entry starts the stack, signs the accounts
// up, runs them in order and writes the summary to bench/results/cluster.json.
// Usage: npx tsx bench/cluster.ts (BENCH_CLUSTER_SECONDS = seconds per HTTP load, default 8;
// BENCH_CHAT_CLIENTS, default 400; BENCH_CHAT_FANOUT_S, default 20: to shorten a trial run).
import { mkdir, writeFile } from 'node:fs/promises';
import type { BookPage } from '../contract/books';
import { startScaleStack } from '../scripts/lib/scale-stack';
import { measureFanout } from './cluster/chat-fanout';
import {
  BOOKS_PATH,
  CLIENTS,
  failures,
  PORTS,
  RESULTS_FILE,
  SERVER_DIR,
  signUp,
  SIGNUP_CONCURRENCY,
  type ClusterContext,
} from './cluster/context';
import { measureThroughput } from './cluster/http';
import { measurePostgresRestart } from './cluster/postgres-restart';
import { measureSigterm } from './cluster/sigterm';
import { findPostmaster } from './lib/cpu-use';
import { mapLimit, now } from './lib/format';
import { httpRequest } from './lib/http-request';
import { condenseServerLogs, printServerLogs } from './lib/server-logs';

async function main(): Promise<void> {
  condenseServerLogs();
  console.log(
    `cluster bench: 2 product-server processes behind nginx (:${PORTS.nginx}), private ` +
      `PostgreSQL (:${PORTS.postgres}) and Redis (:${PORTS.redis}); starting…`,
  );
  const started = now();
  const stack = await startScaleStack({
    ports: PORTS,
    serverDir: SERVER_DIR,
    // Errors only: the 503s of the PostgreSQL restart would print a warning per request.
    env: { LOG_LEVEL: 'error' },
    // The load comes from one address, far past nginx's per-address limits.
    perClientLimits: false,
  });
  const results: Record<string, unknown> = {};
  try {
    console.log(`stack up in ${((now() - started) / 1000).toFixed(1)} s (default catalogue)`);
    const signUpStarted = now();
    const accounts = await mapLimit(CLIENTS, SIGNUP_CONCURRENCY, (i) => signUp(stack, i));
    console.log(
      `${accounts.length} accounts signed up (Auth Emulator) and in (straight to A and B) in ` +
        `${((now() - signUpStarted) / 1000).toFixed(1)} s, ${SIGNUP_CONCURRENCY} at a time`,
    );
    const page = JSON.parse(
      (await httpRequest(`${stack.cluster.url}${BOOKS_PATH}`)).body,
    ) as BookPage;
    const context: ClusterContext = {
      stack,
      accounts,
      bookIds: page.books.map((book) => book._id),
      postmasterPid: await findPostmaster(PORTS.postgres),
    };

    results.http = (await measureThroughput(context)).map(({ name, load, cpu }) => ({
      name,
      ...load,
      cpu,
    }));
    printServerLogs();
    results.fanout = await measureFanout(context);
    printServerLogs();
    results.sigterm = await measureSigterm(context);
    printServerLogs();
    results.postgresRestart = await measurePostgresRestart(context);
    printServerLogs();
  } finally {
    await stack.stop();
  }
  await mkdir('bench/results', { recursive: true });
  await writeFile(
    RESULTS_FILE,
    `${JSON.stringify({ at: new Date().toISOString(), results, failures }, null, 2)}\n`,
  );
  console.log(
    failures.length === 0
      ? `\nno failures (details in ${RESULTS_FILE})`
      : `\n${failures.length} failure(s): ${failures.join('; ')}`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
}

await main();
