import type { Reducer } from '@reduxjs/toolkit';

// A slice that only some screens use (the checkout, the course list) loads with the first of
// them, not with the app: its module announces it here as it is evaluated, and each store takes
// it in then (src/app/store.ts), as the RTK Query cache joins through lazy-api.ts. This module
// only holds the slices and callbacks, so the app chunk stays free of them (docs/decisions.md
// D107).

/** A slice as a store takes it in: its key, its reducer, and what it keeps across a reload. */
export type LazySlice<Path extends string, State> = {
  reducerPath: Path;
  reducer: Reducer<State>;
  /** Read when the slice joins a store that persists; saved on each change (localStorage). */
  persistence?: { load: () => State; save: (state: State) => void };
};

type AnyLazySlice = LazySlice<string, never>;

const loaded = new Map<string, AnyLazySlice>();
const waiting = new Map<string, Set<(slice: AnyLazySlice) => void>>();

/** Called once per slice, by the slice's module as it is evaluated (before any selector of it runs). */
export function announceSlice<Path extends string, State>(slice: LazySlice<Path, State>): void {
  // Stored without its state's type; whenSliceLoads gives it back to the caller that names it.
  const stored = slice as unknown as AnyLazySlice;
  loaded.set(slice.reducerPath, stored);
  for (const attach of waiting.get(slice.reducerPath) ?? []) attach(stored);
  // Each slice is announced once: nothing waits for it any longer, so no store is kept alive here.
  waiting.delete(slice.reducerPath);
}

/**
 * Runs `attach` with the slice under `reducerPath` now if its module has loaded, else as soon as
 * it loads. The caller names the slice's type (the store's declared lazy slices).
 */
export function whenSliceLoads<Path extends string, State>(
  reducerPath: Path,
  attach: (slice: LazySlice<Path, State>) => void,
): void {
  const take = attach as unknown as (slice: AnyLazySlice) => void;
  const slice = loaded.get(reducerPath);
  if (slice) {
    take(slice);
    return;
  }
  const attaches = waiting.get(reducerPath) ?? new Set();
  attaches.add(take);
  waiting.set(reducerPath, attaches);
}
