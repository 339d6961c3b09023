/**
 * A small in-memory fixed-window counter, for limits keyed by something other than the client
 * IP (which @fastify/rate-limit covers, one config per route). Per process, like the IP limits.
 */
export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface FixedWindowLimiter {
  /** Counts one hit for `key`; refuses once `max` hits were counted in the current window. */
  hit(key: string): LimitResult;
}

// Above this many keys, expired windows are swept so the map cannot grow without bound.
const SWEEP_THRESHOLD = 10_000;

export function createFixedWindowLimiter(options: {
  max: number;
  windowMs: number;
  now?: () => number;
}): FixedWindowLimiter {
  const { max, windowMs } = options;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(at: number): void {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  return {
    hit(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        if (windows.size >= SWEEP_THRESHOLD) sweep(at);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      if (window.count >= max) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - at) / 1000)),
        };
      }
      window.count += 1;
      return { allowed: true };
    },
  };
}
