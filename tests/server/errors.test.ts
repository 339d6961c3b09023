import { errorCodes, type FastifyError, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError, type DomainErrorKind } from '../../contract/domain-error';
import { apiErrorSchema, type ApiError } from '../../contract/errors';
import { MAX_PARAM_LENGTH } from '../../server/app';
import { frameworkErrorHandler, HttpError } from '../../server/plugins/errors';
import { securityHeaders } from '../../server/plugins/security';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

type ErrorConstructor = new (...args: string[]) => FastifyError;

/** Every error Fastify can raise that blames the client (a 4xx statusCode). */
const fastifyClientErrors = Object.entries(errorCodes as Record<string, ErrorConstructor>).filter(
  ([, FastifyErrorClass]) => {
    const status = new FastifyErrorClass('x', 'y', 'z').statusCode ?? 500;
    return status >= 400 && status < 500;
  },
);

describe('error responses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    // Routes that fail on purpose, to check what reaches the client. Outside /api: every /api
    // route must be listed in the access-policy table (the app refuses unlisted ones).
    t.app.get('/test-only/boom', async () => {
      throw new Error('secret internals: password=hunter2');
    });
    t.app.get('/test-only/conflict', async () => {
      throw new HttpError(409, 'That book already exists');
    });
    t.app.get<{ Params: { kind: DomainErrorKind } }>('/test-only/domain/:kind', async (request) => {
      throw new DomainError(request.params.kind, `a ${request.params.kind} failure`);
    });
    t.app.get(
      '/test-only/bad-response',
      { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
      async () => ({ ok: 'not a boolean' }) as unknown as { ok: boolean },
    );
    const fastifyError = (name: string) => {
      const FastifyErrorClass = (errorCodes as Record<string, ErrorConstructor>)[name];
      if (!FastifyErrorClass) throw new Error(`no Fastify error ${name}`);
      return new FastifyErrorClass('x', 'y', 'z');
    };
    t.app.get<{ Params: { name: string } }>('/test-only/thrown/:name', async (request) => {
      throw fastifyError(request.params.name);
    });
    // The path Fastify takes for errors raised while routing.
    const onFrameworkError = frameworkErrorHandler(securityHeaders(t.config));
    t.app.get<{ Params: { name: string } }>(
      '/test-only/framework/:name',
      async (request, reply) => {
        onFrameworkError(fastifyError(request.params.name), request, reply);
        return reply;
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  async function send(options: InjectOptions): Promise<{
    status: number;
    body: ApiError;
    contentType: string | undefined;
  }> {
    const res = await t.app.inject(options);
    return {
      status: res.statusCode,
      body: apiErrorSchema.parse(res.json()),
      contentType: res.headers['content-type']?.toString(),
    };
  }

  const newsletter = (payload: string, contentType = 'application/json') => ({
    method: 'POST' as const,
    url: '/api/newsletter',
    payload,
    headers: { 'content-type': contentType },
  });

  it('answers an unknown /api route with a 404 JSON error', async () => {
    const res = await send({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.status).toBe(404);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      error: { code: 'not_found', message: 'Route GET /api/nope not found' },
    });
    const post = await send({ method: 'POST', url: '/api/x', payload: {} });
    expect(post.body.error.message).toBe('Route POST /api/x not found');
  });

  it('answers an unknown page with a 404 JSON error when the SPA is not served', async () => {
    const res = await send({ method: 'GET', url: '/courses', headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await send(newsletter('{"email": "a@b.co"'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'bad_request', message: 'Malformed JSON body' } });
  });

  it('rejects a JSON body with a __proto__ key with 400', async () => {
    const res = await send(newsletter('{"email":"a@b.co","__proto__":{"admin":true}}'));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it('rejects an empty JSON body with 400', async () => {
    const res = await send(newsletter(''));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'bad_request', message: 'Request body is empty' } });
  });

  it('rejects a body over 1 MB with 413', async () => {
    const big = JSON.stringify({ email: 'a@b.co', filler: 'x'.repeat(1024 * 1024) });
    const res = await send(newsletter(big));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: { code: 'payload_too_large', message: 'Request body is larger than 1 MB' },
    });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'rejects a %s body with 400',
    async (contentType) => {
      const res = await send(newsletter('email=a@b.co', contentType));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: { code: 'bad_request', message: 'Unsupported Content-Type: send application/json' },
      });
    },
  );

  it('rejects an undecodable URL with 400', async () => {
    const res = await send({ method: 'GET', url: '/api/books/%E0%A4%A' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'bad_request', message: 'Malformed URL' } });
  });

  it('passes an HttpError status and message through', async () => {
    const res = await send({ method: 'GET', url: '/test-only/conflict' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'conflict', message: 'That book already exists' } });
  });

  it('answers each kind of domain error with the status of the one table', async () => {
    const expected: Record<DomainErrorKind, [number, ApiError['error']['code']]> = {
      invalid: [400, 'bad_request'],
      'not-found': [404, 'not_found'],
      conflict: [409, 'conflict'],
      'provider-failed': [502, 'internal'],
      'not-configured': [503, 'service_unavailable'],
    };
    for (const [kind, [status, code]] of Object.entries(expected)) {
      const res = await send({ method: 'GET', url: `/test-only/domain/${kind}` });
      expect(res.status, kind).toBe(status);
      expect(res.body).toEqual({ error: { code, message: `a ${kind} failure` } });
    }
  });

  it('hides the details of an unexpected error behind a 500', async () => {
    const thrown = await t.app.inject({ method: 'GET', url: '/test-only/boom' });
    expect(thrown.statusCode).toBe(500);
    expect(thrown.json()).toEqual({
      error: { code: 'internal', message: 'Internal server error' },
    });
    expect(thrown.body).not.toContain('hunter2');

    const badResponse = await t.app.inject({ method: 'GET', url: '/test-only/bad-response' });
    expect(badResponse.statusCode).toBe(500);
    expect(badResponse.json()).toEqual({
      error: { code: 'internal', message: 'Internal server error' },
    });
  });

  it.each(fastifyClientErrors.map(([name]) => name))(
    'answers Fastify’s client error %s with its 4xx in the shared shape, thrown or while routing',
    async (name) => {
      for (const url of [`/test-only/thrown/${name}`, `/test-only/framework/${name}`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
        const { error } = apiErrorSchema.parse(res.json());
        expect(error.code).not.toBe('internal');
        expect(error.message).not.toBe('');
      }
    },
  );

  it('serves path parameters as long as the longest address, percent-encoded', async () => {
    // No token: the access check answers, not the router.
    const long = await send({ method: 'PUT', url: `/api/userupdate/${'a'.repeat(101)}` });
    expect(long.status).toBe(401);
    const encoded = await send({
      method: 'DELETE',
      url: `/api/allusers/dlt/${'%41'.repeat(MAX_PARAM_LENGTH / 3)}`,
    });
    expect(encoded.status).toBe(401);
  });

  it('answers a longer path parameter with 414 and the security headers', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userupdate/${'a'.repeat(MAX_PARAM_LENGTH + 1)}`,
    });
    expect(res.statusCode).toBe(414);
    expect(apiErrorSchema.parse(res.json())).toEqual({
      error: { code: 'bad_request', message: 'A path parameter is too long' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A JSON answer's own policy (server/plugins/security.ts), not the page's.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it.each([
    ['the book search', { method: 'GET', url: '/api/books?q=%00' }, 'q: '],
    ['a newsletter address', newsletter('{"email":"a\\u0000@b.co"}'), 'email: '],
  ] as const)('refuses a NUL byte in %s with 400', async (_label, options, field) => {
    const res = await send(options);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`${field}Must not contain a NUL character`);
  });

  it('never answers 500 to a client mistake', async () => {
    const mistakes: InjectOptions[] = [
      { method: 'GET', url: '/api/nope' },
      { method: 'GET', url: '/api/books?q=%00' },
      { method: 'GET', url: '/api/books?page=%00&limit=-1&sort[]=x' },
      { method: 'GET', url: '/api/books/%E0%A4%A' },
      { method: 'PUT', url: `/api/userupdate/${'a'.repeat(2000)}` },
      newsletter('{"email": "a@b.co"'),
      newsletter('{"email":"a@b.co","__proto__":{"admin":true}}'),
      newsletter(''),
      newsletter('{"email":"a\\u0000@b.co"}'),
      newsletter('email=a@b.co', 'text/plain'),
      newsletter(JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) })),
    ];
    for (const options of mistakes) {
      const res = await t.app.inject(options);
      expect(res.statusCode, `${options.method} ${options.url}`).toBeLessThan(500);
      expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    }
  });
});
