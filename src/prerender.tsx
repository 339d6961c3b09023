// Build-time prerendering of the public screens (docs/decisions.md D49): the markup of a screen's
// first render, which is every visitor's and every signed-in user's first render alike (whether
// someone is signed in is not known yet, no data has come), so that the screen shows from the
// HTML before the app's JavaScript arrives; React then hydrates it (src/main.tsx). Built for Node
// by scripts/lib/prerender-plugin.ts, never shipped to the browser.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { prerenderedPaths } from '@/app/screens';
import { makeStore } from '@/app/store';

export { prerenderedPaths };

/**
 * The markup of `path`'s first render, as the app (src/app/app.tsx) renders it in a browser. Any
 * error fails the build: React would otherwise leave the failed part to the browser, unseen.
 */
export async function prerenderScreen(path: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider store={makeStore({ persist: false })}>
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
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) {
    throw new Error(`prerendering ${path} failed`, { cause: errors[0] });
  }
  return html;
}
