/** Claims of the product's access token that the client looks at (docs/architecture.md §7). */
export type AccessTokenClaims = { email: string; exp: number };

/** Reads a JWT's payload without checking its signature: only the server can do that. */
export function readTokenClaims(token: string): AccessTokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof json !== 'object' || json === null) return null;
    const { email, exp } = json as { email?: unknown; exp?: unknown };
    if (typeof email !== 'string' || typeof exp !== 'number') return null;
    return { email, exp };
  } catch {
    return null;
  }
}

/** Tokens this close to their expiry are exchanged again rather than used. */
const EXPIRY_MARGIN_MS = 60_000;

/** Whether a stored access token belongs to `email` and stays valid for at least another minute. */
export function isTokenUsableFor(token: string | null, email: string, now = Date.now()): boolean {
  const claims = token ? readTokenClaims(token) : null;
  if (!claims) return false;
  return (
    claims.email.toLowerCase() === email.toLowerCase() && claims.exp * 1000 - EXPIRY_MARGIN_MS > now
  );
}
