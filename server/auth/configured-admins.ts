import type { Config } from '../config';
import type { VerifiedIdentity } from './firebase';

/**
 * Whether a token exchange makes the caller an admin through ADMIN_EMAILS. Anyone may sign up
 * with any address, so a listed address only counts once Firebase has verified it, in demo
 * (emulator) projects too: the dev stack's demo admin is created verified.
 */
export function grantsConfiguredAdmin(
  config: Pick<Config, 'ADMIN_EMAILS'>,
  identity: Pick<VerifiedIdentity, 'email' | 'emailVerified'>,
): boolean {
  if (!identity.email || !config.ADMIN_EMAILS.includes(identity.email)) return false;
  return identity.emailVerified === true;
}
