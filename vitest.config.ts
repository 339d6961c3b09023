import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; the server suites mostly wait (on the Auth
    // Emulator, processes, sockets), so two files at a time nearly halve the time. The scale
    // project runs its files one by one regardless (fileParallelism: false).
    maxWorkers: 2,
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          css: false,
          // A test may wait for two lazy screens in a row, each up to asyncUtilTimeout (5 s, see
          // tests/web/setup.ts) on a busy 2-core machine: the default 5 s per test is too tight.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
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
