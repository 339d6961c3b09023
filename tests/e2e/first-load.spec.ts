import type { Page } from '@playwright/test';
import { expect, FIRST_BOOK_PAGE, resolveRoute, test } from './support/fixtures';

/** The texts of every script the page has loaded so far. */
async function loadedScripts(page: Page): Promise<string[]> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.endsWith('.js')),
  );
  return Promise.all(urls.map(async (url) => (await page.request.get(url)).text()));
}

const isFirebase = (source: string) => source.includes('FirebaseError');
/** The start of a signed-in session (src/lib/auth/session-start.ts, with the API calls it makes). */
const isSessionStart = (source: string) => source.includes('without an access token');
/** The admin screens' guard (src/components/guards/require-admin.tsx). */
const isGuard = (source: string) => source.includes('Checking your access');

test('a visitor browsing the shop never downloads Firebase nor the session start; the login screen does', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /See More/i })).toBeVisible();
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Our Online Courses' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const visitorScripts = await loadedScripts(page);
  expect(visitorScripts.some(isFirebase)).toBe(false);
  // Nor what only a signed-in session or a guarded screen runs (docs/decisions.md D106).
  expect(visitorScripts.some(isSessionStart)).toBe(false);
  expect(visitorScripts.some(isGuard)).toBe(false);
  // The one stylesheet is inline in the document: the started app links none again (each would
  // be parsed and restyle the whole page; docs/decisions.md D67).
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);

  await page.getByRole('link', { name: 'Login', exact: true }).click();
  // The login form's react-hook-form is the forms' own, without the course editor's field arrays
  // (`keyName` is useFieldArray's option): the editor has a copy of its own (docs/decisions.md D105).
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  const loginScripts = await loadedScripts(page);
  expect(loginScripts.some((source) => source.includes('shouldFocusError'))).toBe(true);
  expect(loginScripts.some((source) => source.includes('keyName'))).toBe(false);
  await page.getByLabel('Email', { exact: true }).fill('student@learntogether.test');
  await page.getByLabel('Password', { exact: true }).fill('student123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();
  const sessionScripts = await loadedScripts(page);
  expect(sessionScripts.some(isFirebase)).toBe(true);
  expect(sessionScripts.some(isSessionStart)).toBe(true);

  // A saved session is picked up again after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();
});

test('a document asks for its scripts at low priority: the first paint waits for none', async ({
  page,
}) => {
  // The shell, a build-time prerendered screen and a snapshot made by the server
  // (docs/decisions.md D85).
  for (const route of ['/', '/about', await resolveRoute(page, FIRST_BOOK_PAGE)]) {
    const html = await (await page.request.get(route, { headers: { accept: 'text/html' } })).text();
    const scripts = html.match(/<script\b[^>]*\bsrc=[^>]*>/g) ?? [];
    expect(scripts, route).not.toEqual([]);
    for (const script of scripts) expect(script, route).toContain('fetchpriority="low"');
  }
});

test('a screen asks for its data once: the home page one GET /api/books?limit=4, for a visitor and a signed-in user, and the catalogue its page', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/books') asked.push(url.search);
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: /See More/i })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual(['?limit=4']);

  // Signed in, the session settles while the first screen renders: still one request.
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('student@learntogether.test');
  await page.getByLabel('Password', { exact: true }).fill('student123');
  // Logging in lands on the home page, which asks for its books: that visit is not the one
  // counted. Its answer is awaited (the login page's load state was reached before: waiting for
  // networkidle would return at once, and the request could land after the count was reset).
  const homeBooks = page.waitForResponse((response) =>
    response.url().endsWith('/api/books?limit=4'),
  );
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();
  await homeBooks;
  await expect(page.getByRole('article').first()).toBeVisible();
  asked.length = 0;
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual(['?limit=4']);

  // The catalogue's page is asked for by the page itself, before the app runs, and the
  // catalogue takes that answer: one request, with the address's filters.
  asked.length = 0;
  await page.goto('/book?category=story');
  await expect(page.getByRole('list', { name: 'Books' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual(['?page=1&limit=12&sort=name&category=story']);
});
