import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthChecks } from '../../contract/health';
import { apiRoute } from '../plugins/api-route';
import { apiError } from '../plugins/errors';
import { withTimeout } from '../with-timeout';

/** How long each dependency may take to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

function answersInTime(check: () => Promise<unknown>): Promise<boolean> {
  return withTimeout(Promise.resolve().then(check), CHECK_TIMEOUT_MS).then(
    () => true,
    () => false,
  );
}

/**
 * GET /api/health: 200 when every dependency answers, else 503 naming the ones that are down
 * (for the load balancer, and for the operator reading it). Redis down is reported too, although
 * the shop keeps working without it (each process alone).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Its answers are the table's only: 200, or 503 in the error shape with the checks.
  apiRoute(app, 'GET /api/health', { errorResponses: false }, async (request, reply) => {
    const { redis } = app;
    const [database, redisUp] = await Promise.all([
      answersInTime(() => app.db.query('select 1')),
      redis ? answersInTime(() => redis.client.ping()) : Promise.resolve(undefined),
    ]);
    const checks: HealthChecks = {
      database: database ? 'up' : 'down',
      redis: redisUp === undefined ? 'off' : redisUp ? 'up' : 'down',
    };
    const down = [
      checks.database === 'down' ? 'Database' : undefined,
      checks.redis === 'down' ? 'Redis' : undefined,
    ].filter((name) => name !== undefined);
    if (down.length === 0) return { ok: true as const, checks };

    const message = `${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} not reachable`;
    request.log.warn({ checks }, `health check: ${message}`);
    return reply.code(503).send({ ...apiError('service_unavailable', message), checks });
  });
};
