// What the cluster bench's scenarios share: the stack's ports, the knobs, the accounts, the
// failures that make the bench exit non-zero, and the database's view of a chat phase.
import pg from 'pg';
import { CHAT_LIMITS } from '../../contract/chat';
import type { Backend } from '../../scripts/lib/cluster';
import type { ScaleStack } from '../../scripts/lib/scale-stack';
import { addressOf, httpRequest } from '../lib/http-request';

export const PORTS = {
  nginx: 3900,
  backends: [3901, 3902],
  postgres: 5497,
  redis: 6397,
  authEmulator: 9900,
  stripeEmulator: 12900,
};
export const SERVER_DIR = '.bench/cluster-server';
export const RESULTS_FILE = 'bench/results/cluster.json';

export const LOAD_MS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 8) * 1000;
export const LOAD_WARMUP_MS = 1_500;
export const LOAD_CONNECTIONS = 32;
export const BOOKS_PATH = '/api/books?page=1';

export const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 400);
export const FANOUT_MS = Number(process.env.BENCH_CHAT_FANOUT_S ?? 20) * 1000;
export const FANOUT_RATE = 20;
export const FANOUT_P99_GOAL_MS = 100;
/** Senders, half on each process: at 20 msg/s each sends 1 a second, under the per-user 5. */
export const SENDERS = 20;
export const FAULT_CHAT_RATE = 10;
export const FANOUT_ROOM = 'JavaScript';
export const FAULT_ROOM = 'Python';

/** HTTP loops during the faults: half GET /api/books?page=1, half POST /api/cart. */
export const FAULT_LOOPS = 8;
export const FAULT_INTERVAL_MS = 20;
/** Traffic before a fault, and how long it is watched after. */
export const STEADY_MS = 3_000;
export const FAULT_WINDOW_MS = 15_000;
/** An error in a window's last seconds counts as errors that never stop. */
export const QUIET_TAIL_MS = 3_000;
export const RECOVERY_GOAL_MS = 10_000;
export const EXIT_GOAL_MS = 10_000;
export const POSTGRES_DOWN_MS = 2_000;
/** After the clients joined: the presence updates of 400 joins are not part of a scenario. */
export const JOIN_SETTLE_MS = 2_000;

export const SIGNUP_CONCURRENCY = 16;

if (FANOUT_RATE / SENDERS > CHAT_LIMITS.messagesPerSecond / 2) {
  throw new Error('too few senders: the per-user message limit would refuse messages');
}

export const failures: string[] = [];
/** A real failure: the bench exits non-zero. */
export function fail(what: string): string {
  failures.push(what);
  return `FAIL (${what})`;
}

export type Account = { email: string; accessToken: string };

/**
 * As scale-stack's signUpAndSignIn, but the token exchange goes straight to a process (A, B, A,
 * …) from the account's own address. Through nginx every request comes from nginx's address (the
 * server does not read X-Forwarded-For: TRUST_PROXY is not implemented), so the exchange's
 * per-IP limit (30 a minute per process) would stop the sign-ins after about 60.
 */
export async function signUp(stack: ScaleStack, index: number): Promise<Account> {
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

/** The ids of a phase's messages the database holds: what every client must have. */
export async function storedIds(stack: ScaleStack, tag: string): Promise<string[]> {
  const url = stack.postgres.url;
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

/** What every scenario runs against: the stack, the signed-in accounts, the catalogue's page. */
export type ClusterContext = {
  stack: ScaleStack;
  accounts: Account[];
  bookIds: string[];
  /** PostgreSQL's postmaster (detached), so its CPU counts as the bench's. */
  postmasterPid: number | undefined;
};
