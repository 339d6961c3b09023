import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../../contract/chat';
import { apiErrorSchema } from '../../contract/errors';
import { buildApp } from '../../server/app';
import {
  createRateLimiter,
  NEWSLETTER_BUSY_MESSAGE,
  RATE_LIMITS,
  REDIS_RETRY_MS,
  type RateLimitMaxima,
} from '../../server/rate-limit';
import { connectRedis } from '../../server/redis';
import { bearer, buildAccountsApp, exchange, freshIp, signIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { reachable } from './helpers/chat';
import { signUp, uniqueEmail } from './helpers/firebase-emulator';
import { canStartRedisServer, startPrivateRedis, type PrivateRedis } from './helpers/redis-server';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await reachable(REDIS_URL);
if (!redisUp) {
  console.warn(
    `rate limits with Redis: SKIPPED, no Redis answers at ${REDIS_URL} (set TEST_REDIS_URL)`,
  );
}
if (!canStartRedisServer) {
  console.warn('rate limits while Redis is down: SKIPPED, no /usr/bin/redis-server to start');
}

// The real limit where a test spreads it over both apps; small ones where that is quicker.
const LIMITS = {
  tokenExchangePerAddress: RATE_LIMITS.tokenExchangePerAddress.perMinute,
  tokenExchangePerIp: 4,
  profileUpdatePerUser: 4,
  newsletterPerIp: 3,
  newsletterTotal: 5,
} satisfies Partial<RateLimitMaxima>;

function expectTooMany(res: LightMyRequestResponse, message?: RegExp | string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  const { error } = apiErrorSchema.parse(res.json());
  expect(error.code).toBe('too_many_requests');
  if (message) expect(error.message).toMatch(message);
}

/** Two app instances on one database and one Redis, as two processes behind nginx. */
async function buildPair(
  redis: { url: string; keyPrefix: string },
  limits: Partial<RateLimitMaxima> = LIMITS,
) {
  const a = await buildAccountsApp({ adminEmails: [], limits, chat: false, redis });
  try {
    const b = await buildApp({
      config: a.config,
      db: a.db,
      paymentGateway: null,
      rateLimits: limits,
      chat: false,
      redis,
    });
    return { a, b };
  } catch (error) {
    await a.close();
    throw error;
  }
}

function subscribe(app: FastifyInstance, ip: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email: uniqueEmail('shared') },
    remoteAddress: ip,
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = createClient({ url });
  await redis.connect();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(keys);
  await redis.close();
}

describe.skipIf(!redisUp)(`rate limits of two app instances on one Redis (${REDIS_URL})`, () => {
  // Keys of their own: other runs may share this Redis.
  const keyPrefix = `lt-test-rate-${randomBytes(4).toString('hex')}`;
  let a: TestApp;
  let b: FastifyInstance;

  beforeAll(async () => {
    ({ a, b } = await buildPair({ url: REDIS_URL, keyPrefix }));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await deleteKeys(REDIS_URL, keyPrefix);
  });

  it(`a per-caller limit (${LIMITS.profileUpdatePerUser}) spread over A and B is hit at exactly the max`, async () => {
    const user = await signIn(a.app, 'shared-profile');
    const update = (app: FastifyInstance) =>
      app.inject({
        method: 'PUT',
        url: `/api/userupdate/${encodeURIComponent(user.email)}`,
        headers: bearer(user.accessToken),
        payload: {
          email: user.email,
          name: 'Ada',
          education: '',
          social: '',
          phoneNumber: '',
          address: '',
        },
      });
    for (let i = 0; i < LIMITS.profileUpdatePerUser; i += 1) {
      expect((await update(i % 2 ? b : a.app)).statusCode).toBe(200);
    }
    expectTooMany(await update(a.app));
    expectTooMany(await update(b));

    // Counted in Redis under the app's prefix, by rule, per route (method and URL) and caller.
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    const key = `${keyPrefix}:rate:profileUpdatePerUser:PUT /api/userupdate/:email:${user.email}`;
    expect(await redis.get(key)).toBe(String(LIMITS.profileUpdatePerUser + 2));
    expect(await redis.pTTL(key)).toBeGreaterThan(0);
    await redis.close();
  });

  it(`a per-IP limit (${LIMITS.tokenExchangePerIp}) spread over A and B is hit at exactly the max`, async () => {
    const ip = freshIp();
    // No ID token: refused by the access policy, but counted first (the IP limit runs onRequest).
    for (let i = 0; i < LIMITS.tokenExchangePerIp; i += 1) {
      const res = await exchange(i % 2 ? b : a.app, { pathEmail: uniqueEmail('nobody'), ip });
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await exchange(b, { pathEmail: uniqueEmail('nobody'), ip }));
    expectTooMany(await exchange(a.app, { pathEmail: uniqueEmail('nobody'), ip }));
  });

  it(`the token-exchange limit per address (${LIMITS.tokenExchangePerAddress}, the real one) holds across A and B`, async () => {
    const account = await signUp(uniqueEmail('shared-exchange'));
    const once = (app: FastifyInstance) =>
      exchange(app, { idToken: account.idToken, pathEmail: account.email });
    for (let i = 0; i < LIMITS.tokenExchangePerAddress; i += 1) {
      const res = await once(i % 2 ? b : a.app);
      expect(res.statusCode, res.body).toBe(200);
    }
    expectTooMany(await once(a.app), /^Too many sign-ins for this address, try again in \d+ s/);
    expectTooMany(await once(b), /^Too many sign-ins for this address/);
  });

  it(`the newsletter total (${LIMITS.newsletterTotal}) counts the subscriptions of both`, async () => {
    for (let i = 0; i < LIMITS.newsletterTotal; i += 1) {
      expect((await subscribe(i % 2 ? b : a.app, freshIp())).statusCode).toBe(201);
    }
    expectTooMany(await subscribe(a.app, freshIp()), NEWSLETTER_BUSY_MESSAGE);
    expectTooMany(await subscribe(b, freshIp()), NEWSLETTER_BUSY_MESSAGE);
  });

  it('the chat burst is shared, and its windows under a second expire in Redis too', async () => {
    const { messageBurst } = CHAT_LIMITS;
    const [onA, onB] = [a.app.rateLimiter, b.rateLimiter];
    const user = `chat-${randomBytes(4).toString('hex')}`;
    const answers = await Promise.all(
      Array.from({ length: messageBurst + 1 }, (_, i) =>
        (i % 2 ? onB : onA).hit('chatMessagePerUser', user),
      ),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(messageBurst);
    // One message every 1/5 s: the 200 ms window has ended (a whole-second one would not have).
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await onB.hit('chatMessagePerUser', user)).allowed).toBe(true);
    expect((await onA.hit('chatMessagePerUser', user)).allowed).toBe(false);
  });
});

describe.skipIf(!canStartRedisServer)('rate limits while Redis is down', () => {
  let redis: PrivateRedis;
  let a: TestApp;
  let b: FastifyInstance;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    // Only the per-IP limit bites here (the total would remember the other tests' clients).
    const limits = { ...LIMITS, newsletterTotal: 10_000 };
    ({ a, b } = await buildPair({ url: redis.url, keyPrefix: 'lt-test-outage' }, limits));
  });
  afterAll(async () => {
    redis?.resume();
    await b?.close();
    await a?.close();
    await redis?.destroy();
  });

  /** Subscribes from `ip`, alternating A and B, until refused; the number answered 201. */
  async function allowedFrom(ip: string, apps: FastifyInstance[]): Promise<number> {
    let allowed = 0;
    for (let i = 0; i < 20; i += 1) {
      const started = Date.now();
      const app = apps[i % apps.length];
      if (!app) throw new Error('no app');
      const res = await subscribe(app, ip);
      // Answered at once: neither waiting for Redis nor failing because of it.
      expect(Date.now() - started).toBeLessThan(3_000);
      if (res.statusCode === 429) return allowed;
      expect(res.statusCode, res.body).toBe(201);
      allowed += 1;
    }
    throw new Error('never limited');
  }

  it('writes still answer, limited per process, and are shared again once Redis is back', async () => {
    const [appA, appB] = [a.app, b];
    expect(await allowedFrom(freshIp(), [appA, appB])).toBe(LIMITS.newsletterPerIp);

    await redis.stop();
    await until(() => !appA.redis?.isReady() && !appB.redis?.isReady(), 'the outage to be seen');
    // Each process counts alone: the same client gets the limit once from each.
    const ip = freshIp();
    expect(await allowedFrom(ip, [appA])).toBe(LIMITS.newsletterPerIp);
    expect(await allowedFrom(ip, [appB])).toBe(LIMITS.newsletterPerIp);

    await redis.start();
    await until(() => !!appA.redis?.isReady() && !!appB.redis?.isReady(), 'Redis to be back');
    expect(await allowedFrom(freshIp(), [appA, appB])).toBe(LIMITS.newsletterPerIp);
  });

  it('a Redis that stops answering does not hold writes up', async () => {
    const [appA, appB] = [a.app, b];
    await until(() => !!appA.redis?.isReady() && !!appB.redis?.isReady(), 'Redis to be up');
    redis.pause();
    try {
      // A command gives up after REDIS_TIMEOUT_MS and the process counts alone.
      const ip = freshIp();
      expect(await allowedFrom(ip, [appA])).toBe(LIMITS.newsletterPerIp);
      expect(await allowedFrom(ip, [appB])).toBe(LIMITS.newsletterPerIp);
    } finally {
      redis.resume();
    }
    // Redis is tried again REDIS_RETRY_MS after the last failure.
    await new Promise((resolve) => setTimeout(resolve, REDIS_RETRY_MS + 200));
    expect(await allowedFrom(freshIp(), [appA, appB])).toBe(LIMITS.newsletterPerIp);
  });

  it('the limiter warns once per outage and says when Redis counts again', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = Fastify({
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    });
    const shared = await connectRedis(redis.url, logger.log, 'lt-test-limiter');
    try {
      const limiter = createRateLimiter({
        log: logger.log,
        redis: shared,
        maxima: { newsletterPerIp: 2 },
        retryMs: 0,
      });
      /** Three hits of one key: the limit (2) lets two through. */
      const threeHits = async () => {
        const answers: boolean[] = [];
        for (let i = 0; i < 3; i += 1) {
          answers.push((await limiter.hit('newsletterPerIp', 'k')).allowed);
        }
        return answers;
      };
      const WARN = 40;
      const warnings = () =>
        lines.filter((line) => line.level === WARN && line.msg.startsWith('rate limits:'));
      expect(await threeHits()).toEqual([true, true, false]);
      expect(warnings()).toHaveLength(0);

      await redis.stop();
      // In memory now: this process's own count, from the start.
      expect(await threeHits()).toEqual([true, true, false]);
      expect(warnings()).toHaveLength(1);

      await redis.start();
      await until(() => shared.isReady(), 'Redis to be back');
      // The restarted Redis kept nothing (no persistence).
      expect(await threeHits()).toEqual([true, true, false]);
      expect(lines.map((line) => line.msg)).toContain('rate limits: counting in Redis again');
      expect(warnings()).toHaveLength(1);

      await redis.stop();
      await threeHits();
      expect(warnings()).toHaveLength(2);
      await redis.start();
    } finally {
      await shared.close();
      await logger.close();
    }
  });
});
