import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import {
  accessDenial,
  ACCESS_TOKEN_POLICIES,
  bearerToken,
  policyFor,
  type AccessPolicy,
} from '@contract/access-policy';
import { API_ROUTES, type ApiRouteKey, type ApiRouteSpec } from '@contract/api-routes';
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
  413: 'payload_too_large',
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
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The output of a schema of the route's entry in the table (undefined when it has none). */
type Field<K extends ApiRouteKey, F extends 'params' | 'query' | 'body'> = Parsed<
  (typeof API_ROUTES)[K] extends Record<F, infer S> ? S : undefined
>;

type Input<K extends ApiRouteKey> = {
  request: Request;
  /** The user behind the access token, as stored now (access-token policies only). */
  caller: DbUser | null;
  params: Field<K, 'params'>;
  query: Field<K, 'query'>;
  body: Field<K, 'body'>;
};

type RouteSpec<K extends ApiRouteKey> = {
  /** Owner policies: who owns the resource the params name (null when there is none). */
  owner?: (params: Field<K, 'params'>) => string | null;
  /** `course-owner`: whether the caller owns the course the params name (null: no such course). */
  ownsCourse?: (params: Field<K, 'params'>, caller: DbUser) => boolean | null;
  handle(input: Input<K>): Response | Promise<Response>;
};

type Credentials = { caller: DbUser | null; idTokenEmail: string | null };

/** 401s, as the server's preValidation hook answers them. */
function authenticate(policy: AccessPolicy, request: Request): Credentials {
  const token = bearerToken(request.headers.get('authorization'));
  if (ACCESS_TOKEN_POLICIES.has(policy)) {
    if (!token) throw new ApiFailure(401, AUTH_MESSAGES.missingAccessToken);
    const claims = verifyAccessToken(token);
    // The role is read now, not taken from the token: a promotion or deletion counts at once.
    // The row must be the token's account: an address signed up again is another one (D53).
    const caller = claims ? findUser(claims.email) : undefined;
    if (!caller || caller._id !== claims?.account)
      throw new ApiFailure(401, AUTH_MESSAGES.invalidAccessToken);
    return { caller, idTokenEmail: null };
  }
  if (policy === 'optional-sign-in') {
    if (!token) return { caller: null, idTokenEmail: null };
    // A token that is sent must be valid: it names the caller.
    const claims = verifyAccessToken(token);
    const caller = claims ? findUser(claims.email) : undefined;
    if (!caller || caller._id !== claims?.account)
      throw new ApiFailure(401, AUTH_MESSAGES.invalidAccessToken);
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
  credentials: Credentials & { resourceOwner?: string | null; ownsCourse?: boolean | null },
  target: string | undefined,
): void {
  const denial = accessDenial(policy, credentials, target);
  if (denial) throw new ApiFailure(denial.status, denial.message);
}

function validate(schema: Schema, value: unknown): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
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
 * An msw handler for a route of the API's table (contract/api-routes.ts), run in the server's
 * order: authenticate (401), validate params, body and query with the table's schemas (400),
 * authorize (403), then `handle`. A route missing from the table cannot be declared (the key is
 * typed) nor run.
 */
export function apiRoute<K extends ApiRouteKey>(key: K, spec: RouteSpec<K>): HttpHandler {
  const [method, url] = key.split(' ') as [keyof typeof METHODS, string];
  const policy = policyFor(method, url);
  if (!policy) throw new Error(`No access policy for ${key}`);
  const schemas: ApiRouteSpec = API_ROUTES[key];
  return METHODS[method](apiPath(url.slice('/api'.length)), async ({ request, params }) => {
    try {
      const credentials = authenticate(policy, request);
      const parsedParams = validate(schemas.params, params) as Field<K, 'params'>;
      const body = validate(schemas.body, schemas.body ? await readBody(request) : undefined);
      const query = validate(schemas.query, queryOf(request));
      const target = (parsedParams as { email?: unknown } | undefined)?.email;
      const resourceOwner = spec.owner?.(parsedParams);
      const ownsCourse =
        spec.ownsCourse && credentials.caller
          ? spec.ownsCourse(parsedParams, credentials.caller)
          : undefined;
      authorize(
        policy,
        { ...credentials, resourceOwner, ownsCourse },
        typeof target === 'string' ? target : undefined,
      );
      return await spec.handle({
        request,
        caller: credentials.caller,
        params: parsedParams,
        query: query as Field<K, 'query'>,
        body: body as Field<K, 'body'>,
      });
    } catch (error) {
      if (error instanceof ApiFailure) return apiError(error.status, error.message);
      // The shop's own failures, answered with the server's status for each kind.
      if (error instanceof DomainError) return apiError(error.status, error.message);
      throw error;
    }
  });
}
