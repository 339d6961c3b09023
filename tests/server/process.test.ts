// Whole processes: the server started from source (as `npm run dev`) and compiled (`npm start`).
// (`npm run test:quick` leaves this file to `npm test`, scripts/test.ts.)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStripeEmulator, type StripeEmulator } from '../../scripts/stripe-emulator/emulator';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

const FROM_SOURCE = ['--import', 'tsx', 'server/index.ts'];

// Inside the repository, so its imports resolve from node_modules as in a production install.
const outDir = path.join(ROOT, 'node_modules/.cache', `dist-server-test-${process.pid}`);
/**
 * The server as `npm run build` compiles it, built once for the file: tsx transpiling the whole
 * server again for every process took 20-40 s each on a loaded machine (docs/decisions.md D72).
 * One test still starts it from source, as `npm run dev` does.
 */
const COMPILED = ['--enable-source-maps', path.join(outDir, 'index.js')];
let buildCode: number | null = null;

beforeAll(async () => {
  const build = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-server.ts', '--outDir', outDir],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  [buildCode] = (await once(build, 'exit')) as [number | null];
}, 120_000);
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

/** Starts the server as the real process (compiled by default), with a clean environment. */
function startServer(env: Record<string, string>, args: string[] = COMPILED): Running {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      PGLITE_DATA_DIR: 'memory://',
      SERVE_SPA: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

async function waitFor(
  check: () => RegExpMatchArray | null,
  timeoutMs: number,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = check();
    if (match) return match;
    if (Date.now() > deadline) throw new Error('timed out waiting for the server');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * How long a compiled server may take to say it is ready: PGlite's start, the migrations and the
 * seed took over 20 s once, beside four other suites on a 2-core machine.
 */
const COMPILED_READY_MS = 40_000;

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

describe('server process', () => {
  it('serves the API from source, as npm run dev runs it (on the Auth Emulator, which it names), and exits cleanly on SIGINT', async () => {
    // npm run dev points the server at the dev stack's Auth Emulator (scripts/dev.ts).
    const server = startServer({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, FROM_SOURCE);
    started.push(server.child);
    // tsx transpiles the whole server first: slower than the compiled starts below.
    const [, url] = await waitFor(
      () => server.output().match(/ready at (http:\/\/[\d.]+:\d+)/),
      // Over 40 s once, beside the other suites and an `npm ci` on a 2-core machine.
      90_000,
    );

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, checks: { database: 'up', redis: 'off' } });
    const books = await fetch(`${url}/api/books`);
    expect(((await books.json()) as unknown[]).length).toBe(27);
    // On loopback, as it must be with the emulator (the refusal elsewhere is tested below).
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(server.output()).toContain('a local demo, not production');

    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('server stopped');
  }, 120_000);

  it('exits with 1 and names the problem when the environment is invalid', async () => {
    const server = startServer({ PORT: 'eighty', NODE_ENV: 'production', ADMIN_EMAILS: 'nope' });
    started.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('LearnTogether server failed to start');
    expect(server.output()).toContain('PORT: Expected a port number');
    expect(server.output()).toContain('ADMIN_EMAILS: Expected a comma-separated list');
  });
});

describe('the Auth Emulator (unsigned ID tokens) never reaches other machines', () => {
  it('production refuses to start with it', async () => {
    const server = startServer({
      NODE_ENV: 'production',
      ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    started.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('FIREBASE_AUTH_EMULATOR_HOST: Not allowed in production');
  });

  // Started on loopback with it, it says so: the first test above, as npm run dev starts it.
  it('elsewhere it refuses an address other machines reach', async () => {
    const publicHost = startServer({
      HOST: '0.0.0.0',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    started.push(publicHost.child);
    expect(await publicHost.exited).toBe(1);
    expect(publicHost.output()).toContain('HOST: With FIREBASE_AUTH_EMULATOR_HOST set');
  });
});

describe('card payment at start-up (docs/deploy.md, "Stripe")', () => {
  let emulator: StripeEmulator | undefined;
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });

  it('names the handled events the webhook endpoint lacks, as Stripe lists them', async () => {
    emulator = await startStripeEmulator({
      port: 0,
      webhook: {
        url: 'http://127.0.0.1:1/api/payments/webhook',
        secret: 'whsec_process_test',
        // docs/deploy.md, "Stripe" as it was: refunds never settle.
        enabledEvents: ['payment_intent.succeeded', 'payment_intent.payment_failed'],
      },
    });
    const server = startServer({
      STRIPE_SECRET_KEY: 'sk_test_process',
      STRIPE_WEBHOOK_SECRET: 'whsec_process_test',
      STRIPE_EMULATOR_URL: emulator.url,
    });
    started.push(server.child);
    const [warning] = await waitFor(
      () => server.output().match(/The Stripe webhook endpoint [^"]*lacks the events [^"]*/),
      40_000,
    );
    expect(warning).toContain('lacks the events charge.refunded, refund.created, refund.updated');
    expect(warning).toContain('refunds stay');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('says it could not check with a restricted key, and starts anyway', async () => {
    emulator = await startStripeEmulator({
      port: 0,
      webhook: { url: 'http://127.0.0.1:1/api/payments/webhook', secret: 'whsec_process_test' },
    });
    const server = startServer({
      STRIPE_SECRET_KEY: 'rk_test_process',
      STRIPE_WEBHOOK_SECRET: 'whsec_process_test',
      STRIPE_EMULATOR_URL: emulator.url,
    });
    started.push(server.child);
    const [, url] = await waitFor(
      () => server.output().match(/ready at (http:\/\/[\d.]+:\d+)/),
      COMPILED_READY_MS,
    );
    await waitFor(
      () =>
        server.output().match(/Could not check the Stripe webhook's events: the key may not read/),
      20_000,
    );
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  // Production without a key: the compiled server's start below.
});

describe('compiled server (npm run build, npm start)', () => {
  it('builds, starts under plain Node in production, answers /api/health and names what is not configured', async () => {
    // Built in beforeAll. No tsx: the artefact must run on Node alone.
    expect(buildCode).toBe(0);
    const server = startServer({
      NODE_ENV: 'production',
      ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
    });
    started.push(server.child);
    const [, url] = await waitFor(
      () => server.output().match(/ready at (http:\/\/[\d.]+:\d+)/),
      COMPILED_READY_MS,
    );

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, checks: { database: 'up', redis: 'off' } });
    // No Firebase project named: it says nobody can sign in.
    expect(server.output()).toContain('FIREBASE_PROJECT_ID names no real Firebase project');
    // No public origin named: it says the pages' links would name the developer's.
    expect(server.output()).toContain('PUBLIC_URL is not set');
    // No Stripe key: it names what to set, and not the emulator, which production refuses.
    await waitFor(() => server.output().match(/STRIPE_SECRET_KEY is not set.*/), 20_000);
    expect(server.output()).not.toContain('STRIPE_EMULATOR_URL');
    expect(server.output()).toContain("the webhook endpoint's signing secret");
    // The migrations and the seed ran from the compiled code.
    const books = await fetch(`${url}/api/books`);
    expect(((await books.json()) as unknown[]).length).toBe(27);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);
});
