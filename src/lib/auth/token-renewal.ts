import { ACCESS_TOKEN_KEY, accessToken } from '@/lib/access-token';
import { ApiError } from '@/lib/api-client';
import { readTokenClaims } from './token-claims';

// The server's access token lives 2 hours. An open tab trades the current Firebase ID token for a
// new one shortly before that, so an active user is never signed out by the expiry alone.

/** Renew this long before `exp`: room for a late timer in a throttled background tab. */
export const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;
/** Each tab adds up to this much to the margin, so one of several open tabs renews first. */
export const RENEWAL_SPREAD_MS = 60_000;
/** Never sooner after a renewal, even if the server's tokens were shorter-lived than the margin. */
export const MIN_RENEWAL_DELAY_MS = 30_000;
/** After a failed renewal: 30 s, doubling, at most 5 min (the exchange allows 10 a minute). */
export const FIRST_RETRY_DELAY_MS = 30_000;
export const MAX_RETRY_DELAY_MS = 5 * 60_000;
/** A longer setTimeout delay overflows and fires at once. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

type DelayOptions = { margin?: number; minimum?: number };

/** How long to wait before renewing a token that expires at `expiresAt` (ms); 0 means now. */
export function renewalDelay(
  expiresAt: number,
  now: number,
  { margin = RENEW_BEFORE_EXPIRY_MS, minimum = 0 }: DelayOptions = {},
): number {
  return Math.min(Math.max(expiresAt - margin - now, minimum, 0), MAX_TIMER_DELAY_MS);
}

/** The wait before the next try after `failures` failed renewals in a row (1 for the first). */
export function retryDelay(failures: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(failures - 1, 0), MAX_RETRY_DELAY_MS);
}

/** A refused exchange (401/403: the account was deleted or disabled) ends the session. */
export function isRevocation(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

type RenewalOptions = {
  /** The signed-in address: only a stored token for it is renewed. */
  email: string;
  /** A new access token from the current Firebase ID token. */
  exchange: () => Promise<string>;
  /** False once the session this was started for has ended or changed. */
  isCurrent: () => boolean;
  /** The exchange was refused: the user has lost access. */
  onRevoked: () => void;
};

/**
 * Renews the stored access token before it expires, and at once when the tab comes back (timers
 * are throttled in background tabs and stop while a laptop sleeps). Returns a stopper.
 */
export function keepTokenRenewed({
  email,
  exchange,
  isCurrent,
  onRevoked,
}: RenewalOptions): () => void {
  const margin = RENEW_BEFORE_EXPIRY_MS + Math.random() * RENEWAL_SPREAD_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let renewing = false;
  let failures = 0;
  let stopped = false;
  const active = () => !stopped && isCurrent();

  const wait = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(check, delay);
  };

  /** When the stored token expires (ms), or null when it is gone or another account's. */
  const storedExpiry = (): number | null => {
    const token = accessToken.get();
    const claims = token ? readTokenClaims(token) : null;
    if (!claims || claims.email.toLowerCase() !== email.toLowerCase()) return null;
    return claims.exp * 1000;
  };

  // Reads the stored token each time, so a token another tab renewed is not renewed again.
  function check() {
    if (!active() || renewing) return;
    const expiresAt = storedExpiry();
    if (expiresAt === null) {
      // Signed out or switched account in another tab: this session's end is on its way.
      clearTimeout(timer);
      return;
    }
    const delay = renewalDelay(expiresAt, Date.now(), { margin });
    if (delay > 0) wait(delay);
    else void renew();
  }

  async function renew() {
    renewing = true;
    clearTimeout(timer);
    try {
      const token = await exchange();
      if (!active()) return;
      accessToken.set(token);
      failures = 0;
      const expiresAt = storedExpiry();
      if (expiresAt !== null) {
        wait(renewalDelay(expiresAt, Date.now(), { margin, minimum: MIN_RENEWAL_DELAY_MS }));
      }
    } catch (error) {
      if (!active()) return;
      if (isRevocation(error)) {
        onRevoked();
        return;
      }
      // Offline, 5xx or 429: the current token may well still be valid, so try again later. If it
      // expires meanwhile, the next call's 401 signs the user out as usual.
      failures += 1;
      wait(retryDelay(failures));
    } finally {
      renewing = false;
    }
  }

  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  const onStorage = (event: StorageEvent) => {
    // Another tab stored a token (or cleared them all): plan from that one.
    if (event.key !== ACCESS_TOKEN_KEY && event.key !== null) return;
    failures = 0;
    check();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', check);
  window.addEventListener('online', check);
  window.addEventListener('storage', onStorage);
  check();

  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', check);
    window.removeEventListener('online', check);
    window.removeEventListener('storage', onStorage);
  };
}
