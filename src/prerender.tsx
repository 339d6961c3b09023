// Build-time prerendering of the public screens (docs/decisions.md D49): the markup of a screen's
// first render, which is every visitor's and every signed-in user's first render alike (whether
// someone is signed in is not known yet, no data has come), so that the screen shows from the
// HTML before the app's JavaScript arrives; React then hydrates it (src/main.tsx). Built for Node
// by scripts/lib/prerender-plugin.ts, never shipped to the browser. The server renders the
// catalogue's snapshots with it too, with the data the screen fetches first (docs/decisions.md
// D63, server/services/page-snapshots.ts).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { headTags, pageMeta } from '@/lib/page-meta';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { prerenderedPaths } from '@/app/screens';
import {
  gatherSnapshotData,
  snapshotPaths,
  subjectOf,
  type SnapshotData,
} from '@/app/snapshot-data';
import { seedStore } from '@/app/snapshot-seed';
import { makeStore } from '@/app/store';
import { loadedBaseApi } from '@/lib/api/lazy-api';
import { infoPageAt } from '@/features/info/info-pages';

export { gatherSnapshotData, prerenderedPaths, snapshotPaths };
export type { ApiGet, SnapshotData } from '@/app/snapshot-data';

export type RenderOptions = {
  /** The shop's public origin (PUBLIC_URL), for the canonical URL and the preview's image. */
  origin: string;
  /** A snapshot's data (snapshot-data.ts): the store holds it before the render. */
  data?: SnapshotData;
};

/** A rendered screen: its markup (for #root) and its head tags (title, meta, JSON-LD). */
export type RenderedScreen = { markup: string; head: string };

/**
 * The markup of `path`'s first render, as the app (src/app/app.tsx) renders it in a browser, with
 * the page's head tags (src/lib/page-meta.ts). Any error fails the build (or the snapshot): React
 * would otherwise leave the failed part to the browser, unseen.
 */
export async function prerenderScreen(
  path: string,
  { origin, data }: RenderOptions,
): Promise<RenderedScreen> {
  const store = makeStore({ persist: false });
  const errors: unknown[] = [];
  let markup = '';
  try {
    if (data) await seedStore(store, data);
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProvider store={store}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
      {
        onError: (error) => void errors.push(error),
        // Every boundary in place: React outlines a large one, to be put in place later by an
        // inline script, which the page's CSP (script-src 'self') does not run.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    for await (const chunk of prelude) markup += String(chunk);
  } finally {
    // The store is dropped here, but RTK Query keeps an entry nobody reads for a minute, on a
    // timer that held the store and kept a stopped server alive until it was killed
    // (docs/decisions.md D103): resetting the cache clears those timers.
    const api = loadedBaseApi();
    if (api) store.dispatch(api.util.resetApiState());
  }
  if (errors.length > 0) {
    throw new Error(`prerendering ${path} failed`, { cause: errors[0] });
  }
  const subject = { ...(data ? subjectOf(data) : {}), info: infoPageAt(path) };
  return { markup, head: headTags(pageMeta(path, origin, subject), path, origin) };
}
