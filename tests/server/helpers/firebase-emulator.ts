import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { FIREBASE_PROJECT_ID, markEmailVerified } from '../../../scripts/lib/auth-emulator';

/** host:port of the suite's Auth Emulator (started by tests/server/global-setup.ts). */
export function emulatorHost(): string {
  return inject('authEmulatorHost');
}

function identityToolkit(path: string): string {
  return `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/${path}`;
}

/** An address no other test uses (the emulator keeps accounts for the whole run). */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export type EmulatorAccount = { email: string; uid: string; idToken: string };

/**
 * Creates an account in the emulator, as the web app's sign-up does; returns its ID token. The
 * address is then marked verified (as clicking the verification mail does) unless `verified` is
 * false: ADMIN_EMAILS only counts verified addresses.
 */
export async function signUp(
  email: string,
  password = 'secret123',
  { verified = true, displayName }: { verified?: boolean; displayName?: string } = {},
): Promise<EmulatorAccount> {
  const response = await fetch(`${identityToolkit('accounts:signUp')}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; localId?: string };
  if (!response.ok || !body.idToken || !body.localId) {
    throw new Error(`sign-up of ${email} failed: ${JSON.stringify(body)}`);
  }
  if (verified) await markEmailVerified(emulatorHost(), body.localId);
  return { email, uid: body.localId, idToken: body.idToken };
}

/** Whether the emulator still has an account for the address (admin lookup, "owner" token). */
export async function accountExists(email: string): Promise<boolean> {
  const response = await fetch(identityToolkit(`projects/${FIREBASE_PROJECT_ID}/accounts:lookup`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ email: [email] }),
  });
  if (!response.ok) throw new Error(`lookup failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { users?: unknown[] };
  return (body.users?.length ?? 0) > 0;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An unsigned token shaped like a Firebase ID token. The emulator-aware verifier skips the
 * signature but still checks project (aud, iss), times and the account: used for the
 * "wrong project" and "expired" cases.
 */
export function unsignedIdToken(
  overrides: Record<string, unknown> & { uid: string; email: string },
): string {
  const now = Math.floor(Date.now() / 1000);
  const { uid, email, ...rest } = overrides;
  const payload = {
    iss: `https://securetoken.google.com/${FIREBASE_PROJECT_ID}`,
    aud: FIREBASE_PROJECT_ID,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    email,
    email_verified: false,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
    ...rest,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}
