// `npm test`: lint, typecheck and the suites, in order; stops at the first failure.
// `npm run test:quick` (`--quick`): the static checks, the web suite and the server suite on
// PGlite only, for the edit-test loop; `npm test` stays the full run (docs/decisions.md D72).
import { spawn } from 'node:child_process';
import { run } from './lib/processes';
import { testFilesMatching } from './lib/test-files';

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> };
/**
 * A step, or several at once: the others run alongside the first (they share nothing: other
 * ports, other databases, or only read the tree), their output held back and printed when all
 * are done.
 */
type Stage = Step | { together: [Step, ...Step[]] };

const quick = process.argv.includes('--quick');
const postgresUrl = process.env.TEST_DATABASE_URL?.trim();

/**
 * The server suites that open a test database (tests/server/helpers/build-test-app.ts, directly
 * or through tests/server/helpers/accounts.ts): only they can answer differently on PostgreSQL. The others
 * (processes started on their own PGlite, the Stripe emulator, the config) run once.
 */
const suitesUsingDatabase = () =>
  testFilesMatching('tests/server', /helpers\/build-test-app|helpers\/accounts|TEST_DATABASE_URL/);

// Several server processes behind nginx on a PostgreSQL and a Redis of their own, and the faults
// they survive (README, "Production"); without PostgreSQL and Redis answering they say SKIPPED.
// Mostly waiting on processes, so it runs alongside the server suite's second pass, and the
// e2e stack's SPA is built meanwhile.
const scaleTests: Step = {
  name: 'scale tests',
  command: 'node_modules/.bin/vitest',
  args: ['run', '--project', 'scale'],
};
// `npm run dev:mock` in Chromium: the Vite dev server alone, msw as the API.
const devMockTests: Step = {
  name: 'e2e tests (dev:mock)',
  command: 'node_modules/.bin/playwright',
  args: ['test', '-c', 'playwright.mock.config.ts'],
};
const e2eBuild: Step = {
  name: 'e2e build',
  command: 'node_modules/.bin/tsx',
  args: ['scripts/e2e.ts', '--build-only'],
};

const checksAndUnitSuites: Stage[] = [
  // The static checks only read the tree: two at a time keep both cores busy.
  {
    together: [
      { name: 'lint', command: 'node_modules/.bin/eslint', args: ['.', '--max-warnings=0'] },
      {
        name: 'typecheck',
        command: 'node_modules/.bin/tsc',
        args: ['-p', 'tsconfig.json', '--noEmit'],
      },
    ],
  },
  {
    together: [
      { name: 'format', command: 'node_modules/.bin/prettier', args: ['--check', '.'] },
      // Dead code: unused files, exports, dependencies (knip.json).
      { name: 'dead code', command: 'node_modules/.bin/knip', args: ['--no-progress'] },
      // Cited sections, decisions and commented paths exist (docs/decisions.md D71).
      {
        name: 'references',
        command: 'node_modules/.bin/tsx',
        args: ['scripts/check-references.ts'],
      },
    ],
  },
  {
    name: 'web tests',
    command: 'node_modules/.bin/vitest',
    args: ['run', '--project', 'web', '--project', 'web-mocked'],
  },
  // The server suite on a fresh PGlite per suite, then again on PostgreSQL when one is configured.
  {
    name: 'server tests (PGlite)',
    command: 'node_modules/.bin/vitest',
    args: ['run', '--project', 'server'],
    env: { TEST_DATABASE_URL: '' },
  },
];

const stages: Stage[] = quick
  ? checksAndUnitSuites
  : [
      ...checksAndUnitSuites,
      postgresUrl
        ? {
            together: [
              {
                name: 'server tests (PostgreSQL)',
                command: 'node_modules/.bin/vitest',
                args: ['run', '--project', 'server', ...suitesUsingDatabase()],
                env: { TEST_DATABASE_URL: postgresUrl },
              },
              scaleTests,
              e2eBuild,
            ],
          }
        : { together: [scaleTests, e2eBuild] },
      {
        name: 'e2e tests',
        command: 'node_modules/.bin/tsx',
        args: ['scripts/e2e.ts', '--no-build'],
      },
      devMockTests,
    ];

/** Runs a step with its output held back; resolves with its exit code and that output. */
function runHeld(step: Step): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(step.command, step.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = (code: number) => resolve({ code, output: Buffer.concat(chunks).toString() });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(1));
  });
}

const started = Date.now();
const results: { name: string; ok: boolean; seconds: number }[] = [];
const stepCount = stages.reduce(
  (n, stage) => n + ('together' in stage ? stage.together.length : 1),
  0,
);
for (const stage of stages) {
  const t0 = Date.now();
  const seconds = () => (Date.now() - t0) / 1000;
  if ('together' in stage) {
    const [first, ...others] = stage.together;
    const names = others.map((step) => step.name).join(', ');
    console.log(`\n=== ${first.name} (and ${names} alongside) ===`);
    const held = others.map((step) =>
      runHeld(step).then((answer) => ({ ...answer, step, seconds: seconds() })),
    );
    const code = await run(first.command, first.args, { env: first.env });
    results.push({ name: first.name, ok: code === 0, seconds: seconds() });
    let failed = code !== 0;
    for (const other of await Promise.all(held)) {
      console.log(`\n=== ${other.step.name} (ran alongside ${first.name}) ===\n${other.output}`);
      results.push({ name: other.step.name, ok: other.code === 0, seconds: other.seconds });
      failed ||= other.code !== 0;
    }
    if (failed) break;
  } else {
    console.log(`\n=== ${stage.name} ===`);
    const code = await run(stage.command, stage.args, { env: stage.env });
    results.push({ name: stage.name, ok: code === 0, seconds: seconds() });
    if (code !== 0) break;
  }
}

console.log('\n=== summary ===');
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length + (stepCount - results.length);
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`steps: ${results.filter((r) => r.ok).length} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
