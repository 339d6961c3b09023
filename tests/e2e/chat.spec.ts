import type { Browser, BrowserContext, Page } from '@playwright/test';
import { confirm, expect, logIn, test } from './support/fixtures';

// The chat against the real product server (socket.io on the same port as the API), with a
// student and an admin in separate browser contexts.

const STUDENT = { email: 'student@learntogether.test', password: 'student123' };
const ADMIN = { email: 'admin@learntogether.test', password: 'admin123' };

async function signedInPage(
  browser: Browser,
  account: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, account.email, account.password);
  return { context, page };
}

async function join(page: Page, name: string, room: string): Promise<void> {
  await page.goto('/messagebox');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Room').selectOption(room);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${encodeURIComponent(room)}$`));
  await expect(page.getByRole('heading', { name: `${room} Chat Room` })).toBeVisible();
  await expect(page.getByText('Connected', { exact: false })).toBeVisible();
}

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

const log = (page: Page) => page.getByRole('log');

test('a student and an admin talk both ways in one room; another room hears nothing; history survives a reload', async ({
  browser,
}) => {
  const tag = `${Date.now()}`;
  const student = await signedInPage(browser, STUDENT);
  const admin = await signedInPage(browser, ADMIN);
  const other = await signedInPage(browser, STUDENT);
  try {
    await join(student.page, 'Sam', 'TypeScript');
    await join(admin.page, 'Ada', 'TypeScript');
    await join(other.page, 'Sam elsewhere', 'Python');

    await send(student.page, `hello from Sam ${tag}`);
    await expect(log(admin.page)).toContainText(`hello from Sam ${tag}`);
    await send(admin.page, `hi Sam, Ada here ${tag}`);
    await expect(log(student.page)).toContainText(`hi Sam, Ada here ${tag}`);
    // Both are in the student's list, in order.
    await expect(log(student.page)).toContainText(`hello from Sam ${tag}`);

    // Markup is shown as text, never run.
    await send(student.page, `<img src=x onerror=alert(1)> ${tag}`);
    await expect(log(admin.page)).toContainText(`<img src=x onerror=alert(1)> ${tag}`);
    await expect(log(admin.page).locator('img[src="x"]')).toHaveCount(0);

    // The other room heard none of it.
    await expect(log(other.page)).not.toContainText(tag);

    // The admin deletes that message: it disappears for everyone.
    const markup = log(admin.page)
      .getByRole('listitem')
      .filter({ hasText: `<img src=x onerror=alert(1)> ${tag}` });
    await markup.getByRole('button', { name: 'Delete message from Sam' }).click();
    await confirm(admin.page, 'Delete');
    await expect(log(admin.page)).not.toContainText(`<img src=x onerror=alert(1)> ${tag}`);
    await expect(log(student.page)).not.toContainText(`<img src=x onerror=alert(1)> ${tag}`);
    // The student sees no delete control on anyone's message.
    await expect(log(student.page).getByRole('button', { name: /^Delete message/ })).toHaveCount(0);

    // History on entering again.
    await student.page.reload();
    await expect(student.page.getByText('Connected', { exact: false })).toBeVisible();
    await expect(log(student.page)).toContainText(`hello from Sam ${tag}`);
    await expect(log(student.page)).toContainText(`hi Sam, Ada here ${tag}`);
  } finally {
    await student.context.close();
    await admin.context.close();
    await other.context.close();
  }
});

test('an offline blip shows Reconnecting… and the message typed meanwhile arrives once', async ({
  browser,
}) => {
  const tag = `${Date.now()}`;
  const student = await signedInPage(browser, STUDENT);
  const admin = await signedInPage(browser, ADMIN);
  try {
    await join(student.page, 'Sam', 'Java');
    await join(admin.page, 'Ada', 'Java');

    await student.context.setOffline(true);
    await expect(student.page.getByText('Reconnecting…')).toBeVisible();
    const box = student.page.getByRole('textbox', { name: 'Message' });
    await box.fill(`sent while offline ${tag}`);
    await box.press('Enter');
    await student.context.setOffline(false);

    await expect(log(admin.page)).toContainText(`sent while offline ${tag}`);
    await expect(log(student.page).getByText(`sent while offline ${tag}`)).toHaveCount(1);
    // Once, also for the reader.
    await expect(log(admin.page).getByText(`sent while offline ${tag}`)).toHaveCount(1);
  } finally {
    await student.context.close();
    await admin.context.close();
  }
});
