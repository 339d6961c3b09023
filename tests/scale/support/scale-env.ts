import { existsSync } from 'node:fs';
import { findNginx } from '../../../scripts/lib/cluster';
import { findPostgresBin, findRedisServer } from '../../../scripts/lib/private-services';
import type { ScaleStackPorts } from '../../../scripts/lib/scale-stack';
import { portAnswers } from '../../../scripts/lib/processes';
import { testPort } from '../../../scripts/lib/test-ports';

/** The scale suite's ports, apart from the dev (3000…), e2e (3100…) and bench (3300…) stacks. */
export const SCALE_PORTS: ScaleStackPorts = {
  nginx: testPort(3700),
  backends: [testPort(3701), testPort(3702)],
  postgres: testPort(5498),
  redis: testPort(6398),
  authEmulator: testPort(9800),
  stripeEmulator: testPort(12700),
};

/** A shipping address the checkout accepts (contract/payments.ts). */
export const SHIPPING = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.test',
  country: 'United States',
  address: '1 Harvard Yard',
  city: 'Cambridge',
  state: 'MA',
  postalCode: '02138',
};

/** Where the suite compiles the server (git-ignored). */
export const SCALE_SERVER_DIR = '.scale/server';

/**
 * Why the suite cannot run here, or undefined. It runs when PostgreSQL and Redis answer on the
 * machine (as on the developers' and CI machines) and nginx is installed; it then starts a
 * PostgreSQL and a Redis of its own from the same binaries, since it stops and restarts them.
 */
export async function scaleSkipReason(): Promise<string | undefined> {
  const postgresUp = await portAnswers('127.0.0.1', 5432);
  const redisUp = await portAnswers('127.0.0.1', 6379);
  if (!postgresUp || !redisUp) return 'PostgreSQL (5432) and Redis (6379) must answer';
  if (!findNginx()) return 'nginx is not installed (apt-get install -y nginx)';
  if (!findPostgresBin()) return 'PostgreSQL binaries not found under /usr/lib/postgresql';
  if (!findRedisServer()) return 'redis-server not found';
  if (!existsSync('node_modules/.bin/firebase')) return 'firebase-tools is not installed';
  return undefined;
}

/** Waits until `check` passes, retrying every `everyMs`; fails with its last error after `ms`. */
export async function eventually<T>(
  check: () => Promise<T>,
  ms = 20_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(everyMs);
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** JSON request helper: the status and the parsed body (undefined when empty or not JSON). */
export async function call(
  url: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? bearer(init.token) : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body, headers: response.headers };
}

/** The ids of the catalogue's first page, through `base` (nginx or one process). */
export async function firstPageBookIds(base: string): Promise<string[]> {
  const { body } = await call(`${base}/api/books?page=1`);
  const ids = (body as { books: { _id: string }[] }).books.map((book) => book._id);
  if (ids.length === 0) throw new Error('no books');
  return ids;
}
