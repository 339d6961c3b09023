import { randomBytes } from 'node:crypto';
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
    const schema = `lt_bench_${randomBytes(6).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: BENCH_PG_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`create schema ${quoteIdent(schema)}`);
    db = await createPostgresDb(BENCH_PG_URL, { searchPath: schema });
    drop = () => admin(`drop schema if exists ${quoteIdent(schema)} cascade`);
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
