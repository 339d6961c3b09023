// The field measurement's work (issue 18 §2, docs/product.md §10.11), loaded with web-vitals once
// the first screen is interactive (report-vitals.ts): none of it is part of the app's start
// (docs/decisions.md D104).
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { VitalsBeacon } from '@contract/vitals';
import {
  CONNECTION_TYPES,
  newPageViewId,
  PAGE_ROUTES,
  VITAL_METRICS,
  type PageRoute,
  type VitalMetric,
} from '@contract/vitals-rules';
import { env } from '@/config/env';
import { routesFor } from './screens';

/**
 * The route pattern of `pathname` as the router matches it (`/book/:bookId`, never the address),
 * or undefined if it is not one the server knows (contract/vitals.ts PAGE_ROUTES).
 */
export function routePatternOf(pathname: string): PageRoute | undefined {
  const routes = routesFor(pathname);
  if (routes.length === 0) return undefined;
  const joined = routes
    .map((route) => route.path)
    .filter((path) => path !== undefined)
    .reduce(
      (whole, path) =>
        path === '*' ? '*' : `${whole.replace(/\/$/, '')}/${path.replace(/^\//, '')}`,
      '',
    );
  const pattern = joined === '' ? '/' : joined;
  return (PAGE_ROUTES as readonly string[]).includes(pattern) ? (pattern as PageRoute) : undefined;
}

type NetworkInformation = { effectiveType?: string };

function connectionType(): VitalsBeacon['connection'] {
  const type = (navigator as Navigator & { connection?: NetworkInformation }).connection
    ?.effectiveType;
  return CONNECTION_TYPES.find((known) => known === type);
}

/**
 * Measures the page view of `pathname` and, when the page is hidden (left, closed, or put in the
 * background), sends one beacon for it: a random id of the view, its route pattern, the metrics
 * measured and the connection type, nothing else.
 */
export function startVitalsBeacon(pathname: string, win: Window): void {
  const route = routePatternOf(pathname);
  if (!route || typeof win.navigator.sendBeacon !== 'function') return;
  // This page view's id: the server counts its metrics once, whatever is sent again (D53).
  const view = newPageViewId();
  const metrics: Partial<Record<VitalMetric, number>> = {};
  // Only the contract's metrics, within their plausible range: what the server takes.
  const keep = (metric: Metric) => {
    const name = metric.name as VitalMetric;
    const known = VITAL_METRICS[name] as (typeof VITAL_METRICS)[VitalMetric] | undefined;
    if (known && Number.isFinite(metric.value) && metric.value >= 0 && metric.value <= known.max) {
      metrics[name] = metric.value;
    }
  };
  // LCP, INP and CLS are final only when the page is hidden, and web-vitals reports them on
  // `visibilitychange` alone; leaving can fire `pagehide` first (D68). Every change is kept, so
  // the beacon carries the latest value whichever event sends it.
  onLCP(keep, { reportAllChanges: true });
  onINP(keep, { reportAllChanges: true });
  onCLS(keep, { reportAllChanges: true });
  onFCP(keep);
  onTTFB(keep);
  let sent = false;
  const send = (event: Event) => {
    if (sent) return;
    // Hidden: left, closed or put in the background (pagehide may come while still visible).
    if (event.type === 'visibilitychange' && win.document.visibilityState !== 'hidden') return;
    // Nothing measured (a page hidden at once): nothing to send.
    if (Object.keys(metrics).length === 0) return;
    sent = true;
    const connection = connectionType();
    const beacon: VitalsBeacon = { view, route, metrics, ...(connection ? { connection } : {}) };
    const body = new Blob([JSON.stringify(beacon)], { type: 'application/json' });
    win.navigator.sendBeacon(`${env.apiUrl}/vitals`, body);
  };
  // Added after web-vitals' own listeners: on `visibilitychange` they have just reported.
  win.document.addEventListener('visibilitychange', send);
  win.addEventListener('pagehide', send);
  // For the e2e test and anyone profiling: from here on, leaving the page sends the beacon.
  win.performance.mark('vitals-ready');
}
