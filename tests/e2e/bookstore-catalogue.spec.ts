import type { APIRequestContext, Page } from '@playwright/test';
import type { Book } from '../../contract/books';
import { createAccount, expect, test, uniqueEmail } from './support/fixtures';

// A visitor browses /book against the real server. The expectations come from the catalogue as
// the API lists it when the test starts (the seed's 27 books, plus any another spec added).

const PAGE_SIZE = 12;

const byName = (a: Book, b: Book) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};
const names = (books: readonly Book[]) => books.map((book) => book.name);

async function catalogue(request: APIRequestContext): Promise<Book[]> {
  const response = await request.get('/api/books');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Book[];
}

/** The names on the cards once the list has loaded (not a previous page shown dimmed). */
async function shownBooks(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Books' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  return list
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

async function expectBooks(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => shownBooks(page)).toEqual(expected);
}

test('a visitor searches, filters, sorts and pages the catalogue; the address keeps it all', async ({
  page,
  request,
}) => {
  const books = await catalogue(request);
  // The seed alone fills more than two pages: page 2 below is a full one.
  expect(books.length).toBeGreaterThanOrEqual(27);
  const sorted = (compare: (a: Book, b: Book) => number) => [...books].sort(compare);
  const pages = Math.ceil(books.length / PAGE_SIZE);
  await page.goto('/book');
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
  await expect(page.getByText(`${books.length} books found · showing 1–12`)).toBeVisible();
  await expectBooks(page, names(sorted(byName)).slice(0, 12));

  // Search: case-insensitive, part of a word, once typing pauses.
  const search = page.getByRole('searchbox', { name: 'Search by name' });
  await search.pressSequentially('ORBIT');
  await expect(page).toHaveURL(/\/book\?q=ORBIT$/);
  const orbit = sorted(byName).filter((book) => book.name.toLowerCase().includes('orbit'));
  expect(orbit.length).toBeGreaterThan(0);
  await expectBooks(page, names(orbit));

  await search.fill('no such title anywhere');
  await expect(page.getByText('No books match “no such title anywhere”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/book$/);
  await expect(search).toHaveValue('');

  // Category, then price both ways.
  await page.getByLabel('Category').selectOption('science fiction');
  const fiction = sorted(byName).filter((book) => book.category === 'science fiction');
  await expect(page.getByText(`${fiction.length} books found`, { exact: true })).toBeVisible();
  await expectBooks(page, names(fiction.slice(0, PAGE_SIZE)));
  await page.getByLabel('Sort by').selectOption({ label: 'Lowest price' });
  await expect(page).toHaveURL(/category=science\+fiction&sort=price-asc/);
  await expectBooks(
    page,
    names([...fiction].sort((a, b) => a.price - b.price || byName(a, b))).slice(0, PAGE_SIZE),
  );
  await page.getByLabel('Sort by').selectOption({ label: 'Highest price' });
  await expectBooks(
    page,
    names([...fiction].sort((a, b) => b.price - a.price || byName(a, b))).slice(0, PAGE_SIZE),
  );

  // Every category, most expensive first, page 2.
  await page.getByLabel('Category').selectOption('');
  const priciest = names(sorted((a, b) => b.price - a.price || byName(a, b)));
  await expectBooks(page, priciest.slice(0, 12));
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/book\?sort=price-desc&page=2$/);
  await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expectBooks(page, priciest.slice(12, 24));

  // A reload shows the same page; back returns to the one before.
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
  await expect(page.getByText(`${books.length} books found · showing 13–24`)).toBeVisible();
  await expectBooks(page, priciest.slice(12, 24));
  await page.goBack();
  await expect(page).toHaveURL(/\/book\?sort=price-desc$/);
  await expectBooks(page, priciest.slice(0, 12));
});

test('the home tile "science" opens the catalogue on science fiction', async ({
  page,
  request,
}) => {
  const fiction = (await catalogue(request)).filter((book) => book.category === 'science fiction');
  await page.goto('/');
  await page
    .getByRole('list', { name: 'Book categories' })
    .getByRole('link', { name: 'science' })
    .click();
  await expect(page).toHaveURL(/\/book\?category=science\+fiction$/);
  await expect(page.getByLabel('Category')).toHaveValue('science fiction');
  await expect(page.getByText(`${fiction.length} books found`, { exact: true })).toBeVisible();
});

test('Order Now: a visitor logs in and comes back; the badge follows, in a second tab once focused', async ({
  page,
  context,
  request,
}) => {
  const books = await catalogue(request);
  const email = uniqueEmail('order-now');
  await createAccount(email, 'secret123');
  await page.goto('/book?category=story&sort=price-asc');
  // Seed stories only: other specs running beside this one add, sell and remove their own books.
  const stories = books
    .filter((book) => book.category === 'story' && !book.name.startsWith('E2E '))
    .sort((a, b) => a.price - b.price || byName(a, b));
  const [cheapest, next] = stories;
  if (!cheapest || !next) throw new Error('the catalogue has fewer than two stories');

  await page.getByRole('button', { name: `Order Now: ${cheapest.name}` }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Back on the same catalogue page, the book pressed before signing in is in the cart, with a
  // toast saying so (as on a book's page: PendingOrderHandler).
  await expect(page).toHaveURL(/\/book\?category=story&sort=price-asc$/);
  await expect(page.getByText(`Added ${cheapest.name} to your cart.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book cart (1 item)' })).toBeVisible();

  // A second tab shows the same cart, and catches up with the first once it is focused again.
  const second = await context.newPage();
  await second.goto('/all-books');
  await expect(second.getByRole('link', { name: 'Book cart (1 item)' })).toBeVisible();
  await page.bringToFront();
  await page.getByRole('button', { name: `Order Now: ${next.name}` }).click();
  await expect(page.getByRole('link', { name: 'Book cart (2 items)' })).toBeVisible();
  await second.bringToFront();
  await second.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(second.getByRole('link', { name: 'Book cart (2 items)' })).toBeVisible();

  // After a reload too.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Book cart (2 items)' })).toBeVisible();
});
