// Zod-free, so the access-policy decision (contract/access-policy.ts) and the web app may import
// these as values; contract/users.ts re-exports them beside its schemas.

export const USER_ROLES = ['user', 'admin'] as const;

/** Texts the API answers with for account and admin calls (shown to users as they are). */
export const USER_MESSAGES = {
  notFound: 'No such user.',
  emailMismatch: 'The email in the body must match the address in the path.',
  tokenForAnotherAddress: 'This sign-in token belongs to another address.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  lastAdmin: 'The last admin cannot be deleted.',
  cannotRemoveOwnAdmin: 'You cannot remove your own admin rights.',
  lastAdminRights: 'The last admin cannot lose their admin rights.',
  configuredAdmin:
    "This admin's rights come from the server's ADMIN_EMAILS setting and would return at their next sign-in: remove the address there.",
} as const;

/** Texts of the 401 and 403 answers of the access checks. */
export const AUTH_MESSAGES = {
  missingAccessToken: 'Sign in first: this request needs an access token.',
  invalidAccessToken: 'Your session is invalid or has expired. Please sign in again.',
  missingIdToken: 'Sign in first: this request needs a Firebase ID token.',
  invalidIdToken: 'The sign-in token is invalid or has expired. Please sign in again.',
  notYourAccount: 'You can only access your own account.',
  adminsOnly: 'Only admins can do this.',
} as const;
