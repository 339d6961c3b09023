// Measures the JavaScript of the first screen of every public route: what the first paint waits
// for (only the tiny boot module: the shell is HTML and CSS) and everything loaded until the
// network is idle (budget: 130 KB gzip per route). Checks that Firebase, Stripe, socket.io and
// sweetalert2 are not part of what a visitor loads. Sizes are gzip level 9 (the budget's unit)
// and brotli (what the server sends). Usage: npm run bench (builds first).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { stopAll } from '../scripts/lib/processes';
import { testPort } from '../scripts/lib/test-ports';
import {
  buildSpaForEmulator,
  startProductionStack,
  type StackPorts,
} from '../scripts/lib/production-stack';
import { PUBLIC_ROUTES, resolvePublicRoute } from './public-routes';

const PORT = testPort(3300);
const EMULATOR_PORT = testPort(9299);
const PORTS: StackPorts = {
  server: PORT,
  authEmulator: EMULATOR_PORT,
  stripeEmulator: testPort(12311),
};
const DIST = '.bench/dist';
const BUDGET_KB = 130;
/**
 * The chunks loaded only once the first screen is interactive: the field measurement
 * (src/app/vitals-beacon.ts, with web-vitals) and the rules it shares with the admin's
 * Performance screen (contract/vitals-rules.ts).
 */
const AFTER_INTERACTIVE = /\/assets\/vitals-(?:beacon|rules)-[\w-]+\.js$/;
const FORBIDDEN: Record<string, RegExp> = {
  firebase: /FirebaseError|identitytoolkit\.googleapis/,
  stripe: /js\.stripe\.com|stripe\.elements/i,
  'socket.io': /engine\.io|socket\.io-client/,
  sweetalert2: /swal2-|sweetalert2/,
};

type Script = {
  path: string;
  gzipKb: number;
  brotliKb: number;
  text: string;
};

function sizes(file: string): { gzipKb: number; brotliKb: number; text: string } {
  const bytes = readFileSync(file);
  let brotli = bytes.length;
  try {
    brotli = readFileSync(`${file}.br`).length;
  } catch {
    // Too small to be precompressed: sent as it is.
  }
  return {
    gzipKb: gzipSync(bytes, { level: 9 }).length / 1024,
    brotliKb: brotli / 1024,
    text: bytes.toString('utf8'),
  };
}

async function scriptsOf(browser: Browser, route: string): Promise<Script[]> {
  const page = await browser.newPage();
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await page.goto(`${base}${await resolvePublicRoute(base, route)}`, {
      waitUntil: 'networkidle',
    });
    const paths = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    );
    const assets = new Set(readdirSync(join(DIST, 'assets')));
    return paths
      .filter((path) => assets.has(path.replace('/assets/', '')))
      .map((path) => ({ path, ...sizes(join(DIST, path)) }));
  } finally {
    await page.close();
  }
}

const total = (list: Script[], key: 'gzipKb' | 'brotliKb') => list.reduce((t, s) => t + s[key], 0);

/**
 * The scripts index.html makes the first paint wait for: its module entry (boot). The app chunk
 * is only preloaded (low priority) and runs after the shell has painted.
 */
function firstPaintScripts(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1] ?? '');
}

async function main(): Promise<void> {
  // Built as a configured production app would be (identity provider set), so Firebase is really in play.
  const code = await buildSpaForEmulator(DIST, PORTS);
  if (code !== 0) throw new Error('build failed');
  await startProductionStack({ ports: PORTS, spaDir: DIST });

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let failed = false;
  try {
    const boot = firstPaintScripts().map((path) => ({ path, ...sizes(join(DIST, path)) }));
    console.log(
      `JS the first paint waits for (every route): ${boot.map((s) => s.path).join(', ')}, ` +
        `${total(boot, 'gzipKb').toFixed(1)} KB gzip / ${total(boot, 'brotliKb').toFixed(1)} KB brotli`,
    );
    for (const route of PUBLIC_ROUTES) {
      const loaded = await scriptsOf(browser, route);
      // web-vitals loads once the first screen is interactive (src/app/report-vitals.ts): issue
      // 18 puts it outside the first screen's budget. Shown, not counted.
      const later = loaded.filter((s) => AFTER_INTERACTIVE.test(s.path));
      const scripts = loaded.filter((s) => !AFTER_INTERACTIVE.test(s.path));
      const gzip = total(scripts, 'gzipKb');
      console.log(
        `${route}: first screen ${gzip.toFixed(1)} KB gzip / ${total(scripts, 'brotliKb').toFixed(1)} KB brotli ` +
          `(budget ${BUDGET_KB} KB gzip)`,
      );
      for (const s of scripts) {
        console.log(
          `  ${s.path}  ${s.gzipKb.toFixed(1)} KB gzip, ${s.brotliKb.toFixed(1)} KB brotli`,
        );
      }
      for (const s of later) {
        console.log(`  after interactive, not counted: ${s.path}  ${s.gzipKb.toFixed(1)} KB gzip`);
      }
      if (gzip > BUDGET_KB) failed = true;
      for (const [name, marker] of Object.entries(FORBIDDEN)) {
        const hit = scripts.find((s) => marker.test(s.text));
        if (hit) {
          console.log(`  ${name} loaded: ${hit.path}`);
          failed = true;
        }
      }
    }
    console.log(
      failed
        ? 'RESULT: over budget, or a library a visitor must not load was loaded'
        : `RESULT: every public first screen within ${BUDGET_KB} KB gzip; no Firebase, Stripe, socket.io or sweetalert2`,
    );
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
