import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NEWSLETTER_MESSAGES,
  newsletterBodySchema,
  newsletterResponseSchema,
} from '../../contract/newsletter';
import { subscribe } from '../db/repositories/newsletter';
import { errorResponses } from '../plugins/errors';

/** Per client IP: an open form, so it is cheap to flood. */
export const NEWSLETTER_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter',
    {
      config: { rateLimit: NEWSLETTER_RATE_LIMIT },
      schema: {
        body: newsletterBodySchema,
        response: {
          200: newsletterResponseSchema,
          201: newsletterResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const result = await subscribe(app.db, request.body.email);
      return result === 'created'
        ? reply.code(201).send({ message: NEWSLETTER_MESSAGES.created })
        : reply.code(200).send({ message: NEWSLETTER_MESSAGES.exists });
    },
  );
};
