import { expect, test, type Page } from '@playwright/test';

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
