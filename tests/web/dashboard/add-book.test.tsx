import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { PNG_BYTES, pickedFile, sendNodeFormData } from '@/testing/uploads';
import { bookCreateBodySchema } from '@contract/books';
import { IMAGE_MESSAGES } from '@contract/image-rules';

const ADMIN = 'admin@learntogether.test';

await sendNodeFormData();
const cover = () => pickedFile([PNG_BYTES], 'cover.png', 'image/png');

/** What the app asked the API, in order (`POST /api/images`), from msw's request events. */
let calls: string[] = [];
const record = ({ request }: { request: Request }) => {
  calls.push(`${request.method} ${new URL(request.url).pathname}`);
};
beforeEach(() => {
  calls = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});
const writes = () => calls.filter((call) => !call.startsWith('GET') && !call.startsWith('PUT'));

async function renderAddBook() {
  const rendered = renderApp(
    { route: '/dashboard/addbook' },
    { auth: { user: buildUser({ email: ADMIN, displayName: 'Ada Admin' }) } },
  );
  await screen.findByRole('form', { name: 'Add product' });
  return rendered;
}

type Fields = {
  name?: string;
  author?: string;
  category?: string;
  price?: string;
  stock?: string;
  description?: string;
  image?: File;
};

async function fillIn(
  user: Awaited<ReturnType<typeof renderAddBook>>['user'],
  {
    name = 'Refactoring',
    author = 'Martin Fowler',
    category = 'programming',
    price = '44.5',
    stock = '12',
    description = 'Improving the design of existing code.',
    image = cover(),
  }: Fields = {},
) {
  await user.type(screen.getByLabelText('Product Name'), name);
  await user.type(screen.getByLabelText('Author'), author);
  await user.selectOptions(screen.getByLabelText('Product Category'), category);
  await user.type(screen.getByLabelText('Product Price'), price);
  await user.type(screen.getByLabelText('Stock'), stock);
  if (description) await user.type(screen.getByLabelText('Description'), description);
  await user.upload(screen.getByLabelText('Product Image'), image);
}

const addProduct = () => screen.getByRole('button', { name: 'Add product' });

// The first test loads the screen's chunk, slow on a busy 2-core machine.
describe('Add Book', { timeout: 15_000 }, () => {
  it('has labelled fields with the three categories, and explains what is missing', async () => {
    const { user } = await renderAddBook();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/add a book/i);
    const categories = within(screen.getByLabelText('Product Category'))
      .getAllByRole('option')
      .filter((option) => !(option as HTMLOptionElement).disabled)
      .map((option) => [(option as HTMLOptionElement).value, option.textContent]);
    expect(categories).toEqual([
      ['programming', 'Programming'],
      ['story', 'Story'],
      ['science fiction', 'Science fiction'],
    ]);

    await user.click(addProduct());

    expect(await screen.findByText('Enter the name of the book.')).toBeInTheDocument();
    expect(screen.getByText('Choose a category.')).toBeInTheDocument();
    expect(screen.getByText('Enter the price in dollars.')).toBeInTheDocument();
    expect(screen.getByText('Enter the author of the book.')).toBeInTheDocument();
    expect(screen.getByText('Enter how many copies are in stock.')).toBeInTheDocument();
    expect(screen.getByText('Choose an image of the book.')).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toEqual([]);
  });

  it('checks the price and the file before uploading anything', async () => {
    const { user } = await renderAddBook();
    const huge = pickedFile([PNG_BYTES, new Uint8Array(5 * 1024 * 1024)], 'huge.png', 'image/png');
    await fillIn(user, { price: '12.999', stock: '2.5', image: huge });
    await user.click(addProduct());

    expect(await screen.findByText('Use at most two decimals (cents).')).toBeInTheDocument();
    expect(screen.getByText('The stock must be a whole number.')).toBeInTheDocument();
    expect(screen.getByText('The image must be at most 5 MB.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("says what the API would answer for the same values: the contract's rules", async () => {
    const { user } = await renderAddBook();
    await fillIn(user, { price: '10000.01', stock: '-1' });
    await user.click(addProduct());

    const api = bookCreateBodySchema.safeParse({
      name: 'Refactoring',
      author: 'Martin Fowler',
      category: 'programming',
      price: 10_000.01,
      stock: -1,
      image: 'https://i.ibb.co/x/cover.png',
    });
    const messages = api.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      'The price must be at most $10,000.',
      'The stock cannot be below 0.',
    ]);
    for (const message of messages ?? []) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(writes()).toEqual([]);
  });

  it('uploads the image first, then creates the book with its URL, says so and empties the form', async () => {
    const { user } = await renderAddBook();
    await fillIn(user);
    await user.click(addProduct());

    expect(await screen.findByText('Good job!')).toBeInTheDocument();
    expect(screen.getByText('Product has been added')).toBeInTheDocument();
    expect(writes()).toEqual(['POST /api/images', 'POST /api/book']);
    const added = db.books.find((book) => book.name === 'Refactoring');
    expect(added).toMatchObject({
      category: 'programming',
      price: 44.5,
      author: 'Martin Fowler',
      stock: 12,
      description: 'Improving the design of existing code.',
    });
    expect(added?.image).toMatch(/^\/api\/images\/img-\d+$/);

    expect(screen.getByLabelText('Product Name')).toHaveValue('');
    expect(screen.getByLabelText('Product Category')).toHaveValue('');
    expect(screen.getByLabelText('Product Price')).toHaveValue(null);
    expect((screen.getByLabelText('Product Image') as HTMLInputElement).files).toHaveLength(0);
  });

  it('the new book is in the catalogue at once, though the catalogue was loaded before', async () => {
    const { user } = renderApp(
      { route: '/book' },
      { auth: { user: buildUser({ email: ADMIN, displayName: 'Ada Admin' }) } },
    );
    expect(await screen.findByRole('article', { name: 'Clean Code' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Refactoring' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Me' }));
    await user.click(await screen.findByRole('link', { name: 'Dashboard' }));
    await user.click(await screen.findByRole('link', { name: 'Add Book' }));
    await screen.findByRole('form', { name: 'Add product' });
    await fillIn(user);
    await user.click(addProduct());
    expect(await screen.findByText('Product has been added')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await user.click(screen.getAllByRole('link', { name: 'Books' })[0]!);
    expect(await screen.findByRole('article', { name: 'Refactoring' })).toBeInTheDocument();
  });

  it('a refused upload shows why, creates nothing and keeps the values', async () => {
    const { user } = await renderAddBook();
    // Named and typed as a PNG, but not one by its bytes: the host decides.
    const fake = pickedFile(['not an image'], 'fake.png', 'image/png');
    await fillIn(user, { image: fake });
    await user.click(addProduct());

    expect(
      await screen.findByText(`The image was not uploaded: ${IMAGE_MESSAGES.notAnImage}`),
    ).toBeInTheDocument();
    expect(writes()).toEqual(['POST /api/images']);
    expect(db.books.some((book) => book.name === 'Refactoring')).toBe(false);
    expect(screen.getByLabelText('Product Name')).toHaveValue('Refactoring');
    expect(screen.getByLabelText('Product Category')).toHaveValue('programming');
    expect(screen.getByLabelText('Product Price')).toHaveValue(44.5);
    expect((screen.getByLabelText('Product Image') as HTMLInputElement).files?.[0]?.name).toBe(
      'fake.png',
    );
    expect(screen.queryByText('Good job!')).not.toBeInTheDocument();
  });

  it('an upload that does not report success creates nothing', async () => {
    server.use(
      http.post(apiPath('/images'), () =>
        HttpResponse.json({ success: false, data: { url: 'https://i.ibb.co/x/y.png' } }),
      ),
    );
    const { user } = await renderAddBook();
    await fillIn(user);
    await user.click(addProduct());

    expect(
      await screen.findByText(
        'The image was not uploaded: The image host did not confirm the upload.',
      ),
    ).toBeInTheDocument();
    expect(writes()).toEqual(['POST /api/images']);
    expect(screen.getByLabelText('Product Name')).toHaveValue('Refactoring');
  });

  it("a refused create shows the server's reason and keeps the values", async () => {
    server.use(
      http.post(apiPath('/book'), () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'Only admins can do this.' } },
          { status: 403 },
        ),
      ),
    );
    const { user } = await renderAddBook();
    await fillIn(user);
    await user.click(addProduct());

    expect(
      await screen.findByText('The book was not added: Only admins can do this.'),
    ).toBeInTheDocument();
    expect(writes()).toEqual(['POST /api/images', 'POST /api/book']);
    expect(screen.getByLabelText('Product Name')).toHaveValue('Refactoring');
    expect(screen.getByLabelText('Product Price')).toHaveValue(44.5);
    await waitFor(() => expect(addProduct()).toBeEnabled());
  });
});
