import { randomBytes } from 'node:crypto';
import { buildServer } from '../build-server';
import { seedDemoAccounts, startAuthEmulator } from './auth-emulator';
import { run, startProcess, waitForUrl } from './processes';

/** Builds the SPA into `outDir`, pointed at the Auth Emulator on `emulatorPort`; the exit code. */
export function buildSpaForEmulator(outDir: string, emulatorPort: number): Promise<number> {
  return run(
    'node_modules/.bin/vite',
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      env: {
        VITE_FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
        VITE_FIREBASE_PROJECT_ID: 'demo-learntogether',
      },
    },
  );
}

type StackOptions = { serverPort: number; emulatorPort: number; spaDir: string };

/**
 * The built SPA served by the compiled product server (the production artefact, built here into
 * `<spaDir>-server`) in production mode with a fresh in-memory database, and its own Auth
 * Emulator holding the demo accounts. Used by the e2e tests and the benchmarks.
 */
export async function startProductionStack({
  serverPort,
  emulatorPort,
  spaDir,
}: StackOptions): Promise<void> {
  // Inside the repository, so the compiled server finds node_modules as in production.
  const serverDir = `${spaDir.replace(/\/+$/, '')}-server`;
  await buildServer(serverDir);
  await startAuthEmulator(emulatorPort);
  await seedDemoAccounts(emulatorPort);
  startProcess('server', process.execPath, ['--enable-source-maps', `${serverDir}/index.js`], {
    env: {
      NODE_ENV: 'production',
      PORT: String(serverPort),
      PGLITE_DATA_DIR: 'memory://',
      SERVE_SPA: 'true',
      SPA_DIR: spaDir,
      ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
      LOG_LEVEL: 'warn',
    },
  });
  await waitForUrl(`http://127.0.0.1:${serverPort}/api/health`, 60_000);
}
