import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWLER_DISALLOWED_PATHS, SITEMAP_STATIC_PATHS } from '../../contract/public-pages';
import { createBook, removeBook } from '../../server/db/repositories/books';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { insertTestCourse } from './helpers/courses';

const PUBLIC_URL = 'https://shop.example.com';

type SitemapUrl = { loc: string; lastmod: string | undefined };

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Text with no markup: `<` never, `&` only as an entity. */
const XML_TEXT = String.raw`(?:[^<&]|&(?:amp|lt|gt|quot|apos|#\d+);)*`;
const URL_ELEMENT = new RegExp(
  String.raw`<url><loc>(${XML_TEXT})</loc>(?:<lastmod>(${XML_TEXT})</lastmod>)?</url>\n`,
  'gy',
);

/**
 * The sitemap as a crawler reads it: the declaration, a `urlset` in the sitemaps.org namespace,
 * `url` elements of a `loc` and an optional `lastmod`, nothing else; else a throw.
 */
function parseSitemap(xml: string): SitemapUrl[] {
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n`;
  const tail = '</urlset>\n';
  if (!xml.startsWith(head) || !xml.endsWith(tail)) throw new Error(`not a sitemap:\n${xml}`);
  const body = xml.slice(head.length, -tail.length);
  const urls: SitemapUrl[] = [];
  URL_ELEMENT.lastIndex = 0;
  let taken = 0;
  for (let match = URL_ELEMENT.exec(body); match; match = URL_ELEMENT.exec(body)) {
    urls.push({ loc: unescapeXml(match[1] ?? ''), lastmod: match[2] });
    taken = URL_ELEMENT.lastIndex;
  }
  if (taken !== body.length)
    throw new Error(`not a url element: ${body.slice(taken, taken + 200)}`);
  return urls;
}

function unescapeXml(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#\d+|\w+);/g, (_entity, name: string) =>
    name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : (named[name] ?? ''),
  );
}

describe('/sitemap.xml and /robots.txt (issue 32 §1, D65)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function sitemap(): Promise<SitemapUrl[]> {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    return parseSitemap(res.body);
  }

  it('lists every public screen, every listed book and course, as absolute URLs', async () => {
    const urls = await sitemap();
    const locs = urls.map((url) => url.loc);
    for (const path of SITEMAP_STATIC_PATHS) expect(locs).toContain(`${PUBLIC_URL}${path}`);
    // The seed: its books and its twelve courses.
    const books = await t.db.query<{ id: string }>('select id from books where removed_at is null');
    expect(books.length).toBeGreaterThan(0);
    for (const { id } of books) expect(locs).toContain(`${PUBLIC_URL}/book/${id}`);
    expect(locs).toContain(`${PUBLIC_URL}/courses/c-01`);
    expect(locs).toHaveLength(new Set(locs).size);
    // Nothing private and nothing outside PUBLIC_URL.
    for (const loc of locs) {
      expect(loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      const path = loc.slice(PUBLIC_URL.length);
      for (const disallowed of CRAWLER_DISALLOWED_PATHS)
        expect(path.startsWith(disallowed)).toBe(false);
    }
    // Pages from data carry their last change; the catalogue page that of its latest book.
    const book = urls.find((url) => url.loc.includes('/book/'));
    expect(book?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(urls.find((url) => url.loc === `${PUBLIC_URL}/book`)?.lastmod).toMatch(/Z$/);
    expect(urls.find((url) => url.loc === `${PUBLIC_URL}/about`)?.lastmod).toBeUndefined();
  });

  it('shows a new book at once, its last edit as its lastmod, and drops it once removed', async () => {
    const created = await createBook(t.db, {
      name: 'Sitemap & Sons',
      author: 'A. Crawler',
      description: '',
      priceCents: 1_250,
      image: '/images/books/x.svg',
      category: 'story',
      stock: 3,
    });
    if (!created) throw new Error('the book was not created');
    const loc = `${PUBLIC_URL}/book/${created.id}`;
    expect((await sitemap()).map((url) => url.loc)).toContain(loc);

    await t.db.query(
      `insert into audit_log (actor_email, action, subject_id, changes, created_at)
       values ('admin@example.com', 'book.update', $1, '{}', '2031-02-03T04:05:06.789Z')`,
      [created.id],
    );
    const edited = await sitemap();
    expect(edited.find((url) => url.loc === loc)?.lastmod).toBe('2031-02-03T04:05:06Z');
    expect(edited.find((url) => url.loc === `${PUBLIC_URL}/book`)?.lastmod).toBe(
      '2031-02-03T04:05:06Z',
    );

    expect(await removeBook(t.db, created.id)).toBe(true);
    expect((await sitemap()).map((url) => url.loc)).not.toContain(loc);
  });

  it('shows a published course with its last save, and drops it once unpublished', async () => {
    await insertTestCourse(t.db, { id: 't-sitemap' });
    await t.db.query(
      `update courses set updated_at = '2030-05-06T07:08:09Z' where id = 't-sitemap'`,
    );
    const loc = `${PUBLIC_URL}/courses/t-sitemap`;
    const listed = await sitemap();
    expect(listed.find((url) => url.loc === loc)?.lastmod).toBe('2030-05-06T07:08:09Z');

    // An id with a character XML gives a meaning to (encodeURIComponent keeps `'`): escaped.
    await insertTestCourse(t.db, { id: "t-o'neil" });
    const raw = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(raw.body).toContain(`${PUBLIC_URL}/courses/t-o&#39;neil</loc>`);
    expect(parseSitemap(raw.body).map((url) => url.loc)).toContain(
      `${PUBLIC_URL}/courses/t-o'neil`,
    );

    await insertTestCourse(t.db, { id: 't-sitemap-draft', published: false });
    await t.db.query(`update courses set published = false where id = 't-sitemap'`);
    const locs = (await sitemap()).map((url) => url.loc);
    expect(locs).not.toContain(loc);
    expect(locs).not.toContain(`${PUBLIC_URL}/courses/t-sitemap-draft`);
  });

  it('robots.txt names the sitemap and keeps crawlers out of the private paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/dashboard', '/cart', '/cart-book', '/payment', '/paymentcard']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('answers HEAD, and gzips the sitemap for clients that accept it', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });
});
