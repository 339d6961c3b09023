import type { RouteKey } from './access-policy';
import type { ApiRouteSpec } from './api-route-spec';
import { ADMIN_ORDER_ROUTES } from './routes/admin-orders';
import { BOOK_ROUTES } from './routes/books';
import { CART_ROUTES } from './routes/carts';
import { CHAT_ROUTES } from './routes/chat';
import { COURSE_ROUTES } from './routes/courses';
import { IMAGE_ROUTES } from './routes/images';
import { NEWSLETTER_ROUTES } from './routes/newsletter';
import { ORDER_ROUTES } from './routes/orders';
import { PAYMENT_ROUTES } from './routes/payments';
import { SALES_ROUTES } from './routes/sales';
import { SITE_ROUTES } from './routes/site';
import { USER_ROUTES } from './routes/users';
import { VITALS_ROUTES } from './routes/vitals';

export type { ApiRouteSpec } from './api-route-spec';

/**
 * Every `/api` route, `'METHOD /api/path/:param'` (the URL exactly as Fastify registers it): the
 * one table of the API, written one resource to a file (contract/routes/) so that the web app's
 * endpoints load only their resource's schemas, and only with their first answer
 * (src/lib/api/api-route.ts, docs/decisions.md D73). The server refuses to start with an `/api`
 * route that is not here.
 */
export const API_ROUTES = {
  ...SITE_ROUTES,
  ...BOOK_ROUTES,
  ...IMAGE_ROUTES,
  ...NEWSLETTER_ROUTES,
  ...VITALS_ROUTES,
  ...CART_ROUTES,
  ...PAYMENT_ROUTES,
  ...ORDER_ROUTES,
  ...USER_ROUTES,
  ...ADMIN_ORDER_ROUTES,
  ...SALES_ROUTES,
  ...CHAT_ROUTES,
  ...COURSE_ROUTES,
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;

export type ApiRouteKey = keyof typeof API_ROUTES;

/** The routes whose schemas the table holds (all but the reference page's files). */
export type DescribedRouteKey = {
  [K in ApiRouteKey]: (typeof API_ROUTES)[K] extends { response: object } ? K : never;
}[ApiRouteKey];
