import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

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
