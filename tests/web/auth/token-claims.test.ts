import { describe, expect, it } from 'vitest';
import { isTokenUsableFor, readTokenClaims } from '@/lib/auth';
import { makeAccessToken } from '@/testing/mocks/tokens';

const now = Date.UTC(2025, 0, 1, 12, 0, 0);
const inSeconds = (seconds: number) => Math.floor(now / 1000) + seconds;

describe('access token claims', () => {
  it('reads email and exp from the payload (base64url, no padding)', () => {
    const token = makeAccessToken({ email: 'ada+test@example.com', role: 'admin', exp: 1234 });
    expect(readTokenClaims(token)).toEqual({ email: 'ada+test@example.com', exp: 1234 });
  });

  it.each(['', 'not-a-jwt', 'a.b.c', 'a.eyJmb28iOjF9.c', `a.${btoa('"text"')}.c`])(
    'gives null for %j',
    (token) => expect(readTokenClaims(token)).toBeNull(),
  );

  it('a token for the same address with more than a minute left is usable', () => {
    const token = makeAccessToken({ email: 'ada@example.com', role: 'user', exp: inSeconds(61) });
    expect(isTokenUsableFor(token, 'ada@example.com', now)).toBe(true);
    expect(isTokenUsableFor(token, 'Ada@Example.com', now)).toBe(true);
  });

  it('is not usable within a minute of its expiry, after it, or for another address', () => {
    const soon = makeAccessToken({ email: 'ada@example.com', role: 'user', exp: inSeconds(59) });
    const past = makeAccessToken({ email: 'ada@example.com', role: 'user', exp: inSeconds(-5) });
    const later = makeAccessToken({ email: 'ada@example.com', role: 'user', exp: inSeconds(3600) });
    expect(isTokenUsableFor(soon, 'ada@example.com', now)).toBe(false);
    expect(isTokenUsableFor(past, 'ada@example.com', now)).toBe(false);
    expect(isTokenUsableFor(later, 'bob@example.com', now)).toBe(false);
    expect(isTokenUsableFor(null, 'ada@example.com', now)).toBe(false);
  });
});
