import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** Login-only pages: visitors go to /login and come back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your sign-in…" />;
  if (status === 'signed-out') {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  return <>{children}</>;
}
