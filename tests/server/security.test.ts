import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { PRERENDERED_HEAD_SCRIPT } from '../../contract/early-taps';
import { securityHeaders } from '../../server/plugins/security';
import { bearer } from './helpers/accounts';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

/** Sends raw bytes to a listening server; resolves with everything it answered once it closes. */
/** The one inline script of the prerendered documents, allowed by its SHA-256 (CSP Level 2). */
const PROBE_HASH = `'sha256-${createHash('sha256').update(PRERENDERED_HEAD_SCRIPT).digest('base64')}'`;

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

/** A built SPA in a temporary directory: the documents the server sends besides the API. */
async function spaBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lt-security-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><html><body></body></html>');
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  await writeFile(path.join(dir, 'course.json'), '[]');
  return dir;
}

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const browserEncodings = { 'accept-encoding': 'gzip, deflate, br' };

/** The security headers of a JSON answer (docs/architecture.md §4), and nothing else. */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

/** The headers the documents carry and JSON answers do not. */
const PAGE_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
];

function expectApiHeaders(headers: Record<string, unknown> | Map<string, string>, label: string) {
  const get = (name: string) => (headers instanceof Map ? headers.get(name) : headers[name]);
  for (const [name, value] of Object.entries(API_HEADERS)) {
    expect(get(name), `${label}: ${name}`).toBe(value);
  }
  for (const name of PAGE_ONLY_HEADERS) expect(get(name), `${label}: ${name}`).toBeUndefined();
}

describe('security headers of the documents', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = await spaBuild();
    t = await buildTestApp({ seed: false, env: { SERVE_SPA: 'true', SPA_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a CSP fit for the SPA and its services', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
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
    // Exactly the two video players a lesson may embed (issue 31 §2), besides Stripe and Firebase.
    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.firebaseapp.com',
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ]);
    expect(csp.get('media-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      PROBE_HASH,
      'https://js.stripe.com',
      'https://apis.google.com',
    ]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends the other page headers, with a popup-friendly opener policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('denies browser features the SPA does not use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const policy = String(res.headers['permissions-policy']);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'usb=()']) {
      expect(policy).toContain(feature);
    }
    expect(policy).toContain('payment=(self "https://js.stripe.com")');
  });

  it('sends every page header on index.html, its fallback and the static files', async () => {
    const page = securityHeaders(t.config, 'document');
    expect(Object.keys(page).sort()).toEqual(
      [
        ...PAGE_ONLY_HEADERS,
        'content-security-policy',
        'cross-origin-resource-policy',
        'x-content-type-options',
      ].sort(),
    );
    const documents = [
      { url: '/', headers: html },
      { url: '/courses', headers: html },
      { url: '/assets/index-abc123.js', headers: browserEncodings },
      { url: '/course.json', headers: {} },
    ];
    for (const { url, headers } of documents) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      for (const [name, value] of Object.entries(page)) {
        expect(res.headers[name], `${url}: ${name}`).toBe(value);
      }
    }
  });

  it('keeps the page headers on the API reference page, with its own CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(directives(res.headers['content-security-policy']).get('script-src')).toEqual([
      "'self'",
    ]);
  });
});

describe('security headers of the JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends only what a JSON answer needs: no page CSP, no HSTS, no Permissions-Policy', async () => {
    for (const url of ['/api/health', '/api/books?page=1', '/api/openapi.json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: browserEncodings });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expectApiHeaders(res.headers, url);
    }
  });

  it('lists, for answers sent outside Fastify, the very headers the API answers carry', async () => {
    expect(securityHeaders(t.config)).toEqual(API_HEADERS);
    expect(securityHeaders(t.config, 'api')).toEqual(API_HEADERS);
  });

  it('sends them on errors in the JSON error shape too', async () => {
    const errors = [
      { url: '/api/nope', status: 404 },
      { url: '/api/books?page=0', status: 400 },
      { url: '/api/userprofile/a%40b.co', status: 401 },
    ];
    for (const { url, status } of errors) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer('not-a-token') });
      expect(res.statusCode, url).toBe(status);
      expect(apiErrorSchema.safeParse(res.json()).success, url).toBe(true);
      expectApiHeaders(res.headers, url);
    }
  });

  it('sends them on errors raised while routing (a malformed URL)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/books/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expectApiHeaders(res.headers, 'malformed URL');
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
    expectApiHeaders(res.headers, '431');
  });

  it('answers a request Node cannot parse with a 400 JSON error', async () => {
    const res = parseRawResponse(await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(JSON.parse(res.body)).error.code).toBe('bad_request');
    expectApiHeaders(res.headers, '400');
  });
});

/** An app serving a built SPA, with `env` on top. */
function appWithSpa(env: Record<string, string>) {
  let dir = '';
  const app = { t: undefined as TestApp | undefined };
  beforeAll(async () => {
    dir = await spaBuild();
    app.t = await buildTestApp({ seed: false, env: { SERVE_SPA: 'true', SPA_DIR: dir, ...env } });
  });
  afterAll(async () => {
    await app.t?.close();
    await rm(dir, { recursive: true, force: true });
  });
  return async () => {
    if (!app.t) throw new Error('the app is not built');
    return { t: app.t, res: await app.t.app.inject({ method: 'GET', url: '/', headers: html }) };
  };
}

describe('security headers with the Auth Emulator', () => {
  const page = appWithSpa({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });

  it('lets the SPA reach and frame the emulator', async () => {
    const { res } = await page();
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toContain('http://127.0.0.1:9099');
    expect(csp.get('frame-src')).toContain('http://127.0.0.1:9099');
  });
});

describe('security headers with the Stripe emulator', () => {
  const page = appWithSpa({
    STRIPE_EMULATOR_URL: 'http://127.0.0.1:12111',
    STRIPE_SECRET_KEY: 'sk_test_emulator',
  });

  it('lets the SPA load the Stripe.js stand-in and confirm cards there, keeping Stripe', async () => {
    const { t, res } = await page();
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      PROBE_HASH,
      'https://js.stripe.com',
      'https://apis.google.com',
      'http://127.0.0.1:12111',
    ]);
    expect(csp.get('connect-src')).toContain('http://127.0.0.1:12111');
    expect(csp.get('connect-src')).toContain('https://api.stripe.com');
    expect(csp.get('frame-src')).toContain('https://js.stripe.com');
    expect(securityHeaders(t.config, 'document')['content-security-policy']).toBe(
      res.headers['content-security-policy'],
    );
  });
});
