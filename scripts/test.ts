// `npm test`: lint, typecheck and the suites, in order; stops at the first failure.
// `npm run test:quick` (`--quick`): the static checks, the web suite and the server suite on
// PGlite only, for the edit-test loop; `npm test` stays the full run (docs/decisions.md D72).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { authEmulatorOn } from './lib/auth-emulator';
import { E2E_EMULATOR_PORT } from './lib/e2e-ports';
import { testFilesMatching, wholeProcessSuites } from './lib/test-files';
import { testPort } from './lib/test-ports';

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> };
/** Steps run one after another (stopping at the first failure), as one lane of a stage. */
type Lane = Step | Step[];
/**
 * A step, or several lanes at once: the others run alongside the first (they share nothing:
 * other ports, other databases, or only read the tree), their output held back and printed
 * when all are done.
 */
type Stage = Step | { together: [Lane, ...Lane[]] };

const quick = process.argv.includes('--quick');
const postgresUrl = process.env.TEST_DATABASE_URL?.trim();

/**
 * With PostgreSQL configured the server suite runs once, there (docs/architecture.md §7); the
 * embedded default, PGlite, then runs again only the files that mark themselves
 * `Both databases:` in a comment: the data layer, transactions and concurrent writes, where one
 * in-process connection and a server with many answer differently (docs/decisions.md D81).
 */
const suitesOnBothDatabases = () => testFilesMatching('tests/server', /^\/\/ Both databases:/m);

/**
 * A second server suite at once needs ports of its own (its Auth Emulator): the run's offset
 * moved by this much (scripts/lib/test-ports.ts).
 */
const SECOND_SUITE_PORT_SHIFT = 40;

// Several server processes behind nginx on a PostgreSQL and a Redis of their own, and the faults
// they survive (README, "Production"); without PostgreSQL and Redis answering they say SKIPPED.
// Mostly waiting on processes, so it runs alongside the server suite's second pass, and the
// e2e stack's SPA is built meanwhile.
const scaleTests: Step = {
  name: 'scale tests',
  command: 'node_modules/.bin/vitest',
  args: ['run', '--project', 'scale'],
};
// `npm run dev:mock` in Chromium: the Vite dev server alone, msw as the API. After the scale
// tests, which mostly wait, rather than beside the e2e suite, which keeps both cores busy
// (docs/decisions.md D88): its own port, its own results folder.
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

/** TypeScript 7's native compiler checks the types (TypeScript 5.9 stays for ESLint and knip). */
const TYPECHECK = 'node_modules/typescript-native/bin/tsc';

const checksAndWebSuite: Stage[] = [
  // The static checks only read the tree, two lanes of about 50 s of CPU each on a fresh clone
  // (docs/decisions.md D110): ESLint (about 45 s) then knip; the types (about 12 s on one thread:
  // the other core is the other lane's), the format (about 30 s) and the references.
  {
    together: [
      [
        {
          name: 'typecheck',
          command: TYPECHECK,
          // Incremental: a second run re-checks only what changed and what depends on it (a fresh
          // clone has no build info, and checks everything).
          args: [
            '-p',
            'tsconfig.json',
            '--noEmit',
            '--singleThreaded',
            '--incremental',
            '--tsBuildInfoFile',
            'node_modules/.cache/tsc/tsconfig.tsbuildinfo',
          ],
        },
        // Prettier caches per file's content and its config, in node_modules/.cache: a fresh
        // clone checks every file.
        {
          name: 'format',
          command: 'node_modules/.bin/prettier',
          args: ['--check', '.', '--cache'],
        },
        // Cited sections, decisions and commented paths exist (docs/decisions.md D71).
        {
          name: 'references',
          command: 'node_modules/.bin/tsx',
          args: ['scripts/check-references.ts'],
        },
      ],
      [
        // ESLint caches per file's content and its config (no rule here reads types across
        // files), in node_modules/.cache: a fresh clone checks every file.
        {
          name: 'lint',
          command: 'node_modules/.bin/eslint',
          args: [
            '.',
            '--max-warnings=0',
            '--cache',
            '--cache-location',
            'node_modules/.cache/eslint/',
          ],
        },
        // Dead code: unused files, exports, dependencies (knip.json).
        { name: 'dead code', command: 'node_modules/.bin/knip', args: ['--no-progress'] },
      ],
    ],
  },
  {
    name: 'web tests',
    command: 'node_modules/.bin/vitest',
    args: ['run', '--project', 'web', '--project', 'web-mocked'],
  },
];

const serverSuite = (name: string, env: Record<string, string>, files: string[] = []): Step => ({
  name,
  command: 'node_modules/.bin/vitest',
  args: ['run', '--project', 'server', ...files],
  env,
});
// The whole server suite on a fresh PGlite per file: the quick run, and the full run without
// PostgreSQL.
const serverOnPglite = serverSuite('server tests (PGlite)', { TEST_DATABASE_URL: '' });

// The whole-process files take a minute or more each: the quick run leaves them to `npm test`.
const serverQuick = serverSuite(
  'server tests (PGlite, without whole processes)',
  { TEST_DATABASE_URL: '' },
  wholeProcessSuites().flatMap((file) => ['--exclude', file]),
);
const e2eTests: Step = {
  name: 'e2e tests',
  command: 'node_modules/.bin/tsx',
  args: ['scripts/e2e.ts', '--no-build'],
};

/**
 * The server suite and what only waits on processes at once: with PostgreSQL, the suite on it and
 * PGlite's own files (on ports of their own) after the e2e build, beside the scale tests and then
 * the dev:mock browser tests.
 */
const serverAndScale: Stage[] = postgresUrl
  ? [
      {
        together: [
          serverSuite('server tests (PostgreSQL)', { TEST_DATABASE_URL: postgresUrl }),
          [
            e2eBuild,
            serverSuite(
              'server tests (PGlite, both-database files)',
              {
                TEST_DATABASE_URL: '',
                TEST_PORT_OFFSET: String(testPort(SECOND_SUITE_PORT_SHIFT)),
              },
              suitesOnBothDatabases(),
            ),
          ],
          [scaleTests, devMockTests],
        ],
      },
    ]
  : [serverOnPglite, { together: [[scaleTests, devMockTests], e2eBuild] }];

const stages: Stage[] = quick
  ? [...checksAndWebSuite, serverQuick]
  : [...checksAndWebSuite, ...serverAndScale, e2eTests];

/**
 * CPU seconds (user + system) of the children this process has reaped so far, from Linux's
 * /proc (undefined elsewhere): at the end, the whole run's. On a shared machine a fairer figure
 * than the wall time.
 */
function reapedCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command's closing parenthesis; cutime and cstime are the 16th and 17th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
// USER_HZ: 100 on every Linux kernel configuration user space sees.
const CLOCK_TICKS = 100;

type Outcome = { code: number; output: string; cpu: number | undefined };

/**
 * Runs the step's command in a shell that, once it exits, writes the CPU time of the command and
 * every process it started (bash's `times`, children's line) to descriptor 3: the step's own
 * figure even while other steps run alongside (docs/decisions.md D81). The command does not
 * inherit descriptor 3, so a server it leaves behind cannot hold the pipe open.
 */
const TIMED = '"$@" 3>&-; status=$?; times >&3; exit $status';

/** Seconds from `times`' children line ("0m12.340s 0m1.020s"): user plus system. */
function childrenCpuSeconds(times: string): number | undefined {
  const line = times.trim().split('\n')[1];
  const parts = [...(line ?? '').matchAll(/(\d+)m([\d.]+)s/g)];
  if (parts.length !== 2) return undefined;
  return parts.reduce(
    (sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds),
    0,
  );
}

/**
 * Runs a step, its output on the terminal or (`held`) held back; resolves with its exit code,
 * that output and its CPU time.
 */
function runStep(step: Step, held: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let times = '';
    const child = spawn('bash', ['-c', TIMED, step.name, step.command, ...step.args], {
      stdio: held ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['inherit', 'inherit', 'inherit', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stdio[3]?.on('data', (chunk: Buffer) => (times += chunk.toString()));
    child.on('close', (code, signal) =>
      resolve({
        code: code ?? (signal ? 1 : 0),
        output: Buffer.concat(chunks).toString(),
        cpu: childrenCpuSeconds(times),
      }),
    );
    child.on('error', () =>
      resolve({ code: 1, output: Buffer.concat(chunks).toString(), cpu: undefined }),
    );
  });
}

type Result = { name: string; ok: boolean; seconds: number; cpu: number | undefined };

/** Runs a lane's steps in order until one fails; `held` holds their output back. */
async function runLane(lane: Lane, held: boolean): Promise<{ results: Result[]; output: string }> {
  const results: Result[] = [];
  let output = '';
  for (const step of laneSteps(lane)) {
    const t0 = Date.now();
    const outcome = await runStep(step, held);
    const ok = outcome.code === 0;
    results.push({ name: step.name, ok, seconds: (Date.now() - t0) / 1000, cpu: outcome.cpu });
    if (held) output += `\n=== ${step.name} (ran alongside) ===\n${outcome.output}`;
    if (!ok) break;
  }
  return { results, output };
}

function laneSteps(lane: Lane): Step[] {
  return Array.isArray(lane) ? lane : [lane];
}

const started = Date.now();
/**
 * The full run's one Auth Emulator, shared by the server suites, the scale stacks and the e2e
 * stack (docs/decisions.md D94): started now, while the static checks run, on the e2e stack's port
 * (the SPA the e2e build makes signs in there); every step finds it in TEST_AUTH_EMULATOR_PORT.
 * The quick run's server suite starts its own, as a suite run alone does.
 */
const sharedEmulator = quick
  ? undefined
  : authEmulatorOn(E2E_EMULATOR_PORT).then(
      (emulator) => ({ emulator, error: undefined }),
      (error: unknown) => ({ emulator: undefined, error }),
    );
if (sharedEmulator) process.env.TEST_AUTH_EMULATOR_PORT = String(E2E_EMULATOR_PORT);
const results: Result[] = [];
const stepCount = stages.reduce(
  (n, stage) => n + ('together' in stage ? stage.together.flatMap(laneSteps).length : 1),
  0,
);
for (const stage of stages) {
  const [first, ...others] = 'together' in stage ? stage.together : [stage];
  const alongside = others.flatMap(laneSteps).map((step) => step.name);
  const title = laneSteps(first)
    .map((step) => step.name)
    .join(', then ');
  console.log(
    `\n=== ${title}${alongside.length ? ` (and ${alongside.join(', ')} alongside)` : ''} ===`,
  );
  // The checks and the web suite do not sign in; every stage after them may.
  if (sharedEmulator && !checksAndWebSuite.includes(stage)) {
    const { error } = await sharedEmulator;
    if (error) {
      console.error('The shared Auth Emulator did not start:', error);
      break;
    }
  }
  const held = others.map((lane) => runLane(lane, true));
  const answers = [await runLane(first, false), ...(await Promise.all(held))];
  for (const answer of answers) {
    if (answer.output) console.log(answer.output);
    results.push(...answer.results);
  }
  if (answers.some((answer) => answer.results.some((r) => !r.ok))) break;
}

await (await sharedEmulator)?.emulator?.stop();

console.log("\n=== summary (wall, and CPU with the step's child processes) ===");
for (const r of results) {
  const cpu = r.cpu === undefined ? '' : `, ${r.cpu.toFixed(1)} s CPU`;
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s${cpu})`);
}
const failed = results.filter((r) => !r.ok).length + (stepCount - results.length);
const totalCpu = reapedCpuSeconds();
console.log(
  `total ${((Date.now() - started) / 1000).toFixed(1)} s` +
    (totalCpu === undefined ? '' : `, ${totalCpu.toFixed(1)} s CPU`),
);
console.log(`steps: ${results.filter((r) => r.ok).length} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
