import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement, useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
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

/** Where the app is now, as tests read it: `router.state.location` (the data router's shape). */
export type RouterProbe = { state: { location: Location } };

/** Tells `onLocation` the surrounding router's location after every navigation. */
function LocationSpy({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onLocation(location), [location, onLocation]);
  return null;
}

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

  const initialPath = isValidElement(target) ? (options.path ?? '/') : target.route;
  const screens = isValidElement(target) ? (
    <Routes>
      <Route path={new URL(initialPath, 'http://localhost').pathname} element={target} />
      <Route path="*" element={<RouteProbe />} />
    </Routes>
  ) : (
    <AppRoutes />
  );
  let current: Location | null = null;
  const onLocation = (location: Location) => {
    current = location;
  };
  const router: RouterProbe = {
    state: {
      get location() {
        if (!current) throw new Error('the router has not rendered yet');
        return current;
      },
    },
  };

  const user = userEvent.setup();
  const result = render(
    <AppProvider store={store} authService={auth}>
      <MemoryRouter initialEntries={[initialPath]} useTransitions={false}>
        <LocationSpy onLocation={onLocation} />
        {screens}
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, user, store, router, auth };
}
