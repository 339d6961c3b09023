import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_DIR, RENDERER_FILE, SNAPSHOT_DATA_ID } from '../../contract/prerendered';
import { buildRenderer } from '../../scripts/lib/prerender-plugin';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import type { ApiGet } from '../../src/app/snapshot-data';
import { uniqueEmail } from './helpers/firebase-emulator';

// The catalogue's page snapshots (docs/decisions.md D63): the HTML as sent, no JavaScript run.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PUBLIC_URL = 'https://shop.example';
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

type Book = { _id: string; name: string; price: number; image: string; category: string };
type CourseSummary = { _id: string; name: string; price: number; image: string };

function jsonLdOf(document: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(document);
  if (!match?.[1]) throw new Error('no JSON-LD');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

function dataBlockOf(document: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${SNAPSHOT_DATA_ID}">([\\s\\S]*?)</script>`,
  ).exec(document);
  return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
}

function metaOf(document: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(document);
  return match?.[1];
}

/** Polls (no fixed sleep) until `check` holds for the document sent for `url`. */
async function documentWhen(
  t: TestApp,
  url: string,
  check: (document: string) => boolean,
  timeoutMs = 20_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    const res = await t.app.inject({ method: 'GET', url, headers: html });
    last = res.body;
    if (res.statusCode === 200 && check(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url}: the expected document did not come; last:\n${last.slice(0, 2000)}`);
}

/** index.html as the build writes it: the entry script goes to the head (Vite). */
async function writeBuiltShell(dir: string): Promise<void> {
  const source = await readFile(path.join(ROOT, 'index.html'), 'utf8');
  const built = source
    .replace(/\s*<script type="module" src="\/src\/boot.ts"><\/script>/, '')
    .replace(
      '</head>',
      '  <script type="module" crossorigin src="/assets/boot.js"></script>\n  </head>',
    );
  await writeFile(path.join(dir, 'index.html'), built);
}

const isSnapshot = (document: string) => document.includes('data-prerendered');

describe('catalogue page snapshots', () => {
  const adminEmail = uniqueEmail('snapshots-admin');
  let dir: string;
  let t: TestApp;
  let admin: SignedIn;
  let book: Book;
  let course: CourseSummary;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lt-snapshots-'));
    // The real renderer (src/prerender.tsx), built for Node as the build does, and the shell.
    await buildRenderer({
      entry: path.join(ROOT, 'src/prerender.tsx'),
      outDir: path.join(dir, RENDERER_DIR),
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
    });
    await writeBuiltShell(dir);
    t = await buildAccountsApp({
      adminEmails: [adminEmail],
      seed: true,
      env: { SERVE_SPA: 'true', SPA_DIR: dir, PUBLIC_URL },
      // Its cache of the book lists trusts a version for a minute: only the snapshots' poll can
      // tell it of a write made by another process.
      catalogue: { recheckMs: 60_000 },
    });
    await t.app.ready();
    admin = await signIn(t.app, adminEmail);
    const books = await t.app.inject({ method: 'GET', url: '/api/books' });
    // Names with nothing to escape, so the markup can be matched as written.
    const plain = (item: { name: string }) => /^[\w .,:-]+$/.test(item.name);
    book = (books.json() as Book[]).find(plain)!;
    const courses = await t.app.inject({ method: 'GET', url: '/api/courses' });
    course = (courses.json() as CourseSummary[]).find(plain)!;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("sends a book's page with its content, meta tags, JSON-LD and data block", async () => {
    const document = await documentWhen(t, `/book/${book._id}`, isSnapshot);
    // The content, in the markup as sent.
    expect(document).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(escapeHtml(book.name))}</h1>`));
    expect(document).toContain(`$${book.price.toFixed(2)}`);
    // Its own head.
    expect(document).toContain(`<title>${escapeHtml(book.name)} · LearnTogether</title>`);
    expect(document).toContain(`<link rel="canonical" href="${PUBLIC_URL}/book/${book._id}" />`);
    expect(metaOf(document, 'description')).toContain(escapeHtml(book.name));
    expect(metaOf(document, 'og:title')).toBe(`${escapeHtml(book.name)} · LearnTogether`);
    expect(metaOf(document, 'og:image')).toBe(
      book.image.startsWith('http') ? book.image : `${PUBLIC_URL}${book.image}`,
    );
    expect(metaOf(document, 'twitter:card')).toBe('summary_large_image');
    // Only the shop's description is replaced: one description, one title.
    expect(document.match(/<meta name="description"/g)).toHaveLength(1);
    expect(document.match(/<title>/g)).toHaveLength(1);
    // schema.org: a Book with its Offer.
    const ld = jsonLdOf(document);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: book.name,
      offers: {
        '@type': 'Offer',
        price: book.price.toFixed(2),
        priceCurrency: 'USD',
        availability: expect.stringMatching(
          /^https:\/\/schema\.org\/(InStock|LimitedAvailability)$/,
        ),
      },
    });
    // The data the app hydrates with: the book and "More in" its category.
    expect(dataBlockOf(document)).toMatchObject({
      queries: [
        { endpoint: 'getBook', arg: book._id, value: { _id: book._id, name: book.name } },
        { endpoint: 'getBooks', arg: { category: book.category, limit: 5 } },
      ],
    });
    // Nothing the CSP would refuse: the one inline script is the saved-cart probe.
    expect(document.match(/<script>/g)).toHaveLength(1);
  });

  it("sends a course's page with its content, a Course with its provider and offer", async () => {
    const document = await documentWhen(t, `/courses/${course._id}`, isSnapshot);
    expect(document).toContain(escapeHtml(course.name));
    expect(document).toContain(`<title>${escapeHtml(course.name)} · LearnTogether</title>`);
    expect(document).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/courses/${course._id}" />`,
    );
    expect(metaOf(document, 'og:image')).toBe(`${PUBLIC_URL}${course.image}`);
    expect(jsonLdOf(document)).toMatchObject({
      '@type': 'Course',
      name: course.name,
      provider: { '@type': 'Organization', name: 'LearnTogether', sameAs: PUBLIC_URL },
      offers: { '@type': 'Offer', price: course.price.toFixed(2), priceCurrency: 'USD' },
    });
  });

  it("sends the catalogue's first page and the course list with their content", async () => {
    const catalogue = await documentWhen(t, '/book', isSnapshot);
    const firstPage = await t.app.inject({ method: 'GET', url: '/api/books?page=1&limit=12' });
    for (const listed of (firstPage.json() as { books: Book[] }).books.slice(0, 3)) {
      expect(catalogue).toContain(escapeHtml(listed.name));
    }
    expect(catalogue).toContain(`<title>Books · LearnTogether</title>`);
    expect(catalogue).toContain(`<link rel="canonical" href="${PUBLIC_URL}/book" />`);

    const courses = await documentWhen(t, '/courses', isSnapshot);
    expect(courses).toContain(escapeHtml(course.name));
    expect(dataBlockOf(courses)).toMatchObject({ courses: expect.any(Array) });
  });

  it("shows an admin's edit in the next snapshot within seconds", async () => {
    const name = `Snapshot Edition ${Date.now()}`;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/books/${book._id}`,
      headers: bearer(admin.accessToken),
      payload: { name },
    });
    expect(edit.statusCode).toBe(200);
    // At once, the page from before the edit is no longer sent (the shell until the new one).
    const next = await t.app.inject({ method: 'GET', url: `/book/${book._id}`, headers: html });
    expect(next.body).not.toContain(`<title>${book.name} · LearnTogether</title>`);
    const document = await documentWhen(t, `/book/${book._id}`, (sent) =>
      sent.includes(`<title>${name} · LearnTogether</title>`),
    );
    expect(document).toMatch(new RegExp(`<h1[^>]*>${name}</h1>`));
    expect(jsonLdOf(document)).toMatchObject({ name });
  });

  it('shows a stock change made by another process (the database alone)', async () => {
    await t.db.query('update books set stock = 0 where id = $1', [book._id]);
    const document = await documentWhen(t, `/book/${book._id}`, (sent) =>
      sent.includes('https://schema.org/OutOfStock'),
    );
    expect(document).toContain('Sold out');
  });

  it("shows a book renamed by another process on the catalogue's first page", async () => {
    const firstPage = await t.app.inject({ method: 'GET', url: '/api/books?page=1' });
    const [first] = (firstPage.json() as { books: Book[] }).books;
    // Still first: the list is in name order.
    const name = `A Renamed Edition ${Date.now()}`;
    await t.db.query('update books set name = $1 where id = $2', [name, first!._id]);
    const document = await documentWhen(t, '/book', (sent) => sent.includes(name));
    expect(document).toMatch(new RegExp(`<h3[^>]*>.*${name}`));
  });

  it('leaves no timer behind a render: a stopped server exits at once', async () => {
    type Renderer = {
      gatherSnapshotData(pathname: string, get: ApiGet): Promise<unknown>;
      prerenderScreen(
        pathname: string,
        options: { origin: string; data: unknown },
      ): Promise<unknown>;
    };
    const renderer = (await import(
      pathToFileURL(path.join(dir, RENDERER_DIR, RENDERER_FILE)).href
    )) as Renderer;
    const get: ApiGet = async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      return { status: res.statusCode, body: res.json() };
    };
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout');
    for (const page of [`/book/${book._id}`, '/book', `/courses/${course._id}`]) {
      const data = await renderer.gatherSnapshotData(page, get);
      const before = timers().length;
      await renderer.prerenderScreen(page, { origin: PUBLIC_URL, data });
      // RTK Query keeps an unused entry a minute, on a timer that held the process that long
      // after the server had stopped (docs/decisions.md D103).
      expect(timers(), page).toHaveLength(before);
    }
  });

  it('sends the shell where there is no snapshot', async () => {
    const shell = (res: { body: string }) => {
      expect(res.body).not.toContain('data-prerendered');
      expect(res.body).toContain('<div id="root">');
    };
    // Another page of the catalogue: the query picks other content.
    shell(await t.app.inject({ method: 'GET', url: '/book?page=2', headers: html }));
    // A book that is not in the catalogue.
    shell(await t.app.inject({ method: 'GET', url: '/book/no-such-book', headers: html }));
  });
});

describe('page snapshots without a renderer', () => {
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lt-no-renderer-'));
    await writeBuiltShell(dir);
    t = await buildAccountsApp({
      adminEmails: [],
      seed: true,
      env: { SERVE_SPA: 'true', SPA_DIR: dir, PUBLIC_URL },
    });
    await t.app.ready();
  });

  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('falls back to the shell: a snapshot is an optimisation, never a dependency', async () => {
    await t.app.pageSnapshots?.update();
    const books = await t.app.inject({ method: 'GET', url: '/api/books' });
    const first = (books.json() as Book[])[0]!;
    for (const url of ['/book', `/book/${first._id}`, '/courses/c-01']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('data-prerendered');
      expect(res.body).toContain('<div id="root">');
    }
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
