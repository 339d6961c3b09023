// Whole processes: the dev stack's Auth Emulator, stopped and started again with its data.
// (`npm run test:quick` leaves this file to `npm test`, scripts/test.ts.)
// `npm run dev` keeps its accounts (docs/decisions.md D55): the Auth Emulator imports them from
// its data folder at start and exports them there on exit, and on demand (the minutely export).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  demoAccounts,
  emulatorUrl,
  seedDemoAccounts,
  startAuthEmulator,
  type AuthEmulator,
} from '../../scripts/lib/auth-emulator';
import { testPort } from '../../scripts/lib/test-ports';

let PORT = testPort(9499);
let dataDir = '';
let emulator: AuthEmulator | undefined;

// Each test its own folder and ports: an emulator just stopped may still hold its ports a moment.
beforeEach(() => {
  PORT += 10;
  dataDir = mkdtempSync(join(tmpdir(), 'lt-auth-data-'));
});
afterEach(async () => {
  await emulator?.stop();
  emulator = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(path: string, body: object): Promise<{ status: number; text: string }> {
  const response = await fetch(emulatorUrl(PORT, path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  return { status: response.status, text: await response.text() };
}
const signUp = (email: string) => call('accounts:signUp', { email, password: 'secret123' });
const logIn = (email: string, password = 'secret123') =>
  call('accounts:signInWithPassword', { email, password });

describe('the dev stack’s Auth Emulator data', { timeout: 240_000 }, () => {
  it('an account made in one run logs in after a restart; the demo accounts still seed', async () => {
    emulator = await startAuthEmulator(PORT, { dataDir });
    await seedDemoAccounts(PORT);
    expect((await signUp('kept@learntogether.test')).status).toBe(200);
    await emulator.stop();
    emulator = undefined;
    expect(existsSync(join(dataDir, 'firebase-export-metadata.json'))).toBe(true);

    emulator = await startAuthEmulator(PORT, { dataDir });
    // Seeding again over imported accounts: they are left as they are.
    await seedDemoAccounts(PORT);
    expect((await logIn('kept@learntogether.test')).status).toBe(200);
    for (const account of demoAccounts)
      expect((await logIn(account.email, account.password)).status).toBe(200);
  });
});
