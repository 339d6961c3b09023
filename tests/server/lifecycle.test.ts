import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { MIGRATIONS_DIR } from '../../server/db/migrate';
import {
  buildTestApp,
  createOwnedDbEnv,
  TEST_DATABASE_URL,
  testConfig,
} from './helpers/build-test-app';

describe('app lifecycle', () => {
  it('opens, migrates and seeds its own database, and closes it on app.close()', async () => {
    const owned = await createOwnedDbEnv();
    try {
      const app = await buildApp({ config: testConfig(owned.env) });
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ ok: true, checks: { database: 'up', redis: 'off' } });
      const books = await app.inject({ method: 'GET', url: '/api/books' });
      expect(books.json<unknown[]>()).toHaveLength(27);

      const db = app.db;
      expect(db.kind).toBe(TEST_DATABASE_URL ? 'postgres' : 'pglite');
      await app.close();
      await expect(db.query('select 1')).rejects.toThrow();
    } finally {
      await owned.cleanup();
    }
  });

  it('leaves a database it was given open', async () => {
    const t = await buildTestApp({ seed: false });
    await t.app.close();
    await expect(t.db.query<{ one: number }>('select 1 as one')).resolves.toEqual([{ one: 1 }]);
    await t.close();
  });

  it('keeps its data across restarts without migrating or seeding twice', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lt-pglite-'));
    const owned = TEST_DATABASE_URL
      ? await createOwnedDbEnv()
      : { env: { PGLITE_DATA_DIR: dataDir }, cleanup: async () => undefined };
    try {
      const first = await buildApp({ config: testConfig(owned.env) });
      const subscribed = await first.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: 'kept@example.com' },
      });
      expect(subscribed.statusCode).toBe(201);
      await first.close();

      const second = await buildApp({ config: testConfig(owned.env) });
      try {
        const books = await second.inject({ method: 'GET', url: '/api/books' });
        expect(books.json<unknown[]>()).toHaveLength(27);
        const again = await second.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { email: 'kept@example.com' },
        });
        expect(again.statusCode).toBe(200);
        const migrations = await second.db.query('select name from schema_migrations');
        const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'));
        expect(migrations).toHaveLength(files.length);
      } finally {
        await second.close();
      }
    } finally {
      await owned.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('reports 503 from /api/health when the database is gone', async () => {
    const t = await buildTestApp({ seed: false });
    try {
      await t.app.ready();
      await t.db.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: { code: 'service_unavailable', message: 'Database is not reachable' },
        checks: { database: 'down', redis: 'off' },
      });
    } finally {
      await t.close();
    }
  });

  it('fails to build, without leaking, when the database is unreachable', async () => {
    await expect(
      buildApp({ config: testConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }) }),
    ).rejects.toThrow();
  });
});

describe('closing behind a proxy', () => {
  /** One GET on `agent`'s kept-alive connection: its status and Connection header. */
  function get(port: number, agent: Agent): Promise<{ status: number; connection?: string }> {
    return new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
        );
      })
        .on('error', reject)
        .end();
    });
  }

  it('refuses new connections at once, answers on kept-alive ones with Connection: close, then closes', async () => {
    const t = await buildTestApp({ seed: false, app: { timeouts: { drainMs: 800 } } });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect(await get(port, agent)).toEqual({ status: 200, connection: 'keep-alive' });

      const closed = t.app.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      // A proxy's request on the connection it kept is still answered, and told to go elsewhere.
      expect(await get(port, agent)).toEqual({ status: 200, connection: 'close' });
      // A new connection is refused: the proxy tries another process.
      await expect(get(port, new Agent())).rejects.toThrow(/ECONNREFUSED/);
      await closed;
    } finally {
      agent.destroy();
      await t.close();
    }
  });
});
