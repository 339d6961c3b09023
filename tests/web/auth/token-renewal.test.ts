import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  isRevocation,
  MIN_RENEWAL_DELAY_MS,
  renewalDelay,
  RENEW_BEFORE_EXPIRY_MS,
  retryDelay,
} from '@/lib/auth/token-renewal';

const MINUTE = 60_000;
const now = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('renewalDelay', () => {
  it('renews a 2-hour token 5 minutes before it expires', () => {
    expect(RENEW_BEFORE_EXPIRY_MS).toBe(5 * MINUTE);
    expect(renewalDelay(now + 120 * MINUTE, now)).toBe(115 * MINUTE);
  });

  it('takes a wider margin when given one', () => {
    expect(renewalDelay(now + 120 * MINUTE, now, { margin: 6 * MINUTE })).toBe(114 * MINUTE);
  });

  it.each([
    ['inside the margin', now + 3 * MINUTE],
    ['exactly at the margin', now + 5 * MINUTE],
    ['already expired', now - 10 * MINUTE],
  ])('is 0 (renew now, never in the past) for a token %s', (_, expiresAt) => {
    expect(renewalDelay(expiresAt, now)).toBe(0);
  });

  it('waits at least the minimum when one is given (a token shorter-lived than the margin)', () => {
    const options = { minimum: MIN_RENEWAL_DELAY_MS };
    expect(renewalDelay(now + 2 * MINUTE, now, options)).toBe(MIN_RENEWAL_DELAY_MS);
    expect(renewalDelay(now + 60 * MINUTE, now, options)).toBe(55 * MINUTE);
  });

  it('stays within what setTimeout can wait for a far-off expiry', () => {
    expect(renewalDelay(now + 365 * 24 * 60 * MINUTE, now)).toBe(2 ** 31 - 1);
  });
});

describe('retryDelay', () => {
  it('starts at 30 s and doubles up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 12].map(retryDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
  });
});

describe('isRevocation', () => {
  it.each([401, 403])('a %i from the exchange means the account lost access', (status) => {
    expect(isRevocation(new ApiError(status, 'unauthorized', 'no'))).toBe(true);
  });

  it.each([0, 400, 429, 500, 503])('a %i is worth another try later', (status) => {
    expect(isRevocation(new ApiError(status, 'http', 'later'))).toBe(false);
  });

  it('an error from the identity provider is worth another try later', () => {
    expect(isRevocation(new Error('auth/network-request-failed'))).toBe(false);
  });
});
