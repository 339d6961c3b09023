import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetDb } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';

// Screens are lazy chunks: on a busy 2-core machine their first import can take over the default 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom does not scroll; the app's ScrollRestoration calls it on every navigation.
  window.scrollTo = () => undefined;
  // jsdom has no matchMedia; sweetalert2 asks it (prefers-reduced-motion) when it draws an icon.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

afterEach(async () => {
  // A sweetalert2 dialog lives in document.body, outside the tree that cleanup() unmounts.
  if (document.querySelector('.swal2-container')) {
    const { default: Swal } = await import('sweetalert2/dist/sweetalert2.esm.all.js');
    Swal.close();
  }
  cleanup();
  server.resetHandlers();
  resetDb();
  localStorage.clear();
});

afterAll(() => server.close());
