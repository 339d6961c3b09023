import { setupListeners } from '@reduxjs/toolkit/query';
import { useEffect, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { AuthProvider, type AuthService } from '@/lib/auth';
import { makeStore, type AppStore } from './store';

type Props = {
  children: ReactNode;
  store?: AppStore;
  authService?: AuthService;
};

/** Store and auth for the whole app; tests pass their own store and auth service. */
export function AppProvider({ children, store, authService }: Props) {
  const [appStore] = useState(() => store ?? makeStore());
  // Focus and reconnect events refetch the shared server state (RTK Query).
  useEffect(() => setupListeners(appStore.dispatch), [appStore]);
  return (
    <ReduxProvider store={appStore}>
      <AuthProvider service={authService}>{children}</AuthProvider>
    </ReduxProvider>
  );
}
