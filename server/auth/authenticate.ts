import type { Db } from '../db/client';
import { findUserByEmail, type User } from '../db/repositories/users';
import { InvalidAccessTokenError, type AccessTokens } from './access-token';

/**
 * Who an access token belongs to, as stored now, the account it names (its Firebase uid, equal to
 * `user.firebaseUid`), and until when the token is accepted.
 */
export type Authenticated = { user: User; uid: string; expiresAt: number };

/**
 * The one way from an access token to the signed-in user, for HTTP requests (server/plugins/auth.ts)
 * and the chat's handshake and events (server/chat/sessions.ts, server/chat/plugin.ts). The account is read now, not taken
 * from the token: a deleted account's token opens nothing, and a role change counts at once.
 * The row must still be the token's account (same Firebase uid): an address deleted and signed up
 * again is another account, which a token issued before gets nothing from (docs/decisions.md D53).
 * Null for a token that must not be accepted (bad, expired, or its account is gone).
 */
export async function authenticate(
  deps: { db: Db; accessTokens: AccessTokens },
  token: string,
): Promise<Authenticated | null> {
  let uid: string;
  let email: string;
  let expiresAt: number;
  try {
    ({ uid, email, expiresAt } = await deps.accessTokens.verify(token));
  } catch (error) {
    if (error instanceof InvalidAccessTokenError) return null;
    throw error;
  }
  const user = await findUserByEmail(deps.db, email);
  return user && user.firebaseUid === uid ? { user, uid, expiresAt } : null;
}
