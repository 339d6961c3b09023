import { ApiError } from '@/lib/api-client';

/** A failed API call: the api-client's ApiError, or the plain copy RTK Query keeps (base-api.ts). */
export type ApiFailure = { status: number; code: string; message: string };

/** The API failure `error` describes, or null for anything else (a bug, an unrelated error). */
export function apiFailureOf(error: unknown): ApiFailure | null {
  if (error instanceof ApiError) return error;
  if (!(error instanceof Object)) return null;
  const { status, code, message } = error as Partial<Record<keyof ApiFailure, unknown>>;
  return typeof status === 'number' && typeof code === 'string' && typeof message === 'string'
    ? { status, code, message }
    : null;
}

/**
 * The one way a screen words a failed API call: the API's own message, or `fallback` when the
 * error carries none. No RTK Query import: screens outside its chunk use it too.
 */
export function errorMessageOr(error: unknown, fallback: string): string {
  const message = apiFailureOf(error)?.message;
  return message ? message : fallback;
}
