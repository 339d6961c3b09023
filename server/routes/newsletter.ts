import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NEWSLETTER_MESSAGES } from '../../contract/newsletter';
import { subscribe } from '../db/repositories/newsletter';
import { apiRoute } from '../plugins/api-route';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(
    app,
    'POST /api/newsletter',
    {
      config: { rateLimit: 'newsletterPerIp' },
      // One count for every client (the per-IP limit alone lets many addresses flood the
      // table), after validation, so malformed requests do not use up everyone's budget.
      preHandler: (_request, reply) => app.rateLimiter.enforce('newsletterTotal', 'all', reply),
    },
    async (request, reply) => {
      const result = await subscribe(app.db, request.body.email);
      return result === 'created'
        ? reply.code(201).send({ message: NEWSLETTER_MESSAGES.created })
        : reply.code(200).send({ message: NEWSLETTER_MESSAGES.exists });
    },
  );
};
