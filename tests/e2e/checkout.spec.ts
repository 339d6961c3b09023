import type { Page } from '@playwright/test';
import { scan } from './support/axe';
import { confirm, createAccount, expect, logIn, test, uniqueEmail } from './support/fixtures';
import { fillShipping, payWith } from './support/shipping-form';

// The whole purchase against the e2e stack's Stripe emulator: Stripe.js stand-in in the page,
// the official `stripe` package on the server, signed webhooks creating the orders.

const money = (cents: number) => (cents / 100).toFixed(2);

type Book = { name: string; cents: number };

async function signUpAndLogIn(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await createAccount(email, 'secret123', 'Checkout Tester');
  await logIn(page, email, 'secret123');
  return email;
}

/** Presses Order Now on the catalogue's `index`-th card; answers the book's name and price. */
async function orderBook(page: Page, index: number): Promise<Book> {
  const card = page.getByRole('article').nth(index);
  const name = (await card.getAttribute('aria-label')) ?? '';
  const price = /\$(\d+)\.(\d\d)/.exec((await card.textContent()) ?? '');
  expect(price, 'the card shows a price').not.toBeNull();
  await card.getByRole('button', { name: `Order Now: ${name}` }).click();
  await expect(card.getByRole('button', { name: `Added: ${name}` })).toBeVisible();
  return { name, cents: Number(price![1]) * 100 + Number(price![2]) };
}

async function openMyOrders(page: Page): Promise<void> {
  await page.goto('/dashboard/myOrders');
}

test('a student buys two books with 4242…, sees them in My Orders and deletes one', async ({
  page,
}) => {
  const email = await signUpAndLogIn(page, 'checkout-books');
  await page.goto('/book');
  const first = await orderBook(page, 0);
  const second = await orderBook(page, 1);
  await expect(page.getByRole('link', { name: 'Book cart (2 items)' })).toBeVisible();

  await page.getByRole('link', { name: 'View Orders' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillShipping(page, email);

  // The address survives a reload of the card page's predecessor.
  await page.goto('/payment');
  await expect(page.getByRole('form', { name: 'Shipping address' }).getByLabel('City')).toHaveValue(
    'Toronto',
  );
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Pay price of the book' })).toBeVisible();
  await expect(page.getByText(`Please pay : ${money(first.cents + second.cents)}$`)).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  expect(await scan(page, 'card page, desktop')).toEqual([]);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  // The webhook empties the cart on the server; the badge follows without a reload.
  await expect(page.getByRole('link', { name: 'Book cart (0 items)' })).toBeVisible();

  // The card form gives way to the order confirmation, paid once the webhook has landed.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  const confirmation = page.getByRole('region', { name: 'Order confirmation' });
  await expect(confirmation.getByText('Paid', { exact: true })).toBeVisible();
  const orderNumber = (await confirmation.getByText(/^LT-[0-9A-F]{8}$/).textContent()) ?? '';
  await expect(confirmation.getByRole('cell', { name: first.name })).toBeVisible();
  await expect(confirmation.getByRole('cell', { name: second.name })).toBeVisible();
  await expect(confirmation).toContainText(`$${money(first.cents + second.cents)}`);
  await expect(confirmation).toContainText('Toronto');
  await confirmation.getByRole('link', { name: 'Printable receipt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByText(orderNumber)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();

  await openMyOrders(page);
  await expect(page.getByRole('heading', { name: 'Total number of order : 2' })).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: first.name })).toContainText(`$${money(first.cents)}`);
  await expect(rows.filter({ hasText: second.name })).toContainText(`$${money(second.cents)}`);

  await page.getByRole('button', { name: `Delete ${first.name}` }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure?');
  await expect(page.getByRole('dialog')).toContainText("You won't be able to revert this product!");
  await confirm(page, 'Yes, delete it!');
  await expect(page.getByRole('dialog')).toContainText('Deleted!');
  await expect(page.getByRole('dialog')).toContainText('Product has been deleted.');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { name: 'Total number of order : 1' })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(second.name);

  // Gone on the server too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Total number of order : 1' })).toBeVisible();

  // The checkout, with its number, leads back to its receipt.
  await page.getByRole('link', { name: `Receipt of order ${orderNumber}` }).click();
  await expect(page).toHaveURL(/\/orders\/pi_[^/]+\/receipt$/);
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
});

test('a declined card shows Stripe’s message and creates no order; another card then pays', async ({
  page,
}) => {
  // On a phone, with the axe check of the card page and its error.
  await page.setViewportSize({ width: 375, height: 812 });
  const email = await signUpAndLogIn(page, 'checkout-declined');
  await page.goto('/book');
  const book = await orderBook(page, 2);
  await page.goto('/cart-book');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillShipping(page, email);
  await expect(page.getByText(`Please pay : ${money(book.cents)}$`)).toBeVisible();

  await payWith(page, '4000 0000 0000 0002');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  await expect(page.getByText('Congrats! Your payment is completed.')).toHaveCount(0);
  expect(await scan(page, 'card page with a declined card, phone')).toEqual([]);

  // Nothing was bought: the cart still holds the book, My Orders is empty.
  await openMyOrders(page);
  await expect(page.getByRole('heading', { name: 'Total number of order : 0' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book cart (1 item)' })).toBeVisible();

  // The same checkout, another card.
  await page.goto('/paymentcard');
  await expect(page.getByText(`Please pay : ${money(book.cents)}$`)).toBeVisible();
  await payWith(page, '4242424242424242');
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book cart (0 items)' })).toBeVisible();
  await openMyOrders(page);
  await expect(page.getByRole('heading', { name: 'Total number of order : 1' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: book.name })).toBeVisible();
});

test('a course-cart purchase empties the course cart and shows in My Orders', async ({
  page,
  request,
}) => {
  const courses = (await (await request.get('/course.json')).json()) as {
    _id: string;
    name: string;
    price: number;
  }[];
  const course = courses[0]!;
  await signUpAndLogIn(page, 'checkout-courses');
  await page.goto('/courses');
  await page
    .getByRole('button', { name: /Add To Cart/ })
    .first()
    .click();
  // A tap on the snapshot counts once the app has it (D69): the badge says when.
  await expect(page.getByRole('link', { name: 'Course cart (1 item)' })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: /Your Course items:\s*1/ })).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
  // Courses ship nothing: straight to the card page, which pays for "courses" (D62).
  await expect(page).toHaveURL(/\/paymentcard$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pay price of the courses' }),
  ).toBeVisible();
  await expect(page.getByText('Shipping to')).toHaveCount(0);
  await expect(page.getByText(`Please pay : ${course.price.toFixed(2)}$`)).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: /Your Course items:\s*0/ })).toBeVisible();

  await openMyOrders(page);
  await expect(page.getByRole('heading', { name: 'Total number of order : 1' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: course.name })).toContainText(
    `$${course.price.toFixed(2)}`,
  );

  // The course is the student's now: "Owned — Go to course" (the player) on /courses, and
  // listed in My Courses.
  await page.goto('/courses');
  const card = page.getByRole('article', { name: course.name });
  await expect(card.getByRole('link', { name: /^Owned — Go to course/ })).toHaveAttribute(
    'href',
    `/learn/${course._id}`,
  );
  await expect(card.getByRole('button', { name: /Add To Cart/ })).toHaveCount(0);
  await page.goto('/dashboard/myCourses');
  await expect(page.getByRole('article', { name: course.name })).toContainText('Bought on');
});
