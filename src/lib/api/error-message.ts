/**
 * The message of a failed API call (an RTK Query error or the api-client's ApiError), or
 * `fallback` when it carries none. No RTK Query import: screens outside its chunk use it too.
 */
export function errorMessageOr(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}
