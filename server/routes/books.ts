import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookListQuerySchema, bookListSchema } from '../../contract/books';
import { listBooks } from '../db/repositories/books';
import { errorResponses } from '../plugins/errors';

export const bookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/books',
    {
      schema: {
        querystring: bookListQuerySchema,
        response: { 200: bookListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { items, total } = await listBooks(app.db, request.query);
      // Matches before paging, so the client can draw its page links.
      void reply.header('x-total-count', String(total));
      return items;
    },
  );
};
