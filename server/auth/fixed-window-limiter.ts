import type { WindowCounter } from '../rate-limit-counter';

/**
 * A fixed-window limit keyed by something other than the client IP (which @fastify/rate-limit
 * covers, one config per route). Counts in the app's WindowCounter, so in Redis when processes
 * share one.
 */
export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface FixedWindowLimiter {
  /** Counts one hit for `key`; refuses once `max` hits were counted in the current window. */
  hit(key: string): Promise<LimitResult>;
}

export function createFixedWindowLimiter(options: {
  counter: WindowCounter;
  /** Keeps this limit's keys apart from every other limit's in the counter. */
  name: string;
  max: number;
  windowMs: number;
}): FixedWindowLimiter {
  const { counter, name, max, windowMs } = options;
  return {
    async hit(key) {
      const { current, ttlMs } = await counter.incr(`${name}:${key}`, windowMs);
      if (current <= max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
  };
}
