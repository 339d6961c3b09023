import { createContext, useContext } from 'react';
import type { AuthUser } from './auth-service';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export type AuthState = {
  status: AuthStatus;
  user: AuthUser | null;
  /** null while the admin flag is being fetched or nobody is signed in. */
  isAdmin: boolean | null;
  signOut: () => Promise<void>;
  /** Re-reads the admin flag (after the access token changes). */
  refreshAdmin: () => void;
};

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
