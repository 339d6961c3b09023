import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec, bytesSchema, notModifiedSchema } from '../api-route-spec';
import { imageParamsSchema, imageUploadedSchema } from '../images';

/** Book covers hosted by the shop. Part of the one table of the API (contract/api-routes.ts). */
export const IMAGE_ROUTES = {
  'GET /api/images/:id': {
    access: 'anyone',
    params: imageParamsSchema,
    // The image's bytes as they were uploaded.
    response: { 200: bytesSchema, 304: notModifiedSchema },
  },
  'POST /api/images': {
    access: 'admin',
    // Multipart (one file), read by the route itself: no body schema.
    response: { 200: imageUploadedSchema },
  },
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
