import {
  confirm,
  createAccount,
  expect,
  logIn,
  logOut,
  oobCodesFor,
  test,
  uniqueEmail,
} from './support/fixtures';

test('sign up, verification mail, log out, log in, edit the profile, values kept after reload', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill('Nora Newcomer');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByRole('button', { name: 'Sign up' }).click();

  // Signup lands on / (its default origin) signed in, and the emulator "sent" the verification mail.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();
  await expect
    .poll(async () => (await oobCodesFor(email)).map((code) => code.requestType))
    .toContain('VERIFY_EMAIL');

  await logOut(page);
  await logIn(page, email, 'secret123');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Nora Newcomer/ })).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('University', { exact: true }).fill('Open University');
  await page.getByLabel('Phone number', { exact: true }).fill('5550101');
  await page.getByLabel('Address', { exact: true }).fill('1 Library Lane, Springfield');
  await page.getByLabel('Social media link', { exact: true }).fill('https://example.com/nora');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Your profile is updated')).toBeVisible();

  await page.reload();
  for (const value of [
    'Open University',
    '5550101',
    '1 Library Lane, Springfield',
    'https://example.com/nora',
  ]) {
    await expect(page.getByText(value, { exact: true })).toBeVisible();
  }
});

// A wrong password first: the Auth Emulator's own answer shows the toast (every Firebase code's
// toast is tests/web/auth/login.test.tsx's), and the form stays usable for the right one.
test('a visitor sent to /login from a guarded page, after a wrong password, returns there', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email', { exact: true }).fill('student@learntogether.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Wrong password. Intruder!!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Password', { exact: true }).fill('student123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible();
});

test('password reset sends the mail and says so', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await createAccount(email, 'secret123');
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Forget password' }).click();
  await expect(page.getByText('email sent')).toBeVisible();
  await expect
    .poll(async () => (await oobCodesFor(email)).map((code) => code.requestType))
    .toContain('PASSWORD_RESET');
});

test('Google sign-in through the emulator popup', async ({ page }) => {
  const email = uniqueEmail('googler');
  await page.goto('/login');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: /Add new account/ }).click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill('Gina Google');
  await popup.getByRole('button', { name: /Sign in with Google/ }).click();

  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Gina Google/ })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});

test('the admin promotes a student, whose dashboard then shows Make Admin and Add Book and no My Orders, then removes the rights', async ({
  page,
}) => {
  const email = uniqueEmail('promoted');
  await createAccount(email, 'secret123', 'Paul Promoted');
  await logIn(page, email, 'secret123'); // the first sign-in registers the user with the server
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Make Admin' })).toHaveCount(0);
  await logOut(page);

  await logIn(page, 'admin@learntogether.test', 'admin123');
  await page.goto('/dashboard/allusers');
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Make admin' }).click();
  await confirm(page, 'Yes, make admin!');
  await expect(page.getByRole('dialog').getByText('Admin made')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(row.getByRole('button', { name: 'Make admin' })).toHaveCount(0);
  await logOut(page);
  await expect(page).toHaveURL(/\/$/); // an admin is taken to / on logout

  await logIn(page, email, 'secret123');
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Make Admin' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Book' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
  await logOut(page);

  // And the admin takes the rights back, after a confirm.
  await logIn(page, 'admin@learntogether.test', 'admin123');
  await page.goto('/dashboard/allusers');
  await row.getByRole('button', { name: 'Remove admin' }).click();
  await confirm(page, 'Yes, remove admin!');
  await expect(page.getByText(`${email} is no longer an admin.`)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make admin' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Remove admin' })).toHaveCount(0);
});

test('the admin deletes a user, who can no longer sign in', async ({ page }) => {
  const email = uniqueEmail('leaving');
  await createAccount(email, 'secret123');
  await logIn(page, email, 'secret123');
  await logOut(page);

  await logIn(page, 'admin@learntogether.test', 'admin123');
  await page.goto('/dashboard/allusers');
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirm(page, 'Yes, delete it!');
  await expect(page.getByRole('dialog').getByText('User has been deleted.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // The admin cannot delete themself (the server refuses it): their own row offers no Delete.
  const ownRow = page.getByRole('row').filter({ hasText: 'admin@learntogether.test' });
  await expect(ownRow.getByText('(you)')).toBeVisible();
  await expect(ownRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await logOut(page);

  // The Firebase account is gone too, and the login says so (issue 30 §4), not "something went
  // wrong".
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page.getByText('No account with this email. Sign up, or check the address.'),
  ).toBeVisible();
  await expect(page.getByText('something went wrong')).toHaveCount(0);
});

test('a student opening /dashboard/allusers is signed out and lands on /login', async ({
  page,
}) => {
  await logIn(page, 'student@learntogether.test', 'student123');
  await page.goto('/dashboard/allusers');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Me', exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});
