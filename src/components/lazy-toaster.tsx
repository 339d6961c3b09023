import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { toastLayer } from '@/lib/notify';

const Toaster = lazy<ComponentType>(() =>
  import('./toaster').catch((error: unknown) => {
    // Offline or blocked: the page keeps working without toasts.
    console.warn('The toast layer could not be loaded:', error);
    return { default: () => null };
  }),
);

/** The toast container (react-toastify), fetched and mounted when the first toast is raised. */
export function LazyToaster() {
  const wanted = useSyncExternalStore(toastLayer.subscribe, toastLayer.isWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
