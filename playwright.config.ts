import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium';
import { E2E_SERVER_PORT } from './scripts/lib/e2e-ports';

const baseURL = `http://127.0.0.1:${E2E_SERVER_PORT}`;
const chromium = { browserName: 'chromium', viewport: { width: 1280, height: 800 } } as const;
/**
 * Loads each public page on an emulated slow network and CPU: its tests mostly wait (Chromium
 * throttles the CPU by pausing the page), so they run in a worker of their own beside the others
 * instead of queuing behind them (docs/decisions.md D83).
 */
const LAYOUT_SHIFT = 'layout-shift.spec.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two files at a time on the one stack (each test signs up its own accounts, or only reads
  // the demo ones); a file's tests run in order unless it says otherwise. A third worker made the
  // run no faster: the browsers keep both cores busy (docs/decisions.md D81). A third runs only
  // the layout-shift cases, which mostly wait (the projects' own limits below).
  fullyParallel: false,
  workers: 3,
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
  projects: [
    { name: 'chromium', testIgnore: LAYOUT_SHIFT, workers: 2, use: chromium },
    // One is enough: its 24 cases (about 150 s) end long before the others' queue does.
    { name: 'layout-shift', testMatch: LAYOUT_SHIFT, workers: 1, use: chromium },
  ],
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
