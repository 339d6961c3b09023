import type { Config } from '../config';
import type { VerifiedIdentity } from './firebase';

/** `demo-*` projects exist only in the Auth Emulator (the dev, test and e2e stacks). */
export function isDemoProject(config: Pick<Config, 'FIREBASE_PROJECT_ID'>): boolean {
  return config.FIREBASE_PROJECT_ID.startsWith('demo-');
}

/**
 * Whether a token exchange makes the caller an admin through ADMIN_EMAILS. With a real Firebase
 * project anyone may sign up with any address, so a listed address only counts once Firebase has
 * verified it; emulator accounts are never verified, so demo projects take it as it is.
 */
export function grantsConfiguredAdmin(
  config: Pick<Config, 'ADMIN_EMAILS' | 'FIREBASE_PROJECT_ID'>,
  identity: Pick<VerifiedIdentity, 'email' | 'emailVerified'>,
): boolean {
  if (!identity.email || !config.ADMIN_EMAILS.includes(identity.email)) return false;
  return identity.emailVerified === true || isDemoProject(config);
}
