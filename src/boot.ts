// The page's entry. index.html already shows the app shell (navbar frame and page) and preloads
// the app chunk. Once the shell has been painted, this starts the current screen's chunk and the
// app itself (src/main.tsx): a fast download never keeps the first paint waiting for the app's
// first render, and the screen's chunk arrives alongside the app rather than after it. A
// prerendered screen's document preloads nothing (contract/prerendered.ts) until it is shown. The
// stylesheet is the entry's, so the build inlines it into index.html
// (scripts/lib/first-paint-plugins.ts).
import { APP_PRELOADS_ID, SNAPSHOT_DATA_ID } from '@contract/prerendered';
import './index.css';

/**
 * Starts the current screen's chunk and the app, after the next frame has been painted (in a
 * hidden page, once it is shown: it paints no frame before). On a prerendered page the screen's
 * chunk waits for the app's stages (src/app/start.tsx), which its import would otherwise evaluate
 * all at once.
 */
function startApp(prerendered: boolean): void {
  // A timeout inside an animation frame runs once that frame has been painted.
  requestAnimationFrame(() => {
    setTimeout(() => {
      // The screens' table is a chunk of the app's start (preloaded with it), not part of this
      // entry: evaluated with the entry, it joined the task that lays out the page's markup, the
      // largest part of what the app added to a prerendered page's blocking time
      // (docs/decisions.md D86).
      void import('@/app/screens').then(({ preloadScreen }) =>
        preloadScreen(window.location.pathname, {
          search: window.location.search,
          // `npm run dev:mock`: msw answers the API only once the app has started it. A
          // snapshot's data is in the page already (docs/decisions.md D63): not fetched again.
          data:
            import.meta.env.VITE_API_MOCK !== 'true' && !document.getElementById(SNAPSHOT_DATA_ID),
          chunks: !prerendered,
        }),
      );
      // A task of its own: each dynamic import adds its chunk's preload links, and the two
      // together were a long task on a slow phone (docs/decisions.md D67).
      setTimeout(() => void import('./main'));
    });
  });
}

/**
 * Resolves once the page has loaded and painted its first content: a prerendered screen
 * (docs/decisions.md D49) is then on the screen, its images included.
 */
function firstScreenShown(): Promise<unknown> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const painted = new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return resolve();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  return Promise.all([loaded, painted]);
}

/**
 * A prerendered document's preload links of the app's start (contract/prerendered.ts), put in the
 * head at once: the stages' chunks download side by side, not one import after the other.
 */
function preloadAppStart(): void {
  const template = document.getElementById(APP_PRELOADS_ID);
  if (template instanceof HTMLTemplateElement) document.head.append(template.content);
}

// A prerendered screen is whole in the HTML: its images come first and the app (to hydrate it)
// once they are on the screen, so that on a slow connection the app's JavaScript never holds up
// what the screen shows. The app shell of other screens is empty: the app starts at once.
const root = document.getElementById('root');
if (root?.hasAttribute('data-prerendered')) {
  void firstScreenShown().then(() => {
    // A task of its own: putting the links in the head costs 20–55 ms at 4× CPU, which joined
    // the load event's task (docs/decisions.md D80).
    setTimeout(() => {
      preloadAppStart();
      startApp(true);
    });
  });
} else {
  startApp(false);
}
