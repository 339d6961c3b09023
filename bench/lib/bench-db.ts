import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPgliteDb, createPostgresDb, quoteIdent, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';

const DEFAULT_PG_URL = 'postgres://root@127.0.0.1:5432/test';
/** PostgreSQL for the benches (`BENCH_DATABASE_URL=` empty: PGlite only). */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL;

export type DbKind = 'pglite' | 'postgres';
export type BenchDb = { db: Db; drop(): Promise<void> };

/** The database kinds to measure: PGlite always, PostgreSQL unless BENCH_DATABASE_URL is empty. */
export function benchDbKinds(): DbKind[] {
  return BENCH_PG_URL ? ['pglite', 'postgres'] : ['pglite'];
}

async function onBenchPostgres(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty schema on BENCH_PG_URL (`prefix` and a random suffix): its name, a DATABASE_URL
 * confined to it (for a server process of its own), and `drop()`.
 */
export async function createBenchSchema(
  prefix: string,
): Promise<{ schema: string; url: string; drop(): Promise<void> }> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onBenchPostgres(`create schema ${quoteIdent(schema)}`);
  const separator = BENCH_PG_URL.includes('?') ? '&' : '?';
  const options = encodeURIComponent(`-c search_path=${schema}`);
  return {
    schema,
    url: `${BENCH_PG_URL}${separator}options=${options}`,
    drop: () => onBenchPostgres(`drop schema if exists ${quoteIdent(schema)} cascade`),
  };
}

/**
 * A migrated database of its own: in-memory PGlite, or a fresh PostgreSQL schema dropped by
 * `drop()`. `seed` fills it before the measurement.
 */
export async function openBenchDb(kind: DbKind, seed: (db: Db) => Promise<void>): Promise<BenchDb> {
  let db: Db;
  let drop = async (): Promise<void> => undefined;
  if (kind === 'pglite') {
    db = await createPgliteDb();
  } else {
    const schema = await createBenchSchema('lt_bench');
    db = await createPostgresDb(BENCH_PG_URL, { searchPath: schema.schema });
    drop = schema.drop;
  }
  await migrate(db);
  await seed(db);
  return {
    db,
    drop: async () => {
      await db.close();
      await drop();
    },
  };
}

/** The p-th percentile of ascending `sorted` (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

/**
 * A database for a server process of its own, which the bench may kill: PGlite in a data
 * directory on disk, or a fresh PostgreSQL schema. `env` points the server at it, `open()` gives
 * the bench its own connection (to seed it, or to check it afterwards), `drop()` removes it.
 */
export type ProcessStore = {
  env: Record<string, string>;
  open(): Promise<Db>;
  drop(): Promise<void>;
};

export async function createProcessStore(kind: DbKind, name: string): Promise<ProcessStore> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), `lt-${name}-`));
    return {
      env: { PGLITE_DATA_DIR: dir },
      open: () => createPgliteDb(dir),
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const { schema, url, drop } = await createBenchSchema(`lt_bench_${name.replaceAll('-', '_')}`);
  return {
    env: { DATABASE_URL: url },
    open: () => createPostgresDb(BENCH_PG_URL, { searchPath: schema }),
    drop,
  };
}
