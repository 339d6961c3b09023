import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';
import { requestRefund } from '../services/refunds';

/** An admin's refund of a paid checkout, whole or chosen lines (answered 202: Stripe confirms). */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(
    app,
    'POST /api/admin/orders/:id/refunds',
    { config: { rateLimit: 'refundPerAdmin' } },
    async (request, reply) => {
      const accepted = await requestRefund(
        { db: app.db, gateway: app.paymentGateway, log: request.log },
        {
          actorEmail: requireCaller(request).email,
          paymentIntentId: request.params.id,
          orderIds: request.body.orderIds,
        },
      );
      return reply.code(202).send(accepted);
    },
  );
};
