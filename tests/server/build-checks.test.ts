import { describe, expect, it } from 'vitest';
import { identityBuildWarning } from '../../scripts/lib/build-checks';

describe('a web build without an identity provider', () => {
  it('warns, naming the variables, unless a real project or the Auth Emulator is configured', () => {
    expect(identityBuildWarning({})).toMatch(/Sign-in is not configured.*VITE_FIREBASE_API_KEY/);
    expect(identityBuildWarning({ VITE_FIREBASE_API_KEY: '  ' })).toBeDefined();
    expect(identityBuildWarning({ VITE_FIREBASE_PROJECT_ID: 'demo-learntogether' })).toBeDefined();
    expect(identityBuildWarning({ VITE_FIREBASE_API_KEY: 'AIza-real-key' })).toBeUndefined();
    expect(
      identityBuildWarning({ VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toBeUndefined();
  });
});
