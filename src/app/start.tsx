import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SNAPSHOT_DATA_ID } from '@contract/prerendered';
import type { AuthService } from '@/lib/auth';
import { App } from './app';
import { replayEarlyTaps } from './early-taps';
import { reportVitals } from './report-vitals';
import { screenChunksLoaded } from './screens';
import { makeStore, type AppStore } from './store';

/**
 * A catalogue page's snapshot (docs/decisions.md D63) carries the data it was rendered with: the
 * store starts with it, so the first render matches the markup and nothing is fetched to show it.
 * Undefined for any other page (the app makes its own store).
 */
async function snapshotStore(): Promise<AppStore | undefined> {
  const block = document.getElementById(SNAPSHOT_DATA_ID);
  if (!block) return undefined;
  const { parseSnapshotData, seedStore } = await import('./snapshot-seed');
  const data = parseSnapshotData(block.textContent);
  if (!data) return undefined;
  const store = makeStore();
  await seedStore(store, data);
  return store;
}

function render(container: HTMLElement, authService?: AuthService) {
  const app = (store?: AppStore) => (
    <StrictMode>
      <App authService={authService} store={store} />
    </StrictMode>
  );
  // A prerendered screen (src/prerender.tsx, docs/decisions.md D49) is hydrated: React takes
  // over the markup already shown instead of drawing it again. Only once the screen's chunks are
  // here (boot.ts started them): a screen still loading would suspend, and any update meanwhile
  // (the session becoming known) would make React drop the markup for the spinner. As a
  // transition, hydration too runs in slices that leave the main thread free.
  if (container.hasAttribute('data-prerendered')) {
    void screenChunksLoaded(window.location.pathname)
      .then(snapshotStore)
      .then((store) => {
        startTransition(() => void hydrateRoot(container, app(store)));
        replayEarlyTaps(container);
      });
    return;
  }
  const root = createRoot(container);
  // As a transition, React renders the first screen in small slices that leave the main thread
  // free in between (no long task on a slow phone); the HTML shell stays until it commits.
  startTransition(() => root.render(app()));
}

/**
 * The document's own description goes before the first render: the screens render theirs
 * (src/components/page-title.tsx), and React adds its <meta> beside one it did not render, unless
 * the text is the same. The document's <title> stays: React takes over the first one it finds, so
 * the tab keeps its name until the screen renders (docs/decisions.md D77).
 */
function dropDocumentDescription(): void {
  for (const meta of document.head.querySelectorAll('meta[name="description"]')) meta.remove();
}

/**
 * Renders (or hydrates) the app into `container` and reports the page view's Core Web Vitals
 * once the first screen is interactive. Called by src/main.tsx once every stage is evaluated.
 */
export function startApp(container: HTMLElement): void {
  dropDocumentDescription();
  // `npm run dev:mock` (vite.mock.config.ts): msw answers /api before the first render. Checked
  // here as written, so a normal build sees `undefined === 'true'` and leaves the mock chunk out.
  if (import.meta.env.VITE_API_MOCK === 'true') {
    void import('@/dev-mock/start')
      .then(({ startMockApi }) => startMockApi())
      .then((authService) => render(container, authService));
  } else {
    render(container);
  }
  reportVitals(window.location.pathname);
}
