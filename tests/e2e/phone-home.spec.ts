import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test('the home page on a phone: menu collapses, no sideways scrolling, drawing promo hidden', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('link', { name: /See More/i })).toBeVisible();
  await expect(page.locator('a[href="/drawing"]:visible')).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Books' }).first().click();
  await expect(page).toHaveURL(/\/book$/);
});

test('a reader who asked for less motion sees the offers still, with nothing to pause', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(
    page.getByText('Up to 10% off on all courses · Up to 20% off on all books'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause the offers' })).toBeHidden();
  // The app has started (its navbar's menu answers) and typed nothing.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await expect(page.locator('.hero-typed')).toBeEmpty();
});
