import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../contract/chat';
import { buildApp } from '../../server/app';
import { buildAccountsApp, signIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import { freePort } from './helpers/redis-server';
import {
  closeAll,
  connectChat,
  joinRoom,
  listen,
  nextEvent,
  reachable,
  sendMessage,
  storedMessages,
  userId,
  type ChatClient,
} from './helpers/chat';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await reachable(REDIS_URL);
if (!redisUp) {
  console.warn(`chat with Redis: SKIPPED, no Redis answers at ${REDIS_URL} (set TEST_REDIS_URL)`);
}

describe('the chat without Redis reachable', () => {
  it('refuses to start, saying why', async () => {
    const port = await freePort(); // nothing listens there
    await expect(
      buildAccountsApp({ adminEmails: [], redis: { url: `redis://127.0.0.1:${port}` } }),
    ).rejects.toThrow(/Redis at REDIS_URL is unreachable/);
  });
});

describe.skipIf(!redisUp)(`two app instances on one Redis (${REDIS_URL})`, () => {
  // Keys and channels of their own: other runs may share this Redis.
  const redisKeyPrefix = `lt-test-chat-${randomBytes(4).toString('hex')}`;
  const redis = { url: REDIS_URL, keyPrefix: redisKeyPrefix };
  const admin = uniqueEmail('chat-redis-admin');
  let a: TestApp;
  let b: FastifyInstance;
  let urlA: string;
  let urlB: string;
  const open: ChatClient[] = [];

  async function client(url: string, token: string) {
    const socket = await connectChat(url, token);
    open.push(socket);
    return socket;
  }

  beforeAll(async () => {
    a = await buildAccountsApp({ adminEmails: [admin], redis });
    // The second process: the same database and configuration.
    b = await buildApp({ config: a.config, db: a.db, paymentGateway: null, redis });
    urlA = await listen(a.app);
    urlB = await listen(b);
  });

  afterAll(async () => {
    closeAll(...open);
    await b?.close();
    await a?.close();
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    const keys = await redis.keys(`${redisKeyPrefix}*`);
    if (keys.length > 0) await redis.del(keys);
    await redis.close();
  });

  it('an admin deleting an account through A ends its sockets on B at once', async () => {
    const [boss, kit] = await Promise.all([signIn(a.app, admin), signIn(a.app, 'kit')]);
    const onB = await client(urlB, kit.accessToken);
    ok(await joinRoom(onB, 'Java'));
    const ended = new Promise<string>((resolve) => onB.once('disconnect', resolve));
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/allusers/dlt/${encodeURIComponent(kit.email)}`,
      headers: { authorization: `Bearer ${boss.accessToken}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ended).toBe('io server disconnect');
  });

  it('a message sent to instance A reaches a client of instance B', async () => {
    const [vic, wyn] = await Promise.all([signIn(a.app, 'vic'), signIn(a.app, 'wyn')]);
    const onA = await client(urlA, vic.accessToken);
    const onB = await client(urlB, wyn.accessToken);
    ok(await joinRoom(onA, 'Python'));
    const joinedB = ok(await joinRoom(onB, 'Python'));
    // Presence counts the sockets of both processes.
    expect(joinedB.members.map((m) => m.userId).sort()).toEqual(
      [await userId(a.db, vic.email), await userId(a.db, wyn.email)].sort(),
    );

    const atB = nextEvent(onB, 'getLatestMessage', (m) => m.msg === 'across processes');
    const sent = ok(await sendMessage(onA, 'Python', 'across processes'));
    expect(await atB).toEqual(sent.message);

    const atA = nextEvent(onA, 'getLatestMessage', (m) => m.msg === 'and back');
    ok(await sendMessage(onB, 'Python', 'and back'));
    expect((await atA).userId).toBe(await userId(a.db, wyn.email));
  });

  it('a stroke drawn on A reaches a client of B, in the board of both', async () => {
    const [ida, jan] = await Promise.all([signIn(a.app, 'ida'), signIn(a.app, 'jan')]);
    const onA = await client(urlA, ida.accessToken);
    const onB = await client(urlB, jan.accessToken);
    for (const socket of [onA, onB]) ok(await joinRoom(socket, 'TypeScript'));
    const stroke = { id: 'across-1', color: '#16a34a', size: 4, points: [[10, 20]] };
    const atB = nextEvent(onB, 'boardStroke', (s) => s.id === stroke.id);
    const drawn = ok(
      await onA.timeout(5_000).emitWithAck('drawStroke', { room: 'TypeScript', stroke }),
    );
    expect(await atB).toEqual({
      ...stroke,
      room: 'TypeScript',
      userId: await userId(a.db, ida.email),
      seq: drawn.seq,
    });
    const board = ok(await onB.timeout(5_000).emitWithAck('joinBoard', 'TypeScript'));
    expect(board).toMatchObject({ reset: true, seq: drawn.seq, strokes: [{ id: stroke.id }] });
  });

  it('the rate limit holds across the two instances', async () => {
    const xan = await signIn(a.app, 'xan');
    const onA = await client(urlA, xan.accessToken);
    const onB = await client(urlB, xan.accessToken);
    ok(await joinRoom(onA, 'Java'));
    ok(await joinRoom(onB, 'Java'));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sendMessage(i % 2 ? onA : onB, 'Java', `both ${i}`)),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(CHAT_LIMITS.messageBurst);
    expect(answers.filter((answer) => !answer.ok)).toEqual(
      Array.from({ length: 2 }, () => ({ ok: false, error: CHAT_MESSAGES.rateLimited })),
    );
    expect(await storedMessages(a.db, { userId: await userId(a.db, xan.email) })).toHaveLength(
      CHAT_LIMITS.messageBurst,
    );
  });

  it('a client dropped from A recovers on B with what it missed', async () => {
    const [yas, zed] = await Promise.all([signIn(a.app, 'yas'), signIn(a.app, 'zed')]);
    const sender = await client(urlA, yas.accessToken);
    ok(await joinRoom(sender, 'PHP'));
    const roaming = await client(urlA, zed.accessToken);
    ok(await joinRoom(roaming, 'PHP'));
    const warm = nextEvent(roaming, 'getLatestMessage', (m) => m.msg === 'hello zed');
    ok(await sendMessage(sender, 'PHP', 'hello zed'));
    await warm;

    // The client comes back through the other process, as behind a load balancer.
    // socket.io-client keeps these private; a recovering client sends them in its handshake.
    const { _pid: pid, _lastOffset: offset } = roaming as unknown as Record<string, string>;
    expect(pid).toEqual(expect.any(String));
    const down = new Promise((resolve) => roaming.once('disconnect', resolve));
    roaming.io.engine.close(); // a dropped transport, not a goodbye: the session is kept
    await down;
    ok(await sendMessage(sender, 'PHP', 'missed on the way'));
    // A keeps the session in Redis as the transport drops (not awaited by anyone): a real client
    // comes back after its reconnection delay, by when it is there; this one waits for it.
    const watcher = createClient({ url: REDIS_URL });
    await watcher.connect();
    try {
      const sessionKey = `${redisKeyPrefix}:chat:session:${pid}`;
      for (let i = 0; i < 100 && (await watcher.exists(sessionKey)) === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await watcher.exists(sessionKey)).toBe(1);
    } finally {
      await watcher.close();
    }
    const { io: ioClient } = await import('socket.io-client');
    const back: ChatClient = ioClient(urlB, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { token: zed.accessToken, pid, offset },
    });
    open.push(back);
    // Only a recovered session gets it: this socket never joined the room itself.
    const missed = nextEvent(back, 'getLatestMessage', (m) => m.msg === 'missed on the way');
    await new Promise<void>((resolve) => back.once('connect', () => resolve()));
    expect((await missed).userId).toBe(await userId(a.db, yas.email));
    const later = nextEvent(back, 'getLatestMessage', (m) => m.msg === 'still in the room');
    ok(await sendMessage(sender, 'PHP', 'still in the room'));
    await later;
  });
});

function ok<T extends { ok: boolean }>(answer: T | { ok: false; error: string }): T {
  if (!answer.ok) throw new Error(`error ack: ${(answer as { error: string }).error}`);
  return answer as T;
}
