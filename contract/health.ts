import { z } from 'zod';
import { apiErrorSchema } from './errors';

const dependencyStateSchema = z.enum(['up', 'down']);

/** Each dependency's state; Redis is `off` when REDIS_URL is not set. */
export const healthChecksSchema = z.object({
  database: dependencyStateSchema,
  redis: z.enum(['up', 'down', 'off']),
});
export type HealthChecks = z.infer<typeof healthChecksSchema>;

/** GET /api/health, 200: every dependency answers. */
export const healthySchema = z.object({ ok: z.literal(true), checks: healthChecksSchema });

/** GET /api/health, 503: the error shape, naming the dependencies that are down. */
export const unhealthySchema = apiErrorSchema.extend({ checks: healthChecksSchema });
