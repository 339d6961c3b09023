import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEALTH_MAX_AGE_MS } from '../../server/routes/health';
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
    expect(res.json()).toEqual({ ok: true, checks: { database: 'up', redis: 'off' } });
  });

  it('answers HEAD too', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/health under frequent polling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Counts the health check's database queries from now on. */
  function countChecks() {
    const query = vi.spyOn(t.app.db, 'query');
    return { query, count: () => query.mock.calls.filter(([sql]) => sql === 'select 1').length };
  }

  const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

  it('makes one database check for a burst of concurrent requests', async () => {
    const { count } = countChecks();
    const answers = await Promise.all(Array.from({ length: 20 }, health));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(count()).toBe(1);
  });

  it('reuses a result for at most a second, and reports a dependency down after it', async () => {
    // Past any result of the test before.
    await new Promise((resolve) => setTimeout(resolve, HEALTH_MAX_AGE_MS + 100));
    const { query, count } = countChecks();
    expect((await health()).statusCode).toBe(200);
    expect(count()).toBe(1);

    query.mockRejectedValue(new Error('connection terminated'));
    // Within the second: the result of the check just made.
    expect((await health()).statusCode).toBe(200);
    expect(count()).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, HEALTH_MAX_AGE_MS + 100));
    const res = await health();
    expect(count()).toBe(2);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'service_unavailable', message: 'Database is not reachable' },
      checks: { database: 'down', redis: 'off' },
    });
  });
});
