import { env } from '@/config/env';

/** The signed-in identity as the spec describes it (§3). */
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
}

/** The real service: Firebase Auth, loaded lazily on first use. */
export function createFirebaseAuthService(): AuthService {
  return {
    onChange(listener) {
      if (!env.firebase.configured) {
        listener(null);
        return () => undefined;
      }
      let unsubscribe: () => void = () => undefined;
      let cancelled = false;
      void Promise.all([import('@/lib/firebase'), import('firebase/auth')])
        .then(([{ getFirebaseAuth }, { onAuthStateChanged }]) => {
          if (cancelled) return;
          unsubscribe = onAuthStateChanged(getFirebaseAuth(), (user) =>
            listener(
              user
                ? {
                    uid: user.uid,
                    email: user.email,
                    displayName: user.displayName,
                    photoURL: user.photoURL,
                    creationTime: user.metadata.creationTime ?? null,
                  }
                : null,
            ),
          );
        })
        .catch(() => {
          // Firebase could not load (offline, blocked): behave as signed out.
          if (!cancelled) listener(null);
        });
      return () => {
        cancelled = true;
        unsubscribe();
      };
    },
    async signOut() {
      if (!env.firebase.configured) return;
      const [{ getFirebaseAuth }, { signOut }] = await Promise.all([
        import('@/lib/firebase'),
        import('firebase/auth'),
      ]);
      await signOut(getFirebaseAuth());
    },
  };
}
