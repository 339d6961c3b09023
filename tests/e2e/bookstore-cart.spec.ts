import type { Page } from '@playwright/test';
import { createAccount, expect, logIn, test, uniqueEmail } from './support/fixtures';

type Ordered = { name: string; cents: number };

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Presses Order Now on the catalogue's `index`-th card; answers the book's name and price. */
async function orderNow(page: Page, index: number): Promise<Ordered> {
  const card = page.getByRole('article').nth(index);
  const name = (await card.getAttribute('aria-label')) ?? '';
  const price = /\$(\d+)\.(\d\d)/.exec((await card.textContent()) ?? '');
  expect(name, 'the card names its book').not.toBe('');
  expect(price, 'the card shows a price').not.toBeNull();
  await card.getByRole('button', { name: `Order Now: ${name}` }).click();
  await expect(card.getByRole('button', { name: `Added: ${name}` })).toBeVisible();
  return { name, cents: Number(price![1]) * 100 + Number(price![2]) };
}

test('a student orders two books, changes quantities, deletes one at 1, and the cart survives a reload', async ({
  page,
}) => {
  // A fresh account: an empty cart, whatever else ran against this stack.
  const email = uniqueEmail('book-cart');
  await createAccount(email, 'secret123', 'Cart Tester');
  await logIn(page, email, 'secret123');

  await page.goto('/book');
  const first = await orderNow(page, 0);
  const second = await orderNow(page, 1);
  await expect(page.getByRole('link', { name: 'Book cart (2 items)' })).toBeVisible();

  await page.getByRole('link', { name: 'View Orders' }).click();
  await expect(page).toHaveURL(/\/cart-book$/);
  await expect(
    page.getByRole('heading', { name: 'Your book cart: 2 books (2 copies)' }),
  ).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(money(first.cents + second.cents));

  const quantity = (book: Ordered) =>
    page.getByRole('status', { name: `Quantity of ${book.name}` });
  await page.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await expect(quantity(first)).toHaveText('2');
  await page.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await expect(quantity(first)).toHaveText('3');
  await page.getByRole('button', { name: `Decrease quantity of ${first.name}` }).click();
  await expect(quantity(first)).toHaveText('2');
  await expect(summary).toContainText(money(first.cents * 2 + second.cents));

  // Minus at 1 deletes the line.
  await page.getByRole('button', { name: `Decrease quantity of ${second.name}` }).click();
  await expect(
    page.getByRole('heading', { name: 'Your book cart: 1 book (2 copies)' }),
  ).toBeVisible();
  await expect(page.getByText(second.name)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Book cart (1 item)' })).toBeVisible();
  await expect(summary).toContainText(money(first.cents * 2));

  // Every change reached the server: a reload shows the same cart.
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Your book cart: 1 book (2 copies)' }),
  ).toBeVisible();
  await expect(quantity(first)).toHaveText('2');
  await expect(summary).toContainText(money(first.cents * 2));
  await expect(page.getByRole('link', { name: 'Book cart (1 item)' })).toBeVisible();

  // A second tab changes the cart; this one catches up once it is focused again.
  const other = await page.context().newPage();
  await other.goto('/cart-book');
  await other.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await expect(other.getByRole('status', { name: `Quantity of ${first.name}` })).toHaveText('3');
  await other.close();
  await page.bringToFront();
  // Playwright's Chromium tells every page it has focus, so coming back fires nothing: send the
  // focus event a browser sends when the user returns to this tab.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(quantity(first)).toHaveText('3');
  await expect(summary).toContainText(money(first.cents * 3));

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
});
