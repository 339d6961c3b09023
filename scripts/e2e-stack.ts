// The whole product as the end-to-end tests see it. Started by playwright.config.ts.
import { E2E_PORTS, E2E_SPA_DIR } from './lib/e2e-ports';
import { onShutdown, stopAll } from './lib/processes';
import { startProductionStack } from './lib/production-stack';

onShutdown(stopAll);
try {
  await startProductionStack({ ports: E2E_PORTS, spaDir: E2E_SPA_DIR });
  console.log('e2e stack ready');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
}
