import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { SharedRedis } from './redis';
import { withTimeout } from './with-timeout';

/** A key's hits in its current window, and how long that window still runs. */
export type WindowCount = { current: number; ttlMs: number };

/**
 * Fixed-window hit counters: the one place every rate limit of the HTTP API counts (the
 * @fastify/rate-limit store and the fixed-window limiters both sit on it).
 */
export interface WindowCounter {
  /**
   * Counts one hit for `key`. The first hit opens a window of `windowMs`; hits counted until it
   * ends share it (`ttlMs` is what is left of it).
   */
  incr(key: string, windowMs: number): Promise<WindowCount>;
}

/** Windows kept at most; beyond, the oldest go first (they are the nearest to their end). */
export const MEMORY_COUNTER_MAX_KEYS = 50_000;

/** In this process's memory: enough for one process, and the fallback while Redis is down. */
export function createMemoryCounter(
  options: { now?: () => number; maxKeys?: number } = {},
): WindowCounter {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? MEMORY_COUNTER_MAX_KEYS;
  // Map order is the order windows opened (reopening moves a key to the end): ended windows
  // gather at the front, so dropping them costs only what is dropped.
  const windows = new Map<string, { count: number; resetAt: number }>();

  function dropFront(at: number): void {
    for (const [key, window] of windows) {
      if (window.resetAt > at && windows.size < maxKeys) return;
      windows.delete(key);
    }
  }

  return {
    async incr(key, windowMs) {
      const at = now();
      const window = windows.get(key);
      if (window && window.resetAt > at) {
        window.count += 1;
        return { current: window.count, ttlMs: window.resetAt - at };
      }
      windows.delete(key);
      dropFront(at);
      windows.set(key, { count: 1, resetAt: at + windowMs });
      return { current: 1, ttlMs: windowMs };
    },
  };
}

// One atomic step: the first hit starts the window (PEXPIRE), later ones read what is left of it.
// A key without expiry (never left by this script) is given one rather than counting forever.
const FIXED_WINDOW_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  ttl = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {current, ttl}
`;

const scriptReply = z.tuple([z.number().int(), z.number().int()]);

/**
 * How long a command may take. node-redis's own command timeout stops once the command is
 * written, so a Redis that accepts it and stalls would hold the request up for good.
 */
export const REDIS_COUNTER_TIMEOUT_MS = 500;
/** After a failed command, this long in memory before Redis is tried again. */
export const REDIS_COUNTER_RETRY_MS = 1_000;

/**
 * In Redis, under `<keyPrefix>:rate:`: every process sharing the Redis counts into the same
 * windows. While Redis is down (or a command fails or stalls) this process counts in
 * `fallback`, so the API keeps answering with per-process limits; the warning is logged once per
 * outage.
 */
export function createRedisCounter(
  redis: SharedRedis,
  options: {
    log: FastifyBaseLogger;
    fallback?: WindowCounter;
    timeoutMs?: number;
    retryMs?: number;
  },
): WindowCounter {
  const { log } = options;
  const fallback = options.fallback ?? createMemoryCounter();
  const timeoutMs = options.timeoutMs ?? REDIS_COUNTER_TIMEOUT_MS;
  const retryMs = options.retryMs ?? REDIS_COUNTER_RETRY_MS;
  const keyPrefix = `${redis.keyPrefix}:rate:`;
  let degraded = false;
  // A stalled Redis costs one request the timeout, not every request.
  let skipUntil = 0;

  function fallBack(key: string, windowMs: number, error?: unknown): Promise<WindowCount> {
    if (!degraded) {
      degraded = true;
      log.warn(
        error === undefined ? {} : { err: error },
        'rate limits: Redis unavailable, counting in this process alone until it is back',
      );
    }
    return fallback.incr(key, windowMs);
  }

  return {
    async incr(key, windowMs) {
      if (!redis.isReady() || Date.now() < skipUntil) return fallBack(key, windowMs);
      let reply: unknown;
      try {
        reply = await withTimeout(
          redis.client.eval(FIXED_WINDOW_SCRIPT, {
            keys: [`${keyPrefix}${key}`],
            arguments: [String(windowMs)],
          }),
          timeoutMs,
        );
      } catch (error) {
        skipUntil = Date.now() + retryMs;
        return fallBack(key, windowMs, error);
      }
      const parsed = scriptReply.safeParse(reply);
      if (!parsed.success) return fallBack(key, windowMs, parsed.error);
      if (degraded) {
        degraded = false;
        log.info('rate limits: counting in Redis again');
      }
      const [current, ttlMs] = parsed.data;
      return { current, ttlMs };
    },
  };
}
