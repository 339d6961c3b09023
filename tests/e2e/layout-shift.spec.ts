import type { Page } from '@playwright/test';
import { expect, FIRST_BOOK_PAGE, resolveRoute, test } from './support/fixtures';

// No layout shift while a public screen loads: every route is opened on a slow phone network and
// CPU (Lighthouse's mobile figures: 150 ms round trips, 1.6 Mbit/s, 4× slower CPU), and the
// layout shifts the page records until it has settled must stay within the goal (CLS ≤ 0.01,
// issue 18). The home page is measured once its typewriter has typed its first offer in full.

const PUBLIC_ROUTES = [
  '/',
  '/courses',
  '/courses/c-10',
  '/cart',
  '/book',
  FIRST_BOOK_PAGE,
  '/drawing',
  '/login',
  '/signup',
  // The six company and legal pages are one screen: the shortest and the longest of them.
  '/jobs',
  '/privacy',
  '/nope',
];
const CLS_GOAL = 0.01;

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true },
} as const;

type Shift = { value: number; nodes: string[] };

declare global {
  interface Window {
    __layoutShifts?: Shift[];
  }
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Records every layout shift not caused by input, with the nodes that moved. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type LayoutShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    };
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? '?');
      const text = (node.textContent ?? '').trim().slice(0, 40);
      return `${node.tagName.toLowerCase()}.${[...node.classList].slice(0, 3).join('.')} "${text}"`;
    };
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        window.__layoutShifts?.push({
          value: entry.value,
          nodes: (entry.sources ?? []).map((source) => describe(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

// 24 short tests that mostly wait on the slowed network: spread over the workers, not queued in one.
test.describe.configure({ mode: 'parallel' });

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test.describe(`layout shift at ${name} width`, () => {
    test.use(options);

    for (const route of PUBLIC_ROUTES) {
      test(`${route} loads without moving what is already shown`, async ({ page }) => {
        await recordShifts(page);
        await throttle(page);
        await page.goto(await resolveRoute(page, route), { waitUntil: 'networkidle' });
        await expect(page.locator('main h1').first()).toBeVisible();
        await expect(page.locator('main .loading-spinner:visible')).toHaveCount(0);
        if (route === '/') {
          // The first of the rotating offers (docs/product.md §9).
          await expect(page.locator('.Typewriter__wrapper')).toHaveText(
            'Up to 10% off on all courses',
          );
        }
        const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
        const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(cls, JSON.stringify(shifts, null, 2)).toBeLessThanOrEqual(CLS_GOAL);
      });
    }
  });
}
