import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import {
  accessDenial,
  ACCESS_TOKEN_POLICIES,
  bearerToken,
  policyFor,
  type AccessPolicy,
  type ListedRoute,
} from '@contract/access-policy';
import { DomainError } from '@contract/domain-error';
import type { ApiErrorCode } from '@contract/errors';
import { AUTH_MESSAGES } from '@contract/users';
import { fieldOfPath, validationMessage } from '@contract/validation-message';
import { env } from '@/config/env';
import { findUser, type DbUser } from './db';
import { emailOfIdToken, verifyAccessToken } from './tokens';

/** Full URL pattern of a product-API path, as the api-client builds it. */
export const apiPath = (path: string) => `${env.apiUrl}${path}`;

const CODES = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  502: 'internal',
  503: 'service_unavailable',
} as const satisfies Record<number, ApiErrorCode>;

type FailureStatus = keyof typeof CODES;

/** The caller of a handler whose policy needs an access token (apiRoute has refused anyone else). */
export function requireCaller(caller: DbUser | null): DbUser {
  if (!caller) throw new Error('the access policy did not run');
  return caller;
}

/** Throw from a handler for an HTTP-level refusal (the server's HttpError): the client sees it. */
export class ApiFailure extends Error {
  constructor(
    readonly status: FailureStatus,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** The server's error shape, `{ error: { code, message } }`. */
export function apiError(status: FailureStatus, message: string) {
  return HttpResponse.json({ error: { code: CODES[status], message } }, { status });
}

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

type Input<P extends Schema, Q extends Schema, B extends Schema> = {
  request: Request;
  /** The user behind the access token, as stored now (access-token policies only). */
  caller: DbUser | null;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
};

type RouteSpec<P extends Schema, Q extends Schema, B extends Schema> = {
  params?: P;
  query?: Q;
  body?: B;
  /** Owner policies: who owns the resource the params name (null when there is none). */
  owner?: (params: Parsed<P>) => string | null;
  handle(input: Input<P, Q, B>): Response | Promise<Response>;
};

type Credentials = { caller: DbUser | null; idTokenEmail: string | null };

/** 401s, as the server's preValidation hook answers them. */
function authenticate(policy: AccessPolicy, request: Request): Credentials {
  const token = bearerToken(request.headers.get('authorization'));
  if (ACCESS_TOKEN_POLICIES.has(policy)) {
    if (!token) throw new ApiFailure(401, AUTH_MESSAGES.missingAccessToken);
    const claims = verifyAccessToken(token);
    // The role is read now, not taken from the token: a promotion or deletion counts at once.
    const caller = claims ? findUser(claims.email) : undefined;
    if (!caller) throw new ApiFailure(401, AUTH_MESSAGES.invalidAccessToken);
    return { caller, idTokenEmail: null };
  }
  if (policy === 'firebase-self') {
    if (!token) throw new ApiFailure(401, AUTH_MESSAGES.missingIdToken);
    const email = emailOfIdToken(token);
    if (!email) throw new ApiFailure(401, AUTH_MESSAGES.invalidIdToken);
    // Firebase keeps addresses lower-case.
    return { caller: null, idTokenEmail: email.toLowerCase() };
  }
  return { caller: null, idTokenEmail: null };
}

/** 403s, as the server's preHandler hook answers them once the path's `:email` is normalised. */
export function authorize(
  policy: AccessPolicy,
  credentials: Credentials & { resourceOwner?: string | null },
  target: string | undefined,
): void {
  const denial = accessDenial(policy, credentials, target);
  if (denial) throw new ApiFailure(denial.status, denial.message);
}

function validate<S extends Schema>(schema: S | undefined, value: unknown): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as Parsed<S>;
  const issues = parsed.error.issues.map((issue) => ({
    field: fieldOfPath(issue.path),
    message: issue.message,
  }));
  throw new ApiFailure(400, validationMessage(issues));
}

/** The JSON body as the server's parser reads it (its messages for the cases it refuses). */
async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  const isJson = (request.headers.get('content-type') ?? '').includes('application/json');
  if (text === '') {
    if (isJson) throw new ApiFailure(400, 'Request body is empty');
    return undefined;
  }
  if (!isJson) throw new ApiFailure(400, 'Unsupported Content-Type: send application/json');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiFailure(400, 'Malformed JSON body');
  }
}

/** A query string as Fastify parses it: a repeated key becomes an array. */
function queryOf(request: Request): Record<string, string | string[]> {
  const search = new URL(request.url).searchParams;
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}

const METHODS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

/**
 * An msw handler for a route of the access-policy table, run in the server's order: authenticate
 * (401), validate params, body and query with the contract's schemas (400), authorize (403), then
 * `handle`. A route missing from the table cannot be declared (the key is typed) nor run.
 */
export function apiRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
>(key: ListedRoute, spec: RouteSpec<P, Q, B>): HttpHandler {
  const [method, url] = key.split(' ') as [keyof typeof METHODS, string];
  const policy = policyFor(method, url);
  if (!policy) throw new Error(`No access policy for ${key}`);
  return METHODS[method](apiPath(url.slice('/api'.length)), async ({ request, params }) => {
    try {
      const credentials = authenticate(policy, request);
      const parsedParams = validate(spec.params, params);
      const body = validate(spec.body, spec.body ? await readBody(request) : undefined);
      const query = validate(spec.query, queryOf(request));
      const target = (parsedParams as { email?: unknown } | undefined)?.email;
      const resourceOwner = spec.owner?.(parsedParams);
      authorize(
        policy,
        { ...credentials, resourceOwner },
        typeof target === 'string' ? target : undefined,
      );
      return await spec.handle({
        request,
        caller: credentials.caller,
        params: parsedParams,
        query,
        body,
      });
    } catch (error) {
      if (error instanceof ApiFailure) return apiError(error.status, error.message);
      // The shop's own failures, answered with the server's status for each kind.
      if (error instanceof DomainError) return apiError(error.status, error.message);
      throw error;
    }
  });
}
