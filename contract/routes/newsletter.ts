import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec } from '../api-route-spec';
import { newsletterBodySchema, newsletterResponseSchema } from '../newsletter';

/** The footer's newsletter. Part of the one table of the API (contract/api-routes.ts). */
export const NEWSLETTER_ROUTES = {
  'POST /api/newsletter': {
    access: 'anyone',
    body: newsletterBodySchema,
    response: { 200: newsletterResponseSchema, 201: newsletterResponseSchema },
  },
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
