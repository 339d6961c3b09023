import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec } from '../api-route-spec';
import { salesQuerySchema, salesReportSchema } from '../sales';

/** The admin's Sales report. Part of the one table of the API (contract/api-routes.ts). */
export const SALES_ROUTES = {
  'GET /api/admin/sales': {
    access: 'admin',
    query: salesQuerySchema,
    response: { 200: salesReportSchema },
  },
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
