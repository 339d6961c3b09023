import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VITALS_DEFAULT_DAYS, VITALS_MAX_BYTES } from '../../contract/vitals';
import { insertVitals, trimVitals, vitalsReport } from '../db/repositories/vitals';
import { apiRoute } from '../plugins/api-route';

/** The table is trimmed (30 days, a row cap) after this many beacons, per process. */
const TRIM_EVERY = 100;

/**
 * Real users' Core Web Vitals (issue 18 §2, docs/product.md §2.24): a beacon per page view, by
 * route pattern only, small, rate-limited per IP, answered 204 (a second beacon of the same view
 * too, counting nothing twice: D53); and the admin's figures, each with the views behind it.
 */
export const vitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  let stored = 0;

  apiRoute(
    app,
    'POST /api/vitals',
    { bodyLimit: VITALS_MAX_BYTES, config: { rateLimit: 'vitalsPerIp' } },
    async (request, reply) => {
      await insertVitals(app.db, request.body);
      stored += 1;
      if (stored % TRIM_EVERY === 0) await trimVitals(app.db);
      return reply.code(204).send();
    },
  );

  apiRoute(app, 'GET /api/admin/vitals', {}, async (request) =>
    vitalsReport(app.db, request.query.days ?? VITALS_DEFAULT_DAYS),
  );
};
