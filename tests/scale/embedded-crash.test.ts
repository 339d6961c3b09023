import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server';
import { createPgliteDb } from '../../server/db/client';
import { runNewsletterLoad } from './support/embedded-newsletter-load';
import {
  killServerProcesses,
  startServerProcess,
  type ServerProcess,
} from './support/server-process';

// The embedded default (no DATABASE_URL): `kill -9` of the one server process while writes are
// in flight. On restart the data directory opens, and every write answered 2xx is in it.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Inside the repository, so the compiled server finds node_modules (git-ignored).
const SERVER_DIR = 'dist-scale-embedded-server';
// Kills early and late in one process's newsletter budget (300 a minute), at once or a little
// later, so that they land at different points of the server's work.
const ROUNDS = [
  { killAfterAcknowledged: 20, killDelayMs: 0 },
  { killAfterAcknowledged: 90, killDelayMs: 10 },
  { killAfterAcknowledged: 160, killDelayMs: 25 },
  { killAfterAcknowledged: 180, killDelayMs: 40 },
];
const CONCURRENCY = 32;

let workDir = '';
const accessTokenSecret = randomBytes(32).toString('hex');

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'lt-embedded-crash-'));
  await buildServer(SERVER_DIR);
});

afterAll(async () => {
  await killServerProcesses();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  await rm(path.join(ROOT, SERVER_DIR), { recursive: true, force: true });
});

function startServer(name: string, dataDir: string): Promise<ServerProcess> {
  return startServerProcess({
    name,
    serverDir: SERVER_DIR,
    env: {
      NODE_ENV: 'test',
      PGLITE_DATA_DIR: dataDir,
      ACCESS_TOKEN_SECRET: accessTokenSecret,
      LOG_LEVEL: 'warn',
      SERVE_SPA: 'false',
      // The chat is on by default; no Redis, no Stripe, no Auth Emulator.
    },
    // The first start makes the database on disk (PGlite's initdb: 5 s on a quiet machine); beside
    // the server suites it passed 60 s once in CI.
    healthTimeoutMs: 180_000,
  });
}

/** The subscribers stored in a data directory, opened as the server opens it. */
async function readSubscribers(dataDir: string): Promise<Set<string>> {
  const db = await createPgliteDb(dataDir);
  try {
    const rows = await db.query<{ email: string }>('select email from newsletter_subscribers');
    return new Set(rows.map((row) => row.email));
  } finally {
    await db.close();
  }
}

describe('embedded PGlite: kill -9 during writes', () => {
  it('reopens the data directory after every kill, with every acknowledged write', async () => {
    const dataDir = path.join(workDir, 'pglite');
    const sent = new Set<string>();
    const acknowledged: string[] = [];

    for (const [round, { killAfterAcknowledged, killDelayMs }] of ROUNDS.entries()) {
      // From the second round on, this opens the directory the previous kill left.
      const startedAt = performance.now();
      const server = await startServer(`server (round ${round + 1})`, dataDir);
      const startSeconds = (performance.now() - startedAt) / 1000;
      const load = await runNewsletterLoad({
        port: server.port,
        prefix: `round${round + 1}`,
        concurrency: CONCURRENCY,
        killAfterAcknowledged,
        killDelayMs,
        kill: () => void server.kill(),
      });
      const exit = await server.exited;
      for (const email of load.sent) sent.add(email);
      acknowledged.push(...load.acknowledged);

      expect(exit.signal, server.output()).toBe('SIGKILL');
      expect(load.refused).toEqual([]);
      expect(load.failedBeforeKill).toEqual([]);
      expect(load.acknowledged.length).toBeGreaterThanOrEqual(killAfterAcknowledged);
      // The kill hit a server with writes on their way, not an idle one.
      expect(load.inFlightAtKill).toBeGreaterThan(0);

      // A copy of the directory as the crash left it: the next round's server still gets the
      // crashed original, not one this check has recovered and closed cleanly.
      const snapshot = path.join(workDir, `after-kill-${round + 1}`);
      await cp(dataDir, snapshot, { recursive: true });
      const stored = await readSubscribers(snapshot);
      await rm(snapshot, { recursive: true, force: true });

      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
      expect([...stored].filter((email) => !sent.has(email))).toEqual([]);
      const unanswered = load.sent.filter((email) => !load.acknowledged.includes(email));
      console.info(
        `round ${round + 1}: healthy after ${startSeconds.toFixed(1)} s, ` +
          `${load.acknowledged.length} acknowledged, ` +
          `${load.inFlightAtKill} in flight at the kill (+${killDelayMs} ms), ` +
          `${unanswered.filter((email) => stored.has(email)).length} of ` +
          `${unanswered.length} unanswered stored anyway; ${stored.size} rows in all`,
      );
    }

    // The last crash left the directory too: the server recovers it, and a clean stop keeps
    // every acknowledged write of every round.
    const server = await startServer('server (after the last kill)', dataDir);
    const exit = await server.stop();
    expect(exit.code, server.output()).toBe(0);
    const stored = await readSubscribers(dataDir);
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    expect([...stored].filter((email) => !sent.has(email))).toEqual([]);
    // Five starts of PGlite (the first one makes the database) beside the rest of `npm test`: a
    // start took 11–38 s on a loaded 2-core machine, the first once over 60 s.
  }, 420_000);
});
