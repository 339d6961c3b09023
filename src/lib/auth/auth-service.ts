import type { User } from 'firebase/auth';
import { env } from '@/config/env';
import { hasSavedFirebaseSession, whenFirebaseActive } from './firebase-activation';

/** The signed-in identity (docs/architecture.md §7). */
export type AuthUser = {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  creationTime: string | null;
};

/** What the app needs from the identity provider to know who is signed in. */
export interface AuthService {
  onChange(listener: (user: AuthUser | null) => void): () => void;
  signOut(): Promise<void>;
  /** A fresh ID token of the signed-in user (null when nobody is signed in). */
  getIdToken(): Promise<string | null>;
  /** Re-reads the signed-in user (after a profile change) and tells the listeners. */
  refreshUser(): Promise<void>;
}

function toAuthUser(user: User | null): AuthUser | null {
  if (!user) return null;
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    creationTime: user.metadata.creationTime ?? null,
  };
}

/** Firebase Auth and the app's configured instance, fetched on first use (never in the first chunk). */
export const loadFirebase = () => Promise.all([import('@/lib/firebase'), import('firebase/auth')]);

/** The real service: Firebase Auth, loaded lazily on first use. */
export function createFirebaseAuthService(): AuthService {
  const listeners = new Set<(user: AuthUser | null) => void>();
  return {
    onChange(listener) {
      if (!env.firebase.configured) {
        listener(null);
        return () => undefined;
      }
      let unsubscribe: () => void = () => undefined;
      let cancelled = false;
      const attach = () => {
        void loadFirebase()
          .then(([{ getFirebaseAuth }, { onAuthStateChanged }]) => {
            if (cancelled) return;
            listeners.add(listener);
            const stop = onAuthStateChanged(getFirebaseAuth(), (user) =>
              listener(toAuthUser(user)),
            );
            unsubscribe = () => {
              listeners.delete(listener);
              stop();
            };
          })
          .catch(() => {
            // Firebase could not load (offline, blocked): behave as signed out.
            if (!cancelled) listener(null);
          });
      };
      // A visitor with no saved session is signed out without downloading Firebase; it is
      // attached as soon as a sign-in screen loads it.
      let stopWaiting: () => void = () => undefined;
      if (hasSavedFirebaseSession()) attach();
      else {
        listener(null);
        stopWaiting = whenFirebaseActive(attach);
      }
      return () => {
        cancelled = true;
        stopWaiting();
        unsubscribe();
      };
    },
    async signOut() {
      if (!env.firebase.configured) return;
      const [{ getFirebaseAuth }, { signOut }] = await loadFirebase();
      await signOut(getFirebaseAuth());
    },
    async getIdToken() {
      if (!env.firebase.configured) return null;
      const [{ getFirebaseAuth }] = await loadFirebase();
      return (await getFirebaseAuth().currentUser?.getIdToken()) ?? null;
    },
    async refreshUser() {
      if (!env.firebase.configured) return;
      const [{ getFirebaseAuth }] = await loadFirebase();
      const current = getFirebaseAuth().currentUser;
      // A failed reload still leaves the locally updated profile (updateProfile changes it in place).
      await current?.reload().catch(() => undefined);
      const user = toAuthUser(getFirebaseAuth().currentUser);
      for (const listener of listeners) listener(user);
    },
  };
}
