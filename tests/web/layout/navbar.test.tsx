import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { navItemsFor } from '@/components/layout/nav-items';
import { Navbar } from '@/components/layout/navbar';
import { buildUser } from '@/testing/data';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';

const navbar = <Navbar cartCount={3} courseCartCount={2} />;

describe('navbar', () => {
  it('shows Home, Books, Login and the course cart to a visitor', async () => {
    renderApp(navbar);
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/book');
    expect(screen.getByRole('link', { name: 'Course cart (2 items)' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(screen.queryByRole('link', { name: 'View Orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Me' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /book cart/i })).not.toBeInTheDocument();
  });

  it('marks the current page', async () => {
    renderApp(navbar, { path: '/home' });
    expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Books' })).not.toHaveAttribute('aria-current');
  });

  it('hides Login when signed in and shows the cart badge, View Orders, group learning and Me', async () => {
    renderApp(navbar, { auth: { user: buildUser() } });
    expect(await screen.findByRole('link', { name: 'View Orders' })).toHaveAttribute(
      'href',
      '/cart-book',
    );
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    const bookCart = screen.getByRole('link', { name: 'Book cart (3 items)' });
    expect(bookCart).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Group learning' })).toHaveAttribute(
      'href',
      '/grouplearn',
    );
    // The Me menu is a lazy chunk of its own: it may come after the links.
    expect(await screen.findByRole('button', { name: 'Me' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('the Me menu holds Dashboard and Logout', async () => {
    const { user } = renderApp(navbar, { auth: { user: buildUser() } });
    await user.click(await screen.findByRole('button', { name: 'Me' }));
    expect(screen.getByRole('button', { name: 'Me' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('Logout signs out, removes the access token and leaves a non-admin where they are', async () => {
    localStorage.setItem('accessToken', 'token-123');
    const { user, auth, router } = renderApp(navbar, {
      path: '/dashboard',
      auth: { user: buildUser() },
    });

    await user.click(await screen.findByRole('button', { name: 'Me' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(auth.signOutCalls).toBe(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('Logout takes an admin to /', async () => {
    const { user, auth } = renderApp(navbar, {
      path: '/dashboard',
      auth: { user: buildUser(), isAdmin: true },
    });

    await user.click(await screen.findByRole('button', { name: 'Me' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Current page: /')).toBeInTheDocument();
    expect(auth.signOutCalls).toBe(1);
  });

  it('collapses into a menu button on phones', async () => {
    const { user } = renderApp(navbar, { auth: { user: buildUser() } });
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Close menu');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!menu) throw new Error('the menu button controls no element');
    const mobile = within(menu);
    expect(mobile.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(mobile.getByRole('link', { name: 'Books' })).toBeInTheDocument();
    expect(mobile.getByRole('link', { name: 'View Orders' })).toBeInTheDocument();
    expect(mobile.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Open menu');
    expect(menu).not.toBeInTheDocument();
  });

  it('the phone menu closes once the user navigates', async () => {
    const { user, router } = renderApp({ route: '/drawing' });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu');
    if (!menu) throw new Error('the phone menu did not open');

    await user.click(within(menu).getByRole('link', { name: 'Books' }));
    expect(router.state.location.pathname).toBe('/book');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(document.getElementById('mobile-menu')).toBeNull();
  });
});

/** What a link shows a user: its label, or the visible text of a text link. */
const linkName = (link: HTMLElement) => link.getAttribute('aria-label') ?? link.textContent;

/** The links of the main navigation row (the phone menu lives outside it). */
function desktopLinks() {
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map(linkName);
}

async function openPhoneMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Open menu' }));
  const menu = document.getElementById('mobile-menu');
  if (!menu) throw new Error('the phone menu did not open');
  return within(menu);
}

describe('navbar items by auth status', () => {
  it('a visitor: Home, Books and Login, on the desktop row and in the phone menu', async () => {
    const { user } = renderApp(navbar);
    await screen.findByRole('link', { name: 'Login' });
    expect(desktopLinks()).toEqual([
      'LearnTogether',
      'Home',
      'Books',
      'Course cart (2 items)',
      'Login',
    ]);

    const phone = await openPhoneMenu(user);
    expect(phone.getAllByRole('link').map(linkName)).toEqual(['Home', 'Books', 'Login']);
    expect(phone.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('signed in: View Orders, group learning and Me on the row; Dashboard and Logout in the phone menu', async () => {
    const { user } = renderApp(navbar, { auth: { user: buildUser() } });
    await screen.findByRole('button', { name: 'Me' });
    expect(desktopLinks()).toEqual([
      'LearnTogether',
      'Home',
      'Books',
      'Course cart (2 items)',
      'Book cart (3 items)',
      'Group learning',
      'View Orders',
    ]);

    const phone = await openPhoneMenu(user);
    expect(phone.getAllByRole('link').map(linkName)).toEqual([
      'Home',
      'Books',
      'View Orders',
      'Group learning',
      'Dashboard',
    ]);
    expect(phone.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(phone.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('while the session loads: only what everyone sees', async () => {
    const { user } = renderApp(navbar, { auth: { loading: true } });
    await screen.findByRole('link', { name: 'Home' });
    expect(desktopLinks()).toEqual(['LearnTogether', 'Home', 'Books', 'Course cart (2 items)']);
    expect(screen.queryByRole('button', { name: 'Me' })).not.toBeInTheDocument();

    const phone = await openPhoneMenu(user);
    expect(phone.getAllByRole('link').map(linkName)).toEqual(['Home', 'Books']);
  });

  it('the phone menu marks the current page too ("/home" is Home)', async () => {
    const { user } = renderApp(navbar, { path: '/home', auth: { user: buildUser() } });
    const phone = await openPhoneMenu(user);
    expect(phone.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(phone.getByRole('link', { name: 'View Orders' })).not.toHaveAttribute('aria-current');
  });

  it('one table drives both: each status sees its own items', () => {
    const labels = (status: Parameters<typeof navItemsFor>[0]) =>
      navItemsFor(status).map((item) => item.label);
    expect(labels('signed-out')).toEqual(['Home', 'Books', 'Login']);
    expect(labels('signed-in')).toEqual([
      'Home',
      'Books',
      'View Orders',
      'Group learning',
      'Dashboard',
    ]);
    expect(labels('loading')).toEqual(['Home', 'Books']);
  });
});

describe('navbar logout on a guarded page', () => {
  it('takes an admin from an admin page to / (not to /login)', async () => {
    const { user, router, auth } = renderApp(
      { route: '/dashboard/allusers' },
      { auth: { user: buildUser(), isAdmin: true } },
    );
    await screen.findByRole('heading', { name: /Total users/ });
    // Like Firebase, the listeners may hear of the sign-out only after signOut() resolved.
    const signOut = auth.signOut.bind(auth);
    auth.signOut = async () => {
      setTimeout(() => void signOut(), 20);
    };
    await user.click(screen.getByRole('button', { name: 'Me' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(auth.signOutCalls).toBe(1);
    // The guards of the admin page had their chance to redirect by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a user on a login-only page to /login', async () => {
    const { user, router } = renderApp({ route: '/grouplearn' }, { auth: { user: buildUser() } });
    await user.click(await screen.findByRole('button', { name: 'Me' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('the book cart badge', () => {
  /** A line already in someone's book cart, as the server keeps it. */
  function seedCartLine(email: string, bookId: string) {
    const book = db.books.find((candidate) => candidate._id === bookId);
    if (!book) throw new Error(`no book ${bookId}`);
    const { name, price, image } = book;
    db.carts.push({ _id: `seed-${bookId}`, bookId, name, price, image, quantity: 1, email });
  }

  it('counts the lines of the cart and follows Order Now at once (a second copy is no new line)', async () => {
    const student = buildUser();
    const { user } = renderApp({ route: '/book' }, { auth: { user: student } });
    const badge = await screen.findByRole('link', { name: 'Book cart (0 items)' });
    await screen.findByRole('article', { name: 'Clean Code' });

    await user.click(screen.getByRole('button', { name: 'Order Now: Clean Code' }));
    expect(await screen.findByRole('link', { name: 'Book cart (1 item)' })).toBe(badge);
    expect(badge).toHaveTextContent('1');

    await user.click(screen.getByRole('button', { name: 'Order Now: Dune' }));
    expect(await screen.findByRole('link', { name: 'Book cart (2 items)' })).toBe(badge);

    // The same book again raises its quantity on the server; the badge counts lines.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Order Now: Clean Code' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Order Now: Clean Code' }));
    await waitFor(() => expect(db.carts.find((line) => line.bookId === 'b-1')?.quantity).toBe(2));
    expect(screen.getByRole('link', { name: 'Book cart (2 items)' })).toBe(badge);
  });

  it("shows the signed-in user's lines after a reload, and nobody else's after signing in as someone else", async () => {
    const first = buildUser();
    const second = buildUser();
    seedCartLine(first.email ?? '', 'b-1');
    seedCartLine(first.email ?? '', 'b-2');
    const { auth } = renderApp({ route: '/drawing' }, { auth: { user: first } });
    expect(await screen.findByRole('link', { name: 'Book cart (2 items)' })).toBeInTheDocument();

    await act(() => auth.signOut());
    expect(screen.queryByRole('link', { name: /book cart/i })).not.toBeInTheDocument();
    act(() => auth.signIn(second));

    expect(await screen.findByRole('link', { name: 'Book cart (0 items)' })).toBeInTheDocument();
  });
});
