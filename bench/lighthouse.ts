// Lighthouse (mobile, default simulated throttling) on every public route of the production
// build served by the product server: performance, CLS, FCP, LCP, TBT and accessibility.
// A benchmark, not a test: it prints a table and says which goals are missed.
// Usage: npm run bench (all benchmarks) or `tsx bench/lighthouse.ts [route …]`;
// LIGHTHOUSE_DETAILS=1 also prints each route's LCP breakdown and element.
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { stopAll } from '../scripts/lib/processes';
import {
  buildSpaForEmulator,
  startProductionStack,
  type StackPorts,
} from '../scripts/lib/production-stack';
import { PUBLIC_ROUTES, resolvePublicRoute } from './public-routes';

const PORT = 3400;
const EMULATOR_PORT = 9499;
const PORTS: StackPorts = { server: PORT, authEmulator: EMULATOR_PORT, stripeEmulator: 12411 };
const DEBUGGING_PORT = 9333;
const DIST = '.bench/lighthouse-dist';

/** The goals of the quality-gates issue. */
const GOALS = { performance: 98, cls: 0.02, fcpMs: 1200, lcpMs: 2000, accessibility: 100 };

type Row = {
  route: string;
  performance: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  accessibility: number;
};

async function audit(url: string): Promise<Row> {
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
  // LIGHTHOUSE_DETAILS=1 prints what makes up each route's LCP, and its element.
  if (process.env.LIGHTHOUSE_DETAILS) {
    console.log(new URL(url).pathname, JSON.stringify(audits['lcp-breakdown-insight']?.details));
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    route: new URL(url).pathname,
    performance: score('performance'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    accessibility: score('accessibility'),
  };
}

function misses(row: Row): string[] {
  const out: string[] = [];
  if (row.performance < GOALS.performance) out.push(`performance < ${GOALS.performance}`);
  if (!(row.cls < GOALS.cls)) out.push(`CLS ≥ ${GOALS.cls}`);
  if (row.fcpMs > GOALS.fcpMs) out.push(`FCP > ${GOALS.fcpMs / 1000} s`);
  if (row.lcpMs > GOALS.lcpMs) out.push(`LCP > ${GOALS.lcpMs / 1000} s`);
  if (row.accessibility < GOALS.accessibility) out.push(`accessibility < ${GOALS.accessibility}`);
  return out;
}

function printTable(rows: Row[]): void {
  const header = ['route', 'perf', 'CLS', 'FCP', 'LCP', 'TBT', 'a11y', 'goals'];
  const lines = rows.map((row) => {
    const missed = misses(row);
    return [
      row.route,
      String(row.performance),
      row.cls.toFixed(3),
      `${(row.fcpMs / 1000).toFixed(2)} s`,
      `${(row.lcpMs / 1000).toFixed(2)} s`,
      `${Math.round(row.tbtMs)} ms`,
      String(row.accessibility),
      missed.length === 0 ? 'met' : missed.join(', '),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : PUBLIC_ROUTES;
  // Built as a configured production app would be (identity provider set).
  if ((await buildSpaForEmulator(DIST, PORTS)) !== 0) throw new Error('build failed');
  await startProductionStack({ ports: PORTS, spaDir: DIST });

  // Lighthouse drives the browser over the DevTools protocol port.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  try {
    const rows: Row[] = [];
    for (const route of routes) {
      const base = `http://127.0.0.1:${PORT}`;
      rows.push(await audit(`${base}${await resolvePublicRoute(base, route)}`));
    }
    console.log('Lighthouse, mobile (simulated throttling), production build:');
    printTable(rows);
    const failed = rows.filter((row) => misses(row).length > 0).length;
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
