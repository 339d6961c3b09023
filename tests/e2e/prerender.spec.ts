import type { Page } from '@playwright/test';
import { isUnnamedChunkFile } from '../../scripts/lib/chunk-names';
import { course as firstCourse } from '../../server/db/seed-courses/c-01';
import { createAccount, expect, logIn, test, uniqueEmail } from './support/fixtures';

// The prerendered public screens (docs/decisions.md D49): the HTML carries the screen, React
// hydrates it without a mismatch, and a signed-in user never sees the visitor's navbar first.

declare global {
  interface Window {
    __prerenderedHeading?: Element | null;
    __prerenderedParts?: (Element | null)[];
    __seen?: boolean;
  }
}

/** Console errors and uncaught errors of the page (a hydration mismatch is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * From each document's first parse on, whether an element matching `selector` (and holding `text`,
 * when given) is ever in the page (`present`) or ever shown (`visible`); the function returned
 * tells, for the current document.
 */
async function watchFor(
  page: Page,
  selector: string,
  mode: 'present' | 'visible',
  text = '',
): Promise<() => Promise<boolean | undefined>> {
  await page.addInitScript(
    ([wanted, shown, holding]) => {
      window.__seen = false;
      const look = () => {
        for (const found of document.querySelectorAll(wanted)) {
          if (!found.textContent?.includes(holding)) continue;
          if (!shown || found.checkVisibility({ visibilityProperty: true })) window.__seen = true;
        }
      };
      new MutationObserver(look).observe(document, {
        attributes: shown,
        childList: true,
        subtree: true,
      });
    },
    [selector, mode === 'visible', text] as const,
  );
  // Undefined if the watch never ran in this document: not taken for "never seen".
  return () => page.evaluate(() => window.__seen);
}

/** The app's chunk, which takes a prerendered page over. */
const APP_CHUNK = /\/assets\/app-[\w-]+\.js$/;

/** Holds back the files matching `pattern` until the function returned is called. */
async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a prerendered screen comes in the HTML and is hydrated without a mismatch', async ({
  page,
}) => {
  const document = await page.request.get('/about', { headers: { accept: 'text/html' } });
  const html = await document.text();
  expect(html).toContain('data-prerendered');
  expect(html).toContain('>About us</h1>');

  const errors = collectErrors(page);
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Online Courses' })).toBeVisible();
  // Hydrated: the app runs (the courses come, Add to cart works).
  await page
    .getByRole('button', { name: /Add To Cart/ })
    .first()
    .click();
  await expect(page.getByRole('link', { name: 'Course cart (1 item)' })).toBeVisible();
  // Reloaded with an item in the course cart (this browser's state): still no mismatch.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Course cart (1 item)' })).toBeVisible();
  // After a client navigation, one <title>: the new screen's (docs/decisions.md D77).
  await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
  await expect
    .poll(() =>
      page.evaluate(() => [
        window.document.querySelectorAll('title').length,
        window.document.title,
      ]),
    )
    .toEqual([1, 'About us · LearnTogether']);
  expect(errors).toEqual([]);
});

test('hydration keeps the prerendered markup: the heading on the page is the one React takes', async ({
  page,
}) => {
  // The heading as the HTML brought it, before any script of the app has run.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      window.__prerenderedHeading = document.querySelector('main h1');
    });
  });
  // The screens' chunks (every lazy chunk: only the start's are named) arrive late, after the
  // app's: hydration must wait for them.
  await page.route(
    (url) => isUnnamedChunkFile(url.pathname),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    },
  );
  const errors = collectErrors(page);
  for (const path of ['/', '/courses', '/about', '/login', '/drawing', '/cart']) {
    await page.goto(path);
    // Hydrated: React has taken the heading that came in the HTML as its own (it marks the nodes
    // it owns), rather than drawing a new one in its place.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const heading = window.__prerenderedHeading;
          const ownedByReact =
            heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
          return Boolean(ownedByReact) && heading === document.querySelector('main h1');
        }),
      )
      .toBe(true);
  }
  expect(errors).toEqual([]);
});

test("a course's snapshot is hydrated part by part: its outline and reviews are kept, without a mismatch", async ({
  page,
}) => {
  const path = `/courses/${firstCourse.id}`;
  // The outline, each of its sections' lessons and the reviews come in Suspense boundaries of
  // their own, which React hydrates one by one, handing the main thread back in between (D80).
  const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('<!--$--><section aria-labelledby="course-outline"');
  expect(html).toContain('<!--$--><section aria-labelledby="course-reviews"');
  expect(html.match(/<!--\$--><ul class="divide-y/g)).toHaveLength(firstCourse.sections.length);

  // The parts as the HTML brought them, before any script of the app has run.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      window.__prerenderedParts = [
        document.querySelector('main h1'),
        document.querySelector('section[aria-labelledby="course-outline"]'),
        document.querySelector('section[aria-labelledby="course-outline"] ul li'),
        document.querySelector('section[aria-labelledby="course-reviews"]'),
      ];
    });
  });
  const errors = collectErrors(page);
  await page.goto(path);
  // Hydrated: React owns every one of them (a mismatch would have drawn new ones in their place).
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window.__prerenderedParts ?? []).map(
          (part) =>
            part !== null &&
            part.isConnected &&
            Object.keys(part).some((key) => key.startsWith('__reactFiber')),
        ),
      ),
    )
    .toEqual([true, true, true, true]);
  // And it answers: the first preview lesson opens from the hydrated outline.
  const preview = firstCourse.sections.flatMap((section) => section.lessons).find((l) => l.preview);
  await page.getByRole('link', { name: `Preview: ${preview?.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: preview?.title })).toBeVisible();
  expect(errors).toEqual([]);
});

test('before the app has taken a prerendered page over, its form is not sent by the browser, and what was typed is kept', async ({
  page,
}) => {
  const release = await holdBack(page, APP_CHUNK);
  await page.goto('/about');
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  // Enter in the field would have the browser send the form itself, the address in the URL.
  const field = page.getByLabel('Email address');
  await field.fill(`early-${Date.now()}@example.com`);
  await field.press('Enter');
  release();
  await expect(send).toBeEnabled();
  expect(new URL(page.url()).search).toBe('');
  // The address typed before the app arrived is the one sent.
  await send.click();
  await expect(page.getByText(/Thanks for subscribing/i)).toBeVisible();
  await expect(field).toHaveValue('');
});

test("a signed-in reload of a prerendered screen never shows the visitor's navbar", async ({
  page,
}) => {
  const email = uniqueEmail('prerender');
  await createAccount(email, 'secret-pass-1', 'Pre Render');
  await logIn(page, email, 'secret-pass-1');

  // From the document's first parse on: does a Login link ever appear in the navbar?
  const sawVisitorNavbar = await watchFor(page, 'header a[href="/login"]', 'present');
  const errors = collectErrors(page);
  for (const path of ['/', '/about', '/drawing']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: /^Book cart/ })).toBeVisible();
    expect(await sawVisitorNavbar()).toBe(false);
  }
  expect(errors).toEqual([]);
});

test('before the app: Login and Signup show their heading and check the session, not the form; the drawing board says it is being made ready', async ({
  browser,
}) => {
  // The prerendered markup alone, as the page shows before the app has taken it over.
  const markupOnly = await browser.newContext({ javaScriptEnabled: false });
  const page = await markupOnly.newPage();
  for (const [path, heading, form] of [
    ['/login', 'Welcome back', 'Login'],
    ['/signup', 'Create your account', 'Sign up'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Checking your sign-in…' }),
    ).toHaveCount(1);
    await expect(page.getByRole('form', { name: form })).toBeHidden();
    await expect(page.getByLabel('Email', { exact: true })).toBeHidden();
  }
  await page.goto('/drawing');
  await expect(page.getByRole('heading', { level: 1, name: 'Drawing board' })).toBeVisible();
  await expect(page.getByText('Getting the canvas ready…')).toBeVisible();
  // This browser holds no saved course cart: the cart's markup, an empty cart, is what it shows.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Course items: 0' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your course cart is empty' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your cart…' })).toHaveCount(0);
  await markupOnly.close();
});

test('a browser holding a saved course cart is never shown the prerendered empty cart', async ({
  page,
}) => {
  await page.goto('/courses');
  await page
    .getByRole('button', { name: /Add To Cart/ })
    .first()
    .click();
  await expect(page.getByRole('link', { name: 'Course cart (1 item)' })).toBeVisible();

  // From the document's first parse on: is the empty cart ever on the screen?
  const sawEmptyCart = await watchFor(page, 'main h2', 'visible', 'Your course cart is empty');
  const errors = collectErrors(page);
  const release = await holdBack(page, APP_CHUNK);
  await page.goto('/cart');
  await expect(page.getByRole('status').filter({ hasText: 'Loading your cart…' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Course items: 1' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Course cart' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await expect(page.getByRole('status').filter({ hasText: 'Loading your cart…' })).toHaveCount(0);
  expect(await sawEmptyCart()).toBe(false);
  // No hydration mismatch, and the page's CSP ran the inline probe (a refusal is a console error).
  expect(errors).toEqual([]);
});

test("a visitor's navbar does not move when the app shows Login: its room is kept while the session is checked", async ({
  browser,
  page,
}) => {
  const courseCart = (on: Page) => on.getByRole('link', { name: /^Course cart/ });
  // The prerendered markup alone, as the page shows before the app has taken it over.
  const markupOnly = await browser.newContext({ javaScriptEnabled: false });
  const before = await markupOnly.newPage();
  await before.goto('/about');
  await expect(before.getByRole('link', { name: 'Login' })).toHaveCount(0);
  const reserved = await courseCart(before).boundingBox();
  await markupOnly.close();

  await page.goto('/about');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  expect(await courseCart(page).boundingBox()).toEqual(reserved);
});

test('a prerendered page scrolled before the app has taken it over stays where the reader scrolled it', async ({
  page,
}) => {
  // The page's entry waits until the reader has scrolled.
  const releaseApp = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
  // Not DOMContentLoaded: the module script, held back, delays it.
  await page.goto('/', { waitUntil: 'commit' });
  const tiles = page.getByRole('list', { name: 'Book categories' });
  await tiles.scrollIntoViewIfNeeded();
  const position = await page.evaluate(() => window.scrollY);
  expect(position).toBeGreaterThan(0);
  releaseApp();

  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(position);
  await tiles.getByRole('link', { name: 'science' }).click();
  await expect(page).toHaveURL(/\/book\?category=science\+fiction$/);
});

test('a signed-in user opening /login is taken home and is never shown the login form', async ({
  page,
}) => {
  const email = uniqueEmail('prerender-login');
  await createAccount(email, 'secret-pass-1', 'Pre Login');
  await logIn(page, email, 'secret-pass-1');

  // From the document's first parse on: is the form ever on the screen?
  const sawLoginForm = await watchFor(page, 'form[aria-label="Login"]', 'visible');
  const errors = collectErrors(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: /^Book cart/ })).toBeVisible();
  expect(await sawLoginForm()).toBe(false);
  expect(errors).toEqual([]);
});

test('the prerendered drawing board says it is being made ready until the app has it, then draws', async ({
  page,
}) => {
  const release = await holdBack(page, APP_CHUNK);
  await page.goto('/drawing');
  const canvas = page.getByRole('img', { name: 'Drawing canvas' });
  await expect(canvas).toBeVisible();
  await expect(page.getByText('Getting the canvas ready…')).toBeVisible();
  release();
  await expect(page.getByText('Getting the canvas ready…')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  // Ready: a stroke is drawn and can be undone.
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 140, box.y + 90);
  await page.mouse.up();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();
});
