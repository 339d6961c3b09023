import type { AuthService, AuthUser } from '@/lib/auth';
import { fakeIdToken } from '@/testing/mocks/tokens';

// The signed-in identity of `npm run dev:mock`, standing in for Firebase Auth: the stand-in
// identity functions (./identity.ts) sign in and out here, the app's AuthService listens. Kept in
// localStorage like Firebase's own persistence, so a reload keeps the session.
const KEY = 'learntogether:mock-auth-user';

const listeners = new Set<(user: AuthUser | null) => void>();

function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return typeof user.uid === 'string' && typeof user.email === 'string';
}

function read(): AuthUser | null {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return isAuthUser(saved) ? saved : null;
  } catch {
    return null;
  }
}

let current: AuthUser | null = read();

function change(user: AuthUser | null): void {
  current = user;
  if (user) localStorage.setItem(KEY, JSON.stringify(user));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener(user);
}

export const mockSession = {
  current: () => current,
  signIn: (user: AuthUser) => change(user),
  /** Changes the identity in place (like Firebase's updateProfile) without telling the listeners. */
  update(changes: Partial<AuthUser>): void {
    if (!current) return;
    current = { ...current, ...changes };
    localStorage.setItem(KEY, JSON.stringify(current));
  },
};

/** The app's AuthService over the mock session; its ID tokens are the ones msw accepts. */
export function createMockAuthService(): AuthService {
  return {
    onChange(listener) {
      listeners.add(listener);
      listener(current);
      return () => {
        listeners.delete(listener);
      };
    },
    async signOut() {
      change(null);
    },
    async getIdToken() {
      return current?.email ? fakeIdToken(current.email) : null;
    },
    async refreshUser() {
      for (const listener of listeners) listener(current);
    },
  };
}
