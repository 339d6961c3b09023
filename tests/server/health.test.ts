import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/client';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers { ok: true } as JSON when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers HEAD too', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/health when the database is down', () => {
  it('answers 503 service_unavailable in the shared error shape', async () => {
    const t = await buildTestApp({ seed: false });
    // The same database, as seen through a connection that no longer answers.
    const down: Db = Object.create(t.db) as Db;
    down.query = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    };
    const app = await buildApp({ config: t.config, db: down });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(apiErrorSchema.parse(res.json())).toEqual({
        error: { code: 'service_unavailable', message: 'Database is not reachable' },
      });
    } finally {
      await app.close();
      await t.close();
    }
  });
});
