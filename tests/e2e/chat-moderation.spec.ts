import type { Browser, BrowserContext, Page } from '@playwright/test';
import { confirm, createAccount, expect, logIn, test, uniqueEmail } from './support/fixtures';

// A report reaches the admin, who mutes the sender: the sender's next message is refused, saying
// until when. Two accounts of the test's own (the demo student keeps chatting in other specs).

const ADMIN = { email: 'admin@learntogether.test', password: 'admin123' };
const ROOM = 'Java';

async function signedIn(browser: Browser, email: string, password: string) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
  });
  const page: Page = await context.newPage();
  await logIn(page, email, password);
  return { context, page };
}

async function join(page: Page, name: string): Promise<void> {
  await page.goto('/messagebox');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Room').selectOption(ROOM);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Connected', { exact: false })).toBeVisible();
}

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

test('a report reaches the admin, who mutes the sender; the sender is then refused until then', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = `${Date.now()}`;
  const senderEmail = uniqueEmail('chat-sender');
  const reporterEmail = uniqueEmail('chat-reporter');
  await createAccount(senderEmail, 'secret123', 'Spammy Sender');
  await createAccount(reporterEmail, 'secret123', 'Rita Reporter');
  const sender = await signedIn(browser, senderEmail, 'secret123');
  const reporter = await signedIn(browser, reporterEmail, 'secret123');
  const admin = await signedIn(browser, ADMIN.email, ADMIN.password);
  try {
    await join(sender.page, 'Spammy');
    await join(reporter.page, 'Rita');
    await send(sender.page, `buy cheap pills ${tag}`);

    // Rita reports it.
    const item = reporter.page.getByRole('listitem').filter({ hasText: `buy cheap pills ${tag}` });
    await item.getByRole('button', { name: 'Report Spammy’s message' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this message' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(
      reporter.page.getByText('Thank you. An admin will look at the message.'),
    ).toBeVisible();

    // The admin finds it among the reports, with the message, and mutes its author for 10 minutes.
    await admin.page.goto('/dashboard/reports');
    const report = admin.page.getByRole('article').filter({ hasText: `buy cheap pills ${tag}` });
    await expect(report.getByText('Reason: Spam')).toBeVisible();
    await report.getByLabel('Mute for').selectOption('10m');
    await report.getByRole('button', { name: 'Mute author' }).click();
    await confirm(admin.page, 'Yes, mute');
    await expect(report.getByRole('region', { name: 'Moderation history' })).toBeVisible();

    // Spammy's next message is refused, saying until when.
    await send(sender.page, `more pills ${tag}`);
    await expect(sender.page.getByRole('alert')).toContainText(
      /You are muted until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./,
    );
    await expect(reporter.page.getByRole('log')).not.toContainText(`more pills ${tag}`);
  } finally {
    await sender.context.close();
    await reporter.context.close();
    await admin.context.close();
  }
});
