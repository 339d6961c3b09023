import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBookDetail, buildUser } from '@/testing/data';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';

function addBook(overrides: Parameters<typeof buildBookDetail>[0]) {
  const book = buildBookDetail(overrides);
  db.books.push(book);
  return book;
}

describe('a book’s page', () => {
  it('shows the cover, name, author, category, price, description with its line breaks, and stock', async () => {
    addBook({
      _id: 'b-page',
      name: 'The Left Hand of Darkness',
      author: 'Ursula K. Le Guin',
      category: 'science fiction',
      price: 14.5,
      description: 'An envoy on a winter world.\nA story of trust.',
      stock: 40,
    });
    renderApp({ route: '/book/b-page' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Left Hand of Darkness' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of The Left Hand of Darkness' })).toBeVisible();
    expect(screen.getByText('by Ursula K. Le Guin')).toBeInTheDocument();
    expect(screen.getByText('$14.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'science fiction' })).toHaveAttribute(
      'href',
      '/book?category=science%20fiction',
    );
    expect(screen.getByText('In stock')).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'About this book' });
    expect(within(about).getByText(/An envoy on a winter world/).textContent).toBe(
      'An envoy on a winter world.\nA story of trust.',
    );
    // The tab and the meta description name the book.
    expect(document.title).toBe('The Left Hand of Darkness · LearnTogether');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^The Left Hand of Darkness by Ursula K\. Le Guin\. An envoy/,
    );
  });

  it.each([
    [5, 'Only 5 left', false],
    [1, 'Only 1 left', false],
    [6, 'In stock', false],
    [0, 'Sold out', true],
  ])('with %i copies says “%s”; Order Now disabled: %s', async (stock, label, disabled) => {
    addBook({ _id: 'b-stock', name: 'Counted Copies', stock });
    renderApp({ route: '/book/b-stock' });
    await screen.findByRole('heading', { level: 1, name: 'Counted Copies' });
    const article = screen.getByRole('article', { name: 'Counted Copies' });
    // The label (and, sold out, the button's own text).
    expect(within(article).getAllByText(label)[0]).toBeInTheDocument();
    const button = within(article).getByRole('button', {
      name: `${disabled ? 'Sold out' : 'Order Now'}: Counted Copies`,
    });
    if (disabled) expect(button).toBeDisabled();
    else expect(button).toBeEnabled();
  });

  it('Order Now puts the book in the cart; a request past the stock is a toast', async () => {
    addBook({ _id: 'b-two', name: 'Two Left', stock: 2 });
    const student = buildUser();
    const { user } = renderApp({ route: '/book/b-two' }, { auth: { user: student } });
    const order = await screen.findByRole('button', { name: 'Order Now: Two Left' });
    await user.click(order);
    expect(await screen.findByRole('button', { name: 'Added: Two Left' })).toBeInTheDocument();
    db.carts[0]!.quantity = 2;
    await user.click(screen.getByRole('button', { name: 'Added: Two Left' }));
    // The toast says what the server said (the page's own label reads the same).
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 2 left');
    expect(db.carts).toEqual([expect.objectContaining({ bookId: 'b-two', quantity: 2 })]);
  });

  it('lists up to four other books of its category, each linking to its page', async () => {
    for (let i = 1; i <= 5; i += 1)
      addBook({ _id: `b-sf-${i}`, name: `Star ${i}`, category: 'story' });
    const { user, router } = renderApp({ route: '/book/b-sf-1' });
    const more = await screen.findByRole('region', { name: 'More in story' });
    const cards = await within(more).findAllByRole('article');
    expect(cards).toHaveLength(4);
    expect(cards.map((card) => card.getAttribute('aria-label'))).not.toContain('Star 1');
    await user.click(
      within(cards[0]!).getByRole('link', { name: cards[0]!.getAttribute('aria-label')! }),
    );
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/book/b-sf-1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: cards[0]!.getAttribute('aria-label')! }),
    ).toBeInTheDocument();
  });

  it('every catalogue card links to its book’s page', async () => {
    const { user, router } = renderApp({ route: '/book' });
    await user.click(await screen.findByRole('link', { name: 'Dune' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/book/b-3'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dune' })).toBeInTheDocument();
  });

  it('an unknown or removed book is a not-found page with a way back to the catalogue', async () => {
    addBook({ _id: 'b-gone', name: 'Gone Book', removed: true } as Parameters<typeof addBook>[0]);
    for (const route of ['/book/no-such-book', '/book/b-gone']) {
      const { unmount } = renderApp({ route });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Book not found' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute(
        'href',
        '/book',
      );
      unmount();
    }
  });
});
