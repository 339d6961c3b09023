import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRouteSpec, type DescribedRouteKey } from '../../contract/api-routes';
import {
  ACCESS_POLICIES,
  API_REFERENCE_PAGE_ROUTES,
  type AccessPolicy,
  type ListedRoute,
} from '../../server/auth/access-policy';
import { apiRoute } from '../../server/plugins/api-route';
import { OPENAPI_DOCUMENT_URL, registerOpenApi } from '../../server/plugins/openapi';
import { securityHeaders } from '../../server/plugins/security';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import {
  openApiPath,
  responseMismatch,
  takeResponseMismatches,
} from './helpers/openapi-conformance';

type Operation = {
  description?: string;
  parameters?: unknown;
  requestBody?: unknown;
  security?: unknown;
  'x-access-policy'?: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, unknown>> };
};

/** The credentials each policy asks for, as OpenAPI security requirements (none: `[]`). */
const EXPECTED_SECURITY: Record<AccessPolicy, unknown[]> = {
  anyone: [],
  'signed-in': [{ accessToken: [] }],
  self: [{ accessToken: [] }],
  'self-or-admin': [{ accessToken: [] }],
  admin: [{ accessToken: [] }],
  'cart-line-owner': [{ accessToken: [] }],
  'order-owner': [{ accessToken: [] }],
  'payment-owner-or-admin': [{ accessToken: [] }],
  'firebase-self': [{ firebaseIdToken: [] }],
  'stripe-signature': [{ stripeSignature: [] }],
  'optional-sign-in': [],
  'course-owner': [{ accessToken: [] }],
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** The document's operations, keyed as the access-policy table keys its routes. */
function operations(document: Document): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      found.set(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`, operation);
    }
  }
  return found;
}

function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  document = res.json<Document>();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route of the access-policy table, and nothing else', () => {
    const expected = Object.keys(ACCESS_POLICIES).filter(
      (route) => !API_REFERENCE_PAGE_ROUTES.has(route),
    );
    expect([...operations(document).keys()].sort()).toEqual(expected.sort());
  });

  it('leaves out only the reference page and its files, all under /api/docs', () => {
    for (const route of API_REFERENCE_PAGE_ROUTES) {
      expect(Object.keys(ACCESS_POLICIES), route).toContain(route);
      expect(route).toMatch(/^GET \/api\/docs(\/|$)/);
    }
  });

  it("gives each operation its policy's security, and names the policy", () => {
    for (const [route, operation] of operations(document)) {
      const policy = ACCESS_POLICIES[route as ListedRoute];
      expect(operation['x-access-policy'], route).toBe(policy);
      expect(operation.security, route).toEqual(EXPECTED_SECURITY[policy]);
      expect(operation.description, route).toMatch(new RegExp(`^${policy}: `));
    }
    expect(operations(document).get('GET /api/userprofile/:email')?.description).toBe(
      'self-or-admin: the user named by :email, or an admin (an access token).',
    );
  });

  it('defines the security schemes: access token, Firebase ID token, Stripe signature', () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.accessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.firebaseIdToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.stripeSignature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Stripe-Signature',
    });
  });

  it('documents the error shape with its code for each status a policy brings', () => {
    const codeOf = (operation: Operation, status: string): unknown => {
      const schema = operation.responses[status]?.content?.['application/json']?.schema as
        { properties?: { error?: { properties?: { code?: { enum?: unknown } } } } } | undefined;
      return schema?.properties?.error?.properties?.code?.enum;
    };
    for (const [route, operation] of operations(document)) {
      const policy = ACCESS_POLICIES[route as ListedRoute];
      if (EXPECTED_SECURITY[policy].length > 0 && policy !== 'stripe-signature') {
        expect(codeOf(operation, '401'), route).toEqual(['unauthorized']);
      }
      if (policy === 'admin' || policy === 'self' || policy === 'self-or-admin') {
        expect(codeOf(operation, '403'), route).toEqual(['forbidden']);
      }
      if (
        policy === 'cart-line-owner' ||
        policy === 'order-owner' ||
        policy === 'payment-owner-or-admin'
      ) {
        expect(codeOf(operation, '404'), route).toEqual(['not_found']);
      }
    }
    const cart = operations(document).get('POST /api/cart');
    expect(codeOf(cart!, '400')).toEqual(['bad_request']);
    expect(codeOf(cart!, '429')).toEqual(['too_many_requests']);
    expect(codeOf(cart!, '4XX')).toContain('conflict');
  });

  it("documents parameters and bodies from the routes' zod schemas", () => {
    const update = document.paths['/api/carts/quantity/{id}']?.put as
      (Operation & { parameters?: unknown; requestBody?: unknown }) | undefined;
    expect(update?.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    ]);
    expect(update?.requestBody).toMatchObject({
      required: true,
      content: {
        'application/json': {
          schema: { properties: { quantity: { type: 'integer', minimum: 1, maximum: 10 } } },
        },
      },
    });
    const image = document.paths['/api/images/{id}']?.get;
    expect(Object.keys(image?.responses['200']?.content ?? {})).toContain('image/png');
  });
});

/**
 * The document of the table alone: every described route of contract/api-routes.ts registered
 * through the server's apiRoute, with no handler of ours. Where the server's document differs from
 * it, a handler took a schema from somewhere else than the table.
 */
async function tableDocument(): Promise<Document> {
  const bare = Fastify();
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(bare);
  await bare.register(
    async (api) => {
      for (const [key, entry] of Object.entries(API_ROUTES)) {
        // The document's own route is registered by registerOpenApi, through apiRoute too.
        if (!('response' in entry) || key === `GET ${OPENAPI_DOCUMENT_URL}`) continue;
        apiRoute(api, key as DescribedRouteKey, {}, async () => undefined);
      }
    },
    { prefix: '/api' },
  );
  await bare.ready();
  try {
    return bare.swagger() as unknown as Document;
  } finally {
    await bare.close();
  }
}

describe('the table of the API (contract/api-routes.ts)', () => {
  it('gives every route the server registers its params, query, body and answers', async () => {
    const fromTable = operations(await tableDocument());
    const served = operations(document);
    expect([...served.keys()].sort()).toEqual([...fromTable.keys()].sort());
    for (const [route, operation] of served) {
      const expected = fromTable.get(route)!;
      expect(operation.parameters, route).toEqual(expected.parameters);
      expect(operation.requestBody, route).toEqual(expected.requestBody);
      const entry: ApiRouteSpec = API_ROUTES[route as ListedRoute];
      const statuses = Object.keys(entry.response ?? {});
      expect(statuses.length, route).toBeGreaterThan(0);
      for (const status of statuses) {
        expect(operation.responses[status], `${route} → ${status}`).toEqual(
          expected.responses[status],
        );
      }
    }
  });
});

describe('GET /api/docs', () => {
  it('answers the reference page, whose every script and style loads from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.filter((url) => url.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
    expect(assets.some((url) => url.endsWith('.css'))).toBe(true);
    for (const url of assets) {
      // Same origin, so `'self'` allows it: no CDN.
      expect(url, url).toMatch(/^\/api\/docs\//);
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      const type = String(asset.headers['content-type']);
      if (url.endsWith('.js')) expect(type, url).toMatch(/javascript/);
      if (url.endsWith('.css')) expect(type, url).toMatch(/^text\/css/);
      expect(directives(asset.headers['content-security-policy']).get('script-src'), url).toEqual([
        "'self'",
      ]);
    }
  });

  it('loads the document the API serves', async () => {
    const initializer = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual(document);
  });

  it('has a CSP of its own: this server only, no inline scripts', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  });

  it("leaves the app's CSP as it is everywhere else", async () => {
    const app = securityHeaders(t.config)['content-security-policy'];
    for (const url of ['/api/health', '/api/openapi.json', '/api/books', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(app);
    }
  });
});

describe("the server's answers match the document", () => {
  const answer = {
    method: 'GET',
    routeUrl: '/api/health',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    contentEncoding: undefined,
  };

  it('accepts an answer of the documented shape', () => {
    const body = JSON.stringify({ ok: true, checks: { database: 'up', redis: 'off' } });
    expect(responseMismatch(document, { ...answer, body })).toBeNull();
  });

  it('finds a body, a status or a content type the document does not describe', () => {
    const wrongBody = JSON.stringify({ ok: false, checks: { database: 'up', redis: 'off' } });
    expect(responseMismatch(document, { ...answer, body: wrongBody })).toMatch(
      /GET \/api\/health → 200: the body does not match the documented schema/,
    );
    const wrongError = JSON.stringify({ error: { code: 'forbidden', message: 'no' } });
    expect(
      responseMismatch(document, {
        ...answer,
        routeUrl: '/api/carts',
        status: 401,
        body: wrongError,
      }),
    ).toMatch(/does not match/);
    expect(responseMismatch(document, { ...answer, status: 418, body: '{}' })).toMatch(
      /answered 418, which the document does not list/,
    );
    expect(
      responseMismatch(document, { ...answer, contentType: 'text/plain', body: 'up' }),
    ).toMatch(/sent text\/plain/);
  });

  it('checks every answer a test app sends, and reports the mismatches', async () => {
    const other = await buildTestApp({ seed: false });
    try {
      // The catalogue's bytes are sent as they are (no serializer checks them): make them wrong.
      const { catalogue } = other.app;
      const answer = catalogue.answer.bind(catalogue);
      catalogue.answer = async (query) => ({
        ...(await answer(query)),
        json: Buffer.from(JSON.stringify({ books: 'none' })),
        gzip: null,
      });
      const res = await other.app.inject({ method: 'GET', url: '/api/books?page=1' });
      expect(res.statusCode).toBe(200);
      expect(takeResponseMismatches()).toEqual([
        expect.stringMatching(/^GET \/api\/books → 200: the body does not match/),
      ]);
      catalogue.answer = answer;
      const fine = await other.app.inject({ method: 'GET', url: '/api/books?limit=2&page=1' });
      expect(fine.statusCode).toBe(200);
      expect(takeResponseMismatches()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('writes path parameters as OpenAPI does', () => {
    expect(openApiPath('/api/carts/quantity/:id')).toBe('/api/carts/quantity/{id}');
  });
});
