import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { renderApp } from '@/testing/render';

async function dashboardMenu() {
  return within(await screen.findByRole('navigation', { name: 'Dashboard' }));
}

// The first test loads the dashboard's chunks, slow on a busy 2-core machine.
describe('dashboard menu', { timeout: 20_000 }, () => {
  it('shows Profile and My Orders to a signed-in user, not Make Admin or Add Book', async () => {
    renderApp({ route: '/dashboard' }, { auth: { user: buildUser() } });
    const menu = await dashboardMenu();
    expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/dashboard');
    expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myOrders',
    );
    expect(menu.getByRole('link', { name: 'My Courses' })).toHaveAttribute(
      'href',
      '/dashboard/myCourses',
    );
    expect(menu.queryByRole('link', { name: 'Make Admin' })).not.toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Add Book' })).not.toBeInTheDocument();
  });

  it('shows Profile, Make Admin and Add Book to an admin, not My Orders', async () => {
    renderApp({ route: '/dashboard' }, { auth: { user: buildUser(), isAdmin: true } });
    const menu = await dashboardMenu();
    expect(menu.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Make Admin' })).toHaveAttribute(
      'href',
      '/dashboard/allusers',
    );
    expect(menu.getByRole('link', { name: 'Add Book' })).toHaveAttribute(
      'href',
      '/dashboard/addbook',
    );
    expect(menu.queryByRole('link', { name: 'My Orders' })).not.toBeInTheDocument();
    // Admins buy courses too.
    expect(menu.getByRole('link', { name: 'My Courses' })).toHaveAttribute(
      'href',
      '/dashboard/myCourses',
    );
  });

  it('keeps the menu around the nested pages', async () => {
    const { user, router } = renderApp({ route: '/dashboard' }, { auth: { user: buildUser() } });
    const menu = await dashboardMenu();
    await user.click(menu.getByRole('link', { name: 'My Orders' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Total number of order : 0' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/myOrders');
    expect(menu.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });

  it('a non-admin who opens an admin page is signed out and sent to /login', async () => {
    const { router, auth } = renderApp(
      { route: '/dashboard/allusers' },
      { auth: { user: buildUser() } },
    );
    // The guard waits for the role (a request) before it signs out: give it a busy machine's time.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 10_000,
    });
    expect(auth.signOutCalls).toBe(1);
  });
});
