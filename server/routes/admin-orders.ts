import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHECKOUT_MESSAGES } from '../../contract/checkout-rules';
import { DomainError } from '../../contract/domain-error';
import { listAudit } from '../db/repositories/audit-log';
import { centsToDollars, inDollars } from '../../contract/money';
import {
  findOrderForAdmin,
  listOrdersForAdmin,
  type AdminOrderSummaryRecord,
} from '../db/repositories/admin-orders';
import { apiRoute } from '../plugins/api-route';

/**
 * The admin's Orders screen (docs/product.md §2.21): every checkout, newest first, with what
 * was refunded of it, and one checkout with its lines and its history. Its refunds are
 * POST /admin/orders/{id}/refunds (routes/refunds.ts).
 */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, 'GET /api/admin/orders', {}, async (request) => {
    const { items, total, page, limit } = await listOrdersForAdmin(app.db, request.query);
    return { orders: items.map(summaryInDollars), total, page, limit };
  });

  apiRoute(app, 'GET /api/admin/orders/:id', {}, async (request) => {
    // :id is the PaymentIntent id; a pending or failed payment is no order yet.
    const found = await findOrderForAdmin(app.db, request.params.id);
    if (!found) throw new DomainError('not-found', CHECKOUT_MESSAGES.orderNotFound);
    // The payment's audit rows (its refunds) name it by its own id (pay_…).
    const entries = await listAudit(app.db, found.paymentRowId);
    const { lines, shipping, ...summary } = found.order;
    return {
      ...summaryInDollars(summary),
      shipping,
      lines: lines.map(inDollars),
      history: entries.map(({ actorEmail, action, changes, createdAt }) => ({
        actorEmail,
        action,
        changes,
        createdAt,
      })),
    };
  });
};

/** A checkout's sums as the API gives them, in dollars. */
function summaryInDollars({ totalCents, refundedCents, ...summary }: AdminOrderSummaryRecord) {
  return {
    ...summary,
    total: centsToDollars(totalCents),
    refunded: centsToDollars(refundedCents),
  };
}
