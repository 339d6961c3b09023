import { expect, test, type Page } from '@playwright/test';
import { fillShipping } from '../e2e/support/shipping-form';

// `npm run dev:mock`: no server, no emulator; msw's worker answers /api in the page.

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

function banner(page: Page) {
  return page.getByRole('status').filter({ hasText: 'Mocked API' });
}

test('the banner says the data is mocked, above the navbar, on desktop and phone', async ({
  page,
}) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('mocked data, nothing is saved');
  // The book list comes from the mocked API (the web tests' in-memory catalogue).
  await expect(page.getByRole('article', { name: 'Clean Code' })).toBeVisible();
  const bannerBox = await banner(page).boundingBox();
  const navBox = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  expect(bannerBox && navBox && bannerBox.y + bannerBox.height <= navBox.y).toBe(true);
  await page.screenshot({ path: '/tmp/dev-mock-home-desktop.png' });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Clean Code' })).toBeVisible();
  await page.screenshot({ path: '/tmp/dev-mock-home-phone.png' });
});

test('the student logs in through the form, sees Me and the profile from the mocked API', async ({
  page,
}) => {
  await logIn(page, 'student@learntogether.test', 'student123');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Hello, Sam Student' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('University', { exact: true }).fill('Mock University');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Your profile is updated')).toBeVisible();
  await expect(page.getByText('Mock University', { exact: true })).toBeVisible();

  // The session survives a reload: the token exchange runs again against the mocked API.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hello, Sam Student' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();
});

test('a wrong password shows the spec toast', async ({ page }) => {
  await logIn(page, 'student@learntogether.test', 'not-the-password');
  await expect(page.getByText('Wrong password. Intruder!!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-up says it is not available with the mocked API', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill('Nora Newcomer');
  await page.getByLabel('Email', { exact: true }).fill('nora@learntogether.test');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page.getByText('This is not available here: log in with email and password.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the admin sees the Make Admin table of the mocked users', async ({ page }) => {
  await logIn(page, 'admin@learntogether.test', 'admin123');
  await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();
  await page.goto('/dashboard/allusers');
  await expect(page.getByRole('heading', { name: 'Total users: 3' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  for (const email of [
    'admin@learntogether.test',
    'reader@learntogether.test',
    'student@learntogether.test',
  ]) {
    await expect(rows.filter({ hasText: email })).toHaveCount(1);
  }
});

/** The card field's inputs whose text does not fit (Stripe's test card cut to "4242 42" on a phone). */
function cutCardInputs(page: Page) {
  return page
    .getByRole('group', { name: 'Credit or debit card' })
    .locator('input')
    .evaluateAll((inputs) =>
      (inputs as HTMLInputElement[])
        .filter((input) => input.scrollWidth > input.clientWidth)
        .map((input) => `${input.getAttribute('aria-label')}: ${input.value}`),
    );
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('M5V 2T6');
}

test("the student pays with Stripe's test cards: a declined card in red, then 4242… pays and My Orders lists the book", async ({
  page,
}) => {
  await logIn(page, 'student@learntogether.test', 'student123');
  await expect(page).toHaveURL(/\/home$/);
  // From here on no reload: the mocked data lives in the page.
  await page.goto('/book');
  const book = page.getByRole('article', { name: 'Clean Code' });
  await book.getByRole('button', { name: 'Order Now: Clean Code' }).click();
  await expect(page.getByRole('link', { name: 'Book cart (1 item)' })).toBeVisible();
  await page.getByRole('link', { name: 'View Orders' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();

  await fillShipping(page, 'student@learntogether.test');
  await expect(page.getByText(/^Please pay : /)).toBeVisible();
  await expect(page.getByText('Card payment is not configured')).toHaveCount(0);

  // On a phone the whole card — number, expiry, CVC, ZIP — is visible in the field.
  await page.setViewportSize({ width: 390, height: 844 });
  await fillCard(page, '4000 0000 0000 0002');
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  expect(await cutCardInputs(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/dev-mock-card-phone.png' });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Your card was declined.');
  await expect(alert).toHaveClass(/text-error/);

  await page.setViewportSize({ width: 1280, height: 800 });
  await fillCard(page, '4242 4242 4242 4242');
  expect(await cutCardInputs(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/dev-mock-card-desktop.png' });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  // msw plays Stripe's webhook: the cart empties, the order is made.
  await expect(page.getByRole('link', { name: 'Book cart (0 items)' })).toBeVisible();
  await page.getByRole('link', { name: 'See My Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Total number of order : 1' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Clean Code' })).toHaveCount(1);
});
