import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/errors';
import { IMAGE_LIMITS } from '../../contract/images';
import {
  ACCESS_TOKEN_POLICIES,
  API_REFERENCE_PAGE_ROUTES,
  isOwnerPolicy,
  policyFor,
  routeKey,
  type AccessPolicy,
} from '../auth/access-policy';
import { apiRoute } from './api-route';
import { codeForStatus } from './errors';

/** The OpenAPI document of the API, generated from the routes' own zod schemas. */
export const OPENAPI_DOCUMENT_URL = '/api/openapi.json' as const;
/** The reference page (Swagger UI) over that document. */
export const API_REFERENCE_URL = '/api/docs';

/** The security schemes, one per kind of credential the access policies ask for. */
export const SECURITY_SCHEMES = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "The server's access token (a JWT), from `PUT /api/user/{email}`: `Authorization: Bearer <token>`.",
  },
  firebaseIdToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A Firebase ID token of the signed-in Firebase user: `Authorization: Bearer <ID token>`.',
  },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: "Stripe's signature of the raw body, checked against the webhook secret.",
  },
} as const;

type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;

/** The credentials a policy asks for: an OpenAPI `security` list (empty: none). */
export function securityFor(policy: AccessPolicy): Array<Partial<Record<SecuritySchemeName, []>>> {
  if (ACCESS_TOKEN_POLICIES.has(policy)) return [{ accessToken: [] }];
  if (policy === 'firebase-self') return [{ firebaseIdToken: [] }];
  if (policy === 'stripe-signature') return [{ stripeSignature: [] }];
  return [];
}

/** Who may call a route, in words: the policy's name first, as the access-policy table has it. */
const POLICY_DESCRIPTIONS: Record<AccessPolicy, string> = {
  anyone: 'anyone: no credentials needed (any sent are ignored).',
  'signed-in': 'signed-in: any signed-in user (an access token).',
  self: 'self: the user named by :email (an access token).',
  'self-or-admin': 'self-or-admin: the user named by :email, or an admin (an access token).',
  admin: 'admin: a user whose role is admin (an access token; the role is read at each request).',
  'firebase-self':
    'firebase-self: a Firebase ID token whose address is :email (the token exchange).',
  'cart-line-owner':
    'cart-line-owner: the user who owns the cart line :id (an access token); anyone else, admins too, gets 404.',
  'order-owner':
    'order-owner: the user who owns the order :id (an access token); anyone else, admins too, gets 404.',
  'payment-owner-or-admin':
    'payment-owner-or-admin: the user who started the checkout :id (its PaymentIntent id), or any admin; anyone else gets 404.',
  'stripe-signature':
    'stripe-signature: Stripe only; no user credentials, the Stripe-Signature header of the raw body is checked (400 when missing, bad or stale).',
  'optional-sign-in': 'optional-sign-in: no credentials needed, a valid token names the caller.',
  'course-owner':
    'course-owner: signed-in caller who owns the course :id (else 403 "Buy the course to open this lesson", 404 unknown).',
};

/** The error shape of one status: `{ error: { code, message } }` with that status's code. */
function errorResponse(status: number, description: string) {
  return apiErrorSchema
    .extend({ error: z.object({ code: z.literal(codeForStatus(status)), message: z.string() }) })
    .describe(description);
}

/** The errors a route can answer because of its policy, its input and its limits. */
function policyErrors(
  policy: AccessPolicy,
  route: RouteOptions,
): Record<number, ReturnType<typeof errorResponse>> {
  const errors: Record<number, ReturnType<typeof errorResponse>> = {};
  const { schema } = route;
  if (schema?.body || schema?.querystring || schema?.params || policy === 'stripe-signature') {
    errors[400] = errorResponse(400, 'The request is malformed or does not match its schema.');
  }
  if (ACCESS_TOKEN_POLICIES.has(policy) || policy === 'firebase-self') {
    errors[401] = errorResponse(401, 'The token is missing, invalid or expired.');
  }
  if (policy === 'self' || policy === 'self-or-admin' || policy === 'admin') {
    errors[403] = errorResponse(403, 'The caller may not do this.');
  }
  if (policy === 'firebase-self') {
    errors[403] = errorResponse(403, 'The ID token is for another address.');
  }
  if (isOwnerPolicy(policy)) {
    errors[404] = errorResponse(404, 'No such resource of the caller.');
  }
  // The rule a route names in config.rateLimit (server/rate-limit.ts).
  if (route.config?.rateLimit !== undefined) {
    errors[429] = errorResponse(
      429,
      'Too many requests: the Retry-After header says when to retry.',
    );
  }
  return errors;
}

const anyClientError = apiErrorSchema.describe('Any other client error.');
const anyServerError = apiErrorSchema.describe('A server error.');
const unavailable = errorResponse(
  503,
  'A dependency (the database, or Stripe for payments) is not reachable or not configured: retry later (Retry-After).',
);

const notModified = z.undefined().describe('Not modified: the If-None-Match ETag is current.');

/** Answers that are not JSON, by route: what they are sent as. */
const NON_JSON_ANSWERS: Readonly<
  Record<string, { status: number; description: string; contentTypes: readonly string[] }>
> = {
  'GET /api/images/:id': {
    status: 200,
    description: 'The image, as it was uploaded.',
    contentTypes: IMAGE_LIMITS.types,
  },
};

const zodTransform = createJsonSchemaTransform({});

type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * Per route: hides what is not an API operation (routes outside the access-policy table, the
 * reference page and its files), and adds what the access-policy table says: the security, the
 * policy in words, and the error answers the policy brings. Then the zod schemas become JSON
 * Schema (fastify-type-provider-zod).
 */
function describeRoute(input: TransformInput): ReturnType<typeof zodTransform> {
  const { route, url } = input;
  // HEAD shares its GET's entry (fastify-static adds both as one route).
  const [method = 'GET'] = Array.isArray(route.method) ? route.method : [route.method];
  const key = routeKey(method, url);
  const policy = policyFor(method, url);
  if (policy === undefined || API_REFERENCE_PAGE_ROUTES.has(key)) {
    return { schema: { hide: true }, url };
  }
  const schema = input.schema ?? {};
  const response: Record<string, unknown> = {
    ...policyErrors(policy, route),
    ...(schema.response as Record<string, unknown> | undefined),
  };
  // The routes that spread `errorResponses` (contract/errors' shape for any 4xx and 5xx).
  if (response['4xx']) response['4xx'] = anyClientError;
  if (response['5xx']) {
    response['5xx'] = anyServerError;
    response[503] ??= unavailable;
  }
  if (response[304]) response[304] = notModified;
  const nonJson = NON_JSON_ANSWERS[key];
  if (nonJson) {
    const body = { schema: z.string().meta({ format: 'binary' }) };
    response[nonJson.status] = {
      description: nonJson.description,
      content: Object.fromEntries(nonJson.contentTypes.map((type) => [type, body])),
    };
  }
  const transformed = zodTransform({
    ...input,
    schema: { ...schema, hide: false, response },
  });
  const described: FastifySchema & Record<`x-${string}`, unknown> = {
    ...transformed.schema,
    description: POLICY_DESCRIPTIONS[policy],
    security: securityFor(policy),
    // The policy's name, for tools (and the tests) to read back.
    'x-access-policy': policy,
  };
  return { url: transformed.url, schema: described };
}

/** GET /api/openapi.json: the document (any JSON object). Registered under the `/api` prefix. */
const documentRoute: FastifyPluginAsyncZod = async (api) => {
  apiRoute(
    api,
    `GET ${OPENAPI_DOCUMENT_URL}`,
    { summary: 'This document', errorResponses: false },
    // The document is plain JSON data; its type (openapi-types) has no index signature.
    async () => api.swagger() as unknown as Record<string, unknown>,
  );
};

/**
 * The page's own Content-Security-Policy: its scripts, styles and images from this server only
 * (Swagger UI inlines styles and draws its logo from a data: URL). The app's CSP stays as it is.
 */
export const API_REFERENCE_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
].join(';');

/**
 * The OpenAPI document at GET /api/openapi.json and its reference page at GET /api/docs. Register
 * on the root instance after the auth plugin (its routes are in the access-policy table too) and
 * before any API route (the document collects the routes as they are added).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'LearnTogether API',
        version: '1.0.0',
        description:
          'The product API. Every error answers `{ error: { code, message } }`. Who may call each route is the table of API routes (contract/api-routes.ts); each operation names its policy.',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeRoute,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_URL,
    staticCSP: API_REFERENCE_CSP,
    theme: { title: 'LearnTogether API' },
  });
  await app.register(documentRoute, { prefix: '/api' });
}
