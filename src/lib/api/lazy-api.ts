import type { setupListeners } from '@reduxjs/toolkit/query';
import type { baseApi } from './base-api';

// RTK Query (~12 KB gzip) loads with the first screen that uses server state, not with the app:
// base-api.ts announces itself here when its chunk runs, and each store adds the api's reducer
// and middleware then. This module only holds callbacks, so the app chunk stays free of it.

export type LoadedApi = { api: typeof baseApi; setupListeners: typeof setupListeners };

let loaded: LoadedApi | null = null;
const waiting = new Set<(loaded: LoadedApi) => void>();

/** Called once, by base-api.ts as it is evaluated (before any of its hooks can run). */
export function announceBaseApi(value: LoadedApi): void {
  loaded = value;
  for (const attach of waiting) attach(value);
  waiting.clear();
}

/** Runs `attach` with the api now when it has loaded, else as soon as it loads. */
export function whenBaseApiLoads(attach: (loaded: LoadedApi) => void): () => void {
  if (loaded) {
    attach(loaded);
    return () => undefined;
  }
  waiting.add(attach);
  return () => waiting.delete(attach);
}

/** The api if a screen has loaded it already; null while no screen needed server state. */
export function loadedBaseApi(): typeof baseApi | null {
  return loaded?.api ?? null;
}
