import { expect, FIRST_BOOK_PAGE, logIn, resolveRoute, test } from './support/fixtures';

// Real users' Core Web Vitals (issue 18 §2): a page view in Chromium sends exactly one beacon,
// named by its route pattern, and the admin sees it on the Performance screen.

test('a page view sends one beacon with its route pattern; the admin sees it on Performance', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Each beacon passes through to the server; its body and the server's answer are kept. The
  // other tests' page views share 127.0.0.1 and its per-IP beacon limit: this visitor has its
  // own address (the e2e stack trusts the loopback proxy: scripts/e2e-stack.ts).
  const beacons: { body: string; status: number }[] = [];
  const visitor = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  await context.route('**/api/vitals', async (route) => {
    const headers = { ...route.request().headers(), 'x-forwarded-for': visitor };
    const response = await route.fetch({ headers });
    beacons.push({
      body: route.request().postDataBuffer()?.toString('utf8') ?? '',
      status: response.status(),
    });
    await route.fulfill({ response });
  });
  try {
    const bookPage = await resolveRoute(page, FIRST_BOOK_PAGE);
    await page.goto(bookPage);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // web-vitals loads once the first screen is interactive; then leaving sends the beacon.
    await page.waitForFunction(() => performance.getEntriesByName('vitals-ready').length > 0);
    await page.getByRole('heading', { level: 1 }).click();
    expect(beacons).toEqual([]);

    // The tab is put in the background: the page is hidden (as switching tabs does).
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => beacons.length).toBe(1);
    // Back, hidden again, then left: still this page view's one beacon.
    await page.evaluate(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('pagehide'));
    });
    await page.goto('about:blank');
    await page.waitForTimeout(1_000);
    expect(beacons).toHaveLength(1);
    const [sent] = beacons;
    expect(sent?.status).toBe(204);
    const beacon = JSON.parse(sent?.body ?? '{}') as {
      route: string;
      metrics: Record<string, number>;
    };
    expect(beacon.route).toBe('/book/:bookId');
    expect(Object.keys(beacon).sort()).toEqual(
      Object.keys(beacon).includes('connection')
        ? ['connection', 'metrics', 'route', 'view']
        : ['metrics', 'route', 'view'],
    );
    expect(beacon.metrics.FCP).toBeGreaterThan(0);
    expect(beacon.metrics.LCP).toBeGreaterThan(0);
    expect(beacon.metrics.TTFB).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(beacon)).not.toContain(bookPage.split('/').pop() ?? '');

    // The admin's Performance screen counts it under the pattern.
    await logIn(page, 'admin@learntogether.test', 'admin123');
    await page.goto('/dashboard/performance');
    await expect(page.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: '/book/:bookId' })).toBeVisible();
  } finally {
    await context.close();
  }
});
