import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { waitForPort } from './cluster';

/**
 * A PostgreSQL server and a Redis server of their own, from the machine's Debian binaries, for
 * the scale tests and benchmarks that stop and restart them: the machine's shared servers
 * (5432, 6379) are never disturbed.
 */

/** The directory of Debian's PostgreSQL binaries (initdb, pg_ctl), newest version first. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

export function findRedisServer(): string | undefined {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function postgresCommand(bin: string, tool: string, args: string[]): [string, string[]] {
  const binary = path.join(bin, tool);
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

function runChecked(command: [string, string[]], what: string): void {
  const [file, args] = command;
  const result = spawnSync(file, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${what} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

export interface PrivatePostgres {
  /** postgres://… of the database `learntogether` on it. */
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  /** A fast shutdown: connections are cut, as in a restart. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

/** Creates (initdb) and starts a PostgreSQL cluster in a temporary directory on `port`. */
export async function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(tmpdir(), 'lt-pg-'));
  const dataDir = path.join(dir, 'data');
  if (isRoot()) {
    const pgUser = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const pgGroup = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(pgUser.stdout.trim()), Number(pgGroup.stdout.trim()));
  }
  const superuser = isRoot() ? 'root' : userInfo().username;
  runChecked(
    postgresCommand(bin, 'initdb', [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      superuser,
      '-E',
      'UTF8',
      '--no-sync',
    ]),
    'initdb',
  );
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c max_connections=200',
  ].join(' ');
  const pgCtl = (...args: string[]) =>
    runChecked(
      postgresCommand(bin, 'pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'log'), ...args]),
      `pg_ctl ${args[0]}`,
    );
  const start = async () => {
    pgCtl('start', '-w', '-o', options);
    await waitForPort(port);
  };
  await start();
  runChecked(
    postgresCommand(bin, 'createdb', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      superuser,
      'learntogether',
    ]),
    'createdb',
  );
  const stop = async () => pgCtl('stop', '-w', '-m', 'fast');
  return {
    url: `postgres://${encodeURIComponent(superuser)}@127.0.0.1:${port}/learntogether`,
    port,
    start,
    stop,
    async restart() {
      pgCtl('restart', '-w', '-m', 'fast', '-o', options);
      await waitForPort(port);
    },
    async destroy() {
      try {
        await stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  /** redis://127.0.0.1:port */
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  /** Kills it (SIGKILL: an outage, not a shutdown; it keeps nothing on disk, like the machine's). */
  stop(): Promise<void>;
  /** SIGSTOP: connections stay open but nothing answers, as with a stalled server. */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  destroy(): Promise<void>;
}

/** A redis-server child process on `port`, keeping nothing on disk. */
export async function startPrivateRedis(port: number): Promise<PrivateRedis> {
  const binary = findRedisServer();
  if (!binary) throw new Error('redis-server not found');
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    child = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitForPort(port);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    destroy: async () => {
      child?.kill('SIGCONT');
      await stop();
    },
  };
}
