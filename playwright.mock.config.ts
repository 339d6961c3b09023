import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium';
import { testPort } from './scripts/lib/test-ports';

// `npm run dev:mock` in a real browser: the Vite dev server alone, msw's worker as the API.
const port = testPort(Number(process.env.E2E_MOCK_PORT ?? 5180));
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e-mock',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Not under test-results/: the e2e run beside this one empties that folder as it starts.
  outputDir: 'test-results-mock',
  use: {
    baseURL,
    // Recording a trace costs a third of the suite's CPU: only a retried test records one (pass
    // `--trace on` to record every test).
    trace: 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `npm run dev:mock -- --port ${port}`,
    url: baseURL,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
