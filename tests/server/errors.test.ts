import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema, type ApiError } from '../../contract/errors';
import { HttpError } from '../../server/plugins/errors';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

describe('error responses', () => {
  let t: TestApp;
  const statuses: number[] = [];

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
    t.app.get(
      '/test-only/bad-response',
      { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
      async () => ({ ok: 'not a boolean' }) as unknown as { ok: boolean },
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
    statuses.push(res.statusCode);
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

  it('never answered 500 to any of the client mistakes above', () => {
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});
