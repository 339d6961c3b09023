import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

describe('Order Now', () => {
  it('a visitor is sent to /login and, once signed in, comes back to the same catalogue page with the book in the cart', async () => {
    const { user, router, auth } = renderApp({ route: '/book?category=story&sort=price-asc' });
    await user.click(await screen.findByRole('button', { name: 'Order Now: Little Women' }));

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(db.carts).toEqual([]);

    const student = buildUser();
    auth.signIn(student);

    await waitFor(() => expect(router.state.location.pathname).toBe('/book'));
    expect(router.state.location.search).toBe('?category=story&sort=price-asc');
    expect(await screen.findByRole('article', { name: 'Little Women' })).toBeInTheDocument();
    // What was asked is done, once: the book is in the cart, and a toast says so.
    expect(await screen.findByText('Added Little Women to your cart.')).toBeInTheDocument();
    expect(db.carts).toEqual([
      expect.objectContaining({ bookId: 'b-6', quantity: 1, email: student.email }),
    ]);
    expect(await screen.findByRole('link', { name: 'Book cart (1 item)' })).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });

  it('pressed before the session is known, waits for it: a signed-in user is never taken for a visitor', async () => {
    const { user, router, auth } = renderApp({ route: '/book' }, { auth: { loading: true } });
    const card = await screen.findByRole('article', { name: 'The Hobbit' });
    const button = within(card).getByRole('button', { name: 'Order Now: The Hobbit' });
    await user.click(button);
    expect(button).toBeDisabled();
    expect(router.state.location.pathname).toBe('/book');

    auth.signIn(buildUser());
    await waitFor(() =>
      expect(within(card).getByRole('status')).toHaveTextContent('Added The Hobbit to your cart.'),
    );
    expect(router.state.location.pathname).toBe('/book');
  });

  it('adds the book to the signed-in user’s cart and says so', async () => {
    const student = buildUser();
    const { user } = renderApp({ route: '/book' }, { auth: { user: student } });
    const card = await screen.findByRole('article', { name: 'The Hobbit' });
    await user.click(within(card).getByRole('button', { name: 'Order Now: The Hobbit' }));

    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Added The Hobbit to your cart.',
    );
    expect(db.carts).toEqual([
      expect.objectContaining({ bookId: 'b-2', quantity: 1, email: student.email }),
    ]);
  });

  it('All Books shows the cover and every book with Order Now', async () => {
    const { user } = renderApp({ route: '/all-books' }, { auth: { user: buildUser() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'All Books' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Shelves of books' })).toHaveAttribute(
      'src',
      '/images/banners/books-cover.svg',
    );
    const list = await screen.findByRole('list', { name: 'Books' });
    expect(within(list).getAllByRole('article')).toHaveLength(6);
    const card = within(list).getByRole('article', { name: 'Dune' });
    expect(card).toHaveTextContent('$15.00');

    await user.click(within(card).getByRole('button', { name: 'Order Now: Dune' }));
    expect(await screen.findByRole('link', { name: 'Book cart (1 item)' })).toBeInTheDocument();
  });

  it('the home’s books order too', async () => {
    const { user } = renderApp({ route: '/' }, { auth: { user: buildUser() } });
    await user.click(await screen.findByRole('button', { name: 'Order Now: Clean Code' }));
    expect(await screen.findByRole('link', { name: 'Book cart (1 item)' })).toBeInTheDocument();
  });

  it('a refusal is shown as a toast and the badge stays as it was', async () => {
    server.use(
      http.post(apiPath('/cart'), () =>
        HttpResponse.json(
          { error: { code: 'conflict', message: 'You can order at most 10 copies of a book.' } },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp({ route: '/book' }, { auth: { user: buildUser() } });
    await user.click(await screen.findByRole('button', { name: 'Order Now: Dune' }));

    expect(
      await screen.findByText('You can order at most 10 copies of a book.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book cart (0 items)' })).toBeInTheDocument();
  });
});
