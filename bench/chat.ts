// The chat's fan-out (issue 9): the product server (buildApp, PGlite, then PostgreSQL unless
// BENCH_DATABASE_URL is empty; no Redis) alone in a child process; 200 socket.io clients (websocket) in this process, all in one room, each a user of its
// own (so the per-user limit of 5 messages a second is never what stops a message: senders are
// spread so each sends well under it; the server runs with its real limits).
//  1. Fan-out: 20 messages a second in total for 30 s, sent by 20 of the clients. Latency is
//     send → receive, both on this process's clock (the send time travels in the text), over
//     every reception; lost = the receptions missing at each client of the messages stored (acked).
//     The clients, senders and accounting are the cluster bench's too (bench/lib/chat-fanout.ts).
//     Goal: p99 < 50 ms, 0 lost.
//  2. Ceiling: the total rate stepped up (~8 s each, senders spread over all 200 clients) until
//     p99 reaches 100 ms or a message is lost; the highest rate below that is the ceiling.
// Each step prints the CPU the server's process and this one (the clients) used: both share the
// machine's cores, so a ceiling is the server's only while the clients' column has room.
// The clients' column "loop max" is the longest this process's event loop was held up in the step:
// a latency that long may be the clients' own delay, not the server's.
// Usage: npx tsx bench/chat.ts (BENCH_CHAT_CLIENTS, BENCH_CHAT_FANOUT_S to shorten a trial run;
// BENCH_CHAT_RATES; BENCH_CPU_PROF=<dir> writes a CPU profile of the server).
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createAccessTokens } from '../server/auth/access-token';
import {
  beginPhase,
  closeClients,
  connectClients,
  settle,
  startSending,
  type Tracker,
} from './lib/chat-fanout';
import { benchUidOf, serveChatBench } from './lib/chat-bench-server';
import { sleep } from './lib/format';
import { startChildServer, stopChildServer, type ChildServer } from './lib/child-server';
import { withCpu } from './lib/cpu-use';
import { benchDbKinds, type DbKind } from './lib/bench-db';

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 200);
const ROOM = 'JavaScript';
const FANOUT_RATE = 20;
const FANOUT_SENDERS = 20;
const FANOUT_MS = Number(process.env.BENCH_CHAT_FANOUT_S ?? 30) * 1000;
const FANOUT_P99_GOAL_MS = 50;
// BENCH_CHAT_RATES=400,400,400 measures those steps, all of them, and nothing else (the ceiling's
// spread at one rate).
const FIXED_RATES = process.env.BENCH_CHAT_RATES?.split(',').map(Number);
const CEILING_RATES = FIXED_RATES ?? [50, 100, 200, 300, 400, 500, 600, 800];
const CEILING_STEP_MS = 8_000;
const CEILING_P99_MS = 100;

const emailOf = (i: number) => `bench-chat-${i}@example.test`;

// ---- the server (child process) -----------------------------------------------------------------

const serve = (kind: DbKind) => serveChatBench(CLIENTS, emailOf, kind);

function startServer(secret: string, kind: DbKind): Promise<ChildServer> {
  const profileDir = process.env.BENCH_CPU_PROF;
  return startChildServer(['bench/chat.ts', 'serve', kind], {
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    env: { BENCH_SECRET: secret },
    name: 'chat server',
  });
}

// ---- the clients (this process): bench/lib/chat-fanout.ts ---------------------------------------

type Result = {
  rate: number;
  seconds: number;
  sent: number;
  stored: number;
  refused: number;
  expected: number;
  received: number;
  lost: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU use meanwhile, % of one core: the server's process and this one (the 200 clients). */
  serverCpu: number;
  clientsCpu: number;
  /** The longest this process's (the clients') event loop was held up, ms. */
  clientsLoopMaxMs: number;
};

let phases = 0;

/** Sends `rate` messages a second for `durationMs`, round-robin over `senders`. */
async function run(
  server: ChildServer,
  clients: Tracker[],
  senders: Tracker[],
  rate: number,
  durationMs: number,
): Promise<Result> {
  // A tag per phase: late arrivals of an earlier phase are not this one's.
  const tag = `b${'abcdefghijklmnopqrstuvwxyz'[phases++ % 26] ?? ''}`;
  const current = beginPhase(tag);
  const total = Math.floor((durationMs / 1000) * rate);
  // Server and clients share the machine's two cores: which of them runs out first says whose
  // ceiling it is (the server's, or the load generator's).
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const [sent, cpu] = await withCpu([{ pid: server.pid }], [], async () => {
    const sending = startSending(senders, rate, current, total);
    await sleep(durationMs);
    return sending.stop();
  });
  loop.disable();
  const delivery = await settle(clients, current);
  const refused = [...current.refused.values()].reduce((a, b) => a + b, 0);
  return {
    rate,
    seconds: durationMs / 1000,
    sent,
    stored: delivery.stored,
    refused,
    expected: delivery.expected,
    received: delivery.received,
    lost: delivery.lost,
    p50: delivery.p50,
    p99: delivery.p99,
    max: delivery.max,
    serverCpu: cpu.a,
    clientsCpu: cpu.bench,
    clientsLoopMaxMs: loop.max / 1e6,
  };
}

function printHeader(): void {
  console.log(
    'msg/s  seconds   sent stored refused  receptions(exp)     lost    p50 ms   p99 ms   max ms' +
      '  server% clients% loop max',
  );
}

function printRow(r: Result, note = ''): void {
  console.log(
    `${String(r.rate).padStart(5)} ${String(r.seconds).padStart(8)} ${String(r.sent).padStart(6)} ` +
      `${String(r.stored).padStart(6)} ${String(r.refused).padStart(7)} ` +
      `${`${r.received}(${r.expected})`.padStart(16)} ${String(r.lost).padStart(8)} ` +
      `${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ` +
      `${r.serverCpu.toFixed(0).padStart(8)} ${r.clientsCpu.toFixed(0).padStart(8)} ` +
      `${r.clientsLoopMaxMs.toFixed(0).padStart(8)}  ${note}`,
  );
}

/** The fan-out and the ceiling against one server, on `kind`; false when the fan-out goal fails. */
async function measure(kind: DbKind): Promise<boolean> {
  const secret = randomBytes(32).toString('hex');
  const tokens = createAccessTokens(secret);
  const server = await startServer(secret, kind);
  let clients: Tracker[] = [];
  try {
    const signed = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        tokens.sign({ uid: benchUidOf(emailOf(i)), email: emailOf(i), role: 'user' }),
      ),
    );
    const connectStarted = performance.now();
    clients = await connectClients(signed, ROOM, () => `http://127.0.0.1:${server.port}`, false);
    console.log(
      `\n=== ${kind === 'pglite' ? "PGlite (in the server's thread)" : 'PostgreSQL'} ===\n` +
        `${CLIENTS} clients connected and in room ${ROOM} in ` +
        `${((performance.now() - connectStarted) / 1000).toFixed(1)} s ` +
        '(server: buildApp, in-memory adapter, its own process)\n',
    );

    // Not measured: warms the JIT and the insert path, and every client sends once, so the
    // server's one presence update per new display name ('Bench') is behind us.
    await run(server, clients, clients, CLIENTS / 2, 2_000);

    console.log(
      `1. fan-out: ${FANOUT_RATE} msg/s for ${FANOUT_MS / 1000} s from ${FANOUT_SENDERS} senders, ` +
        `each message to ${CLIENTS} clients`,
    );
    printHeader();
    const fanout = await run(
      server,
      clients,
      clients.slice(0, FANOUT_SENDERS),
      FANOUT_RATE,
      FANOUT_MS,
    );
    const fanoutOk = fanout.p99 < FANOUT_P99_GOAL_MS && fanout.lost === 0 && fanout.refused === 0;
    printRow(fanout, fanoutOk ? 'ok' : `FAIL (goal p99 < ${FANOUT_P99_GOAL_MS} ms, 0 lost)`);

    console.log(
      `\n2. ceiling: ${CEILING_STEP_MS / 1000} s per rate, senders spread over all ${CLIENTS} ` +
        `clients (at most ${Math.max(...CEILING_RATES) / CLIENTS} msg/s each)`,
    );
    printHeader();
    let ceiling: number | undefined;
    for (const rate of CEILING_RATES) {
      const step = await run(server, clients, clients, rate, CEILING_STEP_MS);
      const within = step.p99 < CEILING_P99_MS && step.lost === 0 && step.refused === 0;
      printRow(step, within ? '' : `over (p99 ≥ ${CEILING_P99_MS} ms or lost)`);
      if (!within && !FIXED_RATES) break;
      if (within) ceiling = Math.max(ceiling ?? 0, rate);
    }
    console.log(
      ceiling === undefined
        ? `\nceiling: below ${CEILING_RATES[0]} msg/s`
        : `\nceiling: ${ceiling} msg/s (× ${CLIENTS} = ${ceiling * CLIENTS} deliveries/s) with p99 < ` +
            `${CEILING_P99_MS} ms${ceiling === CEILING_RATES.at(-1) ? ' (the highest rate tried)' : ''}`,
    );
    return fanoutOk;
  } finally {
    closeClients(clients);
    await stopChildServer(server);
  }
}

async function main(): Promise<void> {
  let ok = true;
  for (const kind of benchDbKinds()) ok = (await measure(kind)) && ok;
  process.exit(ok ? 0 : 1);
}

if (process.argv[2] === 'serve')
  await serve(process.argv[3] === 'postgres' ? 'postgres' : 'pglite');
else await main();
