// Steady HTTP traffic through nginx during the cluster's faults (SIGTERM, PostgreSQL restart):
// loops of GET /api/books?page=1 and POST /api/cart, each on a kept-alive connection, every
// request recorded with its outcome.
import http from 'node:http';
import { errorCode } from '../../contract/error-code';
import type { ScaleStack } from '../../scripts/lib/scale-stack';
import { percentile } from '../lib/bench-db';
import { countInto, describeCounts, fmt, now, sleep } from '../lib/format';
import { httpRequest, type Answer } from '../lib/http-request';
import { BOOKS_PATH, FAULT_INTERVAL_MS, FAULT_LOOPS, type Account } from './context';

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

export function trafficLine(accounts: number): string {
  const loops = FAULT_LOOPS / 2;
  return (
    `${loops} loops of GET ${BOOKS_PATH} (one each ${FAULT_INTERVAL_MS} ms) and ${loops} of ` +
    `POST /api/cart (one each ${postIntervalMs(accounts)} ms, over ${accounts} users)`
  );
}

export function startHttpTraffic(stack: ScaleStack, accounts: Account[], bookIds: string[]) {
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
export function summarizeTraffic(records: RequestRecord[], t0: number): TrafficSummary {
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

export function printTraffic(s: TrafficSummary): void {
  console.log(`  requests ${s.requests}, errors ${s.errors}: ${describeCounts(s.byOutcome)}`);
  for (const [key, body] of s.bodies) console.log(`    ${key}: ${body}`);
  console.log(`  latency p99 ${fmt(s.p99)} ms, max ${fmt(s.max)} ms`);
}
