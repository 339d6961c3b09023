// Field INP on every public route (issue 32 §2: "the admin's Performance screen shows field INP;
// its p75 on every route ≤ 200 ms"). The production stack (built SPA, compiled server on a fresh
// in-memory PGlite, Auth Emulator) on ports of its own (TEST_PORT_OFFSET moves them). Chromium
// at a phone's size (Pixel 7: 412×915, touch) with the CPU 4× slower (a mid-range phone, as
// bench/board-open.ts) plays FIELD_INP_VISITS visitors; each opens every public route in turn
// and does there what a visitor does (taps that stay on the page, the phone menu, typing in a
// search or form field, a select), then leaves, so the app's own beacon (src/app/report-vitals.ts)
// carries the view's INP to the server as a real user's does. Then the admin signs in, opens
// the Performance screen and the bench reads the p75 INP per route from the answer that screen
// draws (GET /api/admin/vitals). Beside it, from a PerformanceObserver of its own, the bench
// names the slowest interaction of the view at that route's p75: where to look when it fails.
// A benchmark, not a test: it prints a table and says which routes miss 200 ms.
// Usage: npx tsx bench/field-inp.ts [--trace] [route …]; FIELD_INP_VISITS (default 5) visitors;
// FIELD_INP_REUSE_BUILD=1 measures the last build again (built for the same TEST_PORT_OFFSET).
// --trace: one visitor, traced, who is told where each route's slowest interactions spent their
// time (by kind of work and by function), instead of the table.
import { createServer, request, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { chromium, devices, type BrowserContext, type Page } from 'playwright-core';
import { PAGE_ROUTES, percentile75, type PageRoute, vitalsReportSchema } from '../contract/vitals';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { stopAll } from '../scripts/lib/processes';
import {
  buildSpaForEmulator,
  startProductionStack,
  type StackPorts,
} from '../scripts/lib/production-stack';
import { testPort } from '../scripts/lib/test-ports';
import { fmt, pad, sleep } from './lib/format';
import {
  describeInteractions,
  markTraceClock,
  startTrace,
  stopTrace,
  type TimedInteraction,
} from './lib/interaction-trace';
import { PUBLIC_ROUTES, resolvePublicRoute } from './public-routes';

const PORTS: StackPorts = {
  server: testPort(3700),
  authEmulator: testPort(9799),
  stripeEmulator: testPort(12711),
};
const BASE = `http://127.0.0.1:${PORTS.server}`;
/** Where the visitors' browser goes: the proxy in front of the server (startVisitorProxy). */
const PROXY_PORT = testPort(3701);
const VISITOR_BASE = `http://127.0.0.1:${PROXY_PORT}`;
const DIST = '.bench/field-inp-dist';
const VISITS = Number(process.env.FIELD_INP_VISITS ?? 5);
/** Google's "good" INP, and the issue's goal for each route's p75. */
const GOAL_MS = 200;
/** A mid-range phone's CPU against this machine's (Lighthouse's mobile preset uses 4× too). */
const CPU_SLOWDOWN = 4;
const PHONE = devices['Pixel 7'];
/** A person's pace: between two actions, and between two keys. */
const PAUSE_MS = 400;
const KEY_DELAY_MS = 90;
/** With --trace: how many of a route's interactions are told, slowest first. */
const TRACED = 3;

/** The pattern the beacon names a route by (contract/vitals-rules.ts PAGE_ROUTES). */
function patternOf(route: string): PageRoute {
  const pattern = route
    .replace('/courses/:first', '/courses/:courseId')
    .replace('/book/:first', '/book/:bookId');
  const known = PAGE_ROUTES.find((known) => known === pattern);
  if (!known) throw new Error(`${route} is not a route the server counts`);
  return known;
}

/**
 * One interaction as the page's Event Timing saw it (the slowest of its events): `inputDelay`
 * from the input to its handlers (the main thread was busy with something else), `processing`
 * the handlers of the slowest event.
 */
type Interaction = TimedInteraction;

declare global {
  interface Window {
    /** The bench's own record of this view's interactions, by interaction id. */
    __interactions?: Map<number, Interaction>;
  }
}

/**
 * Before any of the page's scripts: its own observer of every interaction, 16 ms and over. Plain
 * text: a function handed to Playwright is sent as its source, and tsx's compiled source calls
 * helpers the page does not have.
 */
const OBSERVE_INTERACTIONS = `
  window.__interactions = new Map();
  const CONTROLS = 'button, a, input, select, textarea, canvas';
  function describe(node) {
    const control = node instanceof Element ? node.closest(CONTROLS) || node : null;
    if (!control) return '?';
    const name = control.getAttribute('aria-label') || control.getAttribute('name') ||
      control.id || (control.textContent || '').trim().slice(0, 24);
    return control.tagName.toLowerCase() + (name ? ' "' + name + '"' : '');
  }
  // Named as it is pressed: what the answer removes (the menu button's icon, a cart line) is
  // detached, or no entry's target at all, by the time its entry comes.
  let pressed = '?';
  for (const type of ['pointerdown', 'keydown']) {
    addEventListener(type, (event) => { pressed = describe(event.target); }, { capture: true });
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const known = window.__interactions.get(entry.interactionId);
      if (known && known.duration >= entry.duration) continue;
      const target = entry.target && entry.target.isConnected ? describe(entry.target) : pressed;
      window.__interactions.set(entry.interactionId, {
        name: entry.name, target, startTime: entry.startTime, duration: entry.duration,
        inputDelay: Math.round(entry.processingStart - entry.startTime),
        processing: Math.round(entry.processingEnd - entry.processingStart),
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

/** The view's interactions, slowest first. */
async function interactionsOf(page: Page): Promise<Interaction[]> {
  return page.evaluate(() =>
    [...(window.__interactions?.values() ?? [])].sort((a, b) => b.duration - a.duration),
  );
}

const pause = () => sleep(PAUSE_MS);

/** The phone menu: opened, then closed again. */
async function openTheMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await pause();
  await page.getByRole('button', { name: 'Close menu' }).tap();
  await pause();
}

/** An address typed into the footer's newsletter field, not sent. */
async function typeNewsletter(page: Page): Promise<void> {
  const field = page.getByLabel('Email address');
  await field.tap();
  await field.pressSequentially('reader@example.com', { delay: KEY_DELAY_MS });
  await pause();
}

/** What a visitor does on each route: nothing that leaves the page. */
const ACTIONS: Record<string, (page: Page) => Promise<void>> = {
  '/courses': async (page) => {
    await page.getByRole('button', { name: 'Add To Cart' }).first().tap();
    await pause();
    await openTheMenu(page);
  },
  '/courses/:first': async (page) => {
    await page.getByRole('button', { name: 'Add To Cart' }).tap();
    await pause();
    await openTheMenu(page);
  },
  '/cart': async (page) => {
    // The course added on the course pages.
    await page
      .getByRole('button', { name: /^Remove/ })
      .first()
      .tap();
    await pause();
    await openTheMenu(page);
  },
  '/book': async (page) => {
    const search = page.getByLabel('Search by name');
    await search.tap();
    await search.pressSequentially('the', { delay: KEY_DELAY_MS });
    await page.waitForURL(/[?&]q=the/);
    await pause();
    await search.fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await pause();
    // A select changed from the keyboard: the key press is the interaction the change belongs
    // to (a value picked from the phone's own list is no interaction of the page's).
    for (const [name, param] of [
      ['Category', 'category'],
      ['Sort by', 'sort'],
    ] as const) {
      await page.getByLabel(name).focus();
      await page.keyboard.press('ArrowDown');
      await page.waitForURL((url) => url.searchParams.has(param));
      await pause();
    }
  },
  '/drawing': async (page) => {
    await page.getByRole('button', { name: 'Colour blue' }).tap();
    await pause();
    const canvas = await page.getByRole('img', { name: 'Drawing canvas' }).boundingBox();
    if (!canvas) throw new Error('no drawing canvas');
    // A stroke with a finger (touch drives pointer events, as the mouse does here).
    await page.mouse.move(canvas.x + 40, canvas.y + 40);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await page.mouse.move(canvas.x + 40 + step * 20, canvas.y + 40 + step * 8);
    }
    await page.mouse.up();
    await pause();
    await page.getByRole('button', { name: 'Undo' }).tap();
    await pause();
  },
  '/login': async (page) => {
    await page.getByLabel('Email', { exact: true }).tap();
    await page
      .getByLabel('Email', { exact: true })
      .pressSequentially('reader@example.com', { delay: KEY_DELAY_MS });
    await page.getByLabel('Password', { exact: true }).tap();
    await page
      .getByLabel('Password', { exact: true })
      .pressSequentially('secret1', { delay: KEY_DELAY_MS });
    await pause();
  },
  '/signup': async (page) => {
    await page.getByLabel('Name').tap();
    await page.getByLabel('Name').pressSequentially('Ada Reader', { delay: KEY_DELAY_MS });
    await page.getByLabel('Email', { exact: true }).tap();
    await page
      .getByLabel('Email', { exact: true })
      .pressSequentially('ada@example.com', { delay: KEY_DELAY_MS });
    await pause();
  },
};

/** Every route without a screen-specific action: the menu and the newsletter field. */
const DEFAULT_ACTION = async (page: Page) => {
  await openTheMenu(page);
  await typeNewsletter(page);
};

/**
 * nginx's part for the visitors' browser: a loopback proxy in front of the server that names each
 * beacon's sender (X-Forwarded-For, trusted from the loopback as from nginx), a visitor of its own
 * per beacon, so the per-address beacon limit (6 a minute, one person's) does not drop the
 * bench's page views. A beacon sent as a page is left goes from Chromium's browser process, past
 * Playwright's routing and extra headers: only a proxy sees it. Everything else passes as it is.
 */
function startVisitorProxy(): Promise<{
  server: Server;
  beacons: () => number;
  refused: () => number;
}> {
  let beacons = 0;
  let refused = 0;
  const server = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers };
    if (incoming.method === 'POST' && incoming.url === '/api/vitals') {
      beacons += 1;
      headers['x-forwarded-for'] =
        `198.18.${Math.floor(beacons / 250) % 250}.${1 + (beacons % 250)}`;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: PORTS.server,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        if (headers['x-forwarded-for'] && answer.statusCode !== 204) refused += 1;
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(PROXY_PORT, '127.0.0.1', () =>
      resolve({ server, beacons: () => beacons, refused: () => refused }),
    );
  });
}

type Visit = { route: string; slowest: Interaction | null };

/**
 * One visitor: every route in turn, in one phone browser, each left for the next. With `trace`,
 * what each route's slowest interactions did is printed (bench/lib/interaction-trace.ts).
 */
async function visitor(
  context: BrowserContext,
  routes: string[],
  paths: Map<string, string>,
  trace = false,
) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const visits: Visit[] = [];
  for (const route of routes) {
    await page.goto(`${VISITOR_BASE}${paths.get(route)}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // web-vitals is listening: from here on, leaving sends this view's beacon.
    await page.waitForFunction(
      () => performance.getEntriesByName('vitals-ready').length > 0,
      null,
      {
        timeout: 30_000,
      },
    );
    await pause();
    if (trace) await startTrace(cdp);
    await (ACTIONS[route] ?? DEFAULT_ACTION)(page);
    // web-vitals takes an interaction's entries in an idle callback (at most 1 s later).
    await sleep(1_200);
    const interactions = await interactionsOf(page);
    visits.push({ route, slowest: interactions[0] ?? null });
    if (trace) {
      const clock = await markTraceClock(page);
      const events = await stopTrace(cdp);
      console.log(`${route}: its ${TRACED} slowest interactions`);
      const slowest = interactions.slice(0, TRACED);
      for (const line of describeInteractions(events, clock, slowest)) console.log(line);
    }
  }
  // Leaving the last route sends its beacon too.
  await page.goto('about:blank');
  await sleep(1_500);
  await page.close();
  return visits;
}

/** The Performance screen's answer, as the admin's browser receives it. */
async function readPerformanceScreen(context: BrowserContext) {
  // The admin's own page views are not the visitors': they load no web-vitals, so send no beacon
  // (one sent as a page is left would pass any routing of its request: startVisitorProxy).
  await context.route('**/assets/web-vitals-*.js', (route) => route.abort());
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email', { exact: true }).fill('admin@learntogether.test');
  await page.getByLabel('Password', { exact: true }).fill('admin123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/admin/vitals' && response.ok(),
  );
  await page.goto(`${BASE}/dashboard/performance`);
  const report = vitalsReportSchema.parse(await (await answer).json());
  await page.getByRole('heading', { level: 1, name: 'Performance' }).waitFor();
  return report;
}

async function main(): Promise<void> {
  const trace = process.argv.includes('--trace');
  const asked = process.argv.slice(2).filter((arg) => arg !== '--trace');
  const routes =
    asked.length > 0 ? PUBLIC_ROUTES.filter((route) => asked.includes(route)) : PUBLIC_ROUTES;
  if (routes.length === 0) throw new Error(`no such route; the routes: ${PUBLIC_ROUTES.join(' ')}`);
  if (!process.env.FIELD_INP_REUSE_BUILD && (await buildSpaForEmulator(DIST, PORTS)) !== 0) {
    throw new Error('build failed');
  }
  await startProductionStack({
    ports: PORTS,
    spaDir: DIST,
    serverEnv: { TRUST_PROXY: '127.0.0.1' },
  });
  const paths = new Map<string, string>();
  for (const route of routes) paths.set(route, await resolvePublicRoute(BASE, route));

  const proxy = await startVisitorProxy();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const visits: Visit[] = [];
    // A trace slows the page it records: one visitor, and no table.
    const visitors = trace ? 1 : VISITS;
    for (let round = 0; round < visitors; round += 1) {
      const context = await browser.newContext({ ...PHONE });
      await context.addInitScript({ content: OBSERVE_INTERACTIONS });
      try {
        visits.push(...(await visitor(context, routes, paths, trace)));
      } finally {
        await context.close();
      }
      console.log(`visitor ${round + 1}/${visitors}: ${routes.length} routes`);
    }
    if (trace) return;

    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const report = await readPerformanceScreen(admin).finally(() => admin.close());

    console.log(
      `\nField INP, production build, ${PHONE.viewport.width}×${PHONE.viewport.height} touch, ` +
        `CPU ${CPU_SLOWDOWN}× slower, ${VISITS} visitors, ${proxy.beacons()} beacons (${proxy.refused()} refused), load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}; p75 as the ` +
        `Performance screen shows it (goal ≤ ${GOAL_MS} ms):`,
    );
    const header = `${'route'.padEnd(18)} ${pad('views', 5)} ${pad('INP p75', 8)}  result  slowest interaction (this bench's observer, the view at p75)`;
    console.log(header);
    console.log('-'.repeat(header.length));
    let missed = 0;
    for (const route of routes) {
      const row = report.routes.find((known) => known.route === patternOf(route));
      const inp = row?.metrics.INP ?? null;
      const ours = visits
        .filter((visit) => visit.route === route)
        .map((visit) => visit.slowest)
        .sort((a, b) => (a?.duration ?? 0) - (b?.duration ?? 0));
      const atP75 = ours[Math.round(0.75 * (ours.length - 1))] ?? null;
      const pass = inp !== null && inp.p75 <= GOAL_MS;
      if (!pass) missed += 1;
      console.log(
        `${route.padEnd(18)} ${pad(inp?.views ?? 0, 5)} ${pad(inp ? `${fmt(inp.p75, 0)} ms` : '-', 8)}  ${
          pass ? 'met ' : 'MISS'
        }    ${atP75 ? `${atP75.name} on ${atP75.target}, ${atP75.duration} ms (waited ${atP75.inputDelay}, handlers ${atP75.processing})` : '-'}` +
          `  (ours p75 ${fmt(percentile75(ours.map((one) => one?.duration ?? 0)) ?? Number.NaN, 0)} ms)`,
      );
    }
    console.log(
      missed === 0
        ? `RESULT: every route's field INP p75 ≤ ${GOAL_MS} ms`
        : `RESULT: ${missed} route(s) over ${GOAL_MS} ms (or without INP)`,
    );
    process.exitCode = missed === 0 ? 0 : 1;
  } finally {
    await browser.close();
    proxy.server.close();
    await stopAll();
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
