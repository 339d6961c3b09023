import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import { newPageViewId, PAGE_ROUTES, PAGE_VIEW_ID_PATTERN } from '@contract/vitals';
import { reportVitals } from '@/app/report-vitals';
import { routePatternOf } from '@/app/vitals-beacon';
import { screenRoutes, type ScreenRoute } from '@/app/screens';

// web-vitals as the library behaves once it has measured: FCP and TTFB are reported at once;
// LCP, INP and CLS on every change only when asked to (`reportAllChanges`), else only when the
// page turns hidden (`visibilitychange`, its own listener, added before the app's).
vi.mock('web-vitals', () => {
  const metric = (name: string, value: number) => ({ name, value }) as Metric;
  const now = (name: string, value: number) => (callback: (metric: Metric) => void) =>
    callback(metric(name, value));
  const finalOnHidden =
    (name: string, value: number) =>
    (callback: (metric: Metric) => void, options?: { reportAllChanges?: boolean }) => {
      if (options?.reportAllChanges) callback(metric(name, value));
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') callback(metric(name, value));
      });
    };
  return {
    onLCP: finalOnHidden('LCP', 1834.5),
    onINP: finalOnHidden('INP', 64),
    onCLS: finalOnHidden('CLS', 0.012),
    onFCP: now('FCP', 902),
    onTTFB: now('TTFB', 110),
  };
});

const beacons: { url: string; body: unknown }[] = [];

beforeEach(() => {
  beacons.length = 0;
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      beacons.push({ url, body });
      return true;
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

async function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

async function sent(): Promise<unknown[]> {
  return Promise.all(beacons.map(async ({ body }) => JSON.parse(await (body as Blob).text())));
}

describe('real users’ Core Web Vitals', () => {
  it('names a page by its route pattern, never its address', () => {
    expect(routePatternOf('/')).toBe('/');
    expect(routePatternOf('/book/6650f0c2a1b2c3d4e5f60718')).toBe('/book/:bookId');
    expect(routePatternOf('/chat/Java')).toBe('/chat/:roomId');
    expect(routePatternOf('/orders/pi_123/receipt')).toBe('/orders/:paymentId/receipt');
    expect(routePatternOf('/dashboard')).toBe('/dashboard');
    expect(routePatternOf('/dashboard/sales')).toBe('/dashboard/sales');
    expect(routePatternOf('/no/such/page')).toBe('*');
  });

  it('the server accepts exactly the router’s screens', () => {
    const patterns = (routes: ScreenRoute[], prefix = ''): string[] =>
      routes.flatMap((route) => {
        const path =
          route.path === undefined
            ? prefix
            : route.path === '*'
              ? '*'
              : `${prefix}/${route.path.replace(/^\//, '')}`.replace(/\/+$/, '') || '/';
        return route.children ? [path, ...patterns(route.children, path)] : [path];
      });
    // The same list both ways: no screen the server would refuse, no pattern left from an old one.
    expect([...new Set(patterns(screenRoutes))].sort()).toEqual([...PAGE_ROUTES].sort());
  });

  it('sends one beacon when the page is hidden: the pattern, the metrics, nothing else', async () => {
    reportVitals('/book/6650f0c2a1b2c3d4e5f60718');
    await vi.waitFor(async () => {
      await hide();
      expect(beacons).toHaveLength(1);
    });
    // Hidden again, or left: still one beacon for this page view.
    await hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe('/api/vitals');
    expect(await sent()).toEqual([
      {
        // A random id of this page view: the server counts its metrics once (D53).
        view: expect.stringMatching(PAGE_VIEW_ID_PATTERN),
        route: '/book/:bookId',
        metrics: { LCP: 1834.5, INP: 64, CLS: 0.012, FCP: 902, TTFB: 110 },
      },
    ]);
  });

  it('a page left before it turns hidden still sends its LCP, INP and CLS', async () => {
    // Leaving can fire `pagehide` while the page is still visible: web-vitals has not reported
    // the metrics it finalises on `visibilitychange` yet (D68).
    reportVitals('/courses');
    await vi.waitFor(() => {
      window.dispatchEvent(new Event('pagehide'));
      expect(beacons).toHaveLength(1);
    });
    // Then hidden: still this view's one beacon.
    await hide();
    expect(beacons).toHaveLength(1);
    expect(await sent()).toEqual([
      {
        view: expect.stringMatching(PAGE_VIEW_ID_PATTERN),
        route: '/courses',
        metrics: { LCP: 1834.5, INP: 64, CLS: 0.012, FCP: 902, TTFB: 110 },
      },
    ]);
  });

  it('gives every page view an id of its own', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newPageViewId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(PAGE_VIEW_ID_PATTERN);
  });
});
