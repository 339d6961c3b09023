import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../contract/domain-error';
import { CHECKOUT_MESSAGES } from '../../contract/orders';
import { orderNumberOf } from '../../contract/checkout-rules';
import { centsToDollars, inDollars } from '../../contract/money';
import type { Checkout } from '../../contract/orders';
import { deleteOrder, listCheckouts, listOrders } from '../db/repositories/orders';
import { findCheckout, type PaymentStatus } from '../db/repositories/payments';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';

/**
 * My Orders. Orders are only ever created by the payment webhook; a user may list (admins: any
 * user's) and delete their own. The `order-owner` policy has already answered 404 for anyone
 * else's order.
 */
const CHECKOUT_STATUS: Record<PaymentStatus, Checkout['status']> = {
  pending: 'pending',
  succeeded: 'paid',
  failed: 'failed',
  refunded: 'refunded',
};

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, 'GET /api/booking/email/:email', {}, async (request) =>
    (await listOrders(app.db, request.params.email)).map(inDollars),
  );

  // My Orders by checkout: the caller's own, whoever they are (docs/product.md §2.13).
  apiRoute(app, 'GET /api/orders', {}, async (request) => {
    const found = await listCheckouts(
      app.db,
      requireCaller(request).email,
      request.query.page ?? 1,
    );
    return {
      ...found,
      checkouts: found.checkouts.map(({ totalCents, lines, ...checkout }) => ({
        ...checkout,
        total: centsToDollars(totalCents),
        lines: lines.map(inDollars),
      })),
    };
  });

  // The order confirmation after paying, and the printable receipt (owner or admin).
  apiRoute(app, 'GET /api/orders/:id', {}, async (request): Promise<Checkout> => {
    const checkout = await findCheckout(app.db, request.params.id);
    // Gone since the policy looked it up (its owner was deleted).
    if (!checkout) throw new DomainError('not-found', CHECKOUT_MESSAGES.orderNotFound);
    return {
      paymentId: checkout.paymentIntentId,
      orderNumber: orderNumberOf(checkout.id),
      status: CHECKOUT_STATUS[checkout.status],
      source: checkout.source,
      createdAt: checkout.createdAt.toISOString(),
      email: checkout.email,
      lines: checkout.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        price: centsToDollars(line.unitPriceCents),
      })),
      total: centsToDollars(checkout.amountCents),
      shipping: checkout.shipping,
    };
  });

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
