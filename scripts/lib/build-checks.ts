// Checks of `vite build` (vite.config.ts): a production build without an identity provider builds,
// but nobody could sign in with it, so the build says so (as the login page then does).
import { stripVTControlCharacters } from 'node:util';
import type { Plugin } from 'vite';

/**
 * A plugin's `apply` for the browser's build alone: neither the dev server nor the prerender's
 * Node build (scripts/lib/prerender-plugin.ts), which builds again with the same config file.
 */
export const browserBuildOnly: NonNullable<Plugin['apply']> = (_, env) =>
  env.command === 'build' && !env.isSsrBuild;

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

type BuildLog = { code?: string; message: string };

/**
 * The bundler's `onLog` for the app and its renderer: an endpoint's response schema is imported
 * lazily (src/lib/api/lazy-schema.ts), and where the screen imports the same contract module itself
 * it is simply in the screen's chunk, which the bundler would report as an ineffective dynamic
 * import on every build.
 */
export function quietLazyContractImports<Level>(
  level: Level,
  log: BuildLog,
  handler: (level: Level, log: BuildLog) => void,
): void {
  // The message starts with its code (in colour), then the module's path.
  const text = stripVTControlCharacters(log.message).replace(/^\[[A-Z_]+\]\s*/, '');
  const lazyContract = log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && text.startsWith('contract/');
  if (!lazyContract) handler(level, log);
}
