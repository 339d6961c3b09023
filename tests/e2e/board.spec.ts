import type { Browser, BrowserContext, Page } from '@playwright/test';
import { confirm, expect, logIn, test } from './support/fixtures';

// Each chat room's shared board against the real product server: a student and an admin draw at
// once and each sees both strokes; a reload keeps the board; the admin clears it for both.

const STUDENT = { email: 'student@learntogether.test', password: 'student123' };
const ADMIN = { email: 'admin@learntogether.test', password: 'admin123' };
const ROOM = 'PHP';

async function inRoom(
  browser: Browser,
  account: { email: string; password: string },
  name: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logIn(page, account.email, account.password);
  await page.goto('/messagebox');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Room').selectOption(ROOM);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Connected', { exact: false })).toBeVisible();
  await expect(board(page)).toHaveAccessibleName(/^The PHP board( is empty|:)/);
  return { context, page };
}

const board = (page: Page) => page.getByRole('img', { name: /^The PHP board/ });

/** Drags the mouse along the board between two points in board units (700 × 500). */
async function drawLine(page: Page, from: [number, number], to: [number, number]) {
  const surface = page.getByTestId('board-surface');
  const box = await surface.boundingBox();
  if (!box) throw new Error('the board is not on screen');
  const at = ([x, y]: [number, number]) =>
    [box.x + (x * box.width) / 700, box.y + (y * box.height) / 500] as const;
  const [startX, startY] = at(from);
  const [endX, endY] = at(to);
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(
      startX + ((endX - startX) * step) / 10,
      startY + ((endY - startY) * step) / 10,
    );
  }
  await page.mouse.up();
}

/** The colour of the board's picture at a point in board units, as `#rrggbb`. */
function pixel(page: Page, [x, y]: [number, number]): Promise<string> {
  return board(page).evaluate(
    (canvas, point) => {
      const element = canvas as HTMLCanvasElement;
      const ctx = element.getContext('2d');
      if (!ctx) return 'none';
      const [r, g, b] = ctx.getImageData(
        Math.round((point[0] * element.width) / 700),
        Math.round((point[1] * element.height) / 500),
        1,
        1,
      ).data;
      return `#${[r, g, b].map((value) => (value ?? 0).toString(16).padStart(2, '0')).join('')}`;
    },
    [x, y] as const,
  );
}

test('a student and an admin draw at once and both see both strokes; a reload keeps the board; the admin clears it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const student = await inRoom(browser, STUDENT, 'Sam');
  const admin = await inRoom(browser, ADMIN, 'Ada');
  try {
    // A board left by an earlier attempt starts empty.
    const clear = admin.page.getByRole('button', { name: 'Clear board' });
    if (await clear.isEnabled()) {
      await clear.click();
      await confirm(admin.page, 'Clear');
    }
    await expect(board(student.page)).toHaveAccessibleName('The PHP board is empty.');

    await student.page.getByRole('button', { name: 'Colour red' }).click();
    await admin.page.getByRole('button', { name: 'Colour blue' }).click();
    await Promise.all([
      drawLine(student.page, [100, 100], [300, 100]),
      drawLine(admin.page, [100, 300], [300, 300]),
    ]);

    for (const [page, mine] of [
      [student.page, 1],
      [admin.page, 1],
    ] as const) {
      await expect(board(page)).toHaveAccessibleName(
        `The PHP board: 2 strokes, ${mine} of them yours.`,
      );
      await expect.poll(() => pixel(page, [200, 100])).toBe('#ef4444');
      await expect.poll(() => pixel(page, [200, 300])).toBe('#2244ee');
    }

    // A reload draws the board as it is.
    await student.page.reload();
    await expect(board(student.page)).toHaveAccessibleName(
      'The PHP board: 2 strokes, 1 of them yours.',
    );
    await expect.poll(() => pixel(student.page, [200, 300])).toBe('#2244ee');

    // The student takes back their stroke; then the admin clears the board for both.
    await student.page.getByRole('button', { name: 'Undo' }).click();
    await expect(board(admin.page)).toHaveAccessibleName(
      'The PHP board: 1 stroke, 1 of them yours.',
    );
    await expect.poll(() => pixel(admin.page, [200, 100])).toBe('#ffffff');
    await expect(student.page.getByRole('button', { name: 'Clear board' })).toHaveCount(0);
    await admin.page.getByRole('button', { name: 'Clear board' }).click();
    await confirm(admin.page, 'Clear');
    await expect(board(student.page)).toHaveAccessibleName('The PHP board is empty.');
    await expect.poll(() => pixel(student.page, [200, 300])).toBe('#ffffff');
  } finally {
    await student.context.close();
    await admin.context.close();
  }
});
