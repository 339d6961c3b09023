// What starts and renews a signed-in session: only a signed-in session runs it, so
// auth-provider.tsx imports it with the first user, and a visitor's start carries none of it
// (docs/decisions.md D106).
import { accessToken } from '@/lib/access-token';
import type { AuthService, AuthUser } from './auth-service';
import { exchangeIdToken, fetchIsAdmin } from './session-api';
import { isTokenUsableFor } from './token-claims';

/** A new access token for `email`, for the current Firebase ID token (refreshed when stale). */
export async function newAccessToken(service: AuthService, email: string): Promise<string> {
  const idToken = await service.getIdToken();
  if (!idToken) throw new Error('The identity provider gave no ID token.');
  return exchangeIdToken(email, idToken);
}

/**
 * Makes sure a usable access token for the signed-in user is stored (exchanging the Firebase ID
 * token for a new one when needed) and returns the user's admin flag.
 */
export async function startSession(service: AuthService, user: AuthUser): Promise<boolean> {
  const email = user.email;
  // Email and Google sign-in always carry an address; an account without one has no API access.
  if (!email) return false;
  if (!isTokenUsableFor(accessToken.get(), email)) {
    accessToken.set(await newAccessToken(service, email));
  }
  // A failed admin check (other than a 401, which ends the session) leaves a plain user.
  return fetchIsAdmin(email).catch(() => false);
}
