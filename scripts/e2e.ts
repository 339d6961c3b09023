// `npm run test:e2e`: builds the SPA for the e2e stack (pointed at its emulator), then runs
// Playwright with the arguments given. `--build-only` builds and stops; `--no-build` runs
// Playwright on the SPA already built (npm test builds it while other suites run).
import { E2E_PORTS, E2E_SPA_DIR } from './lib/e2e-ports';
import { run } from './lib/processes';
import { buildSpaForEmulator } from './lib/production-stack';

const args = process.argv.slice(2);
const buildOnly = args.includes('--build-only');
const noBuild = args.includes('--no-build');
const playwrightArgs = args.filter((arg) => arg !== '--build-only' && arg !== '--no-build');

if (!noBuild) {
  const build = await buildSpaForEmulator(E2E_SPA_DIR, E2E_PORTS);
  if (build !== 0 || buildOnly) process.exit(build);
}
process.exit(await run('node_modules/.bin/playwright', ['test', ...playwrightArgs]));
