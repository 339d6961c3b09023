import { z } from 'zod';
import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec, bytesSchema } from '../api-route-spec';
import { healthySchema, unhealthySchema } from '../health';

/** The site itself: its health, the API's own document and reference page. Part of the one table of the API (contract/api-routes.ts). */
export const SITE_ROUTES = {
  'GET /api/health': {
    access: 'anyone',
    // The 200 is sent as bytes serialised once per check (server/routes/health.ts, D66).
    response: { 200: z.union([healthySchema, bytesSchema]), 503: unhealthySchema },
  },
  'GET /api/openapi.json': {
    access: 'anyone',
    response: { 200: z.record(z.string(), z.unknown()).describe('The OpenAPI 3.1 document') },
  },
  // The reference page (Swagger UI) and its own files (API_REFERENCE_PAGE_ROUTES): served by
  // @fastify/swagger-ui, not ours to describe, so a policy only.
  'GET /api/docs': { access: 'anyone' },
  'GET /api/docs/': { access: 'anyone' },
  'GET /api/docs/json': { access: 'anyone' },
  'GET /api/docs/yaml': { access: 'anyone' },
  'GET /api/docs/static/*': { access: 'anyone' },
  'GET /api/docs/static/index.html': { access: 'anyone' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'anyone' },
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
