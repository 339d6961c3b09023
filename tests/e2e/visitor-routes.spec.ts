import { expect, test } from '@playwright/test';

// Every open route of the spec's table, visited by someone who is not signed in. The login-only
// routes sending a visitor to /login are a rule of the route table: tests/web/app/
// visitor-routes.test.tsx (docs/decisions.md D72).
const openRoutes: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /Hello|LearnTogether|Up to/i },
  { path: '/home', heading: /Hello|LearnTogether|Up to/i },
  { path: '/courses', heading: /Our Online Courses/ },
  { path: '/cart', heading: /Your Course items:/ },
  { path: '/book', heading: /Books/ },
  { path: '/drawing', heading: /Draw/i },
  { path: '/login', heading: /Welcome back/ },
  { path: '/signup', heading: /Create your account/ },
];

for (const { path, heading } of openRoutes) {
  test(`a visitor can open ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}$`));
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  });
}

test('an unknown route shows the Not Found page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(200); // the SPA answers and renders its own 404 screen
  await expect(page.getByRole('heading', { name: /Page not found/i })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('the home page lists the first four books from the catalogue', async ({ page, request }) => {
  const books = (await (await request.get('/api/books')).json()) as { name: string }[];
  await page.goto('/');
  for (const book of books.slice(0, 4)) {
    await expect(page.getByText(book.name, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(books[4]!.name, { exact: true })).toHaveCount(0);
});
