import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { buildApp } from '../../server/app';
import { createPostgresDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedCatalogue } from '../../server/db/seed';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/plugins/errors';
import { buildAccountsApp, signIn } from './helpers/accounts';
import {
  createTestSchema,
  TEST_DATABASE_URL,
  testConfig,
  type TestApp,
  type TestSchema,
} from './helpers/build-test-app';
import {
  closeAll,
  connectChat,
  joinRoom,
  nextEvent,
  reachable,
  sendMessage,
  type ChatClient,
} from './helpers/chat';
import { startTcpForwarder, type TcpForwarder } from './helpers/tcp-forwarder';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await reachable(REDIS_URL);

let nextHost = 1;
const freshIp = () => `10.9.0.${nextHost++}`;

/** Polls `check` until it passes (the app reconnects by itself), or fails after `ms`. */
async function eventually(check: () => Promise<void>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function subscribe(app: FastifyInstance, email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email },
    remoteAddress: freshIp(),
  });
}

// PostgreSQL going away under a running app: only with a PostgreSQL to take away.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL unreachable, then back', () => {
  let forwarder: TcpForwarder;
  let schema: TestSchema;
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    const base = new URL(TEST_DATABASE_URL ?? '');
    forwarder = await startTcpForwarder({ host: base.hostname, port: Number(base.port || 5432) });
    schema = await createTestSchema(base.toString());
    const viaForwarder = new URL(base);
    viaForwarder.host = `127.0.0.1:${forwarder.port}`;
    db = await createPostgresDb(viaForwarder.toString(), { searchPath: schema.schema });
    await migrate(db);
    await seedCatalogue(db);
    app = await buildApp({ config: testConfig(), db, paymentGateway: null, chat: false });
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await forwarder?.close();
    await schema?.drop();
  });

  it('answers 503 with a clear message while it is down, and recovers by itself', async () => {
    expect((await app.inject({ url: '/api/books?page=1' })).statusCode).toBe(200);

    await forwarder.cut();
    // Past the catalogue cache's trust in its last version read.
    await new Promise((resolve) => setTimeout(resolve, 600));

    for (const res of [
      await app.inject({ url: '/api/books?page=1' }),
      await subscribe(app, 'during-outage@example.test'),
    ]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(apiErrorSchema.parse(res.json()).error).toEqual({
        code: 'service_unavailable',
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    }
    // A health result is reused for up to a second (a load balancer may poll it often).
    await eventually(async () => {
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        error: { code: 'service_unavailable', message: 'Database is not reachable' },
        checks: { database: 'down', redis: 'off' },
      });
    });

    await forwarder.restore();
    await eventually(async () => {
      expect((await app.inject({ url: '/api/books?page=1' })).statusCode).toBe(200);
    });
    expect((await subscribe(app, 'after-outage@example.test')).statusCode).toBe(201);
    await eventually(async () => {
      expect((await app.inject({ url: '/api/health' })).json()).toEqual({
        ok: true,
        checks: { database: 'up', redis: 'off' },
      });
    });
    // Nothing half-written: the refused subscription is not there, the later one is.
    const rows = await db.query<{ email: string }>(
      "select email from newsletter_subscribers where email like '%-outage@example.test'",
    );
    expect(rows.map((row) => row.email)).toEqual(['after-outage@example.test']);
  });
});

describe.skipIf(!redisUp)(`Redis unreachable, then back (${REDIS_URL})`, () => {
  let forwarder: TcpForwarder;
  let t: TestApp;
  let url: string;
  const open: ChatClient[] = [];

  beforeAll(async () => {
    const target = new URL(REDIS_URL);
    forwarder = await startTcpForwarder({
      host: target.hostname,
      port: Number(target.port || 6379),
    });
    t = await buildAccountsApp({
      adminEmails: [],
      redis: {
        url: `redis://127.0.0.1:${forwarder.port}`,
        keyPrefix: `lt-test-faults-${randomBytes(4).toString('hex')}`,
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  });

  afterAll(async () => {
    closeAll(...open);
    await t?.close();
    await forwarder?.close();
  });

  it('reports Redis down in /api/health while HTTP and the chat within the process go on', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({
      ok: true,
      checks: { database: 'up', redis: 'up' },
    });
    const [ann, ben] = await Promise.all([
      signIn(t.app, 'faults-ann'),
      signIn(t.app, 'faults-ben'),
    ]);
    const annSocket = await connectChat(url, ann.accessToken, { reconnection: true });
    const benSocket = await connectChat(url, ben.accessToken, { reconnection: true });
    open.push(annSocket, benSocket);
    await joinRoom(annSocket, 'Python');
    await joinRoom(benSocket, 'Python');

    await forwarder.cut();
    // A health result is reused for up to a second (a load balancer may poll it often).
    await eventually(async () => {
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        error: { code: 'service_unavailable', message: 'Redis is not reachable' },
        checks: { database: 'up', redis: 'down' },
      });
    });
    expect((await t.app.inject({ url: '/api/books?page=1' })).statusCode).toBe(200);
    expect((await subscribe(t.app, 'redis-outage@example.test')).statusCode).toBe(201);

    // Joining needs no other process: presence and the socket cap count this one alone.
    const cal = await signIn(t.app, 'faults-cal');
    const calSocket = await connectChat(url, cal.accessToken);
    open.push(calSocket);
    const joined = await joinRoom(calSocket, 'Python');
    expect(joined.ok).toBe(true);
    if (joined.ok) expect(joined.members).toHaveLength(3);

    // The sockets themselves are not on Redis: a message still reaches the room, at once.
    const started = Date.now();
    const arrives = nextEvent(benSocket, 'getLatestMessage', (m) => m.msg === 'while Redis is out');
    const ack = await sendMessage(annSocket, 'Python', 'while Redis is out');
    expect(ack.ok).toBe(true);
    expect((await arrives).msg).toBe('while Redis is out');
    expect(Date.now() - started).toBeLessThan(2_000);

    await forwarder.restore();
    await eventually(async () => {
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    });
    const after = nextEvent(benSocket, 'getLatestMessage', (m) => m.msg === 'Redis is back');
    expect((await sendMessage(annSocket, 'Python', 'Redis is back')).ok).toBe(true);
    expect((await after).msg).toBe('Redis is back');
  });
});
