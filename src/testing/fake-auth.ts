import type { AuthService, AuthUser } from '@/lib/auth';
import { fakeIdToken } from './mocks/tokens';

/** A stand-in for Firebase Auth: tests decide who is signed in, and when. */
export type FakeAuthService = AuthService & {
  /** Signs a user in, as the identity provider would after a sign-in or signup. */
  signIn(user: AuthUser): void;
  /** Changes the signed-in identity in place (like updateProfile) without telling the listeners. */
  updateUser(changes: Partial<AuthUser>): void;
  /** How many times the app asked to sign out. */
  readonly signOutCalls: number;
};

/** `'loading'` never answers until signIn()/signOut() is called, like a slow identity provider. */
export function createFakeAuthService(
  initial: AuthUser | null | 'loading' = null,
): FakeAuthService {
  let current = initial;
  let signOutCalls = 0;
  const listeners = new Set<(user: AuthUser | null) => void>();
  const emit = () => {
    if (current === 'loading') return;
    for (const listener of listeners) listener(current);
  };
  return {
    onChange(listener) {
      listeners.add(listener);
      if (current !== 'loading') listener(current);
      return () => {
        listeners.delete(listener);
      };
    },
    async signOut() {
      signOutCalls += 1;
      current = null;
      emit();
    },
    async getIdToken() {
      return current !== 'loading' && current?.email ? fakeIdToken(current.email) : null;
    },
    async refreshUser() {
      emit();
    },
    signIn(user) {
      current = user;
      emit();
    },
    updateUser(changes) {
      if (current !== 'loading' && current !== null) current = { ...current, ...changes };
    },
    get signOutCalls() {
      return signOutCalls;
    },
  };
}
