import { BrowserRouter } from 'react-router';
import type { AuthService } from '@/lib/auth';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** `authService`: the identity provider, Firebase unless given (`npm run dev:mock` passes its own). */
export function App({ authService }: { authService?: AuthService }) {
  return (
    <AppProvider authService={authService}>
      {/* Navigations are plain updates, so one can be committed at once (flushSync). */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
