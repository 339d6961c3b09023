import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { reportVitals } from '@/app/report-vitals';
import { screenChunksLoaded } from '@/app/screens';
import type { AuthService } from '@/lib/auth';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

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

// `npm run dev:mock` (vite.mock.config.ts): msw answers /api before the first render. Checked
// here as written, so a normal build sees `undefined === 'true'` and leaves the mock chunk out.
if (import.meta.env.VITE_API_MOCK === 'true') {
  void import('@/dev-mock/start')
    .then(({ startMockApi }) => startMockApi())
    .then((authService) => render(container, authService));
} else {
  render(container);
}
// Real users' Core Web Vitals for this page view, once the first screen is interactive.
reportVitals(window.location.pathname);
