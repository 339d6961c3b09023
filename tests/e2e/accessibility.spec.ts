import type { Page } from '@playwright/test';
import { scan, type Finding } from './support/axe';
import { expect, logIn, test } from './support/fixtures';

// axe on every route of the spec's table, signed out, as a student and as an admin, at desktop
// and phone widths. Any serious or critical violation fails the test.

const ROUTES = [
  '/',
  '/home',
  '/courses',
  '/cart',
  '/book',
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
  '/no-such-page',
];
const ADMIN_ROUTES = ['/dashboard/allusers', '/dashboard/addbook'];

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
} as const;

const ROLES = {
  visitor: { routes: ROUTES, account: null },
  student: {
    routes: ROUTES,
    account: { email: 'student@learntogether.test', password: 'student123' },
  },
  admin: {
    routes: [...ROUTES, ...ADMIN_ROUTES],
    account: { email: 'admin@learntogether.test', password: 'admin123' },
  },
} as const;

/** Waits until the screen has rendered its heading and no loading spinner is left in the page. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main .loading-spinner:visible')).toHaveCount(0);
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
        for (const route of routes) {
          await page.goto(route);
          await settled(page);
          const landed = new URL(page.url()).pathname;
          // A route that sends this role on to a screen already scanned here (a visitor's
          // login-only routes all land on /login) shows that same screen again; the redirects
          // themselves are checked by visitor-routes.spec.ts.
          if (landed !== route && scanned.has(landed)) continue;
          scanned.add(landed);
          findings.push(...(await scan(page, `${route} → ${landed}`)));
        }
        if (viewportName === 'phone') {
          // The phone menu, open.
          await page.goto('/');
          await settled(page);
          await page.getByRole('button', { name: 'Open menu' }).click();
          findings.push(...(await scan(page, '/ with the phone menu open')));
        } else if (account) {
          // The Me menu, open.
          await page.goto('/');
          await settled(page);
          await page.getByRole('button', { name: 'Me', exact: true }).click();
          findings.push(...(await scan(page, '/ with the Me menu open')));
        }
        expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
      });
    }
  });
}
