import { createContext, useContext } from 'react';
import type { AuthUser } from './auth-service';

/** `loading` lasts until the identity is known and, for a signed-in user, the session is ready. */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export type AuthState = {
  status: AuthStatus;
  user: AuthUser | null;
  /** Known whenever `status` is `signed-in`; null otherwise. */
  isAdmin: boolean | null;
  /**
   * Why the last sign-in could not be completed (the access-token exchange failed). A new object
   * for every failure; cleared when the next sign-in starts.
   */
  lastError: Error | null;
  signOut: () => Promise<void>;
  /** Re-reads the signed-in identity, e.g. after the display name changed. */
  refreshUser: () => Promise<void>;
  /**
   * Resolves with the status once it is no longer `loading` (at once when it is not): an action
   * taken before the session was checked waits for it rather than taking the user for a visitor.
   */
  sessionKnown: () => Promise<Exclude<AuthStatus, 'loading'>>;
};

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
