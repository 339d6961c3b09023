import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

// Every login-only route of the spec's table, opened by someone who is not signed in: a rule of
// the route table and its guards, proven here rather than once per route through the browser
// (tests/e2e/accounts.spec.ts still follows one guarded route to /login and back; D72 in
// docs/decisions.md).
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

describe('the login-only routes, for a visitor', () => {
  it.each(guardedRoutes)('a visitor opening %s lands on /login', async (path) => {
    const { router } = renderApp({ route: path });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
  });
});
