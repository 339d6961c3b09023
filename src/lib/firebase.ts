// Loaded only through dynamic import(), so Firebase stays out of the first chunk.
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { env } from '@/config/env';
import { markFirebaseActive } from '@/lib/auth/firebase-activation';

let app: FirebaseApp | undefined;
let auth: Auth | undefined;

export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  app = initializeApp({
    apiKey: env.firebase.apiKey,
    authDomain: env.firebase.authDomain,
    projectId: env.firebase.projectId,
    ...(env.firebase.appId ? { appId: env.firebase.appId } : {}),
  });
  auth = initializeAuth(app, {
    persistence: browserLocalPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (env.firebase.emulatorHost) {
    connectAuthEmulator(auth, `http://${env.firebase.emulatorHost}`, { disableWarnings: true });
  }
  markFirebaseActive();
  return auth;
}
