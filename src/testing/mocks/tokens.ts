// Stand-ins for the two tokens of the sign-in: the Firebase ID token (from the fake auth service)
// and the product's access token (a JWT-shaped string the msw handlers issue and read back).
import type { UserRole } from '@contract/users';
import { findUser } from './db';

const ID_TOKEN_PREFIX = 'fake-firebase-id-token:';
const SIGNATURE = 'msw-signature';

export const fakeIdToken = (email: string) => `${ID_TOKEN_PREFIX}${email}`;

/** The address a fake ID token was issued for, or null for anything else. */
export function emailOfIdToken(token: string): string | null {
  return token.startsWith(ID_TOKEN_PREFIX) ? token.slice(ID_TOKEN_PREFIX.length) : null;
}

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/**
 * `account` is the subject: as the server's token names the Firebase account, not the address
 * (docs/decisions.md D53), the fake names the msw db's account (`_id`). By default the account
 * stored now for `email`; an address without one gets a subject no account has.
 */
type AccessClaims = { email: string; role: UserRole; exp?: number; account?: string };

/** An access token as the server would issue it (2 h by default); `exp` is in seconds. */
export function makeAccessToken({
  email,
  role,
  exp = Math.floor(Date.now() / 1000) + 2 * 60 * 60,
  account = findUser(email)?._id ?? `no-account:${email}`,
}: AccessClaims): string {
  const header = base64Url({ alg: 'HS256', typ: 'JWT' });
  const payload = base64Url({ sub: account, email, role, exp });
  return `${header}.${payload}.${SIGNATURE}`;
}

/** The claims of a valid, unexpired token made by makeAccessToken; null otherwise. */
export function verifyAccessToken(
  token: string,
): { account: string; email: string; role: UserRole } | null {
  const [, payload, signature] = token.split('.');
  if (!payload || signature !== SIGNATURE) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as {
      sub?: unknown;
      email?: unknown;
      role?: unknown;
      exp?: unknown;
    };
    if (typeof claims.email !== 'string' || typeof claims.exp !== 'number') return null;
    if (typeof claims.sub !== 'string') return null;
    if (claims.exp * 1000 <= Date.now()) return null;
    return {
      account: claims.sub,
      email: claims.email,
      role: claims.role === 'admin' ? 'admin' : 'user',
    };
  } catch {
    return null;
  }
}
