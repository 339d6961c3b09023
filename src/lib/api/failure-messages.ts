/**
 * The two ways a shopper is told an API call failed for reasons not theirs (docs/product.md §8):
 * the shop cannot be reached (no connection, or the proxy's 502/503/504 while the server is down),
 * or it answered with a failure of its own. Never "The server answered 502." (D55)
 */
export const API_FAILURE_MESSAGES = {
  shopUnreachable: 'We could not reach the shop. Check your connection and try again in a moment.',
  tryAgainLater: 'Something went wrong on our side. Please try again later.',
} as const;

/** The ApiError code of an unreachable shop (network error, or a proxy's 502/503/504 page). */
export const UNREACHABLE_CODE = 'unreachable';

/** Statuses a proxy (Vite's, nginx) answers with, without our JSON, when the server is down. */
export const PROXY_DOWN_STATUSES: readonly number[] = [502, 503, 504];
