import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { createPgliteDb, createPostgresDb, quoteIdent, type Db } from '../../../server/db/client';
import { checkAnswersAgainstDocument } from './openapi-conformance';
import { copyPostgresTemplate, withAdminClient, type DbContents } from './db-templates';

/** Set to run the server suites against PostgreSQL instead of in-memory PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** Config for tests: never reads the developer's real environment. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PGLITE_DATA_DIR: 'memory://',
    SERVE_SPA: 'false',
    ...env,
  });
}

export type TestSchema = {
  /** DATABASE_URL that confines every connection to the new schema. */
  url: string;
  schema: string;
  drop(): Promise<void>;
};

/** A new, empty PostgreSQL schema on TEST_DATABASE_URL, so suites never see each other's rows. */
export async function createTestSchema(baseUrl: string): Promise<TestSchema> {
  const schema = `lt_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(baseUrl, (client) => client.query(`create schema ${quoteIdent(schema)}`));
  // encodeURIComponent, not URLSearchParams: pg decodes `%20`, not `+`, as a space.
  const separator = baseUrl.includes('?') ? '&' : '?';
  const options = encodeURIComponent(`-c search_path=${schema}`);
  return {
    url: `${baseUrl}${separator}options=${options}`,
    schema,
    drop: () =>
      withAdminClient(baseUrl, async (client) => {
        await client.query(`drop schema if exists ${quoteIdent(schema)} cascade`);
      }),
  };
}

export type TestDb = { db: Db; destroy(): Promise<void> };

const pgliteTemplates = new Map<DbContents, Promise<Blob>>();

/**
 * The dump of a PGlite data directory global-setup wrote (initdb alone, or migrated and
 * seeded), read once per worker.
 */
export function pgliteTemplateDump(contents: DbContents = 'empty'): Promise<Blob> {
  let dump = pgliteTemplates.get(contents);
  if (!dump) {
    dump = readFile(inject('pgliteTemplateFiles')[contents]).then((bytes) => new Blob([bytes]));
    pgliteTemplates.set(contents, dump);
  }
  return dump;
}

/**
 * A fresh database: in-memory PGlite loaded from a dump, or on PostgreSQL a schema of its own
 * (empty) or a database copied from a migrated template. `empty` (the default) is unmigrated;
 * `courses` and `catalogue` are migrated and seeded as a server start leaves them, without
 * paying for the migrations and seed again (docs/decisions.md D72).
 */
export async function createTestDb(contents: DbContents = 'empty'): Promise<TestDb> {
  if (!TEST_DATABASE_URL) {
    const db = await createPgliteDb(undefined, { template: await pgliteTemplateDump(contents) });
    return { db, destroy: () => db.close() };
  }
  if (contents === 'empty') {
    const testSchema = await createTestSchema(TEST_DATABASE_URL);
    const db = await createPostgresDb(TEST_DATABASE_URL, { searchPath: testSchema.schema });
    return {
      db,
      destroy: async () => {
        await db.close();
        await testSchema.drop();
      },
    };
  }
  const template = inject('postgresTemplates')[contents];
  if (!template) throw new Error(`global-setup made no PostgreSQL template for ${contents}`);
  const copy = await copyPostgresTemplate(TEST_DATABASE_URL, template);
  try {
    const db = await createPostgresDb(copy.url);
    return {
      db,
      destroy: async () => {
        await db.close();
        await copy.drop();
      },
    };
  } catch (error) {
    await copy.drop();
    throw error;
  }
}

/** Env for an app that opens its own database (the production path), isolated like above. */
export async function createOwnedDbEnv(): Promise<{
  env: Record<string, string>;
  cleanup(): Promise<void>;
}> {
  if (!TEST_DATABASE_URL) {
    return { env: { PGLITE_DATA_DIR: 'memory://' }, cleanup: async () => undefined };
  }
  const testSchema = await createTestSchema(TEST_DATABASE_URL);
  return { env: { DATABASE_URL: testSchema.url }, cleanup: testSchema.drop };
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Closes the app, then the database, and drops the suite's schema. */
  close(): Promise<void>;
};

/**
 * The real app (same buildApp as the process) over a fresh migrated database. Not yet `ready`,
 * so a test may still add routes; `inject` readies it. Its every answer is checked against the
 * OpenAPI document (helpers/openapi-conformance.ts).
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    /**
     * buildApp's other options (identity provider, rate limits, payment gateway: without one
     * the app builds Stripe from `env`, so none unless STRIPE_SECRET_KEY is given).
     */
    app?: Omit<BuildAppOptions, 'config' | 'db'>;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  // The courses are seeded either way, as every server start does: checkout sells them by id
  // from the courses table. `seed: false` leaves the book catalogue empty.
  const testDb = await createTestDb(options.seed === false ? 'courses' : 'catalogue');
  try {
    // No drain on close: nothing stands between the tests and the app.
    const timeouts = { drainMs: 0, ...options.app?.timeouts };
    const app = await buildApp({ ...options.app, timeouts, config, db: testDb.db });
    checkAnswersAgainstDocument(app);
    return {
      app,
      db: testDb.db,
      config,
      close: async () => {
        await app.close();
        await testDb.destroy();
      },
    };
  } catch (error) {
    await testDb.destroy();
    throw error;
  }
}
