import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import BookScreen from '@/app/routes/book';
import { API_FAILURE_MESSAGES } from '@/lib/api/failure-messages';
import { buildBookDetail } from '@/testing/data';
import { db } from '@/testing/mocks/db';
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

const EVERY_BOOK = [
  'Clean Code',
  'Dune',
  'Eloquent JavaScript',
  'Foundation',
  'Little Women',
  'The Hobbit',
];

/** Waits until the cards shown (loaded, not a previous page dimmed) are `names`, in order. */
async function expectShown(names: string[]) {
  await waitFor(() => {
    const list = screen.getByRole('list', { name: 'Books' });
    expect(list).toHaveAttribute('aria-busy', 'false');
    expect(
      within(list)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(names);
  });
}

/** The browser's back and forward buttons, for a catalogue rendered on its own. */
function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Forward
      </button>
    </>
  );
}

const catalogueWithHistory = (
  <>
    <HistoryButtons />
    <BookScreen />
  </>
);

const searchOf = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('the catalogue at /book', () => {
  it('searches once typing pauses (one request, not one per key) and puts the text in the address', async () => {
    const queries = recordBookRequests();
    const { user, router } = renderApp({ route: '/book' });
    await expectShown(EVERY_BOOK);
    expect(screen.getByText('6 books found')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'OUND');

    await expectShown(['Foundation']);
    expect(searchOf(router).get('q')).toBe('OUND');
    expect(screen.getByText('1 book found')).toBeInTheDocument();
    // Case-insensitive, part of a word; the keys in between asked for nothing.
    expect(queries.map((query) => query.get('q')).filter(Boolean)).toEqual(['OUND']);
  });

  it('filters by category and sorts by price; back and forward step through the states', async () => {
    const { user, router } = renderApp(catalogueWithHistory, { path: '/book' });
    await expectShown(EVERY_BOOK);

    await user.selectOptions(screen.getByLabelText('Category'), 'science fiction');
    await expectShown(['Dune', 'Foundation']);
    expect(searchOf(router).get('category')).toBe('science fiction');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Highest price');
    await waitFor(() => expect(searchOf(router).get('sort')).toBe('price-desc'));
    await expectShown(['Dune', 'Foundation']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Lowest price');
    await waitFor(() => expect(searchOf(router).get('sort')).toBe('price-asc'));
    await expectShown(['Foundation', 'Dune']);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-desc');
    await expectShown(['Dune', 'Foundation']);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByLabelText('Sort by')).toHaveValue('name');
    await expectShown(EVERY_BOOK);

    await user.click(screen.getByRole('button', { name: 'Forward' }));
    expect(screen.getByLabelText('Category')).toHaveValue('science fiction');
    await expectShown(['Dune', 'Foundation']);
  });

  it('a category picked shows in its menu and the address at once; the last page stays, dimmed, until the new one comes', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(apiPath('/books'), async ({ request }) => {
        if (new URL(request.url).searchParams.has('category')) await answered;
      }),
    );
    const { user, router } = renderApp({ route: '/book' });
    await expectShown(EVERY_BOOK);

    await user.selectOptions(screen.getByLabelText('Category'), 'science fiction');

    expect(screen.getByLabelText('Category')).toHaveValue('science fiction');
    await waitFor(() => expect(searchOf(router).get('category')).toBe('science fiction'));
    const list = screen.getByRole('list', { name: 'Books' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(within(list).getAllByRole('article')).toHaveLength(EVERY_BOOK.length);

    answer();
    await expectShown(['Dune', 'Foundation']);
    expect(screen.getByLabelText('Category')).toHaveValue('science fiction');
  });

  it('back after a search puts the previous text back in the search box', async () => {
    const { user } = renderApp(catalogueWithHistory, { path: '/book?q=dune' });
    await expectShown(['Dune']);
    const search = screen.getByRole('searchbox', { name: 'Search by name' });
    expect(search).toHaveValue('dune');

    await user.clear(search);
    await user.type(search, 'the');
    await expectShown(['The Hobbit']);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(search).toHaveValue('dune');
    await expectShown(['Dune']);
  });

  it('a reload (or a shared link) shows the same page, and pages move through the results', async () => {
    db.books.push(
      ...Array.from({ length: 10 }, (_, index) =>
        buildBookDetail({
          name: `Volume ${index + 10}`,
          price: 40 + index,
          category: 'programming',
        }),
      ),
    );
    const { user, router } = renderApp({ route: '/book?sort=price-desc&page=2' });

    // The four cheapest of 16, most expensive first.
    await expectShown(['Dune', 'The Hobbit', 'Foundation', 'Little Women']);
    expect(screen.getByText('16 books found · showing 13–16')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-desc');

    await user.click(screen.getByRole('link', { name: 'Previous' }));
    await expectShown([
      ...Array.from({ length: 10 }, (_, index) => `Volume ${19 - index}`),
      'Clean Code',
      'Eloquent JavaScript',
    ]);
    expect(searchOf(router).get('page')).toBeNull();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Next' }),
    ).toHaveAttribute('href', '/book?sort=price-desc&page=2');
  });

  it('shows "No books match …" and Clear filters brings every book back', async () => {
    const { user, router } = renderApp({ route: '/book?category=story' });
    await expectShown(['Little Women', 'The Hobbit']);

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'dragons');

    expect(await screen.findByText('No books match “dragons” in story.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Books' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await expectShown(EVERY_BOOK);
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
  });

  it('falls back quietly from values the address cannot mean (unknown category, page 0, odd sort)', async () => {
    const queries = recordBookRequests();
    renderApp({ route: '/book?category=poetry&page=0&sort=cheapest' });
    await expectShown(EVERY_BOOK);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByLabelText('Sort by')).toHaveValue('name');
    expect(queries.at(-1)?.get('category')).toBeNull();
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('with the server down (the proxy’s 502), says the shop is unreachable, never "502"', async () => {
    let down = true;
    server.use(
      http.get(apiPath('/books'), () =>
        down ? new HttpResponse('Bad Gateway', { status: 502 }) : undefined,
      ),
    );
    const { user } = renderApp({ route: '/book' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(API_FAILURE_MESSAGES.shopUnreachable);
    expect(alert).not.toHaveTextContent(/502|server answered/i);
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expectShown(EVERY_BOOK);
  });

  it('a page past the end shows the last page', async () => {
    const { router } = renderApp({ route: '/book?page=9' });
    await expectShown(EVERY_BOOK);
    expect(searchOf(router).get('page')).toBeNull();
  });
});
