import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

describe('response compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gzips the book list for a client that accepts gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/books',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const books = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as unknown[];
    expect(books).toHaveLength(27);
  });

  it('sends plain JSON to a client that does not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/books' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveLength(27);
  });
});
