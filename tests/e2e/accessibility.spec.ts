import type { Page } from '@playwright/test';
import { scan, type Finding } from './support/axe';
import { expect, FIRST_BOOK_PAGE, logIn, resolveRoute, test } from './support/fixtures';

// axe on every screen of the spec's route table, signed out, as a student and as an admin, at
// desktop and phone widths (a role scans the screens it sees differently: SAME_FOR_EVERYONE,
// ADMIN_SCREENS). Any serious or critical violation fails the test.

// `/home` is the screen of `/` (tests/web/app/visitor-routes.test.tsx opens it): scanned once, as
// `/`.
const ROUTES = [
  '/',
  '/courses',
  // A course's page and its free preview lesson in the player (issue 31).
  '/courses/c-10',
  '/learn/c-10/c-10-1-1',
  '/cart',
  '/book',
  FIRST_BOOK_PAGE,
  '/all-books',
  '/cart-book',
  '/grouplearn',
  '/messagebox',
  '/chat/JavaScript',
  '/drawing',
  '/login',
  '/signup',
  '/payment',
  '/paymentcard',
  '/dashboard',
  '/dashboard/myOrders',
  '/dashboard/myCourses',
  '/about',
  '/contact',
  '/jobs',
  '/terms',
  '/privacy',
  '/cookies',
  '/no-such-page',
];
/**
 * An admin sees the student's screens but for these: the navbar and dashboard menu (on `/` and
 * the dashboard), a chat room's delete buttons, a dashboard without My Orders, and the admin
 * screens. The others are the student's, scanned above.
 */
const ADMIN_SCREENS = [
  '/',
  '/chat/JavaScript',
  '/dashboard',
  '/dashboard/myOrders',
  '/dashboard/allusers',
  '/dashboard/addbook',
  '/dashboard/books',
  '/dashboard/orders',
  '/dashboard/courses',
  '/dashboard/courses/c-10',
  '/dashboard/sales',
  '/dashboard/performance',
  '/dashboard/reports',
];

/**
 * Screens a signed-in student sees exactly as a visitor does but for the navbar, which the
 * student's other screens scan: scanned for the visitor only.
 */
const SAME_FOR_EVERYONE = new Set([
  '/cart',
  '/book',
  FIRST_BOOK_PAGE,
  '/drawing',
  '/about',
  '/contact',
  '/jobs',
  '/terms',
  '/privacy',
  '/cookies',
  '/no-such-page',
]);

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
} as const;

const ROLES = {
  visitor: { routes: ROUTES, account: null },
  student: {
    routes: ROUTES.filter((route) => !SAME_FOR_EVERYONE.has(route)),
    account: { email: 'student@learntogether.test', password: 'student123' },
  },
  admin: {
    routes: ADMIN_SCREENS,
    account: { email: 'admin@learntogether.test', password: 'admin123' },
  },
} as const;

/** Waits until the screen has rendered its heading and no loading spinner is left in the page. */
async function shown(page: Page): Promise<void> {
  await expect(page.locator('main h1:not([data-left])').first()).toBeVisible();
  await expect(page.locator('main .loading-spinner:visible')).toHaveCount(0);
}

/** Moves the app to `route` as a link would: no reload, so no second sign-in restore. */
async function follow(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    // The headings shown now are marked, so shown() waits for the next screen's own.
    for (const heading of document.querySelectorAll('main h1'))
      heading.setAttribute('data-left', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, route);
}

const NOT_FOUND = '/no-such-page';

/**
 * Opens a route: the first by loading the page, the others in the app, through the not-found
 * screen so that the next screen is mounted anew even where two routes share one (its heading a
 * new element, not one marked as left).
 */
async function open(page: Page, route: string, first: boolean): Promise<void> {
  if (first) {
    await page.goto(route);
  } else {
    if (new URL(page.url()).pathname !== NOT_FOUND) {
      await follow(page, NOT_FOUND);
      await shown(page);
    }
    if (route !== NOT_FOUND) await follow(page, route);
  }
  await shown(page);
}

// Six long tests: spread over the workers rather than run one after another in one of them.
test.describe.configure({ mode: 'parallel' });

for (const [viewportName, viewportOptions] of Object.entries(VIEWPORTS)) {
  test.describe(`axe at ${viewportName} width`, () => {
    test.use(viewportOptions);

    for (const [role, { routes, account }] of Object.entries(ROLES)) {
      test(`every route, ${role}`, async ({ page }) => {
        test.setTimeout(240_000);
        if (account) await logIn(page, account.email, account.password);
        const findings: Finding[] = [];
        const scanned = new Set<string>();
        for (const [index, listed] of routes.entries()) {
          const route = await resolveRoute(page, listed);
          await open(page, route, index === 0);
          const landed = new URL(page.url()).pathname;
          // A route that sends this role on to a screen already scanned here (a visitor's
          // login-only routes all land on /login) shows that same screen again; the redirects
          // themselves are checked by tests/web/app/visitor-routes.test.tsx.
          if (landed !== route && scanned.has(landed)) continue;
          scanned.add(landed);
          findings.push(...(await scan(page, `${route} → ${landed}`)));
        }
        if (viewportName === 'phone') {
          // The phone menu, open.
          await open(page, '/', false);
          await page.getByRole('button', { name: 'Open menu' }).click();
          findings.push(...(await scan(page, '/ with the phone menu open')));
        } else if (account) {
          // The Me menu, open.
          await open(page, '/', false);
          await page.getByRole('button', { name: 'Me', exact: true }).click();
          findings.push(...(await scan(page, '/ with the Me menu open')));
        }
        expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
      });
    }
  });
}
