import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SNAPSHOT_DATA_ID } from '@contract/prerendered';
import type { AuthService } from '@/lib/auth';
import { App } from './app';
import { replayEarlyTaps } from './early-taps';
import { reportVitals } from './report-vitals';
import { screenChunksLoaded } from './screens';
import { makeStore, type AppStore } from './store';

/** Hands the main thread back before what follows (src/main.tsx). */
type Yield = () => Promise<void>;

/**
 * A catalogue page's snapshot (docs/decisions.md D63) carries the data it was rendered with: the
 * store starts with it, so the first render matches the markup and nothing is fetched to show it.
 * Undefined for any other page (the app makes its own store). RTK Query, the app's API and its
 * endpoints are evaluated here, ahead of the screen's chunk, and the store is made and each entry
 * seeded, each in a task of its own: together they were tasks of 55–90 ms at 4× CPU
 * (docs/decisions.md D80).
 */
async function snapshotStore(yieldToMain: Yield): Promise<AppStore | undefined> {
  const block = document.getElementById(SNAPSHOT_DATA_ID);
  if (!block) return undefined;
  const { parseSnapshotData, seedStore } = await import('./snapshot-seed');
  const data = parseSnapshotData(block.textContent);
  if (!data) return undefined;
  await yieldToMain();
  if (data.queries.length > 0) {
    await import('./start-stages/rtk-query');
    await yieldToMain();
    // The app's API (createApi), then each endpoint in seedStore.
    await import('@/lib/api/base-api');
    await yieldToMain();
  }
  const store = makeStore();
  await seedStore(store, data, yieldToMain);
  return store;
}

/**
 * Hydrates a prerendered screen (src/prerender.tsx, docs/decisions.md D49): React takes over the
 * markup already shown instead of drawing it again. Only once the screen's chunks are here: a
 * screen still loading would suspend, and any update meanwhile (the session becoming known) would
 * make React drop the markup for the spinner. The snapshot's data first, then the screen's chunk
 * (src/boot.ts leaves it to this, after the stages, on such a page), then hydration, each in
 * tasks of its own (docs/decisions.md D80). As a transition, hydration too runs in slices.
 */
async function hydrate(
  container: HTMLElement,
  app: (store?: AppStore) => ReactNode,
  yieldToMain: Yield,
) {
  const store = await snapshotStore(yieldToMain);
  await yieldToMain();
  await screenChunksLoaded(window.location.pathname);
  await yieldToMain();
  startTransition(() => void hydrateRoot(container, app(store)));
  replayEarlyTaps(container);
}

function render(container: HTMLElement, yieldToMain: Yield, authService?: AuthService) {
  const app = (store?: AppStore) => (
    <StrictMode>
      <App authService={authService} store={store} />
    </StrictMode>
  );
  if (container.hasAttribute('data-prerendered')) {
    void hydrate(container, app, yieldToMain);
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
export function startApp(container: HTMLElement, yieldToMain: Yield): void {
  dropDocumentDescription();
  // `npm run dev:mock` (vite.mock.config.ts): msw answers /api before the first render. Checked
  // here as written, so a normal build sees `undefined === 'true'` and leaves the mock chunk out.
  if (import.meta.env.VITE_API_MOCK === 'true') {
    void import('@/dev-mock/start')
      .then(({ startMockApi }) => startMockApi())
      .then((authService) => render(container, yieldToMain, authService));
  } else {
    render(container, yieldToMain);
  }
  reportVitals(window.location.pathname);
}
