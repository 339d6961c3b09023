import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHECKOUT_MESSAGES,
  orderDeletedSchema,
  orderListSchema,
  orderParamsSchema,
} from '../../contract/orders';
import { emailParamsSchema } from '../../contract/users';
import { deleteOrder, listOrders } from '../db/repositories/orders';
import type { Caller } from '../plugins/auth';
import { errorResponses, HttpError } from '../plugins/errors';
import { perCaller, type RateLimits } from '../rate-limits';

export type OrderRoutesOptions = { limits: RateLimits };

function callerOf(caller: Caller | null): Caller {
  if (!caller) throw new Error('the access policy did not run');
  return caller;
}

/**
 * My Orders. Orders are only ever created by the payment webhook; a user may list (admins: any
 * user's) and delete their own. The `order-owner` policy has already answered 404 for anyone
 * else's order.
 */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, options) => {
  const { limits } = options;

  app.get(
    '/booking/email/:email',
    {
      schema: {
        params: emailParamsSchema,
        response: { 200: orderListSchema, ...errorResponses },
      },
    },
    async (request) => listOrders(app.db, request.params.email),
  );

  app.delete(
    '/booking/dlt/:id',
    {
      config: { rateLimit: perCaller(limits.orderDeletePerUser) },
      // No body schema: the spec's client may send a JSON body, whose content is not read.
      schema: {
        params: orderParamsSchema,
        response: { 200: orderDeletedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const deleted = await deleteOrder(app.db, {
        email: callerOf(request.caller).email,
        id: request.params.id,
      });
      // Deleted since the policy looked it up.
      if (!deleted) throw new HttpError(404, CHECKOUT_MESSAGES.orderNotFound);
      return { acknowledged: true as const, deletedCount: 1 as const };
    },
  );
};
