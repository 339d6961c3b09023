import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

// Every route of the spec's table, opened by someone who is not signed in: the open ones show
// their screen where they are, the login-only ones send the visitor to /login. Rules of the
// route table and its guards, proven here rather than once per route through the browser
// (docs/decisions.md D72, D75); the browser opens every route in tests/e2e/accessibility.spec.ts,
// and tests/e2e/accounts.spec.ts follows one guarded route to /login and back.
const openRoutes: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /Hello|LearnTogether|Up to/i },
  { path: '/home', heading: /Hello|LearnTogether|Up to/i },
  { path: '/courses', heading: /Our Online Courses/ },
  { path: '/cart', heading: /Your Course items:/ },
  { path: '/book', heading: /Books/ },
  { path: '/drawing', heading: /Draw/i },
  { path: '/login', heading: /Welcome back/ },
  { path: '/signup', heading: /Create your account/ },
];

const guardedRoutes = [
  '/all-books',
  '/cart-book',
  '/grouplearn',
  '/messagebox',
  '/chat/JavaScript',
  '/payment',
  '/paymentcard',
  '/dashboard',
  '/dashboard/myOrders',
  '/dashboard/allusers',
  '/dashboard/addbook',
];

describe('the open routes, for a visitor', () => {
  it.each(openRoutes)('a visitor can open $path', async ({ path, heading }) => {
    const { router } = renderApp({ route: path });
    expect((await screen.findAllByRole('heading', { name: heading }))[0]).toBeVisible();
    expect(router.state.location.pathname).toBe(path);
  });

  it('an unknown route shows the Not Found page, whose link goes home', async () => {
    const { router, user } = renderApp({ route: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: /Page not found/i })).toBeVisible();
    await user.click(screen.getAllByRole('link', { name: /home/i })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the login-only routes, for a visitor', () => {
  it.each(guardedRoutes)('a visitor opening %s lands on /login', async (path) => {
    const { router } = renderApp({ route: path });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
  });
});
