// Firebase is downloaded only when needed: when this browser holds a saved session, or when a
// sign-in screen first uses it. This module (which imports nothing of Firebase) lets the auth
// service hear about the second case without loading Firebase for every visitor.

const waiting = new Set<() => void>();
let active = false;

/** Called once Firebase Auth is initialised (lib/firebase). */
export function markFirebaseActive(): void {
  if (active) return;
  active = true;
  for (const callback of [...waiting]) callback();
  waiting.clear();
}

/** Runs `callback` once Firebase is active (at once if it already is); returns a canceller. */
export function whenFirebaseActive(callback: () => void): () => void {
  if (active) {
    callback();
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/** Firebase's local persistence keeps the signed-in user under `firebase:authUser:<apiKey>:<app>`. */
export function hasSavedFirebaseSession(storage: Storage = localStorage): boolean {
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (storage.key(index)?.startsWith('firebase:authUser:')) return true;
    }
  } catch {
    // Storage unavailable: no saved session.
  }
  return false;
}
