import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/**
 * The database cannot be reached (PostgreSQL restarting, down, or out of connections): the
 * request may well succeed in a moment. Answered 503; nothing was written.
 */
export class DatabaseUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super('The database is not reachable', options);
    this.name = 'DatabaseUnavailableError';
  }
}

// Socket errors of the connection itself, and the SQLSTATEs of a server that is going away or
// not there yet: connection exceptions (class 08), admin/crash shutdown, starting up, and too
// many connections.
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
// What `pg` says, without a code, when a connection drops or cannot be made in time.
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** Whether `error` means the PostgreSQL server is unreachable rather than the query is wrong. */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNREACHABLE_SOCKET_CODES.has(code) || UNREACHABLE_SQLSTATES.has(code)) return true;
    if (code.startsWith('08')) return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnreachable);
  return UNREACHABLE_MESSAGE.test(error.message);
}

/** Runs one database call, turning "the server is not there" into DatabaseUnavailableError. */
async function reachable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isDatabaseUnreachable(error)) throw new DatabaseUnavailableError({ cause: error });
    throw error;
  }
}

/** A new connection waits at most this long (the default waits forever while PostgreSQL hangs). */
const CONNECT_TIMEOUT_MS = 5_000;

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
 * lose recent commits or worse. Two processes on one directory would lose writes: a lock file
 * (see lockDataDir) lets only one open it.
 */
export async function createPgliteDb(
  dataDir: string = PGLITE_IN_MEMORY,
  options: {
    /**
     * In memory only: start from this dump of an initialised data directory (PGlite's
     * `dumpDataDir`) instead of running initdb, which takes about a second (the test suites).
     */
    template?: Blob;
  } = {},
): Promise<Db> {
  const inMemory = dataDir === PGLITE_IN_MEMORY;
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const unlock = inMemory ? async () => undefined : await lockDataDir(dataDir);
  let lite: PGlite;
  try {
    lite = inMemory ? new PGlite({ loadDataDir: options.template }) : new PGlite(dataDir);
    await lite.waitReady;
    // PGlite runs in the server's thread: a new 16 MB WAL segment filled with zeros held it for
    // 200-350 ms in memory and 25 ms on disk, every 16 MB of WAL (about 9,000 chat messages),
    // which was the chat's p99 at 400 msg/s (docs/decisions.md D50). Skipping the fill is safe:
    // recovery reads a segment's page headers, not its zeros (PostgreSQL's own option for this).
    await lite.exec('set wal_init_zero = off');
  } catch (error) {
    await unlock();
    throw error;
  }

  const closeOnce = once(async () => {
    try {
      await lite.close();
    } finally {
      await unlock();
    }
  });
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

/** Set when another live process holds a PGlite data directory. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `PGLITE_DATA_DIR ${dataDir} is in use by another process (pid ${pid}): one server per ` +
        'data directory (stop it, or run several processes on PostgreSQL with DATABASE_URL)',
    );
    this.name = 'DataDirInUseError';
  }
}

const LOCK_FILE = 'learntogether.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>/learntogether.lock` for this process, or throws DataDirInUseError while the
 * process named in it lives. A lock left by a killed process is taken over. Resolves with the
 * function that releases it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return once(() => rm(file, { force: true }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DataDirInUseError(dataDir, holder);
    }
    // Stale (its process is gone): remove it and try once more.
    await rm(file, { force: true });
  }
  throw new Error(`could not lock ${dataDir}`);
}

export async function createPostgresDb(
  connectionString: string,
  options: { searchPath?: string | undefined } = {},
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Connection parameter, so it holds on every pooled connection.
    ...(options.searchPath ? { options: `-c search_path=${quoteIdent(options.searchPath)}` } : {}),
  });
  // An idle client losing its connection (PostgreSQL restarting) must not crash the process: the
  // pool drops it, and the next query opens a new one once the server is back.
  pool.on('error', () => undefined);
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();

  const closeOnce = once(() => pool.end());
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await reachable(() => pool.query(sql, params ? [...params] : undefined));
      return result.rows as T[];
    },
    async exec(sql: string) {
      // No parameters: the simple protocol, which accepts several statements.
      await reachable(() => pool.query(sql));
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await reachable(() => pool.connect());
      let broken = false;
      try {
        await reachable(() => client.query('begin'));
        const result = await fn({
          async query<R>(sql: string, params?: readonly unknown[]) {
            const res = await reachable(() => client.query(sql, params ? [...params] : undefined));
            return res.rows as R[];
          },
          async exec(sql: string) {
            await reachable(() => client.query(sql));
          },
        });
        // A commit whose answer was lost may or may not have happened: as with any dropped
        // connection, the client is told to try again.
        await reachable(() => client.query('commit'));
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
