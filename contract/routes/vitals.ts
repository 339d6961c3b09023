import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec, notModifiedSchema } from '../api-route-spec';
import { vitalsBeaconSchema, vitalsQuerySchema, vitalsReportSchema } from '../vitals';

/** Field Core Web Vitals: the beacon and the admin's Performance report. Part of the one table of the API (contract/api-routes.ts). */
export const VITALS_ROUTES = {
  'POST /api/vitals': {
    access: 'anyone',
    body: vitalsBeaconSchema,
    // Stored; nothing to answer (a beacon reads no answer).
    response: { 204: notModifiedSchema.describe('Stored') },
  },
  'GET /api/admin/vitals': {
    access: 'admin',
    query: vitalsQuerySchema,
    response: { 200: vitalsReportSchema },
  },
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
