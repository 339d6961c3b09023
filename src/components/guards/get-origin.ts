import type { Location } from 'react-router';

/** Where a guard sent the user from, as a path to return to after sign-in. */
export function getOrigin(state: unknown, fallback: string): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return fallback;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'object' || from === null) return fallback;
  const { pathname, search = '', hash = '' } = from as Partial<Location>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/')) return fallback;
  return `${pathname}${search}${hash}`;
}

/**
 * What a screen asked to finish once the visitor has signed in (e.g. Order Now's book), carried
 * in the login's state as `then` and handed back to the origin as its location state.
 */
export function getReturnState(state: unknown): unknown {
  if (typeof state !== 'object' || state === null || !('then' in state)) return undefined;
  return (state as { then: unknown }).then;
}
