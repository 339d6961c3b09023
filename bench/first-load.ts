// Measures the JavaScript the browser loads for `/` before first paint (target ≤ 130 KB gzip),
// checks that Firebase, Stripe, socket.io and sweetalert2 are not part of it, and reports all JS
// loaded until the network is idle. Usage: npm run bench (builds first).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { stopAll } from '../scripts/lib/processes';
import { buildSpaForEmulator, startProductionStack } from '../scripts/lib/production-stack';

const PORT = 3300;
const EMULATOR_PORT = 9299;
const DIST = '.bench/dist';
const BUDGET_KB = 130;
const FORBIDDEN: Record<string, RegExp> = {
  firebase: /FirebaseError|identitytoolkit\.googleapis/,
  stripe: /js\.stripe\.com|stripe\.elements/i,
  'socket.io': /engine\.io|socket\.io-client/,
  sweetalert2: /swal2-|sweetalert2/,
};

function gzipKb(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

async function main(): Promise<void> {
  // Built as a configured production app would be (identity provider set), so Firebase is really in play.
  const code = await buildSpaForEmulator(DIST, EMULATOR_PORT);
  if (code !== 0) throw new Error('build failed');
  await startProductionStack({ serverPort: PORT, emulatorPort: EMULATOR_PORT, spaDir: DIST });

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'networkidle' });
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({
          path: new URL(e.name).pathname,
          end: (e as PerformanceResourceTiming).responseEnd,
        }));
      return { fcp, scripts };
    });
    const assets = new Set(readdirSync(join(DIST, 'assets')));
    const sized = timing.scripts
      .filter((s) => assets.has(s.path.replace('/assets/', '')))
      .map((s) => ({
        ...s,
        kb: gzipKb(join(DIST, s.path)),
        text: readFileSync(join(DIST, s.path), 'utf8'),
      }));
    const beforePaint = sized.filter((s) => s.end <= timing.fcp);
    const sum = (list: typeof sized) => list.reduce((t, s) => t + s.kb, 0);

    console.log(`first contentful paint: ${timing.fcp.toFixed(0)} ms`);
    console.log('JS before first paint:');
    for (const s of beforePaint) console.log(`  ${s.path}  ${s.kb.toFixed(1)} KB gzip`);
    console.log(`  total ${sum(beforePaint).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
    console.log('JS loaded until network idle:');
    for (const s of sized) console.log(`  ${s.path}  ${s.kb.toFixed(1)} KB gzip`);
    console.log(`  total ${sum(sized).toFixed(1)} KB gzip`);

    let failed = sum(beforePaint) > BUDGET_KB;
    for (const [name, marker] of Object.entries(FORBIDDEN)) {
      const hit = beforePaint.find((s) => marker.test(s.text));
      console.log(`${name} before first paint: ${hit ? `YES (${hit.path})` : 'absent'}`);
      if (hit) failed = true;
    }
    console.log(failed ? 'RESULT: over budget' : 'RESULT: within budget');
    process.exitCode = failed ? 1 : 0;
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
