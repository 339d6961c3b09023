import { setupWorker } from 'msw/browser';
import type { AuthService } from '@/lib/auth';
import { handlers } from '@/testing/mocks/handlers';
import { createMockAuthService } from './mock-session';

/**
 * `npm run dev:mock`: msw's service worker answers `/api` (and /course.json) from the web tests'
 * handlers and in-memory data, and a stand-in sign-in replaces Firebase. Resolves once the
 * worker is ready, before the app's first request.
 */
export async function startMockApi(): Promise<AuthService> {
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    // Assets, Vite's own requests and other sites go to the network as usual.
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return createMockAuthService();
}
