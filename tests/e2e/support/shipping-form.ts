import { expect, type Page } from '@playwright/test';

/**
 * Fills the shipping form (/payment) with one Canadian address, checks the account's address is
 * already there, and goes on to /paymentcard: the e2e and the dev:mock checkouts alike.
 */
export async function fillShipping(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/payment$/);
  const form = page.getByRole('form', { name: 'Shipping address' });
  await expect(form.getByLabel('Email address')).toHaveValue(email);
  await form.getByLabel('First name').fill('Sam');
  await form.getByLabel('Last name').fill('Student');
  await form.getByLabel('Country').selectOption('Canada');
  await form.getByLabel('Full address').fill('12 Maple Street');
  await form.getByLabel('City').fill('Toronto');
  await form.getByLabel('State / Zilla').fill('Ontario');
  await form.getByLabel('ZIP / Postal code').fill('M5V 2T6');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/paymentcard$/);
}

/** Fills the card form (Stripe.js stand-in, the emulator's test cards) and presses Pay. */
export async function payWith(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  const zip = page.getByLabel('ZIP');
  if (await zip.count()) await zip.fill('12345');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}
