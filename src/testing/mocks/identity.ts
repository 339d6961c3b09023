import { vi } from 'vitest';
import type * as identity from '@/features/auth/api/identity';

/**
 * Firebase is replaced at the identity module's boundary in web tests:
 * `vi.mock('@/features/auth/api/identity', () => import('@/testing/mocks/identity').then((m) => m.createIdentityMock()))`.
 */
export function createIdentityMock(): { [K in keyof typeof identity]: ReturnType<typeof vi.fn> } {
  return {
    signIn: vi.fn(),
    signInWithGoogle: vi.fn(),
    sendPasswordReset: vi.fn(),
    signUp: vi.fn(),
    updateDisplayName: vi.fn(),
  };
}
