import { expect, test } from '@playwright/test';

test('subscribing to the newsletter, twice, and with a bad address', async ({ page }) => {
  const email = `reader-${Date.now()}@example.com`;
  await page.goto('/');
  const input = page.getByLabel('Email address');
  await input.fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/Thanks for subscribing/i)).toBeVisible();
  await expect(input).toHaveValue('');

  await input.fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/already subscribed/i)).toBeVisible();

  await input.fill('not-an-email');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /email/i })).toBeVisible();
});
