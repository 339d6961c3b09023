// The production topology under load and under faults: scripts/lib/scale-stack.ts with two
// compiled product-server processes (A, B) behind nginx (deploy/nginx.conf), a private
// PostgreSQL and Redis, the Auth Emulator and the Stripe emulator, all on ports of their own.
//  1. HTTP: GET /api/books?page=1 req/s and p99 against A alone (no nginx), nginx → A + B, and
//     nginx → A with B stopped (nginx's own cost), the same connections and duration each; the
//     load generator runs in a process of its own but shares the machine's cores. No goal: the
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
// Summary in bench/results/cluster.json.
// Usage: npx tsx bench/cluster.ts (BENCH_CLUSTER_SECONDS = seconds per HTTP load, default 8;
// BENCH_CHAT_CLIENTS, default 400; BENCH_CHAT_FANOUT_S, default 20: to shorten a trial run).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { cpus } from 'node:os';
import pg from 'pg';
import {
  io as ioClient,
  type ManagerOptions,
  type Socket,
  type SocketOptions,
} from 'socket.io-client';
import type { BookPage } from '../contract/books';
import {
  CHAT_LIMITS,
  type ChatAck,
  type ChatClientToServerEvents,
  type ChatMessage,
  type ChatServerToClientEvents,
  type HistoryAck,
} from '../contract/chat';
import { errorCode } from '../contract/error-code';
import type { Backend } from '../scripts/lib/cluster';
import { startScaleStack, type ScaleStack } from '../scripts/lib/scale-stack';
import { percentile } from './lib/bench-db';
import { runLoadInChild, type LoadSummary } from './lib/http-load';

type Client = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

const PORTS = {
  nginx: 3900,
  backends: [3901, 3902],
  postgres: 5497,
  redis: 6397,
  authEmulator: 9900,
  stripeEmulator: 12900,
};
const SERVER_DIR = '.bench/cluster-server';
const RESULTS_FILE = 'bench/results/cluster.json';

const LOAD_MS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 8) * 1000;
const LOAD_WARMUP_MS = 1_500;
const LOAD_CONNECTIONS = 32;
const BOOKS_PATH = '/api/books?page=1';

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 400);
const FANOUT_MS = Number(process.env.BENCH_CHAT_FANOUT_S ?? 20) * 1000;
const FANOUT_RATE = 20;
const FANOUT_P99_GOAL_MS = 100;
/** Senders, half on each process: at 20 msg/s each sends 1 a second, under the per-user 5. */
const SENDERS = 20;
const FAULT_CHAT_RATE = 10;
const FANOUT_ROOM = 'JavaScript';
const FAULT_ROOM = 'Python';
const ACK_TIMEOUT_MS = 5_000;
/** How long receptions may still arrive after the last send of a phase. */
const DRAIN_MS = 3_000;

/** HTTP loops during the faults: half GET /api/books?page=1, half POST /api/cart. */
const FAULT_LOOPS = 8;
const FAULT_INTERVAL_MS = 20;
const REQUEST_TIMEOUT_MS = 10_000;
/** Traffic before a fault, and how long it is watched after. */
const STEADY_MS = 3_000;
const FAULT_WINDOW_MS = 15_000;
/** An error in a window's last seconds counts as errors that never stop. */
const QUIET_TAIL_MS = 3_000;
const RECOVERY_GOAL_MS = 10_000;
const EXIT_GOAL_MS = 10_000;
const POSTGRES_DOWN_MS = 2_000;
/** After the clients joined: the presence updates of 400 joins are not part of a scenario. */
const JOIN_SETTLE_MS = 2_000;

const SIGNUP_CONCURRENCY = 16;

if (FANOUT_RATE / SENDERS > CHAT_LIMITS.messagesPerSecond / 2) {
  throw new Error('too few senders: the per-user message limit would refuse messages');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const pad = (value: string | number, width: number) => String(value).padStart(width);
const countInto = (map: Map<string, number>, key: string, by = 1) =>
  map.set(key, (map.get(key) ?? 0) + by);
const describeCounts = (map: Map<string, number>) =>
  map.size === 0
    ? 'none'
    : [...map]
        .sort((a, b) => b[1] - a[1])
        .map(([key, count]) => `${count} × ${key}`)
        .join(', ');

/**
 * The servers' JSON log lines (`[server-a] {…}`, piped here by scripts/lib/processes.ts) are
 * counted, not printed: a PostgreSQL outage logs one, with its stack, per failed chat event.
 * Each scenario ends with the counts. Anything else (a crash's stack) is printed as it comes.
 */
const serverLogs = new Map<string, number>();
const LOG_LEVELS: Record<number, string> = { 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

function condenseServerLogs(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as unknown as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const match =
        typeof chunk === 'string' ? /^\[(server-[a-z])\] (\{.*\})\n$/.exec(chunk) : null;
      if (!match) return write(chunk, ...rest);
      try {
        const line = JSON.parse(match[2] ?? '') as {
          level?: number;
          msg?: string;
          err?: { type?: string; message?: string };
        };
        const level = LOG_LEVELS[line.level ?? 0] ?? String(line.level);
        const error = line.err ? ` (${line.err.type}: ${line.err.message})` : '';
        countInto(serverLogs, `${match[1]} ${level} "${line.msg}"${error}`);
        // A process about to die says so now, not at the end of the scenario.
        return (line.level ?? 0) >= 60 ? write(chunk, ...rest) : true;
      } catch {
        return write(chunk, ...rest);
      }
    }) as typeof stream.write;
  }
}

function printServerLogs(): void {
  if (serverLogs.size === 0) return;
  console.log('  server log lines meanwhile (counted):');
  for (const [key, count] of serverLogs) console.log(`    ${count} × ${key}`);
  serverLogs.clear();
}

let failures: string[] = [];
/** A real failure: the bench exits non-zero. */
function fail(what: string): string {
  failures.push(what);
  return `FAIL (${what})`;
}

// ---- HTTP clients -------------------------------------------------------------------------------

type Answer = { status: number; body: string };

/** One request with node:http: it can come from a chosen local address (127.x), unlike fetch. */
function httpRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent;
    localAddress?: string;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: options.agent,
        localAddress: options.localAddress,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })),
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * Each client's own source address (127.0.1.10, …), so nginx's `hash $remote_addr` spreads the
 * chat's clients over the processes.
 */
function addressOf(index: number): string {
  return `127.0.${1 + Math.floor(index / 200)}.${10 + (index % 200)}`;
}

type Account = { email: string; accessToken: string };

/**
 * As scale-stack's signUpAndSignIn, but the token exchange goes straight to a process (A, B, A,
 * …) from the account's own address. Through nginx every request comes from nginx's address (the
 * server does not read X-Forwarded-For: TRUST_PROXY is not implemented), so the exchange's
 * per-IP limit (30 a minute per process) would stop the sign-ins after about 60.
 */
async function signUp(stack: ScaleStack, index: number): Promise<Account> {
  const email = `bench-cluster-${index}@example.test`;
  const created = await fetch(
    `http://127.0.0.1:${stack.authEmulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
    },
  );
  const { idToken } = (await created.json()) as { idToken?: string };
  if (!created.ok || !idToken) throw new Error(`sign-up of ${email} failed (${created.status})`);
  const { backends } = stack.cluster;
  const backend = backends[index % backends.length] as Backend;
  const exchange = await httpRequest(`${backend.url}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
    localAddress: addressOf(index),
  });
  const { token } = JSON.parse(exchange.body) as { token?: string };
  if (exchange.status !== 200 || !token) {
    throw new Error(`sign-in of ${email} failed: ${exchange.status} ${exchange.body}`);
  }
  return { email, accessToken: token };
}

/** `work` over every index below `count`, at most `limit` at a time, in order. */
async function mapLimit<T>(
  count: number,
  limit: number,
  work: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  let failed = false;
  const worker = async () => {
    // After a failure the others take no new work (the caller is about to stop the stack).
    while (next < count && !failed) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

// ---- CPU use (Linux /proc): how much of the machine each run had ------------------------------
// The machine may be shared: "others" is the work of processes that are not this bench's.

const CLOCK_TICKS = 100;

type ProcStat = { ppid: number; cpu: number; childCpu: number };

/** Every process's parent and CPU seconds (own, and of its waited-for children). */
async function processTable(): Promise<Map<number, ProcStat>> {
  const table = new Map<number, ProcStat>();
  const names = await readdir('/proc').catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        try {
          const stat = await readFile(`/proc/${name}/stat`, 'utf8');
          const f = stat
            .slice(stat.lastIndexOf(')') + 2)
            .split(' ')
            .map(Number);
          table.set(Number(name), {
            ppid: f[1] ?? 0,
            cpu: ((f[11] ?? 0) + (f[12] ?? 0)) / CLOCK_TICKS,
            childCpu: ((f[13] ?? 0) + (f[14] ?? 0)) / CLOCK_TICKS,
          });
        } catch {
          // Gone meanwhile.
        }
      }),
  );
  return table;
}

/** PostgreSQL's postmaster runs detached (pg_ctl): found by its port. */
async function findPostmaster(): Promise<number | undefined> {
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (args[0]?.endsWith('/postgres') && args.includes(String(PORTS.postgres)))
      return Number(name);
  }
  return undefined;
}

let postmasterPid: number | undefined;

function descendants(table: Map<number, ProcStat>, roots: number[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found = new Set<number>();
  const queue = roots.filter((pid) => table.has(pid));
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    if (found.has(pid)) continue;
    found.add(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

async function machineCpu(): Promise<{ busy: number; total: number }> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((x, y) => x + y, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/**
 * `machine` and `ours` (this bench's processes: this one, its children, nginx, Redis,
 * PostgreSQL, the emulator, the load generator) in % of all cores; A, B and `bench` (this
 * process, where the chat clients live) in % of one core.
 */
type CpuUse = { machine: number; ours: number; a: number; b: number; bench: number };

/** Runs `work` and says how busy the machine and each process were meanwhile. */
async function withCpu<T>(
  backends: readonly Backend[],
  work: () => Promise<T>,
): Promise<[T, CpuUse]> {
  const [a, b] = backends;
  const roots = [process.pid, ...(postmasterPid === undefined ? [] : [postmasterPid])];
  const beforeMachine = await machineCpu();
  const before = await processTable();
  const at = now();
  const result = await work();
  const seconds = (now() - at) / 1000;
  const machine = await machineCpu();
  const after = await processTable();
  const used = (pid: number | undefined) => {
    if (pid === undefined) return NaN;
    const end = after.get(pid)?.cpu;
    return end === undefined ? NaN : end - (before.get(pid)?.cpu ?? 0);
  };
  let ours = (after.get(process.pid)?.childCpu ?? 0) - (before.get(process.pid)?.childCpu ?? 0);
  for (const pid of new Set([...descendants(before, roots), ...descendants(after, roots)])) {
    const delta = used(pid);
    if (Number.isFinite(delta)) ours += delta;
  }
  const cores = cpus().length;
  return [
    result,
    {
      machine: ((machine.busy - beforeMachine.busy) / (machine.total - beforeMachine.total)) * 100,
      ours: (ours / seconds / cores) * 100,
      a: (used(a?.pid) / seconds) * 100,
      b: (used(b?.pid) / seconds) * 100,
      bench: (used(process.pid) / seconds) * 100,
    },
  ];
}

// ---- 1. HTTP throughput ---------------------------------------------------------------------------

type ThroughputRow = { name: string; load: LoadSummary; cpu: CpuUse };

async function measureThroughput(stack: ScaleStack): Promise<ThroughputRow[]> {
  const { cluster } = stack;
  const [a, b] = cluster.backends;
  if (!a || !b) throw new Error('two backends expected');
  const run = async (name: string, port: number): Promise<ThroughputRow> => {
    await runLoadInChild({
      port,
      path: BOOKS_PATH,
      connections: LOAD_CONNECTIONS,
      durationMs: LOAD_WARMUP_MS,
    });
    const [load, cpu] = await withCpu(cluster.backends, () =>
      runLoadInChild({
        port,
        path: BOOKS_PATH,
        connections: LOAD_CONNECTIONS,
        durationMs: LOAD_MS,
      }),
    );
    return { name, load, cpu };
  };

  console.log(
    `\n1. HTTP GET ${BOOKS_PATH}: ${LOAD_CONNECTIONS} keep-alive connections, ` +
      `${LOAD_MS / 1000} s each after a ${LOAD_WARMUP_MS / 1000} s warm-up`,
  );
  console.log(
    `   This machine has ${cpus().length} cores, shared by the load generator (its own process), ` +
      'nginx (2 workers) and the server processes: a second process cannot double the rate here. ' +
      '"ours" is this bench\'s processes, "others" whatever else ran on the machine meanwhile.',
  );
  const rows: ThroughputRow[] = [];
  rows.push(await run('A alone (direct, no nginx)', a.port));
  rows.push(await run('nginx → A + B', cluster.port));
  await b.stop('SIGTERM');
  try {
    rows.push(await run('nginx → A (B stopped)', cluster.port));
  } finally {
    await b.start();
  }

  console.log(
    '                                                                       ' +
      '% of the machine   % of a core',
  );
  console.log(
    'target                          req/s   p50 ms   p99 ms   max ms  non-200  ' +
      'busy  ours others     A    B',
  );
  for (const { name, load, cpu } of rows) {
    const note = load.failures > 0 ? fail(`${name}: ${load.failures} answers not 200`) : '';
    console.log(
      `${name.padEnd(28)} ${pad(Math.round(load.perSecond), 7)} ${pad(fmt(load.p50, 2), 8)} ` +
        `${pad(fmt(load.p99, 2), 8)} ${pad(fmt(load.max, 1), 8)} ${pad(load.failures, 8)}  ` +
        `${pad(fmt(cpu.machine, 0), 4)} ${pad(fmt(cpu.ours, 0), 5)} ${pad(fmt(cpu.machine - cpu.ours, 0), 6)} ` +
        `${pad(fmt(cpu.a, 0), 5)} ${pad(fmt(cpu.b, 0), 4)}  ${note}`,
    );
  }
  const [alone, both] = rows;
  if (alone && both) {
    console.log(
      `two processes behind nginx / one process alone: ` +
        `${((both.load.perSecond / alone.load.perSecond) * 100).toFixed(0)} % ` +
        '(informational; the machine is the limit, see CPU)',
    );
  }
  return rows;
}

// ---- chat clients ---------------------------------------------------------------------------------

/** One chat client and what it has seen. */
type Tracker = {
  index: number;
  socket: Client;
  /** The process it is connected to, when connected straight to one (the fan-out). */
  process: 'A' | 'B' | undefined;
  room: string;
  /** In the room and able to send (false from a drop until recovered or joined again). */
  joined: boolean;
  /** The newest message id it has (the web app's `messages.at(-1)`), for syncHistory. */
  newestId: number;
  /** This phase's messages it has, and whether the first copy came live or from a history. */
  seen: Map<string, 'live' | 'history'>;
  connects: number;
  droppedAt: number | undefined;
  dropReason: string | undefined;
  backAt: number | undefined;
  recovered: boolean | undefined;
  syncPages: number;
  rejoinError: string | undefined;
};

type ChatPhase = {
  tag: string;
  seq: number;
  latencies: number[];
  duplicates: number;
  stored: number;
  /** Error acks and missing acks, per attempt. */
  refused: Map<string, number>;
  /** Messages never stored (after a resend following a reconnect). */
  notStored: number;
  /** Sends skipped because the sender was reconnecting. */
  skipped: number;
  connectErrors: Map<string, number>;
  /** Acked messages: when and by whom they were sent (to explain a lost one). */
  sent: Map<string, { at: number; sender: Tracker }>;
  /** Second live copies per message id, and at which clients. */
  duplicatesById: Map<string, Tracker[]>;
  /** Each message's slowest live reception. */
  slowest: Map<string, { at: number; ms: number }>;
  /** Who sent message number n. */
  senderBySeq: Map<number, Tracker>;
  /** Latencies by route, when both ends' processes are known: same process, or across. */
  latencyByRoute: Map<string, number[]>;
};

let phase: ChatPhase | undefined;

function newPhase(tag: string): ChatPhase {
  return {
    tag,
    seq: 0,
    latencies: [],
    duplicates: 0,
    stored: 0,
    refused: new Map(),
    notStored: 0,
    skipped: 0,
    connectErrors: new Map(),
    sent: new Map(),
    duplicatesById: new Map(),
    slowest: new Map(),
    senderBySeq: new Map(),
    latencyByRoute: new Map(),
  };
}

function onMessage(tracker: Tracker, message: ChatMessage, how: 'live' | 'history'): void {
  tracker.newestId = Math.max(tracker.newestId, Number(message._id));
  const current = phase;
  const match = current ? /^([a-z]+):(\d+):([\d.]+)$/.exec(message.msg) : null;
  if (!current || match?.[1] !== current.tag) return;
  const first = tracker.seen.get(message._id);
  if (first !== undefined) {
    // A live copy of one a history page already gave is the overlap the web app drops by _id.
    if (how === 'live' && first === 'live') {
      current.duplicates += 1;
      const at = current.duplicatesById.get(message._id) ?? [];
      current.duplicatesById.set(message._id, [...at, tracker]);
    }
    return;
  }
  tracker.seen.set(message._id, how);
  if (how !== 'live') return;
  const sentAt = Number(match[3]);
  const ms = now() - sentAt;
  current.latencies.push(ms);
  const from = current.senderBySeq.get(Number(match[2]))?.process;
  if (from && tracker.process) {
    const route = from === tracker.process ? 'same process' : 'across processes (Redis)';
    const list = current.latencyByRoute.get(route) ?? [];
    if (list.length === 0) current.latencyByRoute.set(route, list);
    list.push(ms);
  }
  if (ms > (current.slowest.get(message._id)?.ms ?? -1)) {
    current.slowest.set(message._id, { at: sentAt, ms });
  }
}

function openSocket(url: string, token: string, localAddress?: string): Client {
  // `localAddress` is passed on to the `ws` WebSocket (engine.io-client picks it); its types
  // do not list it. WebSocket only: the polling transport would not use it.
  const options: Partial<ManagerOptions & SocketOptions> & { localAddress?: string } = {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: localAddress !== undefined,
    auth: { token },
    // As a browser's WebSocket does: the server checks it against the Host nginx passes on.
    extraHeaders: { origin: new URL(url).origin },
    ...(localAddress === undefined ? {} : { localAddress }),
  };
  return ioClient(url, options);
}

async function joinRoom(tracker: Tracker): Promise<void> {
  const answer = await tracker.socket.timeout(10_000).emitWithAck('joinRoom', tracker.room);
  if (!answer.ok) throw new Error(`joinRoom: ${answer.error}`);
  for (const message of answer.messages) onMessage(tracker, message, 'history');
}

/**
 * What the web app does on a reconnection (use-chat-room.ts): join again unless socket.io
 * recovered the session, then fetch every message since the newest one it had (a recovery's
 * replay can leave out the newest). It reloads the latest page when there were more than a page;
 * here the pages are followed, so a gap is never counted as lost.
 */
async function catchUp(tracker: Tracker, recovered: boolean): Promise<void> {
  const after = tracker.newestId;
  if (!recovered) await joinRoom(tracker);
  let cursor = after;
  for (let hasMore = after > 0; hasMore;) {
    const sync: ChatAck<HistoryAck> = await tracker.socket
      .timeout(10_000)
      .emitWithAck('syncHistory', { room: tracker.room, after: String(cursor) });
    if (!sync.ok) throw new Error(`syncHistory: ${sync.error}`);
    tracker.syncPages += 1;
    for (const message of sync.messages) onMessage(tracker, message, 'history');
    hasMore = sync.hasMore;
    cursor = Number(sync.messages.at(-1)?._id ?? cursor);
  }
}

function newTracker(index: number, socket: Client, room: string): Tracker {
  const tracker: Tracker = {
    index,
    socket,
    room,
    process: undefined,
    joined: false,
    newestId: 0,
    seen: new Map(),
    connects: 0,
    droppedAt: undefined,
    dropReason: undefined,
    backAt: undefined,
    recovered: undefined,
    syncPages: 0,
    rejoinError: undefined,
  };
  socket.on('getLatestMessage', (message) => onMessage(tracker, message, 'live'));
  socket.on('disconnect', (reason) => {
    tracker.joined = false;
    tracker.droppedAt ??= now();
    tracker.dropReason ??= reason;
  });
  socket.on('connect_error', (error) => {
    if (phase) countInto(phase.connectErrors, error.message);
  });
  socket.on('connect', () => {
    tracker.connects += 1;
    if (tracker.connects === 1) return; // the first join is the caller's
    // Recovered: still in the room, and sent what it missed (the web app's 'recovered').
    tracker.recovered = socket.recovered;
    if (socket.recovered) {
      tracker.joined = true;
      tracker.backAt = now();
    }
    const recovered = socket.recovered;
    catchUp(tracker, recovered).then(
      () => {
        tracker.joined = true;
        if (!recovered) tracker.backAt = now();
      },
      (error: unknown) => {
        tracker.rejoinError = error instanceof Error ? error.message : String(error);
      },
    );
  });
  return tracker;
}

/** Connects `count` clients (account i as client i) to `urlOf(i)`, 20 at a time, and joins. */
async function connectClients(
  accounts: Account[],
  room: string,
  urlOf: (index: number) => string,
  viaAddresses: boolean,
): Promise<Tracker[]> {
  const trackers: Tracker[] = [];
  for (let start = 0; start < accounts.length; start += 20) {
    const batch = accounts.slice(start, start + 20).map(async (account, offset) => {
      const index = start + offset;
      const socket = openSocket(
        urlOf(index),
        account.accessToken,
        viaAddresses ? addressOf(index) : undefined,
      );
      const tracker = newTracker(index, socket, room);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      await joinRoom(tracker);
      tracker.joined = true;
      return tracker;
    });
    trackers.push(...(await Promise.all(batch)));
  }
  return trackers;
}

function closeClients(trackers: Tracker[]): void {
  for (const { socket } of trackers) {
    socket.removeAllListeners();
    socket.disconnect();
  }
}

async function waitJoined(tracker: Tracker, timeoutMs: number): Promise<boolean> {
  const deadline = now() + timeoutMs;
  while (!(tracker.joined && tracker.socket.connected)) {
    if (now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/**
 * Sends one message as the web app does: with a clientId, and when no ack comes (the connection
 * dropped), once more with the same clientId after the reconnect; the server stores it once.
 */
async function deliver(tracker: Tracker, current: ChatPhase): Promise<void> {
  const seq = current.seq++;
  const sentAt = now();
  current.senderBySeq.set(seq, tracker);
  const payload = {
    newMessage: {
      time: new Date().toISOString(),
      msg: `${current.tag}:${seq}:${sentAt.toFixed(3)}`,
      name: 'Bench',
    },
    room: tracker.room,
    clientId: `${current.tag}-${seq}`,
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (attempt > 0 && !(await waitJoined(tracker, 20_000))) break;
    try {
      const answer = await tracker.socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('newMessage', payload);
      if (answer.ok) {
        current.stored += 1;
        current.sent.set(answer.message._id, { at: sentAt, sender: tracker });
        return;
      }
      countInto(current.refused, answer.error);
      break;
    } catch {
      countInto(current.refused, `no ack within ${ACK_TIMEOUT_MS / 1000} s`);
    }
  }
  current.notStored += 1;
}

/** `rate` messages a second round-robin over `senders` until stopped; stop() awaits the acks. */
function startSending(senders: Tracker[], rate: number, current: ChatPhase) {
  const pending: Promise<void>[] = [];
  const started = now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((now() - started) / 1000) * rate);
    while (sent < due) {
      const sender = senders[sent % senders.length] as Tracker;
      sent += 1;
      if (!sender.joined || !sender.socket.connected) {
        current.skipped += 1;
        continue;
      }
      pending.push(deliver(sender, current));
    }
  }, 5);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await Promise.all(pending);
      return sent;
    },
  };
}

/** The ids of a phase's messages the database holds: what every client must have. */
async function storedIds(url: string, tag: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ id: string }>(
      'select id::text as id from chat_messages where msg like $1 order by id',
      [`${tag}:%`],
    );
    return result.rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

type Delivery = {
  stored: number;
  expected: number;
  received: number;
  lost: number;
  clientsMissing: number;
  duplicates: number;
  p50: number;
  p99: number;
  max: number;
  /** Per lost message, the clients without it (not written to the results file). */
  missing: Map<string, Tracker[]>;
};

/** Waits for the last receptions, then compares every client with the database. */
async function settle(
  stack: ScaleStack,
  trackers: Tracker[],
  current: ChatPhase,
): Promise<Delivery> {
  let ids = await storedIds(stack.postgres.url, current.tag);
  const deadline = now() + DRAIN_MS;
  const complete = () => trackers.every((t) => ids.every((id) => t.seen.has(id)));
  while (now() < deadline && !complete()) {
    await sleep(100);
    ids = await storedIds(stack.postgres.url, current.tag);
  }
  phase = undefined;
  let received = 0;
  let lost = 0;
  let clientsMissing = 0;
  const missingById = new Map<string, Tracker[]>();
  for (const tracker of trackers) {
    const missing = ids.filter((id) => !tracker.seen.has(id));
    received += ids.length - missing.length;
    lost += missing.length;
    if (missing.length > 0) clientsMissing += 1;
    for (const id of missing) missingById.set(id, [...(missingById.get(id) ?? []), tracker]);
  }
  const latencies = current.latencies.sort((a, b) => a - b);
  return {
    stored: ids.length,
    expected: ids.length * trackers.length,
    received,
    lost,
    clientsMissing,
    duplicates: current.duplicates,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    missing: missingById,
  };
}

/** How a message was sent: when, by whom (a client the fault dropped or not), relative to t0. */
function senderOf(current: ChatPhase, id: string, t0: number, fault: string): string {
  const sent = current.sent.get(id);
  if (!sent) return 'not acked to its sender';
  const { sender } = sent;
  return (
    `sent ${fmt(sent.at - t0, 0)} ms after ${fault} by client ${sender.index} ` +
    `(${sender.droppedAt === undefined ? 'never dropped' : `dropped at ${fmt(sender.droppedAt - t0, 0)} ms`})`
  );
}

/** Clients, each with when the fault dropped it and when it was back, relative to t0. */
function clientTimes(trackers: Tracker[], t0: number): string {
  const shown = trackers
    .slice(0, 5)
    .map((t) =>
      t.droppedAt === undefined
        ? `#${t.index} never dropped`
        : `#${t.index} dropped ${fmt(t.droppedAt - t0, 0)}, back ${fmt((t.backAt ?? NaN) - t0, 0)}` +
          `${t.recovered ? ' (recovered)' : ''}`,
    );
  return `${shown.join('; ')}${trackers.length > 5 ? '; …' : ''}`;
}

/** Which messages were lost or came twice, when they were sent and by whom, and where. */
function explainDelivery(d: Delivery, current: ChatPhase, t0: number, fault: string): void {
  const list = (what: string, byId: Map<string, Tracker[]>) => {
    let shown = 0;
    for (const [id, trackers] of byId) {
      if (shown++ === 8) {
        console.log(`    … and ${byId.size - 8} more ${what} messages`);
        break;
      }
      console.log(
        `    ${what} message ${id}: ${senderOf(current, id, t0, fault)}; at ${trackers.length} ` +
          `clients (ms after ${fault}): ${clientTimes(trackers, t0)}`,
      );
    }
  };
  list('lost', d.missing);
  list('duplicated', current.duplicatesById);
}

/** The messages whose slowest reception took longest, with when they were sent. */
function slowestLine(current: ChatPhase, t0: number, fault: string): string {
  const top = [...current.slowest.values()].sort((a, b) => b.ms - a.ms).slice(0, 3);
  return top
    .map((m) => `${fmt(m.ms, 0)} ms (sent ${fmt(m.at - t0, 0)} ms after ${fault})`)
    .join(', ');
}

function deliveryLine(d: Delivery): string {
  return (
    `stored ${d.stored} messages; receptions ${d.received} of ${d.expected}; lost ${d.lost}` +
    `${d.clientsMissing > 0 ? ` (at ${d.clientsMissing} clients)` : ''}; duplicates ${d.duplicates}; ` +
    `latency p50 ${fmt(d.p50)} ms, p99 ${fmt(d.p99)} ms, max ${fmt(d.max)} ms`
  );
}

/** Lost receptions fail the bench; duplicates do not (the web app drops them by _id). */
function checkDelivery(label: string, d: Delivery): string {
  const lost = d.lost > 0 ? fail(`${label}: ${d.lost} receptions lost`) : 'ok (0 lost)';
  const duplicates =
    d.duplicates > 0 ? 'over the goal of 0 (the web app drops them by _id)' : 'ok (0)';
  return `${lost}; duplicates: ${duplicates}`;
}

// ---- 2. chat fan-out -------------------------------------------------------------------------------

async function measureFanout(
  stack: ScaleStack,
  accounts: Account[],
): Promise<Delivery & { cpu: CpuUse }> {
  const [a, b] = stack.cluster.backends;
  if (!a || !b) throw new Error('two backends expected');
  const half = Math.ceil(accounts.length / 2);
  // Deterministic: the first half on A, the rest on B, each straight to its process.
  const connectStarted = now();
  const trackers = await connectClients(
    accounts,
    FANOUT_ROOM,
    (i) => (i < half ? a.url : b.url),
    false,
  );
  for (const tracker of trackers) tracker.process = tracker.index < half ? 'A' : 'B';
  console.log(
    `\n2. chat fan-out: ${trackers.length} clients (${half} on A, ${trackers.length - half} on B, ` +
      `connected straight to each) in room ${FANOUT_ROOM}, in ` +
      `${((now() - connectStarted) / 1000).toFixed(1)} s; the processes share the room through Redis`,
  );
  // Senders alternate A, B, A, …
  const senders = Array.from({ length: Math.min(SENDERS, trackers.length) }, (_, i) =>
    i % 2 === 0 ? trackers[Math.floor(i / 2)] : trackers[half + Math.floor(i / 2)],
  ).filter((t): t is Tracker => t !== undefined);
  try {
    // Not measured: warms the JIT, the insert path and every sender's first presence update.
    phase = newPhase('w');
    const warm = startSending(senders, FANOUT_RATE, phase);
    await sleep(2_000);
    await warm.stop();
    await settle(stack, trackers, phase);

    const current = newPhase('f');
    phase = current;
    const sending = startSending(senders, FANOUT_RATE, current);
    const [sent, cpu] = await withCpu(stack.cluster.backends, async () => {
      await sleep(FANOUT_MS);
      return sending.stop();
    });
    const delivery = await settle(stack, trackers, current);
    console.log(
      `${FANOUT_RATE} msg/s for ${FANOUT_MS / 1000} s from ${senders.length} senders (half on each ` +
        `process): sent ${sent}, refused ${describeCounts(current.refused)}`,
    );
    const latencyNote =
      delivery.p99 < FANOUT_P99_GOAL_MS ? 'ok' : `over the goal (p99 < ${FANOUT_P99_GOAL_MS} ms)`;
    console.log(`${deliveryLine(delivery)}`);
    for (const [route, list] of current.latencyByRoute) {
      list.sort((x, y) => x - y);
      console.log(
        `  ${route}: ${list.length} receptions, p50 ${fmt(percentile(list, 50))} ms, ` +
          `p99 ${fmt(percentile(list, 99))} ms, max ${fmt(list.at(-1) ?? NaN)} ms`,
      );
    }
    console.log(
      `delivery: ${checkDelivery('fan-out', delivery)}; latency: ${latencyNote} ` +
        `(${trackers.length} × ${FANOUT_RATE} = ${trackers.length * FANOUT_RATE} deliveries/s)`,
    );
    console.log(
      `CPU meanwhile: the machine (${cpus().length} cores) ${fmt(cpu.machine, 0)} % busy, ` +
        `${fmt(cpu.ours, 0)} % of it this bench's processes, ${fmt(cpu.machine - cpu.ours, 0)} % others; ` +
        `of one core: A ${fmt(cpu.a, 0)} %, B ${fmt(cpu.b, 0)} %, ` +
        `the ${trackers.length} clients (this process) ${fmt(cpu.bench, 0)} %`,
    );
    return { ...delivery, cpu };
  } finally {
    closeClients(trackers);
  }
}

// ---- steady HTTP traffic during the faults ------------------------------------------------------------

type RequestRecord = {
  kind: 'GET' | 'POST';
  start: number;
  end: number;
  outcome: string;
  body: string;
};

/**
 * The POST loops' interval: every 20 ms with enough accounts, slower with fewer (a trial run),
 * so no user writes more than once a second, half the per-user cart limit (120 a minute).
 */
function postIntervalMs(accounts: number): number {
  return Math.max(FAULT_INTERVAL_MS, Math.ceil(((FAULT_LOOPS / 2) * 1000) / accounts));
}

function trafficLine(accounts: number): string {
  const loops = FAULT_LOOPS / 2;
  return (
    `${loops} loops of GET ${BOOKS_PATH} (one each ${FAULT_INTERVAL_MS} ms) and ${loops} of ` +
    `POST /api/cart (one each ${postIntervalMs(accounts)} ms, over ${accounts} users)`
  );
}

function startHttpTraffic(stack: ScaleStack, accounts: Account[], bookIds: string[]) {
  const records: RequestRecord[] = [];
  let stopping = false;
  let posts = 0;
  const loop = async (index: number) => {
    const kind = index % 2 === 0 ? 'GET' : 'POST';
    const interval = kind === 'GET' ? FAULT_INTERVAL_MS : postIntervalMs(accounts.length);
    // One kept-alive connection per loop, as a browser tab keeps to nginx.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const started = now();
    for (let tick = 0; !stopping; tick += 1) {
      const due = started + tick * interval;
      if (due > now()) await sleep(due - now());
      else if (now() - due > interval) continue; // missed ticks are not made up
      const start = now();
      let outcome: string;
      let body = '';
      try {
        let answer: Answer;
        if (kind === 'GET') {
          answer = await httpRequest(`${stack.cluster.url}${BOOKS_PATH}`, { agent });
        } else {
          // Many users, so the per-user cart limit (120 a minute) is never what answers.
          const account = accounts[posts % accounts.length] as Account;
          const bookId = bookIds[Math.floor(posts / accounts.length) % bookIds.length] as string;
          posts += 1;
          answer = await httpRequest(`${stack.cluster.url}/api/cart`, {
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${account.accessToken}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ bookId, quantity: 1 }),
          });
        }
        const ok = answer.status === 200 || answer.status === 201;
        outcome = ok ? 'ok' : `HTTP ${answer.status}`;
        if (!ok) body = answer.body;
      } catch (error) {
        outcome = errorCode(error) ?? (error instanceof Error ? error.message : String(error));
      }
      records.push({ kind, start, end: now(), outcome, body });
    }
    agent.destroy();
  };
  const loops = Array.from({ length: FAULT_LOOPS }, (_, i) => loop(i));
  return {
    records,
    async stop(): Promise<void> {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

type TrafficSummary = {
  requests: number;
  errors: number;
  byOutcome: Map<string, number>;
  bodies: Map<string, string>;
  firstErrorMs: number;
  lastErrorMs: number;
  p99: number;
  max: number;
};

/** The requests started after `t0`, with times relative to it. */
function summarizeTraffic(records: RequestRecord[], t0: number): TrafficSummary {
  const after = records.filter((r) => r.start >= t0);
  const errors = after.filter((r) => r.outcome !== 'ok');
  const byOutcome = new Map<string, number>();
  const bodies = new Map<string, string>();
  for (const r of errors) {
    const key = `${r.kind} ${r.outcome}`;
    countInto(byOutcome, key);
    // nginx's error pages are HTML over several lines: one line is enough to tell them.
    if (!bodies.has(key) && r.body) bodies.set(key, r.body.replace(/\s+/g, ' ').slice(0, 160));
  }
  const latencies = after.map((r) => r.end - r.start).sort((a, b) => a - b);
  return {
    requests: after.length,
    errors: errors.length,
    byOutcome,
    bodies,
    firstErrorMs: errors.length > 0 ? Math.min(...errors.map((r) => r.start)) - t0 : NaN,
    lastErrorMs: errors.length > 0 ? Math.max(...errors.map((r) => r.end)) - t0 : NaN,
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  };
}

function printTraffic(s: TrafficSummary): void {
  console.log(`  requests ${s.requests}, errors ${s.errors}: ${describeCounts(s.byOutcome)}`);
  for (const [key, body] of s.bodies) console.log(`    ${key}: ${body}`);
  console.log(`  latency p99 ${fmt(s.p99)} ms, max ${fmt(s.max)} ms`);
}

// ---- 3. SIGTERM --------------------------------------------------------------------------------------

async function measureSigterm(
  stack: ScaleStack,
  accounts: Account[],
  bookIds: string[],
): Promise<Record<string, unknown>> {
  const [a, b] = stack.cluster.backends;
  if (!a || !b) throw new Error('two backends expected');
  const pidB = b.pid;
  console.log(
    `\n3. SIGTERM to A under traffic through nginx: ${trafficLine(accounts.length)}; ` +
      `${accounts.length} chat clients from distinct 127.x addresses ` +
      `(room ${FAULT_ROOM}, ${FAULT_CHAT_RATE} msg/s from ${SENDERS} senders)`,
  );
  const current = newPhase('t');
  phase = current;
  const trackers = await connectClients(accounts, FAULT_ROOM, () => stack.cluster.url, true);
  await sleep(JOIN_SETTLE_MS);
  const senders = trackers.slice(0, SENDERS);
  const traffic = startHttpTraffic(stack, accounts, bookIds);
  const sending = startSending(senders, FAULT_CHAT_RATE, current);
  try {
    await sleep(STEADY_MS);
    const before = summarizeTraffic(traffic.records, 0);
    const t0 = now();
    const exited = a.stop('SIGTERM').then((how) => ({ ...how, ms: now() - t0 }));
    await sleep(FAULT_WINDOW_MS);
    const exit = await Promise.race([exited, sleep(10_000).then(() => undefined)]);
    await traffic.stop();
    const sent = await sending.stop();
    const delivery = await settle(stack, trackers, current);
    const http = summarizeTraffic(traffic.records, t0);

    // HTTP
    console.log(`HTTP (before SIGTERM: ${before.requests} requests, ${before.errors} errors)`);
    printTraffic(http);
    const tailErrors = traffic.records.filter(
      (r) => r.outcome !== 'ok' && r.end > t0 + FAULT_WINDOW_MS - QUIET_TAIL_MS,
    ).length;
    const recoveryMs = http.errors > 0 ? http.lastErrorMs : 0;
    const recoveryNote =
      tailErrors > 0
        ? fail(`SIGTERM: errors still in the last ${QUIET_TAIL_MS / 1000} s`)
        : http.errors === 0
          ? 'ok (goal: 0 errors)'
          : recoveryMs <= RECOVERY_GOAL_MS
            ? 'over the goal of 0 errors; recovery within the goal'
            : `over the goal (recovery ≤ ${RECOVERY_GOAL_MS / 1000} s)`;
    console.log(
      `  SIGTERM → last error: ${
        http.errors > 0
          ? `${fmt(http.lastErrorMs, 0)} ms (first at ` + `${fmt(http.firstErrorMs, 0)} ms)`
          : 'no error at all'
      }  ${recoveryNote}`,
    );
    const exitNote =
      exit === undefined
        ? fail('SIGTERM: A never exited')
        : exit.ms <= EXIT_GOAL_MS && exit.code === 0
          ? 'ok (goal ≤ 10 s, code 0)'
          : `over the goal (≤ ${EXIT_GOAL_MS / 1000} s, code 0)`;
    console.log(
      `  SIGTERM → A exited: ${exit ? `${fmt(exit.ms, 0)} ms (code ${exit.code}, signal ${exit.signal})` : 'not yet'}  ${exitNote}`,
    );

    // Chat
    const dropped = trackers.filter((t) => t.droppedAt !== undefined && t.droppedAt >= t0);
    const back = dropped.filter((t) => t.backAt !== undefined);
    const backMs = back.map((t) => (t.backAt as number) - t0).sort((x, y) => x - y);
    const droppedMs = dropped.map((t) => (t.droppedAt as number) - t0).sort((x, y) => x - y);
    const recovered = back.filter((t) => t.recovered === true).length;
    const reasons = new Map<string, number>();
    for (const t of dropped) countInto(reasons, t.dropReason ?? '?');
    const rejoinErrors = new Map<string, number>();
    for (const t of dropped) if (t.rejoinError) countInto(rejoinErrors, t.rejoinError);
    const sendersOnA = senders.filter((t) => dropped.includes(t)).length;
    console.log(
      `chat: ${dropped.length} of ${trackers.length} clients were on A (dropped at SIGTERM; the ` +
        `others on B: nginx's hash spread the source addresses), ${sendersOnA} of ${senders.length} senders`,
    );
    console.log(
      `  dropped ${fmt(droppedMs[0] ?? NaN, 0)}–${fmt(droppedMs.at(-1) ?? NaN, 0)} ms after SIGTERM ` +
        `(${describeCounts(reasons)}); back: ${back.length} (${recovered} recovered by socket.io ` +
        `from Redis, ${back.length - recovered} joined again + syncHistory, ` +
        `${back.reduce((n, t) => n + t.syncPages, 0)} sync pages)`,
    );
    const allBackMs = backMs.at(-1) ?? NaN;
    const backNote =
      back.length < dropped.length
        ? fail(`SIGTERM: ${dropped.length - back.length} chat clients never back`)
        : dropped.length === 0
          ? fail('SIGTERM: no chat client was on A (the spread over processes did not work)')
          : allBackMs <= RECOVERY_GOAL_MS
            ? 'ok (goal ≤ 10 s)'
            : `over the goal (≤ ${RECOVERY_GOAL_MS / 1000} s)`;
    console.log(
      `  SIGTERM → every client of A back: ${fmt(allBackMs, 0)} ms (p50 ${fmt(percentile(backMs, 50), 0)} ms)  ${backNote}`,
    );
    if (rejoinErrors.size > 0) console.log(`  rejoin errors: ${describeCounts(rejoinErrors)}`);
    console.log(
      `  connect errors while reconnecting: ${describeCounts(current.connectErrors)}; sends: ${sent}, ` +
        `skipped while reconnecting ${current.skipped}, refused/unanswered attempts ` +
        `${describeCounts(current.refused)}, never stored ${current.notStored}`,
    );
    console.log(`  ${deliveryLine(delivery)}`);
    console.log(`  slowest messages: ${slowestLine(current, t0, 'SIGTERM')}`);
    console.log(`  delivery: ${checkDelivery('SIGTERM chat', delivery)}`);
    explainDelivery(delivery, current, t0, 'SIGTERM');
    if (b.pid !== pidB) console.log(`  ${fail('SIGTERM: B is not the same process any more')}`);

    return {
      http: {
        ...http,
        byOutcome: Object.fromEntries(http.byOutcome),
        bodies: Object.fromEntries(http.bodies),
      },
      exit,
      chat: {
        clients: trackers.length,
        onA: dropped.length,
        back: back.length,
        recovered,
        allBackMs,
        delivery,
      },
    };
  } finally {
    phase = undefined;
    closeClients(trackers);
    if (a.pid === undefined) await a.start();
  }
}

// ---- 4. PostgreSQL restart ---------------------------------------------------------------------------

async function measurePostgresRestart(
  stack: ScaleStack,
  accounts: Account[],
  bookIds: string[],
): Promise<Record<string, unknown>> {
  const { backends } = stack.cluster;
  const pids = backends.map((backend) => backend.pid);
  console.log(
    `\n4. PostgreSQL stopped (fast) for ${POSTGRES_DOWN_MS / 1000} s, then started, under the same ` +
      `traffic through nginx (chat clients connected afresh, ${FAULT_CHAT_RATE} msg/s)`,
  );
  const current = newPhase('p');
  phase = current;
  const trackers = await connectClients(accounts, FAULT_ROOM, () => stack.cluster.url, true);
  await sleep(JOIN_SETTLE_MS);
  const traffic = startHttpTraffic(stack, accounts, bookIds);
  const sending = startSending(trackers.slice(0, SENDERS), FAULT_CHAT_RATE, current);
  try {
    await sleep(STEADY_MS);
    const t0 = now();
    await stack.postgres.stop();
    const stoppedMs = now() - t0;
    await sleep(POSTGRES_DOWN_MS);
    const startAt = now();
    await stack.postgres.start();
    const upMs = now() - t0;
    const startTookMs = now() - startAt;
    await sleep(FAULT_WINDOW_MS);
    await traffic.stop();
    const sent = await sending.stop();
    const delivery = await settle(stack, trackers, current);
    const http = summarizeTraffic(traffic.records, t0);

    console.log(
      `PostgreSQL: stop took ${fmt(stoppedMs, 0)} ms, start ${fmt(startTookMs, 0)} ms; ` +
        `accepting connections again ${fmt(upMs, 0)} ms after the stop began`,
    );
    console.log('HTTP');
    printTraffic(http);
    const unexpected = [...http.byOutcome.keys()].filter((key) => !key.endsWith('HTTP 503'));
    const tailErrors = traffic.records.filter(
      (r) => r.outcome !== 'ok' && r.end > t0 + upMs + FAULT_WINDOW_MS - QUIET_TAIL_MS,
    ).length;
    const afterUpMs = http.errors > 0 ? http.lastErrorMs - upMs : 0;
    const recoveryNote =
      tailErrors > 0
        ? fail(`PostgreSQL restart: errors still in the last ${QUIET_TAIL_MS / 1000} s`)
        : afterUpMs <= RECOVERY_GOAL_MS
          ? `ok (goal ≤ ${RECOVERY_GOAL_MS / 1000} s)`
          : `over the goal (≤ ${RECOVERY_GOAL_MS / 1000} s)`;
    console.log(
      `  errors from ${fmt(http.firstErrorMs, 0)} to ${fmt(http.lastErrorMs, 0)} ms after the stop ` +
        `began; last error ${afterUpMs <= 0 ? 'before' : `${fmt(afterUpMs, 0)} ms after`} ` +
        `PostgreSQL was back  ${recoveryNote}`,
    );
    console.log(
      `  only 503 errors: ${unexpected.length === 0 ? 'ok' : `no: ${unexpected.join(', ')} (goal: 503 with the JSON message)`}`,
    );
    console.log(
      `chat: sends ${sent}, refused/unanswered attempts ${describeCounts(current.refused)}, ` +
        `never stored ${current.notStored}; connect errors ${describeCounts(current.connectErrors)}; ` +
        `clients dropped ${trackers.filter((t) => t.droppedAt !== undefined).length}`,
    );
    console.log(`  ${deliveryLine(delivery)}`);
    console.log(`  slowest messages: ${slowestLine(current, t0, 'the stop began')}`);
    console.log(`  delivery: ${checkDelivery('PostgreSQL restart chat', delivery)}`);
    explainDelivery(delivery, current, t0, 'the stop began');

    const samePids = backends.every(
      (backend, i) => backend.pid !== undefined && backend.pid === pids[i],
    );
    const health = await Promise.all(
      backends.map((backend) =>
        httpRequest(`${backend.url}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    console.log(
      `processes: ${backends.map((backend, i) => `${backend.name} pid ${pids[i]} → ${backend.pid ?? 'gone'}, health ${health[i]}`).join('; ')}  ` +
        `${samePids && health.every((s) => s === 200) ? 'ok (same processes, healthy)' : fail('PostgreSQL restart: a process crashed or is unhealthy')}`,
    );
    return {
      postgres: { stoppedMs, startTookMs, upMs },
      http: {
        ...http,
        byOutcome: Object.fromEntries(http.byOutcome),
        bodies: Object.fromEntries(http.bodies),
      },
      afterUpMs,
      chat: {
        delivery,
        refused: Object.fromEntries(current.refused),
        notStored: current.notStored,
      },
      samePids,
    };
  } finally {
    phase = undefined;
    closeClients(trackers);
  }
}

// ---- main ----------------------------------------------------------------------------------------

async function main(): Promise<void> {
  failures = [];
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
  });
  const results: Record<string, unknown> = {};
  try {
    console.log(`stack up in ${((now() - started) / 1000).toFixed(1)} s (default catalogue)`);
    postmasterPid = await findPostmaster();
    const signUpStarted = now();
    const accounts = await mapLimit(CLIENTS, SIGNUP_CONCURRENCY, (i) => signUp(stack, i));
    console.log(
      `${accounts.length} accounts signed up (Auth Emulator) and in (straight to A and B) in ` +
        `${((now() - signUpStarted) / 1000).toFixed(1)} s, ${SIGNUP_CONCURRENCY} at a time`,
    );
    const page = JSON.parse(
      (await httpRequest(`${stack.cluster.url}${BOOKS_PATH}`)).body,
    ) as BookPage;
    const bookIds = page.books.map((book) => book._id);

    results.http = (await measureThroughput(stack)).map(({ name, load, cpu }) => ({
      name,
      ...load,
      cpu,
    }));
    printServerLogs();
    results.fanout = await measureFanout(stack, accounts);
    printServerLogs();
    results.sigterm = await measureSigterm(stack, accounts, bookIds);
    printServerLogs();
    results.postgresRestart = await measurePostgresRestart(stack, accounts, bookIds);
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
