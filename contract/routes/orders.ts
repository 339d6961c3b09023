import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec } from '../api-route-spec';
import {
  checkoutParamsSchema,
  checkoutSchema,
  myCheckoutListQuerySchema,
  myCheckoutPageSchema,
  orderDeletedSchema,
  orderListSchema,
  orderParamsSchema,
} from '../orders';
import { emailParamsSchema } from '../users';

/** A user's orders and checkouts. Part of the one table of the API (contract/api-routes.ts). */
export const ORDER_ROUTES = {
  'GET /api/booking/email/:email': {
    access: 'self-or-admin',
    params: emailParamsSchema,
    response: { 200: orderListSchema },
  },
  // My Orders by checkout (docs/product.md §2.13, docs/decisions.md D55); the spec's list above stays as it was.
  'GET /api/orders': {
    access: 'signed-in',
    query: myCheckoutListQuerySchema,
    response: { 200: myCheckoutPageSchema },
  },
  'GET /api/orders/:id': {
    access: 'payment-owner-or-admin',
    params: checkoutParamsSchema,
    response: { 200: checkoutSchema },
  },
  'DELETE /api/booking/dlt/:id': {
    access: 'order-owner',
    params: orderParamsSchema,
    response: { 200: orderDeletedSchema },
  },
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
