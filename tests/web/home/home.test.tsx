import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
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

  it('filters the list by the category tiles; "science" asks for science fiction', async () => {
    const queries = recordBookRequests();
    const { user } = renderApp({ route: '/' });
    await screen.findByRole('article', { name: 'Clean Code' });

    const science = screen.getByRole('button', { name: 'science' });
    expect(science).toHaveAttribute('aria-pressed', 'false');
    await user.click(science);

    expect(await screen.findByRole('article', { name: 'Foundation' })).toBeInTheDocument();
    expect(shownBooks()).toEqual(['Dune', 'Foundation']);
    expect(science).toHaveAttribute('aria-pressed', 'true');
    expect(queries.at(-1)?.get('category')).toBe('science fiction');

    await user.click(screen.getByRole('button', { name: 'story' }));
    expect(await screen.findByRole('article', { name: 'Little Women' })).toBeInTheDocument();
    expect(shownBooks()).toEqual(['Little Women', 'The Hobbit']);
    expect(science).toHaveAttribute('aria-pressed', 'false');
    expect(queries.at(-1)?.get('category')).toBe('story');

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByRole('article', { name: 'Clean Code' })).toBeInTheDocument();
    expect(shownBooks()).toHaveLength(4);
    expect(queries.at(-1)?.get('category')).toBeNull();
  });

  it('pressing the active tile again shows every category', async () => {
    const { user } = renderApp({ route: '/' });
    await screen.findByRole('article', { name: 'Clean Code' });
    await user.click(screen.getByRole('button', { name: 'programming' }));
    expect(await screen.findByText(/showing/i)).toHaveTextContent('Showing programming books');
    await user.click(screen.getByRole('button', { name: 'programming' }));
    expect(await screen.findByRole('article', { name: 'Foundation' })).toBeInTheDocument();
  });

  it('shows a spinner, then an error with Try again that reloads the list', async () => {
    server.use(
      http.get(
        apiPath('/books'),
        () =>
          HttpResponse.json(
            { error: { code: 'internal', message: 'The shelf fell over.' } },
            { status: 500 },
          ),
        {
          once: true,
        },
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
