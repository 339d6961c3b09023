import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { AuthService } from '@/lib/auth';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/** `authService`: the identity provider, Firebase unless given (`npm run dev:mock` passes its own). */
export function App({ authService }: { authService?: AuthService }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider authService={authService}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
