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
