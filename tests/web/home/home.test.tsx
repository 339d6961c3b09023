import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

/** Records the query string of every GET /books, then lets the default handler answer. */
function recordBookRequests() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiPath('/books'), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
    }),
  );
  return queries;
}

function bookSection() {
  return screen.getByRole('region', { name: 'Popular books' });
}

function shownBooks() {
  const list = within(bookSection()).getByRole('list', { name: 'Books' });
  return within(list)
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));
}

describe('home screen', () => {
  it('greets with the hero, the rotating offers and Explore Now', async () => {
    renderApp({ route: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to LearnTogether' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Up to 10% off on all courses\. Up to 20% off on all books/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /explore now/i })).toHaveAttribute('href', '/courses');
    // The hero's picture is the page's largest paint: fetched ahead of the other pictures.
    const hero = screen.getByRole('region', { name: 'Welcome to LearnTogether' });
    expect(hero.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
  });

  it('links the course promo to /courses and the drawing promo (large screens only) to /drawing', async () => {
    renderApp({ route: '/home' });
    const coursePromo = await screen.findByRole('region', { name: /online courses/i });
    expect(within(coursePromo).getByRole('link', { name: /browse courses/i })).toHaveAttribute(
      'href',
      '/courses',
    );
    const drawingPromo = screen.getByRole('region', { name: /drawing board/i });
    expect(drawingPromo).toHaveClass('hidden', 'lg:block');
    expect(within(drawingPromo).getByRole('link', { name: /start drawing/i })).toHaveAttribute(
      'href',
      '/drawing',
    );
  });

  it('shows the first 4 books with cover, name, price and category, and See More', async () => {
    const queries = recordBookRequests();
    renderApp({ route: '/' });

    const card = await screen.findByRole('article', { name: 'Clean Code' });
    // Ordered by name, as the server does when no sort is asked for.
    expect(shownBooks()).toEqual(['Clean Code', 'Dune', 'Eloquent JavaScript', 'Foundation']);
    expect(within(card).getByRole('img', { name: 'Cover of Clean Code' })).toHaveAttribute(
      'src',
      '/images/books/b-1.svg',
    );
    expect(card).toHaveTextContent('$32.50');
    expect(card).toHaveTextContent('programming');
    expect(within(bookSection()).getByRole('link', { name: /see more/i })).toHaveAttribute(
      'href',
      '/all-books',
    );
    expect(queries[0]?.get('category')).toBeNull();
  });

  it('the category tiles open the catalogue filtered by category; "science" is science fiction', async () => {
    const { user, router } = renderApp({ route: '/' });
    await screen.findByRole('article', { name: 'Clean Code' });
    const tiles = screen.getByRole('list', { name: 'Book categories' });
    expect(within(tiles).getByRole('link', { name: 'story' })).toHaveAttribute(
      'href',
      '/book?category=story',
    );

    await user.click(within(tiles).getByRole('link', { name: 'science' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Books' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/book');
    expect(new URLSearchParams(router.state.location.search).get('category')).toBe(
      'science fiction',
    );
    expect(screen.getByLabelText('Category')).toHaveValue('science fiction');
    const results = await screen.findByRole('list', { name: 'Books' });
    expect(
      within(results)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Dune', 'Foundation']);
  });

  it('shows a spinner, then an error with Try again that reloads the list', async () => {
    server.use(
      http.get(
        apiPath('/books'),
        // A moment's wait, so the loading state can be seen before the error.
        async () => {
          await delay(100);
          return HttpResponse.json(
            { error: { code: 'internal', message: 'The shelf fell over.' } },
            { status: 500 },
          );
        },
        { once: true },
      ),
    );
    const { user } = renderApp({ route: '/' });

    expect(await screen.findByText('Loading books…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The shelf fell over.');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Clean Code' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
