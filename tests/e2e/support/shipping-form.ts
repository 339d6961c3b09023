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
