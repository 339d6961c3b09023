import { describe, expect, it } from 'vitest';
import { CRAWLER_DISALLOWED_PATHS, SITEMAP_STATIC_PATHS } from '@contract/public-pages';
import { screenRoutes } from '@/app/screens';
import { paths } from '@/config/paths';

const disallowed = (path: string) =>
  CRAWLER_DISALLOWED_PATHS.some((prefix) => path === prefix || path.startsWith(prefix));

describe("the sitemap's and robots.txt's paths (contract/public-pages.ts) against the route table", () => {
  it('lists every open screen without a parameter but the private ones and /home', () => {
    const open = screenRoutes.flatMap((route) =>
      route.access === 'open' && route.path && !route.path.includes(':') && route.path !== '*'
        ? [route.path]
        : [],
    );
    const expected = open.filter((path) => path !== paths.home && !disallowed(path));
    expect([...SITEMAP_STATIC_PATHS].sort()).toEqual([...new Set(expected)].sort());
  });

  it('keeps crawlers out of the carts, the checkout, the receipts and the dashboard', () => {
    for (const path of [
      paths.courseCart,
      paths.bookCart,
      paths.payment,
      paths.paymentCard,
      paths.receipt('pi_123'),
      paths.dashboard,
      paths.adminBooks,
    ]) {
      expect(disallowed(path), path).toBe(true);
    }
    // Nothing a visitor should find from a search.
    for (const path of SITEMAP_STATIC_PATHS) expect(disallowed(path), path).toBe(false);
    expect(disallowed(paths.bookPage('b1'))).toBe(false);
    expect(disallowed(paths.coursePage('c-01'))).toBe(false);
  });
});
