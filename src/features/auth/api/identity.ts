// The identity-provider calls of the login, signup and profile screens (Firebase Auth, loaded on
// first use). Tests replace this module; everything else about sign-in lives in lib/auth.
import { loadFirebase } from '@/lib/auth';

export async function signIn(email: string, password: string): Promise<void> {
  const [{ getFirebaseAuth }, { signInWithEmailAndPassword }] = await loadFirebase();
  await signInWithEmailAndPassword(getFirebaseAuth(), email, password);
}

export async function signInWithGoogle(): Promise<void> {
  const [{ getFirebaseAuth }, { GoogleAuthProvider, signInWithPopup }] = await loadFirebase();
  await signInWithPopup(getFirebaseAuth(), new GoogleAuthProvider());
}

export async function sendPasswordReset(email: string): Promise<void> {
  const [{ getFirebaseAuth }, { sendPasswordResetEmail }] = await loadFirebase();
  await sendPasswordResetEmail(getFirebaseAuth(), email);
}

export type SignUpInput = { name: string; email: string; password: string };

/** Creates the account (which signs it in), sends the verification email, then sets the name. */
export async function signUp({ name, email, password }: SignUpInput): Promise<void> {
  const [{ getFirebaseAuth }, firebaseAuth] = await loadFirebase();
  const { user } = await firebaseAuth.createUserWithEmailAndPassword(
    getFirebaseAuth(),
    email,
    password,
  );
  try {
    await firebaseAuth.sendEmailVerification(user);
  } finally {
    // The name is set even when the verification mail could not be sent.
    await firebaseAuth.updateProfile(user, { displayName: name });
  }
}

/** Sets the signed-in user's display name; 'no-user' when nobody is signed in to Firebase. */
export async function updateDisplayName(name: string): Promise<'updated' | 'no-user'> {
  const [{ getFirebaseAuth }, { updateProfile }] = await loadFirebase();
  const user = getFirebaseAuth().currentUser;
  if (!user) return 'no-user';
  await updateProfile(user, { displayName: name });
  return 'updated';
}
