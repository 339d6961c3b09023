// `npm test`: lint, typecheck and the three suites, in order; stops at the first failure.
import { run } from './lib/processes';

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> };

const postgresUrl = process.env.TEST_DATABASE_URL?.trim();

const steps: Step[] = [
  { name: 'lint', command: 'node_modules/.bin/eslint', args: ['.', '--max-warnings=0'] },
  { name: 'format', command: 'node_modules/.bin/prettier', args: ['--check', '.'] },
  {
    name: 'typecheck',
    command: 'node_modules/.bin/tsc',
    args: ['-p', 'tsconfig.json', '--noEmit'],
  },
  { name: 'web tests', command: 'node_modules/.bin/vitest', args: ['run', '--project', 'web'] },
  // The server suite on a fresh PGlite per suite, then again on PostgreSQL when one is configured.
  {
    name: 'server tests (PGlite)',
    command: 'node_modules/.bin/vitest',
    args: ['run', '--project', 'server'],
    env: { TEST_DATABASE_URL: '' },
  },
  ...(postgresUrl
    ? [
        {
          name: 'server tests (PostgreSQL)',
          command: 'node_modules/.bin/vitest',
          args: ['run', '--project', 'server'],
          env: { TEST_DATABASE_URL: postgresUrl },
        },
      ]
    : []),
  { name: 'e2e tests', command: 'node_modules/.bin/tsx', args: ['scripts/e2e.ts'] },
  // Several server processes behind nginx on PostgreSQL and Redis, and the faults they survive
  // (README, "Production"); without PostgreSQL and Redis answering they say SKIPPED.
  { name: 'scale tests', command: 'node_modules/.bin/vitest', args: ['run', '--project', 'scale'] },
  // `npm run dev:mock` in Chromium: the Vite dev server alone, msw as the API.
  {
    name: 'e2e tests (dev:mock)',
    command: 'node_modules/.bin/playwright',
    args: ['test', '-c', 'playwright.mock.config.ts'],
  },
];

const started = Date.now();
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const t0 = Date.now();
  const code = await run(step.command, step.args, { env: step.env });
  results.push({ name: step.name, ok: code === 0, seconds: (Date.now() - t0) / 1000 });
  if (code !== 0) break;
}

console.log('\n=== summary ===');
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length + (steps.length - results.length);
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`steps: ${results.filter((r) => r.ok).length} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
