import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { z } from 'zod';
import type { WindowCounter } from './rate-limit-counter';

// What the plugin hands `child`: the route's merged limit options, with the route as `routeInfo`
// (empty for `createRateLimit`). Only these fields matter here.
const childOptionsSchema = z.object({
  continueExceeding: z.boolean().optional(),
  exponentialBackoff: z.boolean().optional(),
  routeInfo: z
    .object({
      method: z.union([z.string(), z.array(z.string())]).optional(),
      url: z.string().optional(),
    })
    .optional(),
});

/**
 * A store for @fastify/rate-limit (its `store` option) that counts in `counter`: in Redis when
 * processes share one, so every process counts into the same windows. The plugin's own
 * RedisStore needs ioredis; this one takes any WindowCounter. Like RedisStore, each route counts
 * apart (keys start with the route's method and URL).
 */
export function counterStore(counter: WindowCounter): FastifyRateLimitStoreCtor {
  class CounterStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: FastifyRateLimitOptions, prefix = 'http:') {
      const parsed = childOptionsSchema.parse(options);
      // A fixed window only: these would silently not apply.
      if (parsed.continueExceeding || parsed.exponentialBackoff) {
        throw new Error('the rate-limit store supports neither continueExceeding nor backoff');
      }
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.incr(`${this.prefix}${key}`, timeWindow).then(
        ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = childOptionsSchema.parse(routeOptions).routeInfo;
      const routeKey =
        route?.method !== undefined && route.url !== undefined
          ? `${String(route.method)}${route.url}-`
          : '';
      return new CounterStore(routeOptions, `${this.prefix}${routeKey}`);
    }
  }
  return CounterStore;
}
