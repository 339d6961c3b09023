import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, kept up to date. Read while rendering (not after), so the
 * first paint already has the right layout; true where there is no matchMedia (prerendering).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !('matchMedia' in window)) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  );
}
