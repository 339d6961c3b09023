// The chat's fan-out (issue 9): the product server (buildApp, PGlite, no Redis) alone in a child
// process; 200 socket.io clients (websocket) in this process, all in one room, each a user of its
// own (so the per-user limit of 5 messages a second is never what stops a message: senders are
// spread so each sends well under it; the server runs with its real limits).
//  1. Fan-out: 20 messages a second in total for 30 s, sent by 20 of the clients. Latency is
//     send → receive, both on this process's clock (the send time travels in the text), over
//     every reception; lost = expected receptions (stored messages × 200) − received.
//     Goal: p99 < 50 ms, 0 lost.
//  2. Ceiling: the total rate stepped up (~8 s each, senders spread over all 200 clients) until
//     p99 reaches 100 ms or a message is lost; the highest rate below that is the ceiling.
// Usage: npx tsx bench/chat.ts (BENCH_CHAT_CLIENTS, BENCH_CHAT_FANOUT_S to shorten a trial run).
import { randomBytes } from 'node:crypto';
import { io as ioClient, type Socket } from 'socket.io-client';
import type {
  ChatAck,
  ChatClientToServerEvents,
  ChatServerToClientEvents,
  NewMessageAck,
} from '../contract/chat';
import { buildApp } from '../server/app';
import { createAccessTokens } from '../server/auth/access-token';
import { loadConfig } from '../server/config';
import { upsertOnSignIn } from '../server/db/repositories/users';
import { openBenchDb, percentile } from './lib/bench-db';
import {
  serveForParent,
  startChildServer,
  stopChildServer,
  type ChildServer,
} from './lib/child-server';

type Client = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 200);
const ROOM = 'JavaScript';
const FANOUT_RATE = 20;
const FANOUT_SENDERS = 20;
const FANOUT_MS = Number(process.env.BENCH_CHAT_FANOUT_S ?? 30) * 1000;
const FANOUT_P99_GOAL_MS = 50;
const CEILING_RATES = [50, 100, 200, 300, 400, 500, 600, 800];
const CEILING_STEP_MS = 8_000;
const CEILING_P99_MS = 100;
/** How long receptions may still arrive after the last send of a phase. */
const DRAIN_MS = 3_000;
const TICK_MS = 5;

const emailOf = (i: number) => `bench-chat-${i}@example.test`;

// ---- the server (child process) -----------------------------------------------------------------

async function serve(): Promise<void> {
  const secret = process.env.BENCH_SECRET ?? '';
  const bench = await openBenchDb('pglite', async (db) => {
    for (let i = 0; i < CLIENTS; i += 1) {
      await upsertOnSignIn(db, {
        email: emailOf(i),
        firebaseUid: `bench-${i}`,
        isConfiguredAdmin: false,
        signUpDate: null,
      });
    }
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    ACCESS_TOKEN_SECRET: secret,
    SERVE_SPA: 'false',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, db: bench.db, paymentGateway: null });
  await serveForParent(app, bench.drop);
}

function startServer(secret: string): Promise<ChildServer> {
  return startChildServer(['bench/chat.ts', 'serve'], {
    env: { BENCH_SECRET: secret },
    name: 'chat server',
  });
}

// ---- the clients (this process) -----------------------------------------------------------------

type Phase = {
  /** Send time (performance.now()) per message number. */
  sentAt: Map<number, number>;
  stored: number;
  refused: Map<string, number>;
  latencies: number[];
  received: number;
};

let phase: Phase | undefined;
let nextSeq = 0;

function newPhase(): Phase {
  return { sentAt: new Map(), stored: 0, refused: new Map(), latencies: [], received: 0 };
}

function onMessage(msg: string): void {
  const now = performance.now();
  const match = /^b:(\d+):([\d.]+)$/.exec(msg);
  // Late arrivals of an earlier phase are not this one's.
  if (!match || !phase?.sentAt.has(Number(match[1]))) return;
  phase.received += 1;
  phase.latencies.push(now - Number(match[2]));
}

async function connectClients(port: number, tokens: string[]): Promise<Client[]> {
  const clients: Client[] = [];
  // A few at a time: a burst of 200 handshakes is not what is measured.
  for (let i = 0; i < tokens.length; i += 20) {
    const batch = tokens.slice(i, i + 20).map(
      (token) =>
        new Promise<Client>((resolve, reject) => {
          const socket: Client = ioClient(`http://127.0.0.1:${port}`, {
            path: '/socket.io',
            transports: ['websocket'],
            forceNew: true,
            reconnection: false,
            auth: { token },
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    );
    clients.push(...(await Promise.all(batch)));
  }
  for (const client of clients) {
    const answer = await client.timeout(10_000).emitWithAck('joinRoom', ROOM);
    if (!answer.ok) throw new Error(`joinRoom: ${answer.error}`);
    client.on('getLatestMessage', (message) => onMessage(message.msg));
  }
  return clients;
}

function send(client: Client, current: Phase): void {
  const seq = nextSeq++;
  const sentAt = performance.now();
  current.sentAt.set(seq, sentAt);
  client.emit(
    'newMessage',
    { newMessage: { msg: `b:${seq}:${sentAt.toFixed(3)}`, name: 'Bench' }, room: ROOM },
    (answer: ChatAck<NewMessageAck>) => {
      if (answer.ok) current.stored += 1;
      else current.refused.set(answer.error, (current.refused.get(answer.error) ?? 0) + 1);
    },
  );
}

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
};

/** Sends `rate` messages a second for `durationMs`, round-robin over `senders`. */
async function run(
  clients: Client[],
  senders: Client[],
  rate: number,
  durationMs: number,
): Promise<Result> {
  const current = newPhase();
  phase = current;
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      const due = Math.min(
        Math.floor((elapsed / 1000) * rate),
        Math.floor((durationMs / 1000) * rate),
      );
      while (sent < due) {
        send(senders[sent % senders.length] as Client, current);
        sent += 1;
      }
      if (elapsed >= durationMs) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  // Until every stored message reached everyone, or the drain time is over.
  const drainUntil = performance.now() + DRAIN_MS;
  while (performance.now() < drainUntil) {
    const answered = current.stored + [...current.refused.values()].reduce((a, b) => a + b, 0);
    if (answered === sent && current.received >= current.stored * clients.length) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  phase = undefined;
  const latencies = current.latencies.sort((a, b) => a - b);
  const refused = [...current.refused.values()].reduce((a, b) => a + b, 0);
  const expected = current.stored * clients.length;
  return {
    rate,
    seconds: durationMs / 1000,
    sent,
    stored: current.stored,
    refused,
    expected,
    received: current.received,
    lost: expected - current.received,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  };
}

function printHeader(): void {
  console.log(
    'msg/s  seconds   sent stored refused  receptions(exp)     lost    p50 ms   p99 ms   max ms',
  );
}

function printRow(r: Result, note = ''): void {
  console.log(
    `${String(r.rate).padStart(5)} ${String(r.seconds).padStart(8)} ${String(r.sent).padStart(6)} ` +
      `${String(r.stored).padStart(6)} ${String(r.refused).padStart(7)} ` +
      `${`${r.received}(${r.expected})`.padStart(16)} ${String(r.lost).padStart(8)} ` +
      `${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)}  ${note}`,
  );
}

async function main(): Promise<void> {
  const secret = randomBytes(32).toString('hex');
  const tokens = createAccessTokens(secret);
  const server = await startServer(secret);
  let clients: Client[] = [];
  let ok = true;
  try {
    const signed = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => tokens.sign({ email: emailOf(i), role: 'user' })),
    );
    const connectStarted = performance.now();
    clients = await connectClients(server.port, signed);
    console.log(
      `${CLIENTS} clients connected and in room ${ROOM} in ` +
        `${((performance.now() - connectStarted) / 1000).toFixed(1)} s ` +
        '(server: buildApp on PGlite, in-memory adapter, its own process)\n',
    );

    // Not measured: warms the JIT and the insert path, and every client sends once, so the
    // server's one presence update per new display name ('Bench') is behind us.
    await run(clients, clients, CLIENTS / 2, 2_000);

    console.log(
      `1. fan-out: ${FANOUT_RATE} msg/s for ${FANOUT_MS / 1000} s from ${FANOUT_SENDERS} senders, ` +
        `each message to ${CLIENTS} clients`,
    );
    printHeader();
    const fanout = await run(clients, clients.slice(0, FANOUT_SENDERS), FANOUT_RATE, FANOUT_MS);
    const fanoutOk = fanout.p99 < FANOUT_P99_GOAL_MS && fanout.lost === 0 && fanout.refused === 0;
    printRow(fanout, fanoutOk ? 'ok' : `FAIL (goal p99 < ${FANOUT_P99_GOAL_MS} ms, 0 lost)`);
    ok = fanoutOk;

    console.log(
      `\n2. ceiling: ${CEILING_STEP_MS / 1000} s per rate, senders spread over all ${CLIENTS} ` +
        `clients (at most ${Math.max(...CEILING_RATES) / CLIENTS} msg/s each)`,
    );
    printHeader();
    let ceiling: number | undefined;
    for (const rate of CEILING_RATES) {
      const step = await run(clients, clients, rate, CEILING_STEP_MS);
      const within = step.p99 < CEILING_P99_MS && step.lost === 0 && step.refused === 0;
      printRow(step, within ? '' : `over (p99 ≥ ${CEILING_P99_MS} ms or lost)`);
      if (!within) break;
      ceiling = rate;
    }
    console.log(
      ceiling === undefined
        ? `\nceiling: below ${CEILING_RATES[0]} msg/s`
        : `\nceiling: ${ceiling} msg/s (× ${CLIENTS} = ${ceiling * CLIENTS} deliveries/s) with p99 < ` +
            `${CEILING_P99_MS} ms${ceiling === CEILING_RATES.at(-1) ? ' (the highest rate tried)' : ''}`,
    );
  } finally {
    for (const client of clients) client.disconnect();
    await stopChildServer(server);
  }
  process.exit(ok ? 0 : 1);
}

if (process.argv[2] === 'serve') await serve();
else await main();
