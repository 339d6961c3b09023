// `npm run test:e2e`: builds the SPA for the e2e stack (pointed at its emulator), then runs Playwright.
import { E2E_PORTS, E2E_SPA_DIR } from './lib/e2e-ports';
import { run } from './lib/processes';
import { buildSpaForEmulator } from './lib/production-stack';

const build = await buildSpaForEmulator(E2E_SPA_DIR, E2E_PORTS);
if (build !== 0) process.exit(build);
process.exit(await run('node_modules/.bin/playwright', ['test', ...process.argv.slice(2)]));
