import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequireAdmin } from '@/components/guards/require-admin';
import { RequireAuth } from '@/components/guards/require-auth';
import { buildUser } from '@/testing/data';
import { renderApp } from '@/testing/render';

const secret = <p>Secret page</p>;

function fromPath(state: unknown): unknown {
  return (state as { from?: { pathname?: string } } | null)?.from?.pathname;
}

describe('RequireAuth', () => {
  it('shows a spinner while the sign-in status is loading', () => {
    renderApp(<RequireAuth>{secret}</RequireAuth>, { path: '/secret', auth: { loading: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it('sends a visitor to /login and remembers where they came from', async () => {
    const { router } = renderApp(<RequireAuth>{secret}</RequireAuth>, { path: '/secret?tab=2' });
    expect(await screen.findByText('Current page: /login')).toBeInTheDocument();
    expect(fromPath(router.state.location.state)).toBe('/secret');
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it('lets a signed-in user through', async () => {
    renderApp(<RequireAuth>{secret}</RequireAuth>, {
      path: '/secret',
      auth: { user: buildUser() },
    });
    expect(await screen.findByText('Secret page')).toBeInTheDocument();
  });

  it('guards the real login-only routes, e.g. /grouplearn', async () => {
    const { router } = renderApp({ route: '/grouplearn' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fromPath(router.state.location.state)).toBe('/grouplearn');
  });
});

describe('RequireAdmin', () => {
  it('waits with a spinner while the admin flag is unknown', () => {
    renderApp(<RequireAdmin>{secret}</RequireAdmin>, { path: '/admin', auth: { loading: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access…');
  });

  it('lets an admin through', async () => {
    const { auth } = renderApp(<RequireAdmin>{secret}</RequireAdmin>, {
      path: '/admin',
      auth: { user: buildUser(), isAdmin: true },
    });
    expect(await screen.findByText('Secret page')).toBeInTheDocument();
    expect(auth.signOutCalls).toBe(0);
  });

  it('signs a non-admin out and sends them to /login with the origin', async () => {
    localStorage.setItem('accessToken', 'student-token');
    const { router, auth } = renderApp(<RequireAdmin>{secret}</RequireAdmin>, {
      path: '/admin',
      auth: { user: buildUser(), isAdmin: false },
    });
    expect(await screen.findByText('Current page: /login')).toBeInTheDocument();
    expect(fromPath(router.state.location.state)).toBe('/admin');
    await waitFor(() => expect(auth.signOutCalls).toBe(1));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it('sends a visitor to /login without signing anyone out', async () => {
    const { router, auth } = renderApp(<RequireAdmin>{secret}</RequireAdmin>, { path: '/admin' });
    expect(await screen.findByText('Current page: /login')).toBeInTheDocument();
    expect(fromPath(router.state.location.state)).toBe('/admin');
    expect(auth.signOutCalls).toBe(0);
  });
});
