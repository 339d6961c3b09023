import type { Browser, Page } from '@playwright/test';
import { createAccount, expect, logIn, test, uniqueEmail } from './support/fixtures';

// A book's page and its stock, as shoppers meet them (issue 16 items 1, 2 and 5).

/** The admin's bearer token, from a signed-in page of their own. */
async function adminToken(
  browser: Browser,
): Promise<{ token: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, 'admin@learntogether.test', 'admin123');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  if (!token) throw new Error('no access token after sign-in');
  return { token, close: () => context.close() };
}

/** A book of the test's own, added through the API as the admin. */
async function addBook(page: Page, token: string, name: string, stock: number): Promise<string> {
  const res = await page.request.post('/api/book', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      author: 'Ada Palmer',
      category: 'story',
      price: 8.5,
      // Not loaded by these checks (no internet here): any https image the API accepts.
      image: 'https://i.ibb.co/e2e/cover.png',
      description: 'A book made by the end-to-end tests.\nIt has two lines.',
      stock,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

test('a visitor opens a book from the catalogue, orders it, signs in and finds it in the cart', async ({
  page,
}) => {
  await page.goto('/book');
  const card = page.getByRole('article').first();
  const name = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('link', { name, exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} · LearnTogether`);
  await expect(page.getByText(/^by /)).toBeVisible();
  await expect(page.getByText(/^(In stock|Only \d left)$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^More in / })).toBeVisible();

  const email = uniqueEmail('book-page');
  await createAccount(email, 'reader123');
  await page.getByRole('button', { name: `Order Now: ${name}` }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('reader123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  // Back on the book's page, with the book in the cart and a toast saying so.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`Added ${name} to your cart.`)).toBeVisible();
  await page.goto('/cart-book');
  await expect(page.getByRole('list', { name: 'Book cart' })).toContainText(name);
});

test('a sold-out book cannot be ordered, and a cart line that sold out is left out of checkout', async ({
  page,
  browser,
}) => {
  const admin = await adminToken(browser);
  const soldOut = await addBook(page, admin.token, `E2E Sold Out ${Date.now()}`, 0);
  const lastCopy = `E2E Last Copy ${Date.now()}`;
  const lastCopyId = await addBook(page, admin.token, lastCopy, 1);

  await page.goto(`/book/${soldOut}`);
  await expect(page.getByText('Sold out', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Sold out: / })).toBeDisabled();

  await logIn(page, 'student@learntogether.test', 'student123');
  await page.goto(`/book/${lastCopyId}`);
  await expect(page.getByText('Only 1 left')).toBeVisible();
  await page.getByRole('button', { name: `Order Now: ${lastCopy}` }).click();
  await expect(page.getByRole('button', { name: `Added: ${lastCopy}` })).toBeVisible();
  // One copy, one in the cart: a second is refused with the stock's words.
  await page.getByRole('button', { name: `Added: ${lastCopy}` }).click();
  await expect(page.getByText('Only 1 left').last()).toBeVisible();

  // The shop sells its last copy elsewhere: the cart says so and checkout leaves it out.
  const res = await page.request.patch(`/api/books/${lastCopyId}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { stock: 0 },
  });
  expect(res.status(), await res.text()).toBe(200);
  await admin.close();
  await page.goto('/cart-book');
  const line = page.getByRole('listitem').filter({ hasText: lastCopy });
  await expect(line).toContainText('Sold out: not included at checkout');
});

test('an unknown book is a not-found page with a way back to the catalogue', async ({ page }) => {
  await page.goto('/book/no-such-book');
  await expect(page.getByRole('heading', { level: 1, name: 'Book not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse the catalogue' }).click();
  await expect(page).toHaveURL(/\/book$/);
});
