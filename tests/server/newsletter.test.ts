import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { RATE_LIMITS } from '../../server/rate-limit';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

describe('POST /api/newsletter', () => {
  let t: TestApp;
  // Each test posts from its own address so the per-IP rate limit never couples tests.
  let nextHost = 1;
  const freshIp = () => `10.1.0.${nextHost++}`;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  function post(payload: unknown, remoteAddress = freshIp()) {
    return t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: payload as object,
      remoteAddress,
    });
  }

  async function subscriberEmails(): Promise<string[]> {
    const rows = await t.db.query<{ email: string }>(
      'select email from newsletter_subscribers order by email',
    );
    return rows.map((row) => row.email);
  }

  it('subscribes a new address with 201, then answers 200 for the same address in any case', async () => {
    const first = await post({ email: 'reader@example.com' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Thanks for subscribing!' });

    const again = await post({ email: '  Reader@EXAMPLE.com ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'You are already subscribed.' });

    expect(await subscriberEmails()).toEqual(['reader@example.com']);
  });

  it('stores the address trimmed and lower-cased', async () => {
    const res = await post({ email: ' New.Reader@Example.ORG ' });
    expect(res.statusCode).toBe(201);
    expect(await subscriberEmails()).toContain('new.reader@example.org');
  });

  it.each([
    ['an empty email', { email: '' }, 'email: Email is required'],
    ['a blank email', { email: '   ' }, 'email: Email is required'],
    ['a missing email', {}, 'email: Email is required'],
    ['a malformed email', { email: 'not-an-email' }, 'email: Invalid email address'],
    ['an email without a domain', { email: 'reader@' }, 'email: Invalid email address'],
    ['a non-string email', { email: 42 }, 'email: Email must be a string'],
    [
      'a too long email',
      { email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com` },
      'email: Email must be at most 254 characters',
    ],
    ['an unknown field', { email: 'x@example.com', name: 'X' }, 'Unrecognized key: "name"'],
    ['an array body', [{ email: 'x@example.com' }], 'Request body must be a JSON object'],
  ])('rejects %s with 400 and a readable message', async (_label, payload, message) => {
    const before = await subscriberEmails();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toEqual({ error: { code: 'bad_request', message } });
    expect(await subscriberEmails()).toEqual(before);
  });

  it('rejects a request without a body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'bad_request', message: 'Request body must be a JSON object' },
    });
  });

  it(`limits one client to ${RATE_LIMITS.newsletterPerIp.perMinute} requests a minute with a 429 JSON error`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.newsletterPerIp.perMinute; i += 1) {
      const res = await post({ email: `flood${i}@example.com` }, ip);
      expect(res.statusCode).toBe(201);
    }
    const limited = await post({ email: 'one-more@example.com' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const body = apiErrorSchema.parse(limited.json());
    expect(body.error.code).toBe('too_many_requests');
    expect(body.error.message).toMatch(/^Too many requests, try again in /);
    expect(await subscriberEmails()).not.toContain('one-more@example.com');

    // Another client is unaffected.
    const other = await post({ email: 'one-more@example.com' });
    expect(other.statusCode).toBe(201);
  });
});
