import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec } from '../api-route-spec';
import {
  addToCartBodySchema,
  cartLineDeletedSchema,
  cartLineListSchema,
  cartLineParamsSchema,
  cartLineSchema,
  cartQuantityBodySchema,
} from '../carts';

/** The signed-in user's book cart. Part of the one table of the API (contract/api-routes.ts). */
export const CART_ROUTES = {
  'GET /api/carts': {
    access: 'signed-in',
    response: { 200: cartLineListSchema },
  },
  'POST /api/cart': {
    access: 'signed-in',
    body: addToCartBodySchema,
    response: { 200: cartLineSchema, 201: cartLineSchema },
  },
  'PUT /api/carts/quantity/:id': {
    access: 'cart-line-owner',
    params: cartLineParamsSchema,
    body: cartQuantityBodySchema,
    response: { 200: cartLineSchema },
  },
  'DELETE /api/carts/delete/:id': {
    access: 'cart-line-owner',
    params: cartLineParamsSchema,
    response: { 200: cartLineDeletedSchema },
  },
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
