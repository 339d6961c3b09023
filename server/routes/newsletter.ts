import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NEWSLETTER_MESSAGES,
  newsletterBodySchema,
  newsletterResponseSchema,
} from '../../contract/newsletter';
import { subscribe } from '../db/repositories/newsletter';
import { errorResponses, HttpError } from '../plugins/errors';
import { perIp, RATE_LIMIT_WINDOW_MS, type RateLimits } from '../rate-limits';

export type NewsletterRoutesOptions = { limits: RateLimits };

export const NEWSLETTER_BUSY_MESSAGE = 'Too many subscriptions right now, try again in a minute';

export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterRoutesOptions> = async (
  app,
  options,
) => {
  const { limits } = options;
  // One counter for every client: the per-IP limit alone lets many addresses flood the table.
  const total = app.createRateLimit({
    max: limits.newsletterTotal,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    keyGenerator: () => 'newsletter:all',
  });

  app.post(
    '/newsletter',
    {
      config: { rateLimit: perIp(limits.newsletterPerIp) },
      schema: {
        body: newsletterBodySchema,
        response: {
          200: newsletterResponseSchema,
          201: newsletterResponseSchema,
          ...errorResponses,
        },
      },
      // After validation, so malformed requests do not use up everyone's budget.
      preHandler: async (request, reply) => {
        const result = await total(request);
        if (!result.isAllowed && result.isExceeded) {
          void reply.header('retry-after', String(result.ttlInSeconds));
          throw new HttpError(429, NEWSLETTER_BUSY_MESSAGE);
        }
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
