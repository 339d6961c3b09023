import { z } from 'zod';

/** Every error the product API returns has this shape (see docs/architecture.md §3). */
export const API_ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'too_many_requests',
  'internal',
  /** 503: a dependency (the database) is down; retrying later may work. */
  'service_unavailable',
] as const;

export const apiErrorCodeSchema = z.enum(API_ERROR_CODES);

export const apiErrorSchema = z.object({
  error: z.object({
    code: apiErrorCodeSchema,
    message: z.string(),
  }),
});

export type ApiErrorCode = z.infer<typeof apiErrorCodeSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;
