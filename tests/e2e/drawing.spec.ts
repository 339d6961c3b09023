import { readFileSync } from 'node:fs';
import { expect, logIn, test } from './support/fixtures';

function pngSize(buffer: Buffer): { width: number; height: number } {
  // PNG: 8-byte signature, then the IHDR chunk with width and height as big-endian integers.
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

test('drawing a stroke and downloading image.png', async ({ page }) => {
  await page.goto('/drawing');
  const canvas = page.locator('canvas').first();
  await expect(canvas).toBeVisible();

  await page.getByRole('button', { name: 'Colour blue' }).click();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 50, box.y + 50);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 50 + i * 20, box.y + 50 + i * 10);
  await page.mouse.up();

  // The stroke is really on the canvas: some pixels along it are blue.
  const hasBlue = await canvas.evaluate((node) => {
    const c = node as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < data.length; i += 4)
      if (data[i + 2]! > 200 && data[i]! < 80 && data[i + 1]! < 80) return true;
    return false;
  });
  expect(hasBlue).toBe(true);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('image.png');
  const file = readFileSync((await download.path())!);
  expect(file.subarray(1, 4).toString()).toBe('PNG');
  expect(pngSize(file)).toEqual({ width: 700, height: 500 });
});

test('clearing and downloading an empty canvas works', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/drawing');
  await page.getByRole('button', { name: 'Clear' }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await downloadPromise).suggestedFilename()).toBe('image.png');
  expect(errors).toEqual([]);
});

test('a visitor shares a drawing to a room: logs in, comes back to it, and the room sees it', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // An admin is in the Java room already: the drawing arrives there as a message.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  try {
    await logIn(admin, 'admin@learntogether.test', 'admin123');
    await admin.goto('/messagebox');
    await admin.getByLabel('Username').fill('Ada');
    await admin.getByLabel('Room').selectOption('Java');
    await admin.getByRole('button', { name: 'Join' }).click();
    await expect(admin.getByText('Connected', { exact: false })).toBeVisible();
    const before = await admin.getByRole('img', { name: /^Drawing by / }).count();

    await page.goto('/drawing');
    const canvas = page.getByRole('img', { name: 'Drawing canvas' });
    // The prerendered board takes strokes once the app has taken it over.
    await expect(page.getByText('Getting the canvas ready…')).toBeHidden();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 60, box.y + 60);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 60 + i * 25, box.y + 60 + i * 8);
    await page.mouse.up();
    await page.getByRole('combobox', { name: 'Room' }).selectOption('Java');
    await page.getByRole('button', { name: 'Share to a room' }).click();

    // Sent to log in, then back to the drawing as it was left.
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email', { exact: true }).fill('student@learntogether.test');
    await page.getByLabel('Password', { exact: true }).fill('student123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/drawing$/);
    await expect(
      page.getByText('Your drawing is back. Press Share to a room to post it to Java.'),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Room' })).toHaveValue('Java');
    const drawn = await canvas.evaluate((node) => {
      const c = node as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) return true;
      return false;
    });
    expect(drawn).toBe(true);

    await page.getByRole('button', { name: 'Share to a room' }).click();
    await expect(page.getByText('Shared to the Java room.')).toBeVisible();

    // The admin sees it arrive, as a thumbnail of the 700×500 picture that opens full size.
    const thumbnails = admin.getByRole('img', { name: /^Drawing by / });
    await expect(thumbnails).toHaveCount(before + 1);
    const shared = thumbnails.last();
    await expect(shared).toHaveJSProperty('naturalWidth', 700);
    await expect(shared).toHaveJSProperty('naturalHeight', 500);
    const full = admin.getByRole('link', { name: /^Open the drawing by .* full size$/ }).last();
    await expect(full).toHaveAttribute('target', '_blank');
    const src = await shared.getAttribute('src');
    await expect(full).toHaveAttribute('href', src ?? '');

    // The sharer opens the room from the link and finds it there too.
    await page.getByRole('link', { name: 'Open the Java room' }).click();
    await expect(page).toHaveURL(/\/chat\/Java$/);
    await expect(page.locator(`img[src="${src}"]`)).toBeVisible();
  } finally {
    await adminContext.close();
  }
});
