import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess, waitForUrl, type Managed } from './processes';

export const FIREBASE_PROJECT_ID = 'demo-learntogether';

/** The demo accounts of docs/decisions.md D36, created on every start of the (in-memory) emulator. */
export const demoAccounts = [
  { email: 'admin@learntogether.test', password: 'admin123', displayName: 'Ada Admin' },
  { email: 'student@learntogether.test', password: 'student123', displayName: 'Sam Student' },
] as const;

/**
 * Starts the Firebase Auth Emulator from firebase-tools on the given port. A config file of
 * its own lets the dev stack (9099) and the test stacks (other ports) run side by side.
 */
export async function startAuthEmulator(port: number): Promise<Managed> {
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
  const emulator = startProcess(
    'auth',
    'node_modules/.bin/firebase',
    ['emulators:start', '--only', 'auth', '--project', FIREBASE_PROJECT_ID, '--config', config],
    { env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? 'true' } },
  );
  await waitForUrl(`http://127.0.0.1:${port}/`, 90_000);
  return emulator;
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
