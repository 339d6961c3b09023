import { setupWorker } from 'msw/browser';
import type { AuthService } from '@/lib/auth';
import { db } from '@/testing/mocks/db';
import { handlers } from '@/testing/mocks/handlers';
import { createMockAuthService } from './mock-session';

/**
 * `npm run dev:mock`: msw's service worker answers `/api` (and /course.json) from the web tests'
 * handlers and in-memory data, and a stand-in sign-in replaces Firebase. Resolves once the
 * worker is ready, before the app's first request.
 */
export async function startMockApi(): Promise<AuthService> {
  seedDemoPurchase();
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    // Assets, Vite's own requests and other sites go to the network as usual.
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return createMockAuthService();
}

/**
 * The demo student owns the React course, so the player, progress, the certificate and reviews
 * can be tried without paying first (the web tests start from an empty shop instead).
 */
function seedDemoPurchase(): void {
  const email = 'student@learntogether.test';
  db.payments.push({
    id: 'pi_demo_react',
    clientSecret: 'pi_demo_react_secret_mock',
    email,
    source: 'courses',
    lines: [
      { name: 'React from Zero to Hero', quantity: 1, unitPriceCents: 4999, courseId: 'c-react' },
    ],
    amountCents: 4999,
    shipping: {
      firstName: 'Sam',
      lastName: 'Student',
      email,
      country: 'Canada',
      address: '12 Maple Street',
      city: 'Toronto',
      state: 'Ontario',
      postalCode: 'M5V 2T6',
    },
    status: 'succeeded',
    paidAt: Date.UTC(2026, 2, 5, 12),
  });
}
