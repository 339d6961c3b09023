import type { Locator, Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures';
import { solidPng } from './support/png';

/** Whether the cover in `card` has loaded real pixels (a broken image has no natural width). */
async function coverLoaded(card: Locator): Promise<void> {
  const cover = card.getByRole('img');
  await cover.scrollIntoViewIfNeeded();
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(30);
}

async function addBook(page: Page, name: string): Promise<void> {
  await page.goto('/dashboard/addbook');
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Author').fill('Octavia Butler');
  await page.getByLabel('Product Category').selectOption('story');
  await page.getByLabel('Product Price').fill('7.25');
  await page.getByLabel('Stock', { exact: true }).fill('6');
  await page.getByLabel('Description').fill('A parable.\nIn two parts.');
  await page.getByLabel('Product Image').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: solidPng(30, 42, [40, 90, 200]),
  });
  await page.getByRole('button', { name: 'Add product' }).click();
}

test('an admin adds a book with a real PNG; it shows with its image in /book and /all-books', async ({
  page,
}) => {
  const name = `E2E Added Book ${Date.now()}`;
  await logIn(page, 'admin@learntogether.test', 'admin123');
  await addBook(page, name);

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Good job!');
  await expect(dialog).toContainText('Product has been added');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Product Name')).toHaveValue('');
  await expect(page.getByLabel('Product Price')).toHaveValue('');

  // The upload went to our server: the cover is one of its /api/images URLs.
  await page.goto(`/book?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('$7.25');
  await expect(card.getByRole('img')).toHaveAttribute('src', /^\/api\/images\/[A-Za-z0-9-]+$/);
  await coverLoaded(card);

  await page.goto('/all-books');
  const listed = page.getByRole('article', { name });
  await expect(listed).toBeVisible();
  await coverLoaded(listed);
});

test('a file that is not an image is refused by the server: a toast, nothing added, values kept', async ({
  page,
}) => {
  const name = `E2E Refused Book ${Date.now()}`;
  await logIn(page, 'admin@learntogether.test', 'admin123');
  await page.goto('/dashboard/addbook');
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Author').fill('Donald Knuth');
  await page.getByLabel('Product Category').selectOption('programming');
  await page.getByLabel('Product Price').fill('3');
  await page.getByLabel('Stock', { exact: true }).fill('2');
  // Says it is a PNG; the server reads the bytes.
  await page.getByLabel('Product Image').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('definitely not a png'),
  });
  await page.getByRole('button', { name: 'Add product' }).click();

  await expect(page.getByText(/^The image was not uploaded: .+/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Product Name')).toHaveValue(name);

  const books = await (await page.request.get(`/api/books?q=${encodeURIComponent(name)}`)).json();
  expect(books).toEqual([]);
});
