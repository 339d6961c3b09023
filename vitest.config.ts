import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { testFilesMatching } from './scripts/lib/test-files';
import { WholeProcessesFirst } from './scripts/lib/test-sequencer';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

/**
 * The web test files that replace modules, environment variables or globals (`vi.mock`,
 * `vi.stubEnv`, …): each needs a module graph of its own. The others share their worker's
 * modules (`isolate: false`), which spares re-importing React, the router and the app per file.
 */
const webFilesWithMocks = testFilesMatching(
  'tests/web',
  /vi\.(mock|doMock|stubEnv|stubGlobal|resetModules)\(/,
);

/** On CI a failed test runs once more and is reported as flaky, as Playwright's do. */
const retryOnCi = process.env.CI ? 1 : 0;

/**
 * The web tests load no stylesheet (`css: false` below): nor do the libraries that inject their
 * own when imported or mounted. Each one jsdom holds is walked rule by rule on every
 * `getComputedStyle`, which every `…ByRole` query calls for each element it weighs: sweetalert2's
 * and react-toastify's 280 rules made those calls a fifth of the dashboard tests' CPU
 * (docs/decisions.md D110).
 * Both ship the same code without the injection.
 */
const withoutInjectedStyles = [
  {
    find: /^sweetalert2\/dist\/sweetalert2\.esm\.all\.js$/,
    replacement: 'sweetalert2/dist/sweetalert2.esm.js',
  },
  { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
];

const webProject = {
  plugins: [react()],
  resolve: {
    alias: [
      ...withoutInjectedStyles,
      ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
};
const webTest = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/web/setup.ts'],
  css: false,
  // A test may wait for two lazy screens in a row, each up to asyncUtilTimeout (5 s, see
  // tests/web/setup.ts) on a busy 2-core machine: the default 5 s per test is too tight.
  testTimeout: 20_000,
  // A screen's first lazy chunk, transformed on demand, can miss the 5 s wait on a loaded machine
  // (docs/decisions.md D109).
  retry: retryOnCi,
};

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; the server suites mostly wait (on the Auth
    // Emulator, processes, sockets), so two files at a time nearly halve the time. The scale
    // project runs its files one by one regardless (fileParallelism: false).
    maxWorkers: 2,
    sequence: { sequencer: WholeProcessesFirst },
    projects: [
      {
        ...webProject,
        test: {
          ...webTest,
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          exclude: webFilesWithMocks,
          isolate: false,
        },
      },
      {
        ...webProject,
        test: { ...webTest, name: 'web-mocked', include: webFilesWithMocks },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          // Each file builds its own app and database; sharing the imported modules between the
          // files of a worker spares importing the server (firebase-admin, Stripe, socket.io…)
          // forty times: 35 s of CPU on 2 cores.
          isolate: false,
          retry: retryOnCi,
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // The real Firebase Auth Emulator (port 9399), shared by every server test file.
          globalSetup: ['tests/server/global-setup.ts'],
          // Fails a test whose answers differ from the OpenAPI document.
          setupFiles: ['tests/server/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'scale',
          environment: 'node',
          // Whole processes (compiled server, nginx, PostgreSQL, Redis), started and killed.
          include: ['tests/scale/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
