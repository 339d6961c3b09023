import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_LIMITS } from '../../contract/chat';
import { BURST_REFILL_MS } from '../../contract/chat-rules';
import { registerErrorHandler } from '../../server/plugins/errors';
import {
  createRateLimiter,
  registerRateLimits,
  type RateLimiter,
  type RateLimitMaxima,
  type RouteRateLimitName,
} from '../../server/rate-limit';

// Without Redis: every limit counts in this process's memory (tests/server/rate-limits-redis.test.ts
// covers Redis and its outages).
function memoryLimiter(maxima: Partial<RateLimitMaxima> = {}): RateLimiter {
  const app = Fastify();
  return createRateLimiter({ log: app.log, maxima });
}

/** `count` hits of `rule` for `subject` at once; how many were allowed. */
async function allowedOf(
  limiter: RateLimiter,
  rule: Parameters<RateLimiter['hit']>[0],
  subject: string,
  count: number,
): Promise<number> {
  const answers = await Promise.all(
    Array.from({ length: count }, () => limiter.hit(rule, subject)),
  );
  return answers.filter((answer) => answer.allowed).length;
}

describe('a per-minute limit', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows its maximum a window, says when to come back, then opens a new window', async () => {
    const limiter = memoryLimiter({ profileUpdatePerUser: 2 });
    const hit = (subject: string) => limiter.hit('profileUpdatePerUser', subject);
    expect(await hit('x')).toEqual({ allowed: true });
    expect(await hit('x')).toEqual({ allowed: true });
    vi.advanceTimersByTime(20_200);
    expect(await hit('x')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // Each subject and each rule counts apart.
    expect(await hit('y')).toEqual({ allowed: true });
    expect(await limiter.hit('adminWritePerAdmin', 'x')).toEqual({ allowed: true });
    vi.advanceTimersByTime(39_700);
    expect(await hit('x')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    vi.advanceTimersByTime(100);
    expect(await hit('x')).toEqual({ allowed: true });
  });
});

describe('the chat message limit', () => {
  const { messageBurst } = CHAT_LIMITS;
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`allows a burst of ${messageBurst}, then one message every 200 ms`, async () => {
    const limiter = memoryLimiter();
    expect(await allowedOf(limiter, 'chatMessagePerUser', 'u', messageBurst + 5)).toBe(
      messageBurst,
    );
    expect(await allowedOf(limiter, 'chatMessagePerUser', 'other', 1)).toBe(1);
    vi.advanceTimersByTime(199);
    expect(await allowedOf(limiter, 'chatMessagePerUser', 'u', 1)).toBe(0);
    vi.advanceTimersByTime(1);
    expect(await allowedOf(limiter, 'chatMessagePerUser', 'u', 3)).toBe(1);
    vi.advanceTimersByTime(200);
    expect(await allowedOf(limiter, 'chatMessagePerUser', 'u', 3)).toBe(1);
  });

  it('holds a sender who never pauses to 5 a second, with the burst once a minute', async () => {
    const limiter = memoryLimiter();
    expect(await allowedOf(limiter, 'chatMessagePerUser', 'u', messageBurst)).toBe(messageBurst);
    // Trying every 50 ms for almost a minute: one every 200 ms gets through, no more.
    let allowed = 0;
    for (let t = 50; t < BURST_REFILL_MS; t += 50) {
      vi.advanceTimersByTime(50);
      allowed += await allowedOf(limiter, 'chatMessagePerUser', 'u', 1);
    }
    expect(allowed).toBeLessThanOrEqual((BURST_REFILL_MS / 1000) * 5);
    expect(allowed).toBeGreaterThanOrEqual((BURST_REFILL_MS / 1000) * 5 - 1);
    // A minute after the burst began, a whole burst again.
    vi.advanceTimersByTime(1_000);
    expect(await allowedOf(limiter, 'chatMessagePerUser', 'u', messageBurst + 1)).toBe(
      messageBurst,
    );
  });

  it('keeps typing notices to 2 a second, burst 4', async () => {
    const limiter = memoryLimiter();
    expect(await allowedOf(limiter, 'chatTypingPerUser', 'u', 6)).toBe(4);
    vi.advanceTimersByTime(500);
    expect(await allowedOf(limiter, 'chatTypingPerUser', 'u', 2)).toBe(1);
  });
});

describe("routes' config.rateLimit", () => {
  async function appWith(maxima: Partial<RateLimitMaxima>) {
    const app = Fastify();
    registerErrorHandler(app);
    registerRateLimits(app, createRateLimiter({ log: app.log, maxima }));
    return app;
  }

  it('counts each route apart and refuses with a 429 in the API’s shape and Retry-After', async () => {
    const app = await appWith({ newsletterPerIp: 2 });
    app.post('/one', { config: { rateLimit: 'newsletterPerIp' } }, async () => 'one');
    app.post('/two', { config: { rateLimit: 'newsletterPerIp' } }, async () => 'two');
    app.post('/open', async () => 'open');
    const send = async (url: string, remoteAddress = '10.0.0.1') =>
      (await app.inject({ method: 'POST', url, remoteAddress })).statusCode;
    try {
      expect([await send('/one'), await send('/one'), await send('/one')]).toEqual([200, 200, 429]);
      expect([await send('/two'), await send('/two'), await send('/two')]).toEqual([200, 200, 429]);
      expect(await send('/one', '10.0.0.2')).toBe(200);
      expect([await send('/open'), await send('/open'), await send('/open')]).toEqual([
        200, 200, 200,
      ]);
      const refused = await app.inject({ method: 'POST', url: '/one', remoteAddress: '10.0.0.1' });
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json()).toEqual({
        error: { code: 'too_many_requests', message: 'Too many requests, try again in 1 minute' },
      });
    } finally {
      await app.close();
    }
  });

  it('refuses, at start, a rule that counts per something a request does not carry', async () => {
    const app = await appWith({});
    const total = 'newsletterTotal' as RouteRateLimitName;
    expect(() => app.post('/x', { config: { rateLimit: total } }, async () => 'x')).toThrow(
      /counts per total/,
    );
    await app.close();
  });
});
