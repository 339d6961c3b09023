import { BrowserRouter } from 'react-router';
import type { AuthService } from '@/lib/auth';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import type { AppStore } from './store';

/**
 * `authService`: the identity provider, Firebase unless given (`npm run dev:mock` passes its own).
 * `store`: one already holding a snapshot's data (src/main.tsx), else a new one.
 */
export function App({ authService, store }: { authService?: AuthService; store?: AppStore }) {
  return (
    <AppProvider authService={authService} store={store}>
      {/* Navigations are plain updates, so one can be committed at once (flushSync). */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
