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

  it('answers each Accept-Encoding by its own words, whatever the request before asked', async () => {
    const encodings = ['gzip, deflate, br', 'gzip;q=0, deflate', 'gzip', '', 'br, *'];
    const sent = [];
    for (const accept of encodings) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/books?page=1',
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      sent.push(res.headers['content-encoding']);
    }
    expect(sent).toEqual(['gzip', undefined, 'gzip', undefined, 'gzip']);
  });

  it('sends plain JSON to a client that does not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/books' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveLength(27);
  });
});
