import { useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { AuthProvider, type AuthService } from '@/lib/auth';
import { makeStore, type AppStore } from './store';

type Props = {
  children: ReactNode;
  store?: AppStore;
  authService?: AuthService;
  checkAdmin?: (email: string) => Promise<boolean>;
};

/** Store and auth for the whole app; tests pass their own store and auth service. */
export function AppProvider({ children, store, authService, checkAdmin }: Props) {
  const [appStore] = useState(() => store ?? makeStore());
  return (
    <ReduxProvider store={appStore}>
      <AuthProvider service={authService} checkAdmin={checkAdmin}>
        {children}
      </AuthProvider>
    </ReduxProvider>
  );
}
