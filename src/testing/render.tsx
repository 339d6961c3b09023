import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { makeStore, type AppStore } from '@/app/store';
import type { AuthUser } from '@/lib/auth';
import { createFakeAuthService } from './fake-auth';
import { addUser, findUser } from './mocks/db';

type RenderOptions = {
  store?: AppStore;
  /**
   * Who is signed in: nobody by default; `loading: true` keeps the auth status loading. The user
   * gets an account in the msw db (an admin with `isAdmin: true`), so the app's token exchange and
   * admin check run against the mocked API.
   */
  auth?: { user?: AuthUser | null; isAdmin?: boolean; loading?: boolean };
  /** Where a bare `ui` is mounted (default `/`); any other path shows a small "Current page" probe. */
  path?: string;
};

/** Shown for every path a bare `ui` is not mounted on, so tests can see where the app went. */
function RouteProbe() {
  const { pathname } = useLocation();
  return <p>Current page: {pathname}</p>;
}

/**
 * Renders either one element or the real route table at `{ route }`, inside the app's providers
 * (store, auth) and a memory router. Returns the testing-library result plus `user`, `store`,
 * `router` and the fake `auth` service.
 */
export function renderApp(target: ReactElement | { route: string }, options: RenderOptions = {}) {
  const store = options.store ?? makeStore({ persist: false });
  const auth = createFakeAuthService(
    options.auth?.loading ? 'loading' : (options.auth?.user ?? null),
  );
  const email = options.auth?.user?.email;
  if (email) {
    const account = findUser(email) ?? addUser(email);
    if (options.auth?.isAdmin !== undefined) account.role = options.auth.isAdmin ? 'admin' : 'user';
  }

  let router: ReturnType<typeof createMemoryRouter>;
  if (isValidElement(target)) {
    const path = options.path ?? '/';
    const mountPath = new URL(path, 'http://localhost').pathname;
    router = createMemoryRouter(
      [
        { path: mountPath, element: target },
        { path: '*', element: <RouteProbe /> },
      ],
      { initialEntries: [path] },
    );
  } else {
    router = createMemoryRouter(routes, { initialEntries: [target.route] });
  }

  const user = userEvent.setup();
  const result = render(
    <AppProvider store={store} authService={auth}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, user, store, router, auth };
}
