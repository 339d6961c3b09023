import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * `value`, except while React hydrates prerendered markup (and while prerendering), when it is
 * `prerendered`: state only the browser knows (localStorage) shows once hydrated, so that the
 * first render matches the markup every visitor got (docs/decisions.md D49). When the two are the
 * same (an empty course cart), hydration is followed by no extra render at all.
 */
export function useHydratedValue<T>(value: T, prerendered: T): T {
  return useSyncExternalStore(
    never,
    () => value,
    () => prerendered,
  );
}
