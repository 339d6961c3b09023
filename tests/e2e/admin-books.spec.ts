import { createAccount, expect, logIn, test, uniqueEmail } from './support/fixtures';
import { solidPng } from './support/png';

test("an admin changes a book's price on Books; a shopper's cart shows the new price", async ({
  page,
  browser,
}) => {
  const name = `E2E Priced Book ${Date.now()}`;
  await logIn(page, 'admin@learntogether.test', 'admin123');

  // A book of the test's own, so no other spec sees its price change.
  await page.goto('/dashboard/addbook');
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Author').fill('Ursula K. Le Guin');
  await page.getByLabel('Product Category').selectOption('story');
  await page.getByLabel('Product Price').fill('7.25');
  await page.getByLabel('Stock', { exact: true }).fill('6');
  await page.getByLabel('Product Image').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: solidPng(30, 42, [40, 90, 200]),
  });
  await page.getByRole('button', { name: 'Add product' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Books', exact: true })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Books in the catalogue' }),
  ).toBeVisible();
  await page.getByLabel('Search by name or author').fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$7.25');
  await row.getByRole('button', { name: `Edit ${name}` }).click();

  const form = page.getByRole('form', { name: 'Edit book' });
  await expect(form.getByLabel('Product Price')).toHaveValue('7.25');
  await form.getByLabel('Product Price').fill('8.4');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Saved the changes to ${name}.`)).toBeVisible();
  await expect(row).toContainText('$8.40');

  // A shopper (a fresh account: the demo student's cart is other specs' to read).
  const shopperEmail = uniqueEmail('admin-books-shopper');
  await createAccount(shopperEmail, 'secret123', 'Price Checker');
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await logIn(shopper, shopperEmail, 'secret123');
  await shopper.goto(`/book?q=${encodeURIComponent(name)}`);
  const card = shopper.getByRole('article', { name });
  await expect(card).toContainText('$8.40');
  await card.getByRole('button', { name: `Order Now: ${name}` }).click();
  await expect(card.getByRole('button', { name: `Added: ${name}` })).toBeVisible();
  await shopper.goto('/cart-book');
  await expect(shopper.getByRole('main')).toContainText(name);
  await expect(shopper.getByRole('complementary', { name: 'Order summary' })).toContainText(
    '$8.40',
  );
  await shopperContext.close();
});
