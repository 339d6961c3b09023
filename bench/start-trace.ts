// Where a public page's start keeps the main thread busy (issue 32 §2): each route is opened in
// a fresh phone-sized Chromium context with a trace (devtools.timeline and the sampling
// profiler, bench/lib/interaction-trace.ts), and every main-thread task of 50 ms or more is
// listed with its events and the functions with the most self time in it. Script tasks (mostly
// JavaScript) are told apart from the document's own parsing, style, layout and paint, which
// the static control of bench/lighthouse.ts has too; the summary gives, per run, the script
// tasks and what they exceed 50 ms by (the part Total Blocking Time counts).
// Usage: npx tsx bench/start-trace.ts [--runs N] [--cpu] [--control] [--base URL …] route …
//   --cpu: no throttling; each task counts its thread (CPU) time × 4, as Lighthouse's simulation
//     counts an unthrottled trace, so a loaded machine's waits do not count (else the CPU is
//     throttled 4× and tasks count their wall time).
//   --control: each route's static control too (its HTML as sent without scripts,
//     bench/lib/static-control.ts), so the summary shows what the app adds to every task's
//     blocking time, layout and paint included (the part TBT counts, task by task).
//   --base: trace already running stacks, alternating between them run by run (to compare two
//     builds); else the production stack is built and served on ports of its own
//     (TEST_PORT_OFFSET moves them; START_TRACE_REUSE_BUILD=1 serves the last build again).
import { loadavg } from 'node:os';
import { chromium, devices } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { stopAll } from '../scripts/lib/processes';
import {
  buildSpaForEmulator,
  startProductionStack,
  type StackPorts,
} from '../scripts/lib/production-stack';
import { testPort } from '../scripts/lib/test-ports';
import {
  frameName,
  IDLE_FRAMES,
  samplesOf,
  startTrace,
  stopTrace,
  threadEvents,
  top,
  type TraceEvent,
} from './lib/interaction-trace';
import { withoutScripts } from './lib/static-control';
import { resolvePublicRoute } from './public-routes';

const PORTS: StackPorts = {
  server: testPort(3900),
  authEmulator: testPort(9899),
  stripeEmulator: testPort(12911),
};
const DIST = '.bench/start-trace-dist';
const LONG_US = 50_000;
/** Events that are JavaScript run by a task (the rest is the document's own work). */
const SCRIPT_EVENTS = /^(FunctionCall|v8\.evaluateModule|RunMicrotasks|TimerFire|EvaluateScript)$/;

type Options = {
  runs: number;
  cpu: boolean;
  control: boolean;
  bases: string[];
  routes: string[];
};

function parseArgs(argv: string[]): Options {
  const options: Options = { runs: 3, cpu: false, control: false, bases: [], routes: [] };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--runs') options.runs = Number(argv[++index]);
    else if (arg === '--cpu') options.cpu = true;
    else if (arg === '--control') options.control = true;
    else if (arg === '--base') options.bases.push(argv[++index] ?? '');
    else options.routes.push(arg);
  }
  if (options.routes.length === 0 || !(options.runs > 0)) {
    throw new Error(
      'usage: npx tsx bench/start-trace.ts [--runs N] [--cpu] [--control] [--base URL …] route …',
    );
  }
  return options;
}

/** A task's length as counted: its wall time, or with --cpu its thread time × 4. */
function lengthOf(event: TraceEvent, cpu: boolean): number {
  return cpu ? (event.tdur ?? 0) * 4 : (event.dur ?? 0);
}

/** Whether most of a task's wall time is JavaScript (outermost script events only). */
function isScriptTask(task: TraceEvent, within: TraceEvent[]): boolean {
  let covered = 0;
  let until = 0;
  for (const event of within) {
    if (!SCRIPT_EVENTS.test(event.name)) continue;
    const end = event.ts + (event.dur ?? 0);
    if (end <= until) continue;
    covered += end - Math.max(event.ts, until);
    until = end;
  }
  return covered > (task.dur ?? 0) / 2;
}

/**
 * One traced visit (of the page's static control when `control`): the lines telling its long
 * tasks, its script tasks' lengths and every long task's length (ms).
 */
async function traceOnce(
  url: string,
  { cpu, control }: { cpu: boolean; control: boolean },
  browser: Awaited<ReturnType<typeof chromium.launch>>,
): Promise<{ lines: string[]; script: number[]; all: number[] }> {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await context.newPage();
  if (control) {
    await page.route(url, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: withoutScripts(await response.text()) });
    });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu ? 1 : 4 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await startTrace(cdp);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // The app's start runs after the load: its stages, the seed, hydration.
  await page.waitForTimeout(2_000);
  const events = await stopTrace(cdp);
  await context.close();

  const pathname = new URL(url).pathname;
  const parse = events.find(
    (event) =>
      event.name === 'ParseHTML' &&
      String((event.args?.beginData as { url?: string } | undefined)?.url ?? '').endsWith(pathname),
  );
  if (!parse) return { lines: ['  (no document parse in the trace)'], script: [], all: [] };
  const { pid, tid } = parse;
  const onMain = threadEvents(events, pid, tid);
  const { nodes, samples } = samplesOf(events, pid, tid);
  const lines: string[] = [];
  const script: number[] = [];
  const all: number[] = [];
  for (const task of onMain) {
    if (task.name !== 'RunTask' || task.ts < parse.ts) continue;
    const length = lengthOf(task, cpu);
    if (length < LONG_US) continue;
    all.push(length / 1000);
    const end = task.ts + (task.dur ?? 0);
    const within = onMain.filter(
      (event) => event !== task && event.ts >= task.ts && event.ts < end,
    );
    const isScript = isScriptTask(task, within);
    if (isScript) script.push(length / 1000);
    const byName = new Map<string, number>();
    for (const event of within) {
      byName.set(event.name, (byName.get(event.name) ?? 0) + lengthOf(event, cpu));
    }
    const self = new Map<string, number>();
    samples.forEach((sample, index) => {
      if (sample.ts < task.ts || sample.ts >= end) return;
      const node = nodes.get(sample.node);
      if (!node || IDLE_FRAMES.has(node.callFrame.functionName)) return;
      const next = samples[index + 1];
      const weight = next ? Math.min(next.ts - sample.ts, 2_000) : 100;
      self.set(frameName(node), (self.get(frameName(node)) ?? 0) + weight);
    });
    lines.push(
      `  ${(length / 1000).toFixed(0)} ms${isScript ? ' (script)' : ''} at +${((task.ts - parse.ts) / 1000).toFixed(0)} ms: ${top(byName, 6)}`,
      `    self time (ms, unthrottled samples): ${top(self, 8)}`,
    );
  }
  for (const error of errors.slice(0, 3)) lines.push(`  page error: ${error}`);
  return { lines, script, all };
}

/** What a run's tasks exceed 50 ms by, summed (ms). */
function overLong(tasks: number[]): number {
  return tasks.reduce((sum, ms) => sum + ms - 50, 0);
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  let bases = options.bases;
  if (bases.length === 0) {
    if (!process.env.START_TRACE_REUSE_BUILD) {
      const code = await buildSpaForEmulator(DIST, PORTS);
      if (code !== 0) throw new Error('build failed');
    }
    await startProductionStack({ ports: PORTS, spaDir: DIST });
    bases = [`http://127.0.0.1:${PORTS.server}`];
  }
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ` + (options.cpu ? 'unthrottled, CPU time × 4' : 'CPU 4× throttled, wall time'),
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const route of options.routes) {
      const summary = new Map<string, { script: number[]; all: number[] }[]>();
      const visits = bases.flatMap((base) => [
        { base, control: false, label: base },
        ...(options.control ? [{ base, control: true, label: `${base} (control)` }] : []),
      ]);
      for (let run = 0; run < options.runs; run += 1) {
        // Alternating which stack goes first, so neither always meets the same moment.
        for (const { base, control, label } of run % 2 === 0 ? visits : [...visits].reverse()) {
          const url = `${base}${await resolvePublicRoute(base, route)}`;
          const traced = await traceOnce(url, { cpu: options.cpu, control }, browser);
          console.log(`${label}, run ${run + 1}:`, ...traced.lines.map((line) => `\n${line}`));
          summary.set(label, [...(summary.get(label) ?? []), traced]);
        }
      }
      console.log(
        `\n${route}: script tasks ≥ 50 ms per run (ms) | what they exceed 50 ms by | ` +
          'what every task ≥ 50 ms exceeds it by',
      );
      for (const [label, runs] of summary) {
        const lists = runs.map(({ script }) => `[${script.map((ms) => ms.toFixed(0)).join(', ')}]`);
        const over = runs.map(({ script }) => overLong(script).toFixed(0));
        const overAll = runs.map(({ all }) => overLong(all).toFixed(0));
        console.log(`  ${label}: ${lists.join(' ')} | ${over.join(' ')} | ${overAll.join(' ')}`);
      }
    }
  } finally {
    await browser.close();
  }
}

try {
  await main();
} finally {
  await stopAll();
}
