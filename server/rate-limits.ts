import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * Requests allowed per minute on every write of the API: the one list of its limits. Counted in
 * fixed windows (server/rate-limit-counter.ts): in Redis with REDIS_URL, so the limits hold for
 * all processes together; per process without it, or while Redis is down. Per-IP limits count
 * the client's address, behind a proxy only with TRUST_PROXY. `buildApp` takes lower ones for
 * tests.
 */
export type RateLimits = {
  /** PUT /user/:email (token exchange), per client IP. */
  tokenExchangePerIp: number;
  /** PUT /user/:email, per address, once the ID token proved it. */
  tokenExchangePerAddress: number;
  /** PUT /userupdate/:email, per signed-in user. */
  profileUpdatePerUser: number;
  /** DELETE /allusers/dlt/:email and PUT /allusers/makeadmin/:email, per admin (each route). */
  adminWritePerAdmin: number;
  /** POST /newsletter, per client IP: an open form is cheap to flood. */
  newsletterPerIp: number;
  /** POST /newsletter, all clients together: a flood from many addresses. */
  newsletterTotal: number;
  /** POST /book, per admin: each new book also empties every process's catalogue cache. */
  bookCreatePerAdmin: number;
  /**
   * POST /cart, PUT /carts/quantity/:id and DELETE /carts/delete/:id, per signed-in user (each
   * route): the cart's plus and minus buttons send one request per click.
   */
  cartWritePerUser: number;
  /** POST /images, per admin: each upload may hold 5 MB in memory and in the database. */
  imageUploadPerAdmin: number;
  /** POST /payments/intent, per signed-in user: each new cart costs a call to Stripe. */
  paymentIntentPerUser: number;
  /** DELETE /booking/dlt/:id, per signed-in user. */
  orderDeletePerUser: number;
};

export const RATE_LIMITS: RateLimits = {
  tokenExchangePerIp: 30,
  tokenExchangePerAddress: 10,
  profileUpdatePerUser: 20,
  adminWritePerAdmin: 60,
  newsletterPerIp: 20,
  newsletterTotal: 300,
  bookCreatePerAdmin: 30,
  cartWritePerUser: 120,
  imageUploadPerAdmin: 20,
  paymentIntentPerUser: 30,
  orderDeletePerUser: 60,
};

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** A route's `config.rateLimit` counting per client IP, before anything else runs. */
export function perIp(max: number): RateLimitOptions {
  return { max, timeWindow: RATE_LIMIT_WINDOW_MS };
}

/**
 * A route's `config.rateLimit` counting per signed-in caller. At preHandler: the auth plugin
 * sets `request.caller` in preValidation, and only authorized requests are counted.
 */
export function perCaller(max: number): RateLimitOptions {
  return {
    max,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) =>
      request.caller ? `caller:${request.caller.email}` : `ip:${request.ip}`,
  };
}
