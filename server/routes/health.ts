import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/errors';
import { apiError } from '../plugins/errors';
import { withTimeout } from '../with-timeout';

/** How long each dependency may take to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

const dependencyState = z.enum(['up', 'down']);
/** Each dependency's state; Redis is `off` when REDIS_URL is not set. */
const checksSchema = z.object({ database: dependencyState, redis: z.enum(['up', 'down', 'off']) });
type Checks = z.infer<typeof checksSchema>;

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
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: z.object({ ok: z.literal(true), checks: checksSchema }),
          503: apiErrorSchema.extend({ checks: checksSchema }),
        },
      },
    },
    async (request, reply) => {
      const { redis } = app;
      const [database, redisUp] = await Promise.all([
        answersInTime(() => app.db.query('select 1')),
        redis ? answersInTime(() => redis.client.ping()) : Promise.resolve(undefined),
      ]);
      const checks: Checks = {
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
    },
  );
};
