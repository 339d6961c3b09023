// Zod-free: the server and the web app's test doubles throw, and answer, the same errors.

/**
 * What can go wrong in the shop's own terms, and the one HTTP status each is answered with
 * (server/plugins/errors.ts, and the msw fakes' apiRoute, both read this table).
 */
export const DOMAIN_ERROR_STATUS = {
  /** The request breaks a rule of the shop: an empty cart, an unknown course, a wrong address. */
  invalid: 400,
  /** What the request names does not exist (or is not the caller's to know of). */
  'not-found': 404,
  /** It clashes with what is stored now: a duplicate, the last admin, a cart just paid. */
  conflict: 409,
  /** A provider the shop relies on (Stripe) failed or answered nonsense. */
  'provider-failed': 502,
  /** A feature whose keys are not configured (card payment). */
  'not-configured': 503,
} as const;

export type DomainErrorKind = keyof typeof DOMAIN_ERROR_STATUS;

/**
 * Thrown by services and routes for an expected failure; the message is shown to the user as it
 * is. HTTP-level refusals (401, 413, 429) stay the server's HttpError.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): (typeof DOMAIN_ERROR_STATUS)[DomainErrorKind] {
    return DOMAIN_ERROR_STATUS[this.kind];
  }
}
