import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec, bytesSchema } from '../api-route-spec';
import {
  paymentIntentBodySchema,
  paymentIntentResponseSchema,
  paymentWebhookResponseSchema,
} from '../payments';

/** Card payments through Stripe. Part of the one table of the API (contract/api-routes.ts). */
export const PAYMENT_ROUTES = {
  'POST /api/payments/intent': {
    access: 'signed-in',
    body: paymentIntentBodySchema,
    response: { 200: paymentIntentResponseSchema },
  },
  'POST /api/payments/webhook': {
    access: 'stripe-signature',
    // The raw bytes Stripe signed (absent when a request sends none).
    body: bytesSchema.optional(),
    response: { 200: paymentWebhookResponseSchema },
  },
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
