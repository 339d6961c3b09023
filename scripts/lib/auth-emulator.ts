import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startProcess, waitForUrl, type Managed } from './processes';

export const FIREBASE_PROJECT_ID = 'demo-learntogether';

/**
 * The demo accounts of docs/decisions.md D36, created on every start of the emulator (kept as they
 * are when its imported data already has them).
 */
export const demoAccounts = [
  { email: 'admin@learntogether.test', password: 'admin123', displayName: 'Ada Admin' },
  { email: 'student@learntogether.test', password: 'student123', displayName: 'Sam Student' },
] as const;

/** Where `npm run dev` keeps the Auth Emulator's accounts between runs (git-ignored; README). */
export const DEV_AUTH_DATA_DIR = 'data/auth-emulator';

/** How long a clean shutdown may take before the emulator is killed (its export is done first). */
const SHUTDOWN_TIMEOUT_MS = 5_000;

export type AuthEmulator = Managed & {
  /**
   * Exports its accounts (with a data folder), then stops it: one SIGTERM (none if it already
   * shuts down, after a Ctrl-C reached it), SIGKILL after 5 s.
   */
  stop(): Promise<void>;
};

/**
 * Starts the Firebase Auth Emulator from firebase-tools on the given port. A config file of
 * its own lets the dev stack (9099) and the test stacks (other ports) run side by side. With
 * `dataDir`, its accounts are imported from there at start and exported there on exit
 * (`--import`) and exported there by stop(), through its own hub (docs/decisions.md D55);
 * without, they live in memory.
 */
export async function startAuthEmulator(
  port: number,
  options: { dataDir?: string } = {},
): Promise<AuthEmulator> {
  const dir = mkdtempSync(join(tmpdir(), 'lt-emulator-'));
  const config = join(dir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        ui: { enabled: false },
        hub: { host: '127.0.0.1', port: port + 1 },
        logging: { host: '127.0.0.1', port: port + 2 },
        singleProjectMode: true,
      },
    }),
  );
  // Exported by stop() through this emulator's own hub, not with --export-on-exit: that finds
  // "the" hub of the project through a file in the temp folder, which another emulator of the
  // same project (the test suites') may have written, and then exports that one's accounts.
  const dataDir = options.dataDir;
  // --import refuses a folder that does not exist (a fresh clone's first `npm run dev`); an empty
  // one only says there is nothing to import yet.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const data = dataDir ? ['--import', dataDir] : [];
  const emulator = startProcess(
    'auth',
    'node_modules/.bin/firebase',
    [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      FIREBASE_PROJECT_ID,
      '--config',
      config,
      ...data,
    ],
    {
      env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? 'true' },
      // The minutely export (exportAuthData) would say so twice a minute.
      quiet: /Received export request|Export complete|Exporting data to|hubExport/,
    },
  );
  let shuttingDown = false;
  emulator.child.stdout?.on('data', (chunk: Buffer) => {
    if (/Starting a clean shutdown/.test(chunk.toString())) shuttingDown = true;
  });
  await waitForUrl(`http://127.0.0.1:${port}/`, 90_000);

  const { child } = emulator;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    ...emulator,
    async stop() {
      if (exited()) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (dataDir) {
        await exportAuthData(port, dataDir).catch((error: unknown) =>
          console.error(
            `[auth] accounts not exported: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      }
      // A Ctrl-C reaches the emulator too: give it a moment to say it is shutting down.
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 500))]);
      if (exited()) return;
      if (!shuttingDown) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), SHUTDOWN_TIMEOUT_MS);
      await done;
      clearTimeout(timer);
    },
  };
}

/**
 * The port of the run's shared Auth Emulator, when this process was given one: `npm test` hands
 * its one emulator to the steps it runs in TEST_AUTH_EMULATOR_PORT (scripts/test.ts,
 * docs/decisions.md D94). A start costs 10–20 s of CPU (firebase-tools compiles the Identity
 * Toolkit's request validators each time), and the server suites and the stacks each started
 * their own.
 */
export function sharedAuthEmulatorPort(): number | undefined {
  const port = Number(process.env.TEST_AUTH_EMULATOR_PORT);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

/**
 * An Auth Emulator answering on `port` with the demo accounts: the run's shared one when it is on
 * that port, else one started here (returned; `stopAll` stops it too).
 */
export async function authEmulatorOn(port: number): Promise<AuthEmulator | undefined> {
  const started = sharedAuthEmulatorPort() === port ? undefined : await startAuthEmulator(port);
  await seedDemoAccounts(port);
  return started;
}

/**
 * Writes the emulator's accounts to `dataDir` now, through its hub (what `firebase
 * emulators:export` does): the dev stack does it every minute, so a `kill -9` of the whole stack
 * loses at most the last minute's sign-ups.
 */
export async function exportAuthData(port: number, dataDir: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port + 1}/_admin/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: resolve(dataDir), initiatedBy: 'learntogether-dev' }),
  });
  if (!response.ok) throw new Error(`The Auth Emulator's export failed: ${await response.text()}`);
}

/** An Identity Toolkit REST address of the Auth Emulator on `port`. */
export function emulatorUrl(port: number, path: string): string {
  return `http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`;
}

/**
 * Marks an emulator account's address verified, as clicking the verification mail would (the
 * emulator's admin API, "owner" bearer). ADMIN_EMAILS only counts verified addresses.
 */
export async function markEmailVerified(host: string, uid: string): Promise<void> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${FIREBASE_PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, emailVerified: true }),
    },
  );
  if (!response.ok) throw new Error(`Could not verify ${uid}: ${await response.text()}`);
}

/** Creates the demo accounts, their addresses verified (an existing address is left as it is). */
export async function seedDemoAccounts(port: number): Promise<void> {
  for (const account of demoAccounts) {
    const response = await fetch(emulatorUrl(port, 'accounts:signUp'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, returnSecureToken: false }),
    });
    const text = await response.text();
    if (!response.ok) {
      if (!text.includes('EMAIL_EXISTS'))
        throw new Error(`Could not create ${account.email}: ${text}`);
      continue;
    }
    const { localId } = JSON.parse(text) as { localId?: unknown };
    if (typeof localId !== 'string') throw new Error(`No account id for ${account.email}: ${text}`);
    await markEmailVerified(`127.0.0.1:${port}`, localId);
  }
}
