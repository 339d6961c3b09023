// Stripe's error answers: `{ error: { type, code?, message, param?, … } }` with the HTTP status that
// makes stripe-node raise the matching class (400/404 → StripeInvalidRequestError or
// StripeIdempotencyError, 401 → StripeAuthenticationError, 402 → StripeCardError).
import type Stripe from 'stripe';

export type ErrorBody = {
  type:
    'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error' | 'permission_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: Stripe.PaymentIntent | PublishablePaymentIntent;
  payment_method?: Stripe.PaymentMethod;
};

/** The fields of a PaymentIntent that a publishable key may see (Stripe.js's `PaymentIntent`). */
export type PublishablePaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'automatic_payment_methods'
  | 'canceled_at'
  | 'cancellation_reason'
  | 'capture_method'
  | 'client_secret'
  | 'confirmation_method'
  | 'created'
  | 'currency'
  | 'description'
  | 'last_payment_error'
  | 'livemode'
  | 'next_action'
  | 'payment_method'
  | 'payment_method_types'
  | 'processing'
  | 'receipt_email'
  | 'setup_future_usage'
  | 'shipping'
  | 'status'
>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** Stripe keeps an idempotent result only once the endpoint started executing. */
    readonly keepForIdempotency = false,
  ) {
    super(body.message);
  }
}

export function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;
}

function invalidRequest(
  status: number,
  message: string,
  extra: Partial<ErrorBody> = {},
  keepForIdempotency = false,
): ApiError {
  const code = extra.code;
  return new ApiError(
    status,
    {
      type: 'invalid_request_error',
      message,
      ...(code ? { doc_url: docUrl(code) } : {}),
      ...extra,
    },
    keepForIdempotency,
  );
}

export const apiErrors = {
  missingParam: (param: string) =>
    invalidRequest(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param }),
  invalidInteger: (param: string, value: string) =>
    invalidRequest(400, `Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param }),
  invalidBoolean: (param: string, value: string) =>
    invalidRequest(400, `Invalid boolean: ${value}`, { code: 'parameter_invalid_empty', param }),
  invalidString: (param: string) =>
    invalidRequest(400, `Invalid string: ${param} must be a string.`, {
      code: 'parameter_invalid_string_empty',
      param,
    }),
  invalidValue: (param: string, message: string) =>
    invalidRequest(400, message, { code: 'parameter_invalid', param }),
  unknownParam: (param: string) =>
    invalidRequest(400, `Received unknown parameter: ${param}`, {
      code: 'parameter_unknown',
      param,
    }),
  invalidHash: (param: string) =>
    invalidRequest(400, `Invalid object: ${param} must be a hash of keys and values.`, {
      code: 'parameter_invalid',
      param,
    }),
  amountTooSmall: () =>
    invalidRequest(400, 'Amount must be at least $0.50 usd', {
      code: 'amount_too_small',
      param: 'amount',
    }),
  resourceMissing: (kind: string, id: string, param = 'id') =>
    invalidRequest(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param }),
  unrecognizedUrl: (method: string, path: string) =>
    invalidRequest(
      404,
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    ),
  noApiKey: () =>
    invalidRequest(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    ),
  invalidApiKey: (key: string) => invalidRequest(401, `Invalid API Key provided: ${maskKey(key)}`),
  liveKey: (key: string) =>
    invalidRequest(
      401,
      `Invalid API Key provided: ${maskKey(key)}. The Stripe emulator accepts test keys only (sk_test_… and pk_test_…); use a live key with Stripe itself.`,
    ),
  publishableKeyNotAllowed: () =>
    invalidRequest(
      401,
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    ),
  clientSecretMismatch: () =>
    invalidRequest(
      400,
      'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
      { code: 'payment_intent_invalid_parameter', param: 'client_secret' },
    ),
  unexpectedState: (message: string, paymentIntent: ErrorBody['payment_intent']) =>
    invalidRequest(
      400,
      message,
      { code: 'payment_intent_unexpected_state', payment_intent: paymentIntent },
      true,
    ),
  idempotencyParams: (key: string) =>
    new ApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    }),
  idempotencyEndpoint: (key: string, first: string, now: string) =>
    new ApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${now}' vs '${first}'). Try using a key other than '${key}' if you meant to execute a different request.`,
    }),
  bodyTooLarge: () => invalidRequest(413, 'Request body too large.'),
  /** Stripe's 403 for a restricted key without the resource's permission (StripePermissionError). */
  permissionDenied: (key: string, permission: string) =>
    new ApiError(403, {
      type: 'permission_error',
      message: `The provided key '${maskKey(key)}' does not have the required permissions for this endpoint on account. Having the '${permission}' permission would allow this request to continue.`,
    }),
} as const;

/** Stripe shows only a key's prefix and last four characters. */
function maskKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  const tail = key.slice(Math.max(prefix.length, key.length - 4));
  return `${prefix}${'*'.repeat(key.length - prefix.length - tail.length)}${tail}`;
}
