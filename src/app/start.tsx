import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { reportVitals } from './report-vitals';
import { screenChunksLoaded } from './screens';
import type { AuthService } from '@/lib/auth';

function render(container: HTMLElement, authService?: AuthService) {
  const app = (
    <StrictMode>
      <App authService={authService} />
    </StrictMode>
  );
  // A prerendered screen (src/prerender.tsx, docs/decisions.md D49) is hydrated: React takes
  // over the markup already shown instead of drawing it again. Only once the screen's chunks are
  // here (boot.ts started them): a screen still loading would suspend, and any update meanwhile
  // (the session becoming known) would make React drop the markup for the spinner. As a
  // transition, hydration too runs in slices that leave the main thread free.
  if (container.hasAttribute('data-prerendered')) {
    void screenChunksLoaded(window.location.pathname).then(() =>
      startTransition(() => void hydrateRoot(container, app)),
    );
    return;
  }
  const root = createRoot(container);
  // As a transition, React renders the first screen in small slices that leave the main thread
  // free in between (no long task on a slow phone); the HTML shell stays until it commits.
  startTransition(() => root.render(app));
}

/**
 * Renders (or hydrates) the app into `container` and reports the page view's Core Web Vitals
 * once the first screen is interactive. Called by src/main.tsx once every stage is evaluated.
 */
export function startApp(container: HTMLElement): void {
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
