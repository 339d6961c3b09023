import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec } from '../api-route-spec';
import {
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderParamsSchema,
  refundAcceptedSchema,
  refundBodySchema,
} from '../admin-orders';

/** The admin's Orders screen and refunds. Part of the one table of the API (contract/api-routes.ts). */
export const ADMIN_ORDER_ROUTES = {
  'GET /api/admin/orders': {
    access: 'admin',
    query: adminOrderListQuerySchema,
    response: { 200: adminOrderPageSchema },
  },
  'GET /api/admin/orders/:id': {
    access: 'admin',
    params: adminOrderParamsSchema,
    response: { 200: adminOrderDetailSchema },
  },
  'POST /api/admin/orders/:id/refunds': {
    access: 'admin',
    params: adminOrderParamsSchema,
    body: refundBodySchema,
    response: { 202: refundAcceptedSchema },
  },
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
