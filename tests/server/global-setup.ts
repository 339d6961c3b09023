import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sharedAuthEmulatorPort, startAuthEmulator } from '../../scripts/lib/auth-emulator';
import { stopAll } from '../../scripts/lib/processes';
import { testPort } from '../../scripts/lib/test-ports';
import {
  createPostgresTemplate,
  MIGRATED_CONTENTS,
  pgliteTemplate,
  type DbContents,
  type MigratedContents,
} from './helpers/db-templates';

/** Apart from the dev (9099) and e2e (9199) emulators, so all three can run at once. */
export const SERVER_TEST_EMULATOR_PORT = testPort(9399);

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth Emulator started for the server suite. */
    authEmulatorHost: string;
    /** Dumps of PGlite data directories (initdb alone, migrated, seeded) test databases load. */
    pgliteTemplateFiles: Record<DbContents, string>;
    /** On TEST_DATABASE_URL: the migrated, seeded databases test databases are copied from. */
    postgresTemplates: Partial<Record<MigratedContents, string>>;
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
 * PGlite's initdb takes about a second, loading its result a third of that, and migrating and
 * seeding a database more than both: every test database starts from one of these dumps, made
 * once per run (helpers/build-test-app.ts, docs/decisions.md D72).
 */
async function writePgliteTemplates(): Promise<{
  files: Record<DbContents, string>;
  remove(): Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'lt-pglite-template-'));
  const files = { empty: '', courses: '', catalogue: '' } satisfies Record<DbContents, string>;
  try {
    for (const contents of ['empty', ...MIGRATED_CONTENTS] as const) {
      files[contents] = join(dir, `${contents}.tar`);
      await writeFile(files[contents], await pgliteTemplate(contents));
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { files, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The same on PostgreSQL, as template databases, when the suite runs there. */
async function createPostgresTemplates(): Promise<{
  names: Partial<Record<MigratedContents, string>>;
  drop(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL?.trim();
  const names: Partial<Record<MigratedContents, string>> = {};
  const drops: Array<() => Promise<void>> = [];
  const drop = async () => {
    for (const dropOne of drops) await dropOne();
  };
  if (!url) return { names, drop };
  try {
    for (const contents of MIGRATED_CONTENTS) {
      const template = await createPostgresTemplate(url, contents);
      names[contents] = template.database;
      drops.push(template.drop);
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { names, drop };
}

/**
 * Starts one real Firebase Auth Emulator for the whole server project (and writes the PGlite
 * template), and stops it after; under `npm test`, uses the run's shared one instead (every test
 * signs up addresses of its own: helpers/firebase-emulator.ts uniqueEmail).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = sharedAuthEmulatorPort();
  const port = shared ?? SERVER_TEST_EMULATOR_PORT;
  if (shared === undefined) {
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
  }
  project.provide('authEmulatorHost', `127.0.0.1:${port}`);
  const pglite = await writePgliteTemplates().catch(async (error: unknown) => {
    await stopAll();
    throw error;
  });
  project.provide('pgliteTemplateFiles', pglite.files);
  const postgres = await createPostgresTemplates().catch(async (error: unknown) => {
    await stopAll();
    await pglite.remove();
    throw error;
  });
  project.provide('postgresTemplates', postgres.names);
  return async () => {
    await stopAll();
    await pglite.remove();
    await postgres.drop();
  };
}
