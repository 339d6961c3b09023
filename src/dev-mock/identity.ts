import type * as realIdentity from '@/features/auth/api/identity';
import { MOCK_DEMO_ACCOUNTS } from './demo-accounts';
import { mockSession } from './mock-session';

// `npm run dev:mock` puts this module in place of src/features/auth/api/identity.ts (the Vite
// plugin in vite.mock.config.ts), as the web tests do with vi.mock: the demo accounts sign in with
// their passwords; what needs a real identity provider fails with Firebase's error codes.

/** An error as Firebase Auth raises it: the app reads its `code`. */
class MockAuthError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'MockAuthError';
  }
}

const notAvailable = (what: string) =>
  new MockAuthError(
    'auth/operation-not-allowed',
    `${what} is not available with the mocked API (npm run dev:mock): log in with a demo account.`,
  );

// One fixed creation time: the profile shows it as the sign-up date.
const CREATION_TIME = 'Mon, 01 Jan 2024 00:00:00 GMT';

export async function signIn(email: string, password: string): Promise<void> {
  const account = MOCK_DEMO_ACCOUNTS.find((demo) => demo.email === email.trim().toLowerCase());
  // An unknown address answers as Firebase does with email-enumeration protection on.
  if (!account) throw new MockAuthError('auth/invalid-credential', 'Not a demo account.');
  if (account.password !== password) {
    throw new MockAuthError('auth/wrong-password', 'Wrong password for the demo account.');
  }
  mockSession.signIn({
    uid: `mock-${account.email}`,
    email: account.email,
    displayName: account.displayName,
    photoURL: null,
    creationTime: CREATION_TIME,
  });
}

export async function signInWithGoogle(): Promise<void> {
  throw notAvailable('Google sign-in');
}

export async function sendPasswordReset(_email: string): Promise<void> {
  throw notAvailable('Password reset');
}

export async function signUp(_input: realIdentity.SignUpInput): Promise<void> {
  throw notAvailable('Sign-up');
}

export async function updateDisplayName(name: string): Promise<'updated' | 'no-user'> {
  if (!mockSession.current()) return 'no-user';
  mockSession.update({ displayName: name });
  return 'updated';
}

// The real module's shape, checked: a new identity function must be stood in for here too.
const _sameShape: typeof realIdentity = {
  signIn,
  signInWithGoogle,
  sendPasswordReset,
  signUp,
  updateDisplayName,
};
