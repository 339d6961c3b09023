// The whole product as the end-to-end tests see it: the built SPA served by the product server
// (fresh in-memory database) with its own Auth Emulator. Started by playwright.config.ts.
import { seedDemoAccounts, startAuthEmulator } from './lib/auth-emulator';
import { onShutdown, startProcess, stopAll, waitForUrl } from './lib/processes';
import { E2E_EMULATOR_PORT, E2E_SERVER_PORT, E2E_SPA_DIR } from './lib/e2e-ports';

async function main(): Promise<void> {
  onShutdown(stopAll);
  await startAuthEmulator(E2E_EMULATOR_PORT);
  await seedDemoAccounts(E2E_EMULATOR_PORT);
  startProcess('server', 'node_modules/.bin/tsx', ['server/index.ts'], {
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_SERVER_PORT),
      PGLITE_DATA_DIR: 'memory://',
      SERVE_SPA: 'true',
      SPA_DIR: E2E_SPA_DIR,
      ACCESS_TOKEN_SECRET: 'e2e-only-secret-0123456789abcdefghijklmnop',
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${E2E_EMULATOR_PORT}`,
      LOG_LEVEL: 'warn',
    },
  });
  await waitForUrl(`http://127.0.0.1:${E2E_SERVER_PORT}/api/health`, 60_000);
  console.log('e2e stack ready');
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
});
