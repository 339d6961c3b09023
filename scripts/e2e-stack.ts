// The whole product as the end-to-end tests see it. Started by playwright.config.ts.
import { E2E_PORTS, E2E_SPA_DIR } from './lib/e2e-ports';
import { onShutdown, stopAll } from './lib/processes';
import { startProductionStack } from './lib/production-stack';

onShutdown(stopAll);
try {
  await startProductionStack({
    ports: E2E_PORTS,
    spaDir: E2E_SPA_DIR,
    // The browser reaches the server from 127.0.0.1, every test at once: as behind nginx in
    // production, the loopback peer is a proxy, so a test that needs its own visitor (a per-IP
    // rate limit of its own) names one with X-Forwarded-For. Nothing else sends that header.
    serverEnv: { TRUST_PROXY: '127.0.0.1' },
  });
  console.log('e2e stack ready');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
}
