import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPostgresDb, quoteIdent, type Db, type Queryable } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { seedCatalogue } from '../../../server/db/seed';
import { seedCourses } from '../../../server/db/seed-course-catalogue';

/**
 * What a test database holds when it is handed out: nothing (the migration tests), the schema
 * with the seed courses (every server start seeds them), or that plus the seed books.
 */
export type DbContents = 'empty' | 'courses' | 'catalogue';
export type MigratedContents = Exclude<DbContents, 'empty'>;
export const MIGRATED_CONTENTS: readonly MigratedContents[] = ['courses', 'catalogue'];

/** Migrates and seeds `db` as a server start would, once, for a template (docs/decisions.md D72). */
export async function fillTemplate(db: Db, contents: MigratedContents): Promise<void> {
  await migrate(db);
  if (contents === 'catalogue') await seedCatalogue(db);
  else await db.transaction(seedCourses);
}

/** Db over a bare PGlite, for filling a template before its data directory is dumped. */
function pgliteAsDb(lite: PGlite): Db {
  const queryable = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      return (await q.query<T>(sql, params ? [...params] : undefined)).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...queryable(lite),
    transaction: (fn) => lite.transaction((tx) => fn(queryable(tx))),
    close: () => lite.close(),
  };
}

/**
 * A dump of a PGlite data directory: initdb alone, or migrated and seeded. Loading a dump takes
 * a third of initdb, and the migrations and seed cost more than both again per database.
 */
export async function pgliteTemplate(contents: DbContents): Promise<Buffer> {
  const lite = new PGlite();
  try {
    await lite.waitReady;
    if (contents !== 'empty') await fillTemplate(pgliteAsDb(lite), contents);
    // A clean shutdown checkpoint first, so the loaded copy need not replay the WAL.
    if (contents !== 'empty') await lite.exec('checkpoint');
    return Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer());
  } finally {
    await lite.close();
  }
}

export async function withAdminClient<T>(
  url: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `url` naming another database on the same server. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(database)}`;
  return next.toString();
}

/**
 * A migrated, seeded PostgreSQL database to copy test databases from (`create database …
 * template`, a file copy, instead of a schema migrated per suite). No connection may stay open
 * to it, or PostgreSQL refuses the copy.
 */
export async function createPostgresTemplate(
  baseUrl: string,
  contents: MigratedContents,
): Promise<{ database: string; drop(): Promise<void> }> {
  const database = `lt_template_${contents}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(baseUrl, (client) =>
    client.query(`create database ${quoteIdent(database)}`),
  );
  const drop = () =>
    withAdminClient(baseUrl, async (client) => {
      await client.query(`drop database if exists ${quoteIdent(database)} with (force)`);
    });
  try {
    const db = await createPostgresDb(databaseUrl(baseUrl, database));
    try {
      await fillTemplate(db, contents);
    } finally {
      await db.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { database, drop };
}

/** A new database copied from `template`; `drop` removes it (after its pool is closed). */
export async function copyPostgresTemplate(
  baseUrl: string,
  template: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const database = `lt_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(baseUrl, (client) =>
    client.query(`create database ${quoteIdent(database)} template ${quoteIdent(template)}`),
  );
  return {
    url: databaseUrl(baseUrl, database),
    drop: () =>
      withAdminClient(baseUrl, async (client) => {
        await client.query(`drop database if exists ${quoteIdent(database)} with (force)`);
      }),
  };
}
