import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBookDetail, buildUser } from '@/testing/data';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

const ADMIN = 'admin@learntogether.test';

/** What the app asked the API (`PATCH /api/books/b-3 {"price":16}`), from msw's request events. */
let calls: string[] = [];
const record = async ({ request }: { request: Request }) => {
  const { pathname } = new URL(request.url);
  const body = request.method === 'PATCH' ? ` ${await request.clone().text()}` : '';
  calls.push(`${request.method} ${pathname}${body}`);
};
beforeEach(() => {
  calls = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});
const writes = () => calls.filter((call) => !call.startsWith('GET') && !call.startsWith('PUT'));

async function renderBooks(route = '/dashboard/books') {
  const rendered = renderApp(
    { route },
    { auth: { user: buildUser({ email: ADMIN, displayName: 'Ada Admin' }) } },
  );
  await screen.findByRole('heading', { level: 1, name: 'Books in the catalogue' });
  return rendered;
}

/** The names in the table's rows, in order. */
async function rowNames(): Promise<string[]> {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.firstChild?.textContent ?? '');
}

function rowOf(name: string) {
  const row = screen
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('button', { name: `Edit ${name}` }));
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

/** The sweetalert2 dialog (rendered into document.body). */
async function dialog() {
  return within(await screen.findByRole('dialog'));
}

// The first test loads the screen's chunk, slow on a busy 2-core machine.
describe('Books (admin)', { timeout: 15_000 }, () => {
  it('is in the admin dashboard menu between Add Book and Orders', async () => {
    await renderBooks();
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    const links = menu.getAllByRole('link').map((link) => link.textContent);
    expect(links.slice(-7)).toEqual([
      'Add Book',
      'Books',
      'Orders',
      'Courses',
      'Sales',
      'Performance',
      'Reports',
    ]);
    expect(menu.getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/dashboard/books');
    expect(menu.getByRole('link', { name: 'Books' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists the books A→Z with cover, author, category, price and stock (held when any)', async () => {
    const dune = db.books.find((book) => book._id === 'b-3');
    if (dune) Object.assign(dune, { author: 'Frank Herbert', stock: 7, held: 2 });
    await renderBooks();

    expect(await rowNames()).toEqual([
      'Clean Code',
      'Dune',
      'Eloquent JavaScript',
      'Foundation',
      'Little Women',
      'The Hobbit',
    ]);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Cover', 'Name', 'Author', 'Category', 'Price', 'Stock', 'Actions']);
    const row = rowOf('Dune');
    expect(row.getAllByText('Frank Herbert').length).toBeGreaterThan(0);
    expect(row.getByText('science fiction')).toBeInTheDocument();
    expect(row.getByText('$15.00')).toBeInTheDocument();
    expect(row.getByText('7')).toBeInTheDocument();
    expect(row.getByText('2 held')).toBeInTheDocument();
    // Phones show price and stock under the name (the columns are hidden there).
    expect(row.getByText('$15.00 · 7 in stock · 2 held')).toBeInTheDocument();
    expect(rowOf('Clean Code').queryByText(/held/)).not.toBeInTheDocument();
    expect(screen.getByText('6 books')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('pages through the books with Previous and Next', async () => {
    for (let n = 1; n <= 20; n += 1) {
      db.books.push(buildBookDetail({ name: `Atlas ${String(n).padStart(2, '0')}` }));
    }
    const { user, router } = await renderBooks();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    const first = await rowNames();
    expect(first).toHaveLength(20);
    expect(first[0]).toBe('Atlas 01');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await rowNames()).toEqual([
        'Clean Code',
        'Dune',
        'Eloquent JavaScript',
        'Foundation',
        'Little Women',
        'The Hobbit',
      ]),
    );
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('searches by name or author', async () => {
    const hobbit = db.books.find((book) => book._id === 'b-2');
    if (hobbit) hobbit.author = 'J. R. R. Tolkien';
    const { user } = await renderBooks();
    await rowNames();

    const search = screen.getByLabelText('Search by name or author');
    await user.type(search, 'dune');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(async () => expect(await rowNames()).toEqual(['Dune']));
    expect(screen.getByText(/1 book matching/)).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'tolkien{Enter}');
    await waitFor(async () => expect(await rowNames()).toEqual(['The Hobbit']));

    await user.clear(search);
    await user.type(search, 'no such thing{Enter}');
    expect(await screen.findByText('No book matches “no such thing”.')).toBeInTheDocument();
  });

  it('edits a price and a stock: only they are sent, and the table shows them', async () => {
    const { user } = await renderBooks();
    await rowNames();
    await user.click(rowOf('Dune').getByRole('button', { name: 'Edit Dune' }));

    const form = within(await screen.findByRole('form', { name: 'Edit book' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Dune' })).toBeInTheDocument();
    expect(form.getByLabelText('Product Name')).toHaveValue('Dune');
    expect(form.getByLabelText('Author')).toHaveValue('Test Author');
    expect(form.getByLabelText('Product Category')).toHaveValue('science fiction');
    expect(form.getByLabelText('Product Price')).toHaveValue(15);
    expect(form.getByLabelText('Stock')).toHaveValue(20);
    expect(form.getByLabelText('Description')).toHaveValue('A book for the tests.');
    expect(form.getByLabelText('New Product Image')).toBeInTheDocument();

    await user.clear(form.getByLabelText('Product Price'));
    await user.type(form.getByLabelText('Product Price'), '16.5');
    await user.clear(form.getByLabelText('Stock'));
    await user.type(form.getByLabelText('Stock'), '40');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Saved the changes to Dune.')).toBeInTheDocument();
    expect(writes()).toEqual(['PATCH /api/books/b-3 {"price":16.5,"stock":40}']);
    await waitFor(() => expect(rowOf('Dune').getByText('$16.50')).toBeInTheDocument());
    expect(rowOf('Dune').getByText('40')).toBeInTheDocument();
    expect(db.books.find((book) => book._id === 'b-3')).toMatchObject({ price: 16.5, stock: 40 });
  });

  it("shows the server's 400 and keeps the edit open", async () => {
    server.use(
      http.patch(
        apiPath('/books/:id'),
        () =>
          HttpResponse.json(
            {
              error: { code: 'bad_request', message: 'price: The price must be at most $10,000.' },
            },
            { status: 400 },
          ),
        { once: true },
      ),
    );
    const { user } = await renderBooks('/dashboard/books?edit=b-3');
    const form = within(await screen.findByRole('form', { name: 'Edit book' }));
    await user.clear(form.getByLabelText('Product Price'));
    await user.type(form.getByLabelText('Product Price'), '17');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    expect(await form.findByRole('alert')).toHaveTextContent(
      'The book was not saved: price: The price must be at most $10,000.',
    );
    expect(form.getByLabelText('Product Price')).toHaveValue(17);
  });

  it('saves nothing when nothing changed', async () => {
    const { user } = await renderBooks('/dashboard/books?edit=b-3');
    const form = within(await screen.findByRole('form', { name: 'Edit book' }));
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Nothing to save');
    expect(writes()).toEqual([]);
  });

  it("shows the book's history: who, when and what changed", async () => {
    db.audit.push(
      {
        id: '1',
        bookId: 'b-3',
        actorEmail: 'first@learntogether.test',
        action: 'book.create',
        changes: { name: 'Dune', priceCents: 1000, stock: 4 },
        createdAt: '2024-03-01T10:00:00.000Z',
      },
      {
        id: '2',
        bookId: 'b-3',
        actorEmail: ADMIN,
        action: 'book.update',
        changes: { priceCents: [1000, 1100], stock: [4, 40], description: ['a', 'b'] },
        createdAt: '2024-03-02T10:00:00.000Z',
      },
      {
        id: '3',
        bookId: 'b-3',
        actorEmail: ADMIN,
        action: 'book.refund',
        changes: { orderNumber: 'LT-0A1B2C3D', copies: 2, amount: 22 },
        createdAt: '2024-03-03T10:00:00.000Z',
      },
    );
    await renderBooks('/dashboard/books?edit=b-3');
    const history = within(await screen.findByRole('list', { name: 'Changes, newest first' }));
    const entries = history.getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    const [refund, edit, create] = entries;
    expect(refund).toHaveTextContent(`Refunded by ${ADMIN}`);
    expect(refund).toHaveTextContent(
      '2 copies of order LT-0A1B2C3D ($22.00), back in stock once Stripe confirms',
    );
    expect(edit).toHaveTextContent(`Edited by ${ADMIN}`);
    expect(edit).toHaveTextContent('price $10.00 → $11.00, stock 4 → 40, description changed');
    expect(edit?.querySelector('time')).toHaveAttribute('datetime', '2024-03-02T10:00:00.000Z');
    expect(create).toHaveTextContent('Added by first@learntogether.test');
    expect(create).toHaveTextContent('Added to the catalogue at $10.00, stock 4');
  });

  it('an edit shows up in the history', async () => {
    const { user } = await renderBooks('/dashboard/books?edit=b-6');
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Edit book' }));
    await user.clear(form.getByLabelText('Stock'));
    await user.type(form.getByLabelText('Stock'), '3');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Saved the changes to Little Women.');

    await user.click(rowOf('Little Women').getByRole('button', { name: 'Edit Little Women' }));
    expect(await screen.findByText('stock 20 → 3')).toBeInTheDocument();
  });

  it('Remove asks first, then removes the book and says so', async () => {
    const { user } = await renderBooks();
    await rowNames();
    await user.click(rowOf('Dune').getByRole('button', { name: 'Remove Dune' }));

    const confirm = await dialog();
    expect(
      confirm.getByText(
        'Remove Dune from the catalogue? Carts will show it as unavailable; orders keep it.',
      ),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Yes, remove it' }));

    expect(await screen.findByText('Dune was removed from the catalogue.')).toBeInTheDocument();
    expect(writes()).toEqual(['DELETE /api/books/b-3']);
    await waitFor(async () => expect(await rowNames()).not.toContain('Dune'));
    expect(db.books.find((book) => book._id === 'b-3')?.removed).toBe(true);
  });

  it('Cancel in the confirmation sends nothing', async () => {
    const { user } = await renderBooks();
    await rowNames();
    await user.click(rowOf('Dune').getByRole('button', { name: 'Remove Dune' }));
    await user.click((await dialog()).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
    expect(await rowNames()).toContain('Dune');
  });

  it('keeps a non-admin out: signed out and sent to /login', async () => {
    const { router, auth } = renderApp(
      { route: '/dashboard/books' },
      { auth: { user: buildUser() } },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(auth.signOutCalls).toBe(1);
    expect(calls.filter((call) => call.includes('/admin/books'))).toEqual([]);
  });
});
