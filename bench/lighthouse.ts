// Lighthouse (mobile, default simulated throttling) on every public route of the production
// build served by the product server: performance, CLS, FCP, LCP, TBT and accessibility, three
// runs per route (LIGHTHOUSE_RUNS), reported as min / median / max. Beside each route it measures
// that route's static control (issue 32 §2): the route's own HTML as sent, with every script
// removed, served the same way by the same server (pre-compressed, same headers); the route and
// its control run alternately, so both see the same machine. Measuring starts once the server's
// first snapshots are made, after one unmeasured pair. A benchmark, not a test: it prints
// a table and says which goals are missed; a goal holds only when every run meets it.
// Usage: npm run bench (all benchmarks) or `tsx bench/lighthouse.ts [route …]`;
// LIGHTHOUSE_DETAILS=1 also prints each run's LCP breakdown and element, the long tasks and where
// the main thread's time went; LIGHTHOUSE_REUSE_BUILD=1 measures the last build again.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { stopAll } from '../scripts/lib/processes';
import {
  buildSpaForEmulator,
  startProductionStack,
  type StackPorts,
} from '../scripts/lib/production-stack';
import { SNAPSHOT_DATA_ID } from '../contract/prerendered';
import { withoutScripts } from './lib/static-control';
import { PUBLIC_ROUTES, resolvePublicRoute } from './public-routes';

const PORT = 3400;
const EMULATOR_PORT = 9499;
const PORTS: StackPorts = { server: PORT, authEmulator: EMULATOR_PORT, stripeEmulator: 12411 };
const DEBUGGING_PORT = 9333;
const DIST = '.bench/lighthouse-dist';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Lighthouse's own trace failures ("Please run Lighthouse again") are retried this often. */
const RETRIES = 2;

/**
 * The goals of issue 32 §2, for each run: LCP, CLS and accessibility outright; TBT at most
 * `tbtAboveControlMs` above the control's and performance at most `performanceBelowControl`
 * points below it (the same run pair).
 */
const GOALS = {
  lcpMs: 1800,
  cls: 0.01,
  accessibility: 100,
  tbtAboveControlMs: 100,
  performanceBelowControl: 3,
};
/** Where the controls are written, under the served build: served as any static file is. */
const CONTROL_DIR = 'lighthouse-control';

type Run = {
  performance: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  accessibility: number;
};
/** A route's run and its control's run, measured one after the other. */
type Pair = { run: Run; control: Run };
type Row = { route: string; pairs: Pair[] };

async function auditOnce(url: string): Promise<Run> {
  const result = await lighthouse(url, {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  if (process.env.LIGHTHOUSE_DETAILS) {
    const path = new URL(url).pathname;
    console.log(path, 'LCP', JSON.stringify(audits['lcp-breakdown-insight']?.details));
    // What the page asked for, and when (observed, unthrottled ms): what the simulation counts.
    const requests = audits['network-requests']?.details;
    const requestItems = requests && 'items' in requests ? requests.items : [];
    const timeline = requestItems.map((item: Record<string, unknown>) => [
      String(item.url).replace(/^https?:\/\/[^/]+/, ''),
      Math.round(Number(item.networkRequestTime)),
      Math.round(Number(item.networkEndTime)),
    ]);
    console.log(path, 'requests', JSON.stringify(timeline));
    // Where the blocking time goes: the long tasks, and each script's evaluation.
    for (const id of ['long-tasks', 'bootup-time', 'mainthread-work-breakdown']) {
      const details = audits[id]?.details;
      const items = details && 'items' in details ? details.items : [];
      console.log(path, id, JSON.stringify(items.slice(0, 8)));
    }
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    accessibility: score('accessibility'),
  };
}

async function audit(url: string): Promise<Run> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (attempt >= RETRIES) throw error;
      console.warn(`retrying after: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function misses({ run, control }: Pair): string[] {
  const out: string[] = [];
  if (run.lcpMs > GOALS.lcpMs) out.push(`LCP > ${GOALS.lcpMs / 1000} s`);
  if (!(run.cls <= GOALS.cls)) out.push(`CLS > ${GOALS.cls}`);
  if (run.accessibility < GOALS.accessibility) out.push(`accessibility < ${GOALS.accessibility}`);
  if (run.tbtMs > control.tbtMs + GOALS.tbtAboveControlMs) {
    out.push(`TBT > control + ${GOALS.tbtAboveControlMs} ms`);
  }
  if (run.performance < control.performance - GOALS.performanceBelowControl) {
    out.push(`performance < control - ${GOALS.performanceBelowControl}`);
  }
  return out;
}

/**
 * Writes `pathname`'s control: its HTML as the server sends it, without any script (nor the
 * module preloads that only scripts use), with the .br and .gz the build writes beside every file.
 * Answers the control's path.
 */
async function writeControl(base: string, pathname: string): Promise<string> {
  const response = await fetch(`${base}${pathname}`, { headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
  const html = withoutScripts(await response.text());
  const name = `${pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.html`;
  const dir = path.join(DIST, CONTROL_DIR);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, html);
  await writeFile(`${file}.gz`, gzipSync(html));
  await writeFile(`${file}.br`, brotliCompressSync(html));
  return `/${CONTROL_DIR}/${name}`;
}

/** The routes the server keeps a snapshot of (issue 32): their documents carry its data. */
const SNAPSHOT_ROUTES = ['/book', '/book/:first', '/courses/:first'];

/**
 * Waits until the server has made its first snapshots. It makes them in the background once it
 * has started (server/services/page-snapshots.ts): measured meanwhile, a page shares the CPU with
 * those renders, and its control is the shell rather than the snapshot.
 */
async function waitForSnapshots(base: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (const route of SNAPSHOT_ROUTES) {
    const pathname = await resolvePublicRoute(base, route);
    for (;;) {
      const response = await fetch(`${base}${pathname}`, { headers: { accept: 'text/html' } });
      if ((await response.text()).includes(`id="${SNAPSHOT_DATA_ID}"`)) break;
      if (Date.now() > deadline) throw new Error(`${pathname}: no snapshot after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** min / median / max of one figure over the runs. */
function spread(runs: Run[], pick: (run: Run) => number, format: (n: number) => string): string {
  const values = runs.map(pick).sort((a, b) => a - b);
  const median = values[Math.floor(values.length / 2)]!;
  return [values[0]!, median, values[values.length - 1]!].map(format).join(' / ');
}

function printTable(rows: Row[]): void {
  const header = ['route', 'perf', 'LCP (s)', 'TBT (ms)', 'CLS', 'FCP (s)', 'a11y', 'goals'];
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const cells = (label: string, runs: Run[]) => [
    label,
    spread(runs, (r) => r.performance, String),
    spread(runs, (r) => r.lcpMs, seconds),
    spread(
      runs,
      (r) => r.tbtMs,
      (n) => String(Math.round(n)),
    ),
    spread(
      runs,
      (r) => r.cls,
      (n) => n.toFixed(3),
    ),
    spread(runs, (r) => r.fcpMs, seconds),
    spread(runs, (r) => r.accessibility, String),
  ];
  const lines = rows.flatMap(({ route, pairs }) => {
    const missed = [...new Set(pairs.flatMap(misses))];
    return [
      [
        ...cells(
          route,
          pairs.map((pair) => pair.run),
        ),
        missed.length === 0 ? 'met' : missed.join(', '),
      ],
      [
        ...cells(
          '  its control',
          pairs.map((pair) => pair.control),
        ),
        '',
      ],
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (line: string[]) => line.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : PUBLIC_ROUTES;
  // Built as a configured production app would be (identity provider set).
  if (!process.env.LIGHTHOUSE_REUSE_BUILD && (await buildSpaForEmulator(DIST, PORTS)) !== 0) {
    throw new Error('build failed');
  }
  await startProductionStack({ ports: PORTS, spaDir: DIST });

  // Lighthouse drives the browser over the DevTools protocol port.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitForSnapshots(base);
    // One pair unmeasured: the first Lighthouse run of a browser, and the first requests of a
    // server, pay for caches and compiled code the later ones find ready.
    const firstRoute = await resolvePublicRoute(base, routes[0] ?? '/');
    await audit(`${base}${firstRoute}`);
    await audit(`${base}${await writeControl(base, firstRoute)}`);
    const rows: Row[] = [];
    for (const route of routes) {
      const pathname = await resolvePublicRoute(base, route);
      const controlUrl = `${base}${await writeControl(base, pathname)}`;
      const pairs: Pair[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        pairs.push({ run: await audit(`${base}${pathname}`), control: await audit(controlUrl) });
      }
      rows.push({ route: pathname, pairs });
    }
    console.log(
      `Lighthouse, mobile (simulated throttling), production build, ${RUNS} runs per route (min / median / max):`,
    );
    printTable(rows);
    const failed = rows.filter((row) => row.pairs.some((pair) => misses(pair).length > 0)).length;
    console.log(failed === 0 ? 'RESULT: every goal met' : `RESULT: ${failed} route(s) miss a goal`);
    process.exitCode = failed === 0 ? 0 : 1;
  } finally {
    await browser.close();
    await stopAll();
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
