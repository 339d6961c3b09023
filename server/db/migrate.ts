import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

// Any fixed number works; every process of this app must use the same one.
const MIGRATION_LOCK_KEY = 7_304_118_001;

const MIGRATION_FILE = /^\d+_[\w-]+\.sql$/;

/**
 * Applies the `.sql` files of `dir` that are not yet recorded in `schema_migrations`, in
 * file-name order. The whole run is one transaction holding an advisory lock, so processes
 * starting together on one PostgreSQL wait for each other, and a failing file leaves nothing
 * half-applied. Returns the names applied by this call.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();

  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`
      create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )
    `);
    const rows = await tx.query<{ name: string }>('select name from schema_migrations');
    const done = new Set(rows.map((row) => row.name));

    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      const sql = await readFile(path.join(dir, name), 'utf8');
      try {
        await tx.exec(sql);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Migration ${name} failed: ${reason}`, { cause: error });
      }
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}
