import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthySchema, type HealthChecks } from '../../contract/health';
import { apiRoute, sendWhenReady } from '../plugins/api-route';
import { apiError } from '../plugins/errors';
import { withTimeout } from '../with-timeout';

const JSON_TYPE = 'application/json; charset=utf-8';

/** How long each dependency may take to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * How old a check may be and still answer: a load balancer may poll many times a second, and
 * each poll asking the database and Redis would cost them more than the shop's own requests.
 * A dependency going down shows at most this much later.
 */
export const HEALTH_MAX_AGE_MS = 1_000;

function answersInTime(check: () => Promise<unknown>): Promise<boolean> {
  return withTimeout(Promise.resolve().then(check), CHECK_TIMEOUT_MS).then(
    () => true,
    () => false,
  );
}

/**
 * `check`, run at most once per `maxAgeMs`: a result is reused while younger (counted from the
 * check's start, so never older than that), and handed over at once, without a promise; the
 * callers that find none share the one check under way.
 */
function sharedCheck<T>(check: () => Promise<T>, maxAgeMs: number): () => T | Promise<T> {
  let last: { value: T; startedAt: number } | undefined;
  let running: Promise<T> | undefined;
  return () => {
    if (last && performance.now() - last.startedAt < maxAgeMs) return last.value;
    running ??= (async () => {
      const startedAt = performance.now();
      try {
        const value = await check();
        last = { value, startedAt };
        return value;
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
}

/** The names of the dependencies that are down, for the 503's message. */
function downNames(checks: HealthChecks): string[] {
  return [
    checks.database === 'down' ? 'Database' : undefined,
    checks.redis === 'down' ? 'Redis' : undefined,
  ].filter((name) => name !== undefined);
}

/**
 * GET /api/health: 200 when every dependency answers, else 503 naming the ones that are down
 * (for the load balancer, and for the operator reading it). Redis down is reported too, although
 * the shop keeps working without it (each process alone). Answered from a check at most
 * HEALTH_MAX_AGE_MS old.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkDependencies = sharedCheck(async (): Promise<HealthChecks> => {
    const { redis } = app;
    const [database, redisUp] = await Promise.all([
      answersInTime(() => app.db.query('select 1')),
      redis ? answersInTime(() => redis.client.ping()) : Promise.resolve(undefined),
    ]);
    const checks: HealthChecks = {
      database: database ? 'up' : 'down',
      redis: redisUp === undefined ? 'off' : redisUp ? 'up' : 'down',
    };
    // Once per check, not per poll.
    if (downNames(checks).length > 0) app.log.warn({ checks }, 'health check: dependency down');
    return checks;
  }, HEALTH_MAX_AGE_MS);

  // The 200's bytes, serialised (and checked against the table's schema) once per check rather
  // than on every poll (D66): a check's result is one object while it is reused.
  let healthy: { checks: HealthChecks; json: Buffer } | undefined;

  function answer(reply: FastifyReply, checks: HealthChecks): void {
    const down = downNames(checks);
    if (down.length === 0) {
      if (healthy?.checks !== checks) {
        const body = healthySchema.parse({ ok: true, checks });
        healthy = { checks, json: Buffer.from(JSON.stringify(body)) };
      }
      void reply.type(JSON_TYPE).send(healthy.json);
      return;
    }
    const message = `${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} not reachable`;
    void reply.code(503).send({ ...apiError('service_unavailable', message), checks });
  }

  // Its answers are the table's only: 200, or 503 in the error shape with the checks. Not
  // async, and never compressed (tens of bytes): a poll answered from a fresh check is sent on
  // this tick (docs/decisions.md D93).
  apiRoute(app, 'GET /api/health', { errorResponses: false, compress: false }, (_request, reply) =>
    sendWhenReady(checkDependencies(), (checks) => answer(reply, checks)),
  );
};
