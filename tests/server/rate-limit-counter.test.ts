import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createFixedWindowLimiter } from '../../server/auth/fixed-window-limiter';
import { createMemoryCounter } from '../../server/rate-limit-counter';
import { counterStore } from '../../server/rate-limit-store';

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('the memory counter', () => {
  it('counts hits in a fixed window and starts a new one when it ends', async () => {
    const time = clock();
    const counter = createMemoryCounter({ now: time.now });
    expect(await counter.incr('k', 60_000)).toEqual({ current: 1, ttlMs: 60_000 });
    time.advance(1_500);
    expect(await counter.incr('k', 60_000)).toEqual({ current: 2, ttlMs: 58_500 });
    time.advance(58_499);
    expect(await counter.incr('k', 60_000)).toEqual({ current: 3, ttlMs: 1 });
    // The window's last millisecond is over: a new window, from this hit.
    time.advance(1);
    expect(await counter.incr('k', 60_000)).toEqual({ current: 1, ttlMs: 60_000 });
    time.advance(10_000);
    expect(await counter.incr('k', 60_000)).toEqual({ current: 2, ttlMs: 50_000 });
  });

  it('keeps keys and window lengths apart', async () => {
    const time = clock();
    const counter = createMemoryCounter({ now: time.now });
    await counter.incr('a', 1_000);
    await counter.incr('a', 1_000);
    expect(await counter.incr('b', 5_000)).toEqual({ current: 1, ttlMs: 5_000 });
    time.advance(1_000);
    expect(await counter.incr('a', 1_000)).toEqual({ current: 1, ttlMs: 1_000 });
    expect(await counter.incr('b', 5_000)).toEqual({ current: 2, ttlMs: 4_000 });
  });

  it('holds at most maxKeys windows, dropping ended ones and then the oldest', async () => {
    const time = clock();
    const counter = createMemoryCounter({ now: time.now, maxKeys: 3 });
    await counter.incr('old', 1_000);
    time.advance(10);
    await counter.incr('mid', 60_000);
    await counter.incr('mid', 60_000);
    await counter.incr('new', 60_000);
    time.advance(1_000); // 'old' has ended
    await counter.incr('fourth', 60_000);
    // Room was made by dropping the ended window, so every live one is still counted.
    expect(await counter.incr('mid', 60_000)).toMatchObject({ current: 3 });
    expect(await counter.incr('new', 60_000)).toMatchObject({ current: 2 });
    // Full of live windows: the one opened first goes.
    await counter.incr('fifth', 60_000);
    expect(await counter.incr('mid', 60_000)).toMatchObject({ current: 1 });
    expect(await counter.incr('fourth', 60_000)).toMatchObject({ current: 2 });
  });
});

describe('the fixed-window limiter', () => {
  it('allows max hits a window, then says when to come back', async () => {
    const time = clock();
    const limiter = createFixedWindowLimiter({
      counter: createMemoryCounter({ now: time.now }),
      name: 'test',
      max: 2,
      windowMs: 60_000,
    });
    expect(await limiter.hit('x')).toEqual({ allowed: true });
    expect(await limiter.hit('x')).toEqual({ allowed: true });
    time.advance(20_200);
    expect(await limiter.hit('x')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await limiter.hit('y')).toEqual({ allowed: true });
    time.advance(39_700);
    expect(await limiter.hit('x')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time.advance(100);
    expect(await limiter.hit('x')).toEqual({ allowed: true });
  });

  it('counts under its own name in a counter shared with other limits', async () => {
    const counter = createMemoryCounter();
    const options = { counter, max: 1, windowMs: 60_000 };
    const one = createFixedWindowLimiter({ ...options, name: 'one' });
    const two = createFixedWindowLimiter({ ...options, name: 'two' });
    expect(await one.hit('x')).toEqual({ allowed: true });
    expect(await two.hit('x')).toEqual({ allowed: true });
    expect((await one.hit('x')).allowed).toBe(false);
  });
});

describe('the @fastify/rate-limit store over a counter', () => {
  it('counts each route apart, as the plugin’s own stores do', async () => {
    const app = Fastify();
    await app.register(rateLimit, {
      global: false,
      store: counterStore(createMemoryCounter()),
    });
    const config = { rateLimit: { max: 2, timeWindow: 60_000 } };
    app.post('/one', { config }, async () => 'one');
    app.post('/two', { config }, async () => 'two');
    const send = async (url: string) => (await app.inject({ method: 'POST', url })).statusCode;
    try {
      expect([await send('/one'), await send('/one'), await send('/one')]).toEqual([200, 200, 429]);
      expect([await send('/two'), await send('/two'), await send('/two')]).toEqual([200, 200, 429]);
      const res = await app.inject({ method: 'POST', url: '/one' });
      expect(res.headers).toMatchObject({ 'x-ratelimit-limit': '2', 'retry-after': '60' });
    } finally {
      await app.close();
    }
  });

  it('refuses options a fixed window cannot honour', async () => {
    const app = Fastify();
    await app.register(rateLimit, {
      global: false,
      store: counterStore(createMemoryCounter()),
    });
    expect(() =>
      app.post('/x', { config: { rateLimit: { max: 1, continueExceeding: true } } }, () => 'x'),
    ).toThrow(/neither continueExceeding nor backoff/);
    await app.close();
  });
});
