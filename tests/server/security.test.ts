import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { securityHeaders } from '../../server/plugins/security';
import { bearer } from './helpers/accounts';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

/** Sends raw bytes to a listening server; resolves with everything it answered once it closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(request);
  });
}

function parseRawResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a CSP fit for the SPA and its services', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://i.ibb.co']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.emailjs.com',
      'https://api.stripe.com',
      'https://api.imgbb.com',
    ]);
    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.firebaseapp.com',
    ]);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://apis.google.com',
    ]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends the other helmet headers, with a popup-friendly opener policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('denies browser features the SPA does not use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(res.headers['permissions-policy']);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'usb=()']) {
      expect(policy).toContain(feature);
    }
    expect(policy).toContain('payment=(self "https://js.stripe.com")');
  });

  it('sends them on errors too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('sends them on errors raised while routing (a malformed URL)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/books/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('lists, for answers sent outside Fastify, the very headers helmet sends', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    for (const [name, value] of Object.entries(securityHeaders(t.config))) {
      expect(res.headers[name], name).toBe(value);
    }
  });

  it('forbids caching answers of routes that need credentials, even their errors', async () => {
    for (const url of ['/api/userprofile/a%40b.co', '/api/allusers', '/api/admin/a%40b.co']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer('not-a-token') });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const exchange = await t.app.inject({
      method: 'PUT',
      url: '/api/user/a%40b.co',
      payload: { email: 'a@b.co' },
    });
    expect(exchange.statusCode).toBe(401);
    expect(exchange.headers['cache-control']).toBe('no-store');
    // The public catalogue may be cached, revalidated by its ETag.
    const books = await t.app.inject({ method: 'GET', url: '/api/books' });
    expect(books.headers['cache-control']).toBe('no-cache');
    expect(books.headers.etag).toBeDefined();
  });
});

describe('answers of the HTTP parser', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers headers too large with a 431 JSON error and the security headers', async () => {
    const raw = await rawExchange(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    const res = parseRawResponse(raw);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(apiErrorSchema.parse(JSON.parse(res.body))).toEqual({
      error: { code: 'bad_request', message: 'Request headers are too large' },
    });
    for (const [name, value] of Object.entries(securityHeaders(t.config))) {
      expect(res.headers.get(name), name).toBe(value);
    }
  });

  it('answers a request Node cannot parse with a 400 JSON error', async () => {
    const res = parseRawResponse(await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(JSON.parse(res.body)).error.code).toBe('bad_request');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('security headers with the Auth Emulator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the SPA reach and frame the emulator', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toContain('http://127.0.0.1:9099');
    expect(csp.get('frame-src')).toContain('http://127.0.0.1:9099');
  });
});

describe('security headers with the Stripe emulator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      env: { STRIPE_EMULATOR_URL: 'http://127.0.0.1:12111', STRIPE_SECRET_KEY: 'sk_test_emulator' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the SPA load the Stripe.js stand-in and confirm cards there, keeping Stripe', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://apis.google.com',
      'http://127.0.0.1:12111',
    ]);
    expect(csp.get('connect-src')).toContain('http://127.0.0.1:12111');
    expect(csp.get('connect-src')).toContain('https://api.stripe.com');
    expect(csp.get('frame-src')).toContain('https://js.stripe.com');
    // The headers of answers sent before any hook agree with helmet's.
    expect(securityHeaders(t.config)['content-security-policy']).toBe(
      res.headers['content-security-policy'],
    );
  });
});
