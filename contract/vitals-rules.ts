// Zod-free, so the beacon (src/app/report-vitals.ts, in the app's first chunk) carries no zod.

/**
 * Every page of the app as the router names it (src/app/screens.ts): a beacon names one of these,
 * never an address (no ids, no personal data). `*` is a page that does not exist.
 */
export const PAGE_ROUTES = [
  '/',
  '/home',
  '/courses',
  '/courses/:courseId',
  '/learn/:courseId/:lessonId',
  '/learn/:courseId',
  '/certificates/:certificateId',
  '/cart',
  '/book',
  '/book/:bookId',
  '/all-books',
  '/cart-book',
  '/grouplearn',
  '/messagebox',
  '/chat/:roomId',
  '/drawing',
  '/login',
  '/signup',
  '/payment',
  '/paymentcard',
  '/orders/:paymentId/receipt',
  '/dashboard',
  '/dashboard/myOrders',
  '/dashboard/myCourses',
  '/dashboard/allusers',
  '/dashboard/addbook',
  '/dashboard/books',
  '/dashboard/orders',
  '/dashboard/courses',
  '/dashboard/courses/new',
  '/dashboard/courses/:courseId',
  '/dashboard/sales',
  '/dashboard/reports',
  '/dashboard/performance',
  '/about',
  '/contact',
  '/jobs',
  '/terms',
  '/privacy',
  '/cookies',
  '*',
] as const;
export type PageRoute = (typeof PAGE_ROUTES)[number];

/**
 * The metrics, their plausible range (milliseconds; CLS is unitless) and Google's bands
 * (https://web.dev/articles/vitals): up to `good` is good, up to `poor` needs improvement, above
 * it is poor. A value outside the range is refused (400): a page that takes a minute to paint, or
 * an interaction answered after 20 s, is a broken measurement or a forged one, not a visit to
 * count (docs/decisions.md D53).
 */
export const VITAL_METRICS = {
  LCP: { max: 60_000, good: 2_500, poor: 4_000, unit: 'ms' },
  INP: { max: 20_000, good: 200, poor: 500, unit: 'ms' },
  CLS: { max: 5, good: 0.1, poor: 0.25, unit: '' },
  FCP: { max: 60_000, good: 1_800, poor: 3_000, unit: 'ms' },
  TTFB: { max: 60_000, good: 800, poor: 1_800, unit: 'ms' },
} as const;
export type VitalMetric = keyof typeof VITAL_METRICS;
export const VITAL_METRIC_NAMES = Object.keys(VITAL_METRICS) as VitalMetric[];

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** Google's rating of a value of `metric` (the bands are inclusive at their upper limit). */
export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const { good, poor } = VITAL_METRICS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/**
 * The 75th percentile as PostgreSQL's `percentile_cont(0.75)` computes it (the server's report):
 * linear interpolation between the sorted values around position 0.75·(n−1); null for none.
 */
export function percentile75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = 0.75 * (sorted.length - 1);
  const below = Math.floor(position);
  const low = sorted[below] ?? 0;
  const high = sorted[Math.ceil(position)] ?? low;
  // PostgreSQL's own arithmetic (float8 lerp): low + (high − low) · fraction.
  return low + (high - low) * (position - below);
}

/**
 * A page view's id: the web app draws one per page view (src/app/report-vitals.ts) and its beacon
 * carries it, so the server counts each view's metrics once (a second beacon of the same view
 * adds nothing it already has).
 */
export const PAGE_VIEW_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A new page view id: 128 random bits, hex (crypto.getRandomValues works on plain http too). */
export function newPageViewId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The Network Information API's effective connection types. */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g'] as const;

/** A beacon's largest body: a route, five numbers and a connection type fit in far less. */
export const VITALS_MAX_BYTES = 2_048;
/** Kept this long, and at most this many page views (the oldest go first). */
export const VITALS_KEEP_DAYS = 30;
export const VITALS_MAX_ROWS = 200_000;
