import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium';
import { E2E_SERVER_PORT } from './scripts/lib/e2e-ports';

const baseURL = `http://127.0.0.1:${E2E_SERVER_PORT}`;
const chromium = { browserName: 'chromium', viewport: { width: 1280, height: 800 } } as const;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two files at a time on the one stack (each test signs up its own accounts, or only reads
  // the demo ones); a file's tests run in order unless it says otherwise. The browsers keep both
  // cores busy: a third worker (even one for the throttled layout-shift cases) only made every
  // test slower, and some time out (docs/decisions.md D84).
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    // Recording a trace costs a third of the suite's CPU: only a retried test records one (pass
    // `--trace on` to record every test).
    trace: 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: chromium }],
  webServer: {
    command: 'node_modules/.bin/tsx scripts/e2e-stack.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
