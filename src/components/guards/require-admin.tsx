import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** Admin-only pages: anyone else is signed out and sent to /login (docs/product.md §2, §6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, isAdmin, signOut } = useAuth();
  const location = useLocation();
  const denied = status === 'signed-out' || (status === 'signed-in' && isAdmin === false);

  useEffect(() => {
    if (status === 'signed-in' && isAdmin === false) void signOut();
  }, [status, isAdmin, signOut]);

  if (denied) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (status === 'loading' || isAdmin === null) return <Spinner label="Checking your access…" />;
  return <>{children}</>;
}
