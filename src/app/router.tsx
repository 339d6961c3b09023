import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import {
  loadedScreen,
  loadScreen,
  screenRoutes,
  type Access,
  type ScreenName,
  type ScreenRoute,
} from './screens';

// Every screen is its own lazy chunk, from the one table in screens.ts; one component per screen.
// A screen whose chunk has already loaded renders at once; React.lazy would suspend on its first
// render all the same, and a prerendered page would lose its markup to the fallback
// (docs/decisions.md D49).
const screens = new Map<ScreenName, ComponentType>();
function screenComponent(name: ScreenName): ComponentType {
  let component = screens.get(name);
  if (!component) {
    const Lazy = lazy(() => loadScreen(name));
    const Screen = () => {
      const Loaded = loadedScreen(name)?.default;
      return Loaded ? <Loaded /> : <Lazy />;
    };
    Screen.displayName = `Screen(${name})`;
    component = Screen;
    screens.set(name, component);
  }
  return component;
}

// The guards load with the first screen that needs one: a visitor's public page never runs them
// (docs/decisions.md D106). Whoever opens a guarded screen waits for the session anyway, which
// takes longer than the guard's chunk.
const RequireAuth = lazy(() =>
  import('@/components/guards/require-auth').then((module) => ({ default: module.RequireAuth })),
);
const RequireAdmin = lazy(() =>
  import('@/components/guards/require-admin').then((module) => ({ default: module.RequireAdmin })),
);

function guarded(access: Access, Screen: ComponentType) {
  switch (access) {
    case 'open':
      return <Screen />;
    case 'signed-in':
      return (
        <RequireAuth>
          <Screen />
        </RequireAuth>
      );
    case 'admin':
      return (
        <RequireAdmin>
          <Screen />
        </RequireAdmin>
      );
  }
}

function toRouteObject({ path, screen, access, children }: ScreenRoute): RouteObject {
  const element = guarded(access, screenComponent(screen));
  // `handle.screen` names the screen a route shows (tests compare it with screens.ts).
  const handle = { screen };
  if (path === undefined) return { index: true, element, handle };
  return { path, element, handle, children: children?.map(toRouteObject) };
}

/** The route table (docs/product.md §2), inside the layout with the navbar and footer. */
export const routes: RouteObject[] = [
  { element: <RootLayout />, children: screenRoutes.map(toRouteObject) },
];

/**
 * The app's screens for the current address. Declarative routing (inside a <BrowserRouter>, or a
 * <MemoryRouter> in tests): the app uses no loaders or actions, and the data router would add
 * about 17 KB gzip to the first screen.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
