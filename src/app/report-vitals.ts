/**
 * Real users' Core Web Vitals (issue 18 §2, docs/product.md §10.11): once the first screen is
 * interactive, loads the measurement (vitals-beacon.ts, with Google's `web-vitals`), which sends
 * one beacon for this page view of `pathname` when the page is hidden. Outside the first screen's
 * budget and its main thread (docs/decisions.md D104).
 */
export function reportVitals(pathname: string, win: Window = window): void {
  const start = () => {
    void import('./vitals-beacon').then(({ startVitalsBeacon }) =>
      startVitalsBeacon(pathname, win),
    );
  };
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function') {
      win.requestIdleCallback(start, { timeout: 5_000 });
    } else {
      win.setTimeout(start, 2_000);
    }
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
