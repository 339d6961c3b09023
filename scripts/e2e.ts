// `npm run test:e2e`: builds the SPA for the e2e stack (pointed at its emulator), then runs Playwright.
import { E2E_EMULATOR_PORT, E2E_SPA_DIR } from './lib/e2e-ports';
import { run } from './lib/processes';

const build = await run(
  'node_modules/.bin/vite',
  ['build', '--outDir', E2E_SPA_DIR, '--emptyOutDir', '--logLevel', 'warn'],
  {
    env: {
      VITE_FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${E2E_EMULATOR_PORT}`,
      VITE_FIREBASE_PROJECT_ID: 'demo-learntogether',
    },
  },
);
if (build !== 0) process.exit(build);
process.exit(await run('node_modules/.bin/playwright', ['test', ...process.argv.slice(2)]));
