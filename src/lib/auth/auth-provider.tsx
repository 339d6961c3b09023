import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { accessToken } from '@/lib/access-token';
import { apiClient, onUnauthorized } from '@/lib/api-client';
import { AuthContext, type AuthState, type AuthStatus } from './auth-context';
import { createFirebaseAuthService, type AuthService, type AuthUser } from './auth-service';

/** GET /admin/{email}: true or false for the caller themself. */
export async function fetchIsAdmin(email: string): Promise<boolean> {
  if (!accessToken.get()) return false;
  const answer = await apiClient.get<boolean>(`/admin/${encodeURIComponent(email)}`);
  return answer === true;
}

type Props = {
  children: ReactNode;
  service?: AuthService;
  checkAdmin?: (email: string) => Promise<boolean>;
};

export function AuthProvider({ children, service, checkAdmin = fetchIsAdmin }: Props) {
  const [authService] = useState<AuthService>(() => service ?? createFirebaseAuthService());
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<AuthUser | null>(null);
  const [isAdmin, setIsAdmin] = useState<boolean | null>(null);
  const [adminCheckRun, setAdminCheckRun] = useState(0);

  useEffect(
    () =>
      authService.onChange((next) => {
        setUser(next);
        setIsAdmin(null);
        setStatus(next ? 'signed-in' : 'signed-out');
      }),
    [authService],
  );

  useEffect(() => {
    if (status !== 'signed-in' || !user?.email) return;
    let cancelled = false;
    checkAdmin(user.email)
      .then((admin) => !cancelled && setIsAdmin(admin))
      .catch(() => !cancelled && setIsAdmin(false));
    return () => {
      cancelled = true;
    };
  }, [status, user, checkAdmin, adminCheckRun]);

  const signOut = useCallback(async () => {
    accessToken.clear();
    await authService.signOut();
  }, [authService]);

  useEffect(() => {
    // An expired or revoked access token ends the session cleanly.
    onUnauthorized(() => void signOut());
    return () => onUnauthorized(undefined);
  }, [signOut]);

  const refreshAdmin = useCallback(() => {
    setIsAdmin(null);
    setAdminCheckRun((n) => n + 1);
  }, []);

  // A signed-in account without an email (never the case for email or Google sign-in) is no admin.
  const adminFlag = status === 'signed-in' && !user?.email ? false : isAdmin;
  const value = useMemo<AuthState>(
    () => ({ status, user, isAdmin: adminFlag, signOut, refreshAdmin }),
    [status, user, adminFlag, signOut, refreshAdmin],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
