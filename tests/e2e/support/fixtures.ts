import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_EMULATOR_PORT } from '../../../scripts/lib/e2e-ports';
import { FIREBASE_PROJECT_ID } from '../../../scripts/lib/auth-emulator';

const MDC_DIST = 'node_modules/material-components-web/dist';
const GAPI_STAND_IN = readFileSync(new URL('./gapi-stand-in.js', import.meta.url));
const emulatorBase = `http://127.0.0.1:${E2E_EMULATOR_PORT}`;

/**
 * The Auth Emulator's Google sign-in page loads material-components-web and a font from CDNs,
 * which this machine cannot reach: serve the same files from the npm package instead. Firebase's
 * popup flow and the emulator's helper iframe load Google's gapi loader: serve a stand-in.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.route('https://unpkg.com/material-components-web@10/dist/**', (route) => {
      const file = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      const type = file.endsWith('.css') ? 'text/css' : 'application/javascript';
      return route.fulfill({
        status: 200,
        contentType: type,
        body: readFileSync(`${MDC_DIST}/${file}`),
      });
    });
    await context.route('https://apis.google.com/js/api.js*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: GAPI_STAND_IN }),
    );
    await context.route('https://fonts.googleapis.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
    );
    await use(context);
  },
});

export { expect };

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

type OobCode = { email: string; requestType: string; oobCode: string; oobLink: string };

/** The mails the emulator "sent" (verification, password reset), read from its REST API. */
export async function oobCodesFor(email: string): Promise<OobCode[]> {
  const response = await fetch(
    `${emulatorBase}/emulator/v1/projects/${FIREBASE_PROJECT_ID}/oobCodes`,
  );
  const body = (await response.json()) as { oobCodes: OobCode[] };
  return body.oobCodes.filter((code) => code.email === email);
}

/** Creates an email/password account directly in the emulator. */
export async function createAccount(
  email: string,
  password: string,
  displayName?: string,
): Promise<void> {
  const response = await fetch(
    `${emulatorBase}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, displayName, returnSecureToken: false }),
    },
  );
  if (!response.ok) throw new Error(`createAccount failed: ${await response.text()}`);
}

/** Signs in through the Login screen and waits until the app has left it. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  // The book-cart link is there for signed-in users at every width (the Me menu only on desktop).
  await expect(page.getByRole('link', { name: /^Book cart/ })).toBeVisible();
}

/** Logs out through the Me menu and waits for the navbar's Login link. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Me', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
}

/** Answers a sweetalert2 confirm dialog with its confirm button. */
export async function confirm(page: Page, buttonText: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: buttonText }).click();
}

/** In a list of routes: the page of the catalogue's first book (ids are made by the database). */
export const FIRST_BOOK_PAGE = '/book/:first';

/** A route of such a list as a path to open: FIRST_BOOK_PAGE becomes that book's page. */
export async function resolveRoute(page: Page, route: string): Promise<string> {
  if (route !== FIRST_BOOK_PAGE) return route;
  const res = await page.request.get('/api/books?limit=1');
  const [book] = (await res.json()) as { _id: string }[];
  if (!book) throw new Error('the catalogue is empty');
  return `/book/${book._id}`;
}
