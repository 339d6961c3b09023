import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { CHAT_RATE_RULES, type ChatRateRule } from '../contract/chat-events';
import { burstWindows } from '../contract/chat-rules';
import { asArray } from './as-array';
import { HttpError } from './plugins/errors';
import type { SharedRedis } from './redis';
import { withTimeout } from './with-timeout';

/**
 * Every rate limit of the server, HTTP and chat, on rate-limiter-flexible (docs/architecture.md
 * §4, docs/decisions.md D37). With REDIS_URL every process counts in Redis, so the limits hold
 * for all of them together; while Redis is down, stalls or fails, each process counts in its own
 * memory (the limiters' insuranceLimiter); without REDIS_URL, in memory.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's rate limit, by its name in RATE_LIMITS (counted by registerRateLimits). */
    rateLimit?: RouteRateLimitName;
  }
}

/**
 * What a limit counts per. ip: the client's address (behind a proxy only with TRUST_PROXY);
 * caller: the signed-in user of a request; address: an address the request proved it owns;
 * total: every client together; user: a chat user, across their sockets.
 */
type Per = 'ip' | 'caller' | 'address' | 'total' | 'user';

/** At most `perMinute` hits a minute, in fixed windows opened by the first hit. */
type PerMinuteRule = {
  per: Exclude<Per, 'user'>;
  perMinute: number;
  /** The 429's message; by default `Too many requests, try again in <wait>`. */
  refusal?: (retryAfterSeconds: number) => string;
};

/** `perSecond`, with up to `burst` at once (a token bucket's terms; counted as D37 says). */
type BurstRule = { per: Extract<Per, 'user'>; perSecond: number; burst: number };

/** The chat's per-user rules, as the contract's table of events names them (D70). */
const CHAT_USER_LIMITS = Object.fromEntries(
  Object.entries(CHAT_RATE_RULES).map(([name, { perSecond, burst }]) => [
    name,
    { per: 'user', perSecond, burst },
  ]),
) as { readonly [Name in ChatRateRule]: BurstRule };

export const NEWSLETTER_BUSY_MESSAGE = 'Too many subscriptions right now, try again in a minute';

/** The one table of the server's rate limits (`buildApp` lowers the per-minute ones for tests). */
export const RATE_LIMITS = {
  /** PUT /user/:email (token exchange). */
  tokenExchangePerIp: { per: 'ip', perMinute: 30 },
  /** PUT /user/:email, once the ID token proved the address (strangers cannot lock it out). */
  tokenExchangePerAddress: {
    per: 'address',
    perMinute: 10,
    refusal: (wait) => `Too many sign-ins for this address, try again in ${inSeconds(wait)}`,
  },
  /** PUT /userupdate/:email. */
  profileUpdatePerUser: { per: 'caller', perMinute: 20 },
  /** DELETE /allusers/dlt/:email, PUT /allusers/makeadmin/:email and …/removeadmin/:email (each). */
  adminWritePerAdmin: { per: 'caller', perMinute: 60 },
  /** POST /newsletter: an open form is cheap to flood. */
  newsletterPerIp: { per: 'ip', perMinute: 20 },
  /** POST /newsletter, after validation: a flood from many addresses. */
  newsletterTotal: { per: 'total', perMinute: 300, refusal: () => NEWSLETTER_BUSY_MESSAGE },
  /** POST /book: each new book also empties every process's catalogue cache. */
  bookCreatePerAdmin: { per: 'caller', perMinute: 30 },
  /** PATCH /books/:id and DELETE /books/:id (each): every change also empties the cache. */
  bookWritePerAdmin: { per: 'caller', perMinute: 60 },
  /** POST /admin/orders/:id/refunds: each one is a call to Stripe. */
  refundPerAdmin: { per: 'caller', perMinute: 30 },
  /**
   * POST /cart, PUT /carts/quantity/:id and DELETE /carts/delete/:id (each route): the cart's
   * plus and minus buttons send one request per click.
   */
  cartWritePerUser: { per: 'caller', perMinute: 120 },
  /** POST /images: each upload may hold 5 MB in memory and in the database. */
  imageUploadPerAdmin: { per: 'caller', perMinute: 20 },
  /** POST /payments/intent: each new cart costs a call to Stripe. */
  paymentIntentPerUser: { per: 'caller', perMinute: 30 },
  /** DELETE /booking/dlt/:id. */
  orderDeletePerUser: { per: 'caller', perMinute: 60 },
  /** POST /chat/messages/:id/reports. */
  chatReportPerUser: { per: 'caller', perMinute: 20 },
  /** POST /admin/chat-reports/:id/actions. */
  chatModerationPerAdmin: { per: 'caller', perMinute: 60 },
  /**
   * POST /vitals: a page load sends one beacon, so a few a minute is all one client makes; one
   * address cannot outvote the other visitors in a page's p75 (D53). An office behind one address
   * (NAT) loses some beacons over it (a 429 no browser reads): the figures are a sample anyway.
   */
  vitalsPerIp: { per: 'ip', perMinute: 6 },
  /** POST /chat/rooms/:room/drawings: each may hold 5 MB in memory and in the database. */
  chatDrawingPerUser: { per: 'caller', perMinute: 10 },
  /** GET /chat/rooms/:room/messages (search) and GET /chat/messages/:id/context (each). */
  chatSearchPerUser: { per: 'caller', perMinute: 60 },
  /** The chat's events (contract/chat-events.ts, CHAT_RATE_RULES): across the user's sockets. */
  ...CHAT_USER_LIMITS,
} as const satisfies Record<string, PerMinuteRule | BurstRule>;

type Rules = typeof RATE_LIMITS;
export type RateLimitName = keyof Rules;
type NamesWhere<Shape> = {
  [K in RateLimitName]: Rules[K] extends Shape ? K : never;
}[RateLimitName];
/** Rules counted per minute: those a request is refused by with a 429. */
export type PerMinuteRuleName = NamesWhere<{ perMinute: number }>;
/** Rules a route names in `config.rateLimit`: per client IP, or per signed-in caller. */
export type RouteRateLimitName = NamesWhere<{ per: 'ip' | 'caller' }>;
/** Hits a minute of each per-minute rule: `buildApp`'s `rateLimits` overrides them (tests). */
export type RateLimitMaxima = Record<PerMinuteRuleName, number>;

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /**
   * Counts one hit of `rule` for `subject` (the IP, caller, address or user it counts per; any
   * constant for a total).
   */
  hit(rule: RateLimitName, subject: string): Promise<RateLimitResult>;
  /** `hit`, with a refusal thrown as the rule's 429 and its Retry-After set on `reply`. */
  enforce(rule: PerMinuteRuleName, subject: string, reply: FastifyReply): Promise<void>;
}

/** A Redis command slower than this counts in memory: a stalled Redis must not hold requests. */
export const REDIS_TIMEOUT_MS = 500;
/** After a failed or stalled command, this long in memory before Redis is tried again. */
export const REDIS_RETRY_MS = 1_000;

const MINUTE_MS = 60_000;

export function createRateLimiter(options: {
  log: FastifyBaseLogger;
  /** Where every process counts; absent: this process's memory. */
  redis?: SharedRedis | undefined;
  maxima?: Partial<RateLimitMaxima>;
  timeoutMs?: number;
  retryMs?: number;
}): RateLimiter {
  const { redis } = options;
  const store = redis
    ? redisStore(redis, {
        log: options.log,
        timeoutMs: options.timeoutMs ?? REDIS_TIMEOUT_MS,
        retryMs: options.retryMs ?? REDIS_RETRY_MS,
      })
    : undefined;

  /** A fixed window: in Redis when there is one, with this process's memory as insurance. */
  function fixedWindow(
    name: string,
    points: number,
    windowMs: number,
  ): RateLimiterMemory | RateLimiterRedis {
    const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: windowMs / 1000 });
    if (!redis || !store) return memory;
    return new RateLimiterRedis({
      storeClient: store,
      useRedisPackage: true,
      keyPrefix: `${redis.keyPrefix}:rate:${name}`,
      points,
      // At least a second, or RateLimiterRedis skips the script (and sets no expiry at all);
      // the window itself is the script's, in whole milliseconds.
      duration: Math.max(1, windowMs / 1000),
      customIncrTtlLuaScript: windowScript(Math.max(1, Math.round(windowMs))),
      insuranceLimiter: memory,
    });
  }

  const limiters = new Map<RateLimitName, Consumer>();
  for (const [name, rule] of Object.entries(RATE_LIMITS) as [RateLimitName, Rule][]) {
    if ('perMinute' in rule) {
      const perMinute = options.maxima?.[name as PerMinuteRuleName] ?? rule.perMinute;
      limiters.set(name, fixedWindow(name, perMinute, MINUTE_MS));
    } else {
      // The contract's two windows (burstWindows, docs/decisions.md D37): the first, and once
      // it is taken, the burst's.
      const windows = burstWindows(rule.perSecond, rule.burst);
      limiters.set(
        name,
        new BurstyRateLimiter(
          fixedWindow(name, 1, windows.spacingMs),
          fixedWindow(`${name}:burst`, windows.extra, windows.refillMs),
        ),
      );
    }
  }

  async function hit(name: RateLimitName, subject: string): Promise<RateLimitResult> {
    const limiter = limiters.get(name);
    if (!limiter) throw new Error(`no rate limit named ${name}`);
    try {
      await limiter.consume(subject);
      return { allowed: true };
    } catch (refusal) {
      // Anything else is a failure of the memory fallback itself, not a refusal.
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
      };
    }
  }

  return {
    hit,
    async enforce(name, subject, reply) {
      const result = await hit(name, subject);
      if (result.allowed) return;
      const rule: PerMinuteRule = RATE_LIMITS[name];
      void reply.header('retry-after', String(result.retryAfterSeconds));
      throw new HttpError(
        429,
        rule.refusal?.(result.retryAfterSeconds) ??
          `Too many requests, try again in ${inWords(result.retryAfterSeconds)}`,
      );
    },
  };
}

/**
 * Counts each route's `config.rateLimit` rule, each route apart: per client IP at onRequest,
 * before anything else runs; per caller at preHandler, after the auth plugin's authorization
 * (it sets `request.caller` in preValidation), so only authorized requests count. Call on the
 * root instance before any route is added.
 */
export function registerRateLimits(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const name = route.config?.rateLimit;
    if (name === undefined) return;
    const rule: Rule = RATE_LIMITS[name];
    if (rule.per !== 'ip' && rule.per !== 'caller') {
      throw new Error(`${route.url}: rate limit ${name} counts per ${rule.per}, not per request`);
    }
    const routeKey = `${asArray(route.method).join(',')} ${route.url}`;
    if (rule.per === 'ip') {
      route.onRequest = [
        ...asArray(route.onRequest),
        (request: FastifyRequest, reply: FastifyReply) =>
          limiter.enforce(name, `${routeKey}:${request.ip}`, reply),
      ];
    } else {
      route.preHandler = [
        ...asArray(route.preHandler),
        (request: FastifyRequest, reply: FastifyReply) =>
          limiter.enforce(
            name,
            `${routeKey}:${request.caller ? request.caller.email : `ip:${request.ip}`}`,
            reply,
          ),
      ];
    }
  });
}

type Rule = PerMinuteRule | BurstRule;
type Consumer = { consume(key: string): Promise<RateLimiterRes> };

function inSeconds(seconds: number): string {
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

function inWords(seconds: number): string {
  if (seconds < 60) return inSeconds(seconds);
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * RateLimiterRedis's own script keeps whole seconds (EX); the chat's windows are a fraction of
 * one. The same atomic steps in milliseconds: the first hit opens the window, later ones read
 * what is left of it, a key left without expiry gets one.
 */
function windowScript(windowMs: number): string {
  return `
redis.call('set', KEYS[1], 0, 'PX', ${windowMs}, 'NX')
local consumed = redis.call('incrby', KEYS[1], ARGV[1])
local ttl = redis.call('pttl', KEYS[1])
if ttl < 0 then
  redis.call('pexpire', KEYS[1], ${windowMs})
  ttl = ${windowMs}
end
return {consumed, ttl}
`;
}

/** The one command RateLimiterRedis's consume sends with `useRedisPackage`. */
type StoreClient = {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
};

/**
 * The shared connection as the limiters' store: the one outage policy of every limit. A command
 * refused at once (Redis down), failed or stalled past `timeoutMs` rejects, and the limiter
 * counts in its insuranceLimiter (this process's memory); after a failure Redis is left alone
 * for `retryMs`, so a stalled Redis costs one request the timeout, not every request. One
 * warning per outage, one line when Redis counts again.
 */
function redisStore(
  redis: SharedRedis,
  options: { log: FastifyBaseLogger; timeoutMs: number; retryMs: number },
): StoreClient {
  const { log, timeoutMs, retryMs } = options;
  let degraded = false;
  let skipUntil = 0;

  function degrade(error?: unknown): Error {
    if (!degraded) {
      degraded = true;
      log.warn(
        error === undefined ? {} : { err: error },
        'rate limits: Redis unavailable, counting in this process alone until it is back',
      );
    }
    return error instanceof Error ? error : new Error('Redis is unavailable');
  }

  return {
    async eval(script, command) {
      if (!redis.isReady() || Date.now() < skipUntil) throw degrade();
      let reply: unknown;
      try {
        reply = await withTimeout(redis.client.eval(script, command), timeoutMs);
      } catch (error) {
        skipUntil = Date.now() + retryMs;
        throw degrade(error);
      }
      if (degraded) {
        degraded = false;
        log.info('rate limits: counting in Redis again');
      }
      return reply;
    },
  };
}
