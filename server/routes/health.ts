import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, HttpError } from '../plugins/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      try {
        await app.db.query('select 1');
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new HttpError(503, 'Database is not reachable');
      }
      return { ok: true as const };
    },
  );
};
