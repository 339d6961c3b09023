import { expect, test } from '@playwright/test';

type Course = { _id: string; name: string; price: number };

test('the course cart journey: add two, change quantities, remove, total right, survives reload', async ({
  page,
  request,
}) => {
  const courses = (await (await request.get('/course.json')).json()) as Course[];
  const [first, second] = courses as [Course, Course];
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Our Online Courses' })).toBeVisible();

  const card = (course: Course) =>
    page
      .locator('article, li, div')
      .filter({ hasText: course.name })
      .filter({ has: page.getByRole('button', { name: /Add To Cart|Added/ }) })
      .last();
  await card(first)
    .getByRole('button', { name: /Add To Cart/ })
    .click();
  await card(second)
    .getByRole('button', { name: /Add To Cart/ })
    .click();
  await card(first)
    .getByRole('button', { name: /Add To Cart|Added/ })
    .click();

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: /Your Course items:\s*2/ })).toBeVisible();
  const total = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const p1 = Math.round(first.price * 100);
  const p2 = Math.round(second.price * 100);
  const panel = page
    .locator('aside, section, div')
    .filter({ hasText: 'Total:' })
    .filter({ has: page.getByRole('button', { name: 'Checkout' }) })
    .last();
  await expect(panel).toContainText(total(p1 * 2 + p2));

  await page.getByRole('button', { name: `Increase quantity of ${second.name}` }).click();
  await expect(panel).toContainText(total(p1 * 2 + p2 * 2));
  await page.getByRole('button', { name: `Decrease quantity of ${first.name}` }).click();
  await expect(panel).toContainText(total(p1 + p2 * 2));

  await page.reload();
  await expect(page.getByRole('heading', { name: /Your Course items:\s*2/ })).toBeVisible();
  await expect(panel).toContainText(total(p1 + p2 * 2));

  await page.getByRole('button', { name: `Remove ${second.name}` }).click();
  await expect(page.getByRole('heading', { name: /Your Course items:\s*1/ })).toBeVisible();
  await expect(panel).toContainText(total(p1));
  await page.getByRole('button', { name: `Decrease quantity of ${first.name}` }).click();
  await expect(page.getByRole('heading', { name: /Your Course items:\s*0/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
});

test('checkout from the course cart asks a visitor to sign in first', async ({ page, request }) => {
  const [course] = (await (await request.get('/course.json')).json()) as Course[];
  await page.goto('/courses');
  await page
    .getByRole('button', { name: /Add To Cart/ })
    .first()
    .click();
  await page.goto('/cart');
  await expect(page.getByText(course!.name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
