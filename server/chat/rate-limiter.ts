import { REDIS_COUNTER_TIMEOUT_MS } from '../rate-limit-counter';
import { withTimeout } from '../with-timeout';
import type { SharedRedis } from '../redis';

/** A token bucket per key: `perSecond` tokens a second, at most `burst` saved up. */
export type TokenBucketRule = { perSecond: number; burst: number };

export interface RateLimiter {
  /** Takes one token for `key`; false (and nothing taken) when the bucket is empty. */
  take(key: string): Promise<boolean>;
}

/** Entries beyond this are swept of full buckets (those carry no information). */
const SWEEP_ABOVE_ENTRIES = 10_000;

/** In this process's memory: enough for one process. */
export function createMemoryRateLimiter(
  rule: TokenBucketRule,
  now: () => number = () => performance.now(),
): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refilled = (bucket: { tokens: number; at: number }, time: number) =>
    Math.min(rule.burst, bucket.tokens + ((time - bucket.at) * rule.perSecond) / 1000);

  return {
    async take(key) {
      const time = now();
      if (buckets.size > SWEEP_ABOVE_ENTRIES) {
        for (const [other, bucket] of buckets) {
          if (refilled(bucket, time) >= rule.burst) buckets.delete(other);
        }
      }
      const bucket = buckets.get(key);
      const tokens = bucket ? refilled(bucket, time) : rule.burst;
      if (tokens < 1) return false;
      buckets.set(key, { tokens: tokens - 1, at: time });
      return true;
    },
  };
}

// One atomic step in Redis, on Redis's own clock, so every process shares one bucket per key.
const TOKEN_BUCKET_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
if tokens < 1 then
  return 0
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - 1), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return 1
`;

/**
 * In Redis: the limit holds across every process sharing it. While Redis is down each process
 * counts in its own memory (`fallback`), so the chat goes on with a per-process limit.
 */
export function createRedisRateLimiter(
  redis: SharedRedis,
  rule: TokenBucketRule,
  keyPrefix: string,
  fallback: RateLimiter = createMemoryRateLimiter(rule),
): RateLimiter {
  const args = [String(rule.perSecond), String(rule.burst)];
  return {
    async take(key) {
      if (!redis.isReady()) return fallback.take(key);
      try {
        // A stalled Redis must not hold the message up: it then counts in this process.
        const allowed = await withTimeout(
          redis.client.eval(TOKEN_BUCKET_SCRIPT, { keys: [`${keyPrefix}${key}`], arguments: args }),
          REDIS_COUNTER_TIMEOUT_MS,
        );
        return allowed === 1;
      } catch {
        return fallback.take(key);
      }
    },
  };
}
