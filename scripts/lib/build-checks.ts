// Checks of `vite build` (vite.config.ts): a production build without an identity provider builds,
// but nobody could sign in with it, so the build says so (as the login page then does).

/** The warning for a build's VITE_* environment, or undefined when sign-in is configured. */
export function identityBuildWarning(env: Record<string, string | undefined>): string | undefined {
  const set = (name: string) => (env[name]?.trim() ?? '') !== '';
  if (set('VITE_FIREBASE_API_KEY') || set('VITE_FIREBASE_AUTH_EMULATOR_HOST')) return undefined;
  return (
    'Sign-in is not configured: this build names no Firebase project, so its login and signup ' +
    'pages say so and nobody can sign in. Set VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN, ' +
    'VITE_FIREBASE_PROJECT_ID and VITE_FIREBASE_APP_ID when building (docs/deploy.md).'
  );
}
