import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../contract/domain-error';
import { CHECKOUT_MESSAGES } from '../../contract/orders';
import { deleteOrder, listOrders } from '../db/repositories/orders';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';

/**
 * My Orders. Orders are only ever created by the payment webhook; a user may list (admins: any
 * user's) and delete their own. The `order-owner` policy has already answered 404 for anyone
 * else's order.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, 'GET /api/booking/email/:email', {}, async (request) =>
    listOrders(app.db, request.params.email),
  );

  // Its own plugin: the spec's client sends a JSON body (possibly empty) whose content is never
  // read, so this route takes any body and discards it; every other route keeps the JSON parser.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => {
      done(null, undefined);
    });

    apiRoute(
      scope,
      'DELETE /api/booking/dlt/:id',
      { config: { rateLimit: 'orderDeletePerUser' } },
      async (request) => {
        const deleted = await deleteOrder(app.db, {
          email: requireCaller(request).email,
          id: request.params.id,
        });
        // Deleted since the policy looked it up.
        if (!deleted) throw new DomainError('not-found', CHECKOUT_MESSAGES.orderNotFound);
        return { acknowledged: true as const, deletedCount: 1 as const };
      },
    );
  });
};
