import { useEffect, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { whenBaseApiLoads } from '@/lib/api/lazy-api';
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
  // Focus and reconnect events refetch the shared server state (RTK Query), once it has loaded.
  useEffect(() => {
    let stopListening: (() => void) | undefined;
    const stopWaiting = whenBaseApiLoads(({ setupListeners }) => {
      stopListening = setupListeners(appStore.dispatch);
    });
    return () => {
      stopWaiting();
      stopListening?.();
    };
  }, [appStore]);
  return (
    <ReduxProvider store={appStore}>
      <AuthProvider service={authService}>{children}</AuthProvider>
    </ReduxProvider>
  );
}
