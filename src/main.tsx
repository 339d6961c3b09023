import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { reportVitals } from '@/app/report-vitals';
import type { AuthService } from '@/lib/auth';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function render(container: HTMLElement, authService?: AuthService) {
  const root = createRoot(container);
  // As a transition, React renders the first screen in small slices that leave the main thread
  // free in between (no long task on a slow phone); the HTML shell stays until it commits.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App authService={authService} />
      </StrictMode>,
    );
  });
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
