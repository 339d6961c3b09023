import { expect, test } from '@playwright/test';

type Course = { _id: string; name: string; price: number };

test('the course cart journey: one of each course, no quantities, remove, total right, survives reload', async ({
  page,
  request,
}) => {
  const courses = (await (await request.get('/course.json')).json()) as Course[];
  const [first, second] = courses as [Course, Course];
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Our Online Courses' })).toBeVisible();

  const card = (course: Course) => page.getByRole('article', { name: course.name });
  await card(first)
    .getByRole('button', { name: /Add To Cart/ })
    .click();
  await card(second)
    .getByRole('button', { name: /Add To Cart/ })
    .click();
  // Taps on the snapshot before the app has it are held, one per button, and replayed (D69): the
  // badge says both counted, so the next tap is the app's own.
  await expect(page.getByRole('link', { name: 'Course cart (2 items)' })).toBeVisible();
  // A course is bought once (D62): adding it again says so and adds nothing.
  await card(first)
    .getByRole('button', { name: /Add To Cart|Added/ })
    .click();
  await expect(card(first).getByRole('button', { name: 'Already in your cart' })).toBeVisible();
  // The card's name opens the course page.
  await expect(card(first).getByRole('link', { name: first.name })).toHaveAttribute(
    'href',
    `/courses/${first._id}`,
  );

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: /Your Course items:\s*2/ })).toBeVisible();
  const total = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const p1 = Math.round(first.price * 100);
  const p2 = Math.round(second.price * 100);
  const panel = page.getByRole('complementary', { name: 'Order summary' });
  await expect(panel).toContainText(total(p1 + p2));
  await expect(page.getByRole('button', { name: /(Increase|Decrease) quantity of/ })).toHaveCount(
    0,
  );

  await page.reload();
  await expect(page.getByRole('heading', { name: /Your Course items:\s*2/ })).toBeVisible();
  await expect(panel).toContainText(total(p1 + p2));

  await page.getByRole('button', { name: `Remove ${second.name}` }).click();
  await expect(page.getByRole('heading', { name: /Your Course items:\s*1/ })).toBeVisible();
  await expect(panel).toContainText(total(p1));
  await page.getByRole('button', { name: `Remove ${first.name}` }).click();
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
  // A tap on the snapshot counts once the app has it (D69): the badge says when.
  await expect(page.getByRole('link', { name: 'Course cart (1 item)' })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByText(course!.name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
