import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseFileSchema } from '../../contract/courses';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root">LearnTogether SPA</div></body></html>';
const ASSET_JS = 'console.log("app");';
const FAVICON_SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const ABOUT_HTML =
  '<!doctype html><html><body><div id="root" data-prerendered="">About us</div></body></html>';

describe('serving the built SPA', () => {
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lt-spa-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(dir, 'assets', 'index-abc123.js'), ASSET_JS);
    await writeFile(path.join(dir, 'course.json'), '[]');
    await writeFile(path.join(dir, 'favicon.svg'), FAVICON_SVG);
    // The server's own (D65), not a build's copy.
    await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    await mkdir(path.join(dir, 'prerendered'));
    await writeFile(path.join(dir, 'prerendered', 'about.html'), ABOUT_HTML);
    await mkdir(path.join(dir, 'renderer'));
    await writeFile(path.join(dir, 'renderer', 'prerender.js'), 'export {};');
    t = await buildTestApp({ seed: false, env: { SERVE_SPA: 'true', SPA_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('falls back to index.html for a client-side route, uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/courses', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('falls back for nested routes and HEAD', async () => {
    const nested = await t.app.inject({
      method: 'GET',
      url: '/dashboard/users?x=1',
      headers: html,
    });
    expect(nested.body).toBe(INDEX_HTML);
    const head = await t.app.inject({ method: 'HEAD', url: '/courses', headers: html });
    expect(head.statusCode).toBe(200);
  });

  it('serves / as index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves / to any client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('serves / as its prerendered document once the build made one (D49)', async () => {
    const home = '<!doctype html><div id="root" data-prerendered="">Welcome</div>';
    await writeFile(path.join(dir, 'prerendered', 'index.html'), home);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
      expect(res.body).toBe(home);
      expect(res.headers['cache-control']).toBe('no-cache');
    } finally {
      await rm(path.join(dir, 'prerendered', 'index.html'));
    }
  });

  it("serves a screen's prerendered document for its exact path only (D49)", async () => {
    for (const url of ['/about', '/about?ref=footer']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(ABOUT_HTML);
    }
    // Another path, another case, a path that cannot name a document: the shell.
    for (const url of ['/about/x', '/About', '/jobs', '/prerendered%2Fabout']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.body).toBe(INDEX_HTML);
    }
    // Not a browser navigation: JSON 404, as for every client-side route.
    const json = await t.app.inject({ method: 'GET', url: '/about' });
    expect(json.statusCode).toBe(404);
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(ASSET_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("never serves the server's renderer (D63)", async () => {
    for (const url of [
      '/renderer/prerender.js',
      '/Renderer/prerender.js',
      '/renderer/../renderer/prerender.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('export {}');
    }
  });

  it('serves other static files uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(FAVICON_SVG);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("answers /robots.txt and /sitemap.xml itself, not from the build's copy (D65)", async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /dashboard');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<urlset');
  });

  it("answers /course.json from the database, not the build's copy", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/course.json' });
    expect(res.statusCode).toBe(200);
    // The build's file says []; the database has the seeded courses.
    const courses = courseFileSchema.parse(res.json());
    expect(courses.map((course) => course._id)).toContain('c-01');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps /api 404s as JSON, even for browsers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'Route GET /api/nope not found' },
    });
  });

  it('answers 404 JSON for a missing asset, a non-HTML client and a POST', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toMatchObject({ error: { code: 'not_found' } });

    const json = await t.app.inject({
      method: 'GET',
      url: '/courses',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ error: { code: 'not_found' } });

    const post = await t.app.inject({
      method: 'POST',
      url: '/courses',
      headers: html,
      payload: {},
    });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('still serves the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ ok: true, checks: { database: 'up', redis: 'off' } });
  });

  it('answers 404 JSON instead of looping when index.html disappears', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'lt-spa-gone-'));
    await writeFile(path.join(other, 'index.html'), INDEX_HTML);
    const t2 = await buildTestApp({ seed: false, env: { SERVE_SPA: 'true', SPA_DIR: other } });
    try {
      await t2.app.ready();
      await rm(path.join(other, 'index.html'));
      const res = await t2.app.inject({ method: 'GET', url: '/courses', headers: html });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    } finally {
      await t2.close();
      await rm(other, { recursive: true, force: true });
    }
  });
});

describe('SPA fallback switched off or missing', () => {
  it.each([
    ['SERVE_SPA is false', { SERVE_SPA: 'false' }],
    ['the SPA dir does not exist', { SERVE_SPA: 'true', SPA_DIR: '/nonexistent/lt-spa' }],
  ])('answers 404 JSON when %s', async (_label, env) => {
    const t = await buildTestApp({ seed: false, env });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/courses',
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'not_found', message: 'Route GET /courses not found' },
      });
    } finally {
      await t.close();
    }
  });
});
