import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator';
import { stopAll } from '../../scripts/lib/processes';
import { testPort } from '../../scripts/lib/test-ports';

/** Apart from the dev (9099) and e2e (9199) emulators, so all three can run at once. */
export const SERVER_TEST_EMULATOR_PORT = testPort(9399);

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth Emulator started for the server suite. */
    authEmulatorHost: string;
    /** A dump of a freshly initialised PGlite data directory, which test databases start from. */
    pgliteTemplateFile: string;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * PGlite's initdb takes about a second, loading its result a third of that: every in-memory test
 * database starts from this one dump (helpers/build-test-app.ts).
 */
async function writePgliteTemplate(): Promise<{ file: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'lt-pglite-template-'));
  const lite = new PGlite();
  try {
    await lite.waitReady;
    const dump = await lite.dumpDataDir('none');
    const file = join(dir, 'template.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return { file, remove: () => rm(dir, { recursive: true, force: true }) };
  } finally {
    await lite.close();
  }
}

/**
 * Starts one real Firebase Auth Emulator for the whole server project (and writes the PGlite
 * template), and stops it after.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = SERVER_TEST_EMULATOR_PORT;
  // Another run's emulator would be stopped under us by that run: refuse to share it.
  if (await answers(`http://127.0.0.1:${port}/`)) {
    throw new Error(`Port ${port} is taken (another server test run?); the suite needs it.`);
  }
  try {
    await startAuthEmulator(port);
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide('authEmulatorHost', `127.0.0.1:${port}`);
  const template = await writePgliteTemplate();
  project.provide('pgliteTemplateFile', template.file);
  return async () => {
    await stopAll();
    await template.remove();
  };
}
