import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '@/config/env';
import { IMGBB_UPLOAD_URL } from '@/features/add-book/api/images-api';
import { buildUser } from '@/testing/data';
import { imgbbHandlers } from '@/testing/mocks/catalogue-admin-handlers';
import { db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { PNG_BYTES, pickedFile, sendNodeFormData } from '@/testing/uploads';

vi.mock('@/config/env', async (importOriginal) => {
  const original = await importOriginal<typeof EnvModule>();
  return { ...original, env: { ...original.env, imgbbApiKey: 'imgbb-test-key' } };
});

await sendNodeFormData();

/** Every request the app sent, as `METHOD url` (imgbb's with its query). */
let sent: string[] = [];
const record = ({ request }: { request: Request }) => {
  sent.push(`${request.method} ${request.url}`);
};
beforeEach(() => {
  sent = [];
  server.use(...imgbbHandlers);
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

async function submitBook(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('form', { name: 'Add product' });
  await user.type(screen.getByLabelText('Product Name'), 'Neuromancer');
  await user.type(screen.getByLabelText('Author'), 'William Gibson');
  await user.selectOptions(screen.getByLabelText('Product Category'), 'science fiction');
  await user.type(screen.getByLabelText('Product Price'), '18');
  await user.type(screen.getByLabelText('Stock'), '4');
  await user.upload(
    screen.getByLabelText('Product Image'),
    pickedFile([PNG_BYTES], 'neuromancer.png', 'image/png'),
  );
  await user.click(screen.getByRole('button', { name: 'Add product' }));
}

const renderAsAdmin = () =>
  renderApp(
    { route: '/dashboard/addbook' },
    { auth: { user: buildUser({ email: 'admin@learntogether.test' }) } },
  );

// The first test loads the screen's chunk, slow on a busy 2-core machine.
describe('Add Book with VITE_IMGBB_API_KEY set', { timeout: 15_000 }, () => {
  it('uploads the image to imgbb with the key, then creates the book with the hosted URL', async () => {
    const { user } = renderAsAdmin();
    await submitBook(user);

    expect(await screen.findByText('Product has been added')).toBeInTheDocument();
    const writes = sent.filter((request) => request.startsWith('POST'));
    expect(writes).toEqual([
      `POST ${IMGBB_UPLOAD_URL}?key=imgbb-test-key`,
      expect.stringMatching(/^POST .*\/api\/book$/),
    ]);
    expect(db.books.find((book) => book.name === 'Neuromancer')?.image).toMatch(
      /^https:\/\/i\.ibb\.co\/.+\/neuromancer\.png$/,
    );
  });

  it("an imgbb error shows imgbb's reason and creates nothing", async () => {
    server.use(
      http.post(IMGBB_UPLOAD_URL, () =>
        HttpResponse.json(
          {
            status_code: 400,
            error: { message: 'Invalid API v1 key.', code: 100 },
            status_txt: 'Bad Request',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderAsAdmin();
    await submitBook(user);

    expect(
      await screen.findByText('The image was not uploaded: Invalid API v1 key.'),
    ).toBeInTheDocument();
    expect(sent.some((request) => request.endsWith('/api/book'))).toBe(false);
    expect(screen.getByLabelText('Product Name')).toHaveValue('Neuromancer');
  });
});
