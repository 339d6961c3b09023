/**
 * The string `code` of an error-like value (Firebase's `auth/…`, Node's `EADDRINUSE`, Fastify's
 * `FST_ERR_…`), or undefined. Zod-free, so the web app may import it as a value.
 */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : undefined;
}

/** What the API says of a failure it does not describe (a bug): a 500 with code `internal`. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
