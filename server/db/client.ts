import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_IN_MEMORY } from '../config';

/** What a repository needs: parameterised queries, plus multi-statement SQL for migrations. */
export interface Queryable {
  /** One statement; values only through `$1…` parameters, never spliced into `sql`. */
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** One or more statements without parameters (migrations, fixed DDL). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL URL; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory://`. */
  pgliteDataDir?: string | undefined;
  /** PostgreSQL only: schema search path for every pooled connection (tests use one schema each). */
  searchPath?: string | undefined;
}

export async function createDb(options: CreateDbOptions): Promise<Db> {
  if (options.databaseUrl) {
    return createPostgresDb(options.databaseUrl, { searchPath: options.searchPath });
  }
  return createPgliteDb(options.pgliteDataDir ?? PGLITE_IN_MEMORY);
}

/**
 * On a directory, PGlite's Node file system writes through to the files at once, so a commit is
 * with the OS when its query returns: it survives the process being killed
 * (tests/scale/embedded-crash.test.ts). PGlite never fsyncs, so an OS crash or power loss can
 * lose recent commits or worse. Nothing locks the directory: two processes on one lose writes.
 */
export async function createPgliteDb(dataDir: string = PGLITE_IN_MEMORY): Promise<Db> {
  const inMemory = dataDir === PGLITE_IN_MEMORY;
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const lite = inMemory ? new PGlite() : new PGlite(dataDir);
  await lite.waitReady;

  const closeOnce = once(() => lite.close());
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await lite.query<T>(sql, params ? [...params] : undefined);
      return result.rows;
    },
    async exec(sql: string) {
      await lite.exec(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return lite.transaction((tx) =>
        fn({
          async query<R>(sql: string, params?: readonly unknown[]) {
            return (await tx.query<R>(sql, params ? [...params] : undefined)).rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    close: closeOnce,
  };
}

export async function createPostgresDb(
  connectionString: string,
  options: { searchPath?: string | undefined } = {},
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Connection parameter, so it holds on every pooled connection.
    ...(options.searchPath ? { options: `-c search_path=${quoteIdent(options.searchPath)}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();

  const closeOnce = once(() => pool.end());
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await pool.query(sql, params ? [...params] : undefined);
      return result.rows as T[];
    },
    async exec(sql: string) {
      // No parameters: the simple protocol, which accepts several statements.
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('begin');
        const result = await fn({
          async query<R>(sql: string, params?: readonly unknown[]) {
            const res = await client.query(sql, params ? [...params] : undefined);
            return res.rows as R[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } catch {
          broken = true; // do not return a connection in an unknown state to the pool
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: closeOnce,
  };
}

/** Quotes an SQL identifier (schema names in tests); never used with request input. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let pending: Promise<void> | undefined;
  return () => (pending ??= fn());
}
