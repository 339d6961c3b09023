import { z } from 'zod';
import type { AccessPolicy } from './access-policy';

/**
 * One `/api` route: who may call it (contract/access-policy.ts) and its zod schemas. The server
 * registers its handler from this entry (server/plugins/api-route.ts: validation, serialisation
 * and the OpenAPI document), and the web app's msw fakes validate with the same schemas
 * (src/testing/mocks/api-route.ts). The error answers (`{ error: { code, message } }`) are not
 * listed: every route has them.
 */
export type ApiRouteSpec = {
  access: AccessPolicy;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answers other than errors, by status. */
  response?: Readonly<Record<number, z.ZodType>>;
};

/**
 * Bytes sent as they are (Fastify never serialises a Buffer). A Uint8Array, not a Buffer, so the
 * web app can import the table.
 */
export const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array);
/** A 304 has no body. */
export const notModifiedSchema = z.undefined();
