import { errorCode } from '@contract/error-code';

// Texts of the login and signup screens, word for word as docs/product.md §5, §8 give them.
export const AUTH_MESSAGES = {
  invalidEmail: 'Invalid email',
  shortPassword: 'Minimum 6 characters!',
  passwordMismatch: "Password's don't match",
  nameRequired: 'Name is required',
  wrongPassword: 'Wrong password. Intruder!!',
  invalidEmailProvided: 'Invalid email provided, please provide a valid email',
  somethingWentWrong: 'something went wrong',
  resetEmailSent: 'email sent',
  /** Not in the spec, which says 'something went wrong' for it: what happened and what to do. */
  emailInUse: 'An account with this email already exists. Log in, or reset your password.',
  /** Not in the spec: an address with no account (never made, or deleted since). */
  noAccount: 'No account with this email. Sign up, or check the address.',
  /** Not in the spec: a sign-in method switched off (in Firebase, or by `npm run dev:mock`). */
  notAvailable: 'This is not available here: log in with email and password.',
} as const;

/** A simple {something}@{something}.{something} address (docs/product.md §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_MIN_LENGTH = 6;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** react-hook-form rules of the email field on login and signup (docs/product.md §5). */
export const emailRules = {
  validate: (value: string) => isEmail(value) || AUTH_MESSAGES.invalidEmail,
};

/** react-hook-form rules of the password length on login and signup (docs/product.md §5, §9). */
export const passwordLengthRules = {
  required: AUTH_MESSAGES.shortPassword,
  minLength: { value: PASSWORD_MIN_LENGTH, message: AUTH_MESSAGES.shortPassword },
};

/** The user closed the Google popup themself: nothing went wrong, so nothing is shown. */
export function isCancelledByUser(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}

/** The toast text for an identity-provider error (docs/product.md §8). */
export function authErrorMessage(error: unknown): string {
  switch (errorCode(error)) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
      return AUTH_MESSAGES.wrongPassword;
    case 'auth/invalid-email':
      return AUTH_MESSAGES.invalidEmailProvided;
    case 'auth/operation-not-allowed':
      return AUTH_MESSAGES.notAvailable;
    case 'auth/email-already-in-use':
      return AUTH_MESSAGES.emailInUse;
    // What Firebase (and its Auth Emulator) answers for a deleted account, unless the project
    // protects against email enumeration: then it is 'auth/invalid-credential', as for a wrong
    // password, and the spec's text stays (docs/product.md §8).
    case 'auth/user-not-found':
      return AUTH_MESSAGES.noAccount;
    default:
      return AUTH_MESSAGES.somethingWentWrong;
  }
}
