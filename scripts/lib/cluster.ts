import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portAnswers, startProcess, waitForUrl, type Managed } from './processes';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The nginx site of a production deployment (README, "Production"). */
export const NGINX_SITE_FILE = path.join(ROOT, 'deploy/nginx.conf');

/**
 * deploy/nginx.conf for this machine: its `listen` line on `port` (loopback), and in each
 * upstream one `server` line per backend port, keeping the parameters the file gives. Without
 * `perClientLimits`, the per-address request and connection limits are left out (load tests
 * send everything from one address).
 */
export function renderNginxSite(
  site: string,
  port: number,
  backendPorts: number[],
  { perClientLimits = true }: { perClientLimits?: boolean } = {},
): string {
  const out: string[] = [];
  let inUpstream = false;
  let serversWritten = false;
  for (const line of site.split('\n')) {
    if (/^\s*upstream\s+\S+\s*\{/.test(line)) {
      inUpstream = true;
      serversWritten = false;
      out.push(line);
      continue;
    }
    if (inUpstream && /^\s*\}/.test(line)) inUpstream = false;
    const server = inUpstream ? /^(\s*)server\s+\S+(.*)$/.exec(line) : null;
    if (server) {
      if (!serversWritten) {
        const [, indent = '', rest = ';'] = server;
        for (const backend of backendPorts) out.push(`${indent}server 127.0.0.1:${backend}${rest}`);
        serversWritten = true;
      }
      continue;
    }
    if (!perClientLimits && /^\s*limit_(req|conn)\s/.test(line)) continue;
    const listen = /^(\s*)listen\s+[^;]+;/.exec(line);
    out.push(listen ? `${listen[1] ?? ''}listen 127.0.0.1:${port};` : line);
  }
  return out.join('\n');
}

/** nginx's main file around the site: in the foreground, everything under `dir`. */
function nginxMainConfig(dir: string, sitePath: string, logLevel: NginxLogLevel): string {
  return [
    'daemon off;',
    'master_process on;',
    'worker_processes auto;',
    'worker_rlimit_nofile 16384;',
    `pid ${dir}/nginx.pid;`,
    `error_log stderr ${logLevel};`,
    'events { worker_connections 8192; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${dir}/client-body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    `  include ${sitePath};`,
    '}',
    '',
  ].join('\n');
}

/** Where Debian's nginx is, or undefined. */
export function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    const result = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (result.status === 0) return candidate;
  }
  return undefined;
}

/** Resolves once something accepts connections on 127.0.0.1:port. */
export async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await portAnswers('127.0.0.1', port);
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One product-server process of the cluster, which a test may stop, kill and start again. */
export interface Backend {
  readonly name: string;
  readonly port: number;
  /** Its own address, past nginx (the tests reach "process A" and "process B" here). */
  readonly url: string;
  readonly pid: number | undefined;
  /** Starts it (again) and resolves once /api/health answers. */
  start(): Promise<void>;
  /** Sends `signal` and resolves with how it ended (at once if it is not running). */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface Cluster {
  /** nginx: the one address of the product. */
  readonly url: string;
  readonly port: number;
  readonly backends: readonly Backend[];
  stop(): Promise<void>;
}

export type ClusterOptions = {
  /** nginx listens here (127.0.0.1). */
  port: number;
  /** One product-server process per port. */
  backendPorts: number[];
  /** The compiled server (scripts/build-server.ts), run with plain Node as in production. */
  serverDir: string;
  /** Every process's environment: DATABASE_URL, REDIS_URL, ACCESS_TOKEN_SECRET, … */
  env: Record<string, string>;
  /** Set to false to start the processes one by one (default: all at once, as after a deploy). */
  startTogether?: boolean;
  /**
   * What nginx logs (default `warn`). Tests that stop processes on purpose use `crit`: nginx
   * reports each refused connection it then sends elsewhere as an error.
   */
  nginxLogLevel?: NginxLogLevel;
  /** deploy/nginx.conf's per-address limits (default on); load tests from one address turn them off. */
  perClientLimits?: boolean;
};

export type NginxLogLevel = 'warn' | 'error' | 'crit';

function exitOf(
  child: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

function createBackend(index: number, port: number, options: ClusterOptions): Backend {
  const name = `server-${String.fromCharCode(97 + index)}`;
  let managed: Managed | undefined;
  const running = () =>
    managed !== undefined && managed.child.exitCode === null && managed.child.signalCode === null;
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    get pid() {
      return running() ? managed?.child.pid : undefined;
    },
    async start() {
      if (running()) throw new Error(`${name} is already running`);
      managed = startProcess(
        name,
        process.execPath,
        ['--enable-source-maps', path.join(options.serverDir, 'index.js')],
        { env: { ...options.env, HOST: '127.0.0.1', PORT: String(port) } },
      );
      const child = managed.child;
      const exited = exitOf(child).then(({ code, signal }) => {
        throw new Error(`${name} exited while starting (code ${code}, signal ${signal})`);
      });
      await Promise.race([waitForUrl(`http://127.0.0.1:${port}/api/health`, 60_000), exited]);
      exited.catch(() => undefined);
    },
    async stop(signal = 'SIGTERM') {
      const child = managed?.child;
      if (!child) return { code: null, signal: null };
      if (running()) child.kill(signal);
      return exitOf(child);
    },
  };
}

/**
 * The production topology on this machine: N compiled product-server processes on one database
 * and one Redis, behind nginx running deploy/nginx.conf. Used by `npm run start:cluster`, the
 * scale tests (tests/scale) and the benchmarks.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nginxBinary = findNginx();
  if (!nginxBinary) {
    throw new Error('nginx is not installed: apt-get install -y nginx (Debian), then try again');
  }
  const backends = options.backendPorts.map((port, index) => createBackend(index, port, options));
  const dir = await mkdtemp(path.join(tmpdir(), 'lt-nginx-'));
  // nginx's workers run as an unprivileged user when it is started as root: let them in.
  await chmod(dir, 0o755);
  let nginx: ChildProcess | undefined;

  const stop = async () => {
    await Promise.all(backends.map((backend) => backend.stop('SIGTERM')));
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      nginx.kill('SIGTERM');
      await exitOf(nginx);
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    if (options.startTogether === false) {
      for (const backend of backends) await backend.start();
    } else {
      await Promise.all(backends.map((backend) => backend.start()));
    }

    const sitePath = path.join(dir, 'learntogether.conf');
    const site = await readFile(NGINX_SITE_FILE, 'utf8');
    await writeFile(
      sitePath,
      renderNginxSite(site, options.port, options.backendPorts, {
        perClientLimits: options.perClientLimits,
      }),
    );
    const mainPath = path.join(dir, 'nginx.conf');
    await writeFile(mainPath, nginxMainConfig(dir, sitePath, options.nginxLogLevel ?? 'warn'));
    await mkdir(path.join(dir, 'logs'), { recursive: true });
    const check = spawnSync(nginxBinary, ['-t', '-q', '-p', dir, '-c', mainPath], {
      encoding: 'utf8',
    });
    if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);
    const started = spawn(nginxBinary, ['-p', dir, '-c', mainPath], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    nginx = started;
    const exited = exitOf(started).then(({ code }) => {
      throw new Error(`nginx exited at start (code ${code})`);
    });
    await Promise.race([waitForPort(options.port), exited]);
    exited.catch(() => undefined);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `http://127.0.0.1:${options.port}`,
    port: options.port,
    backends,
    stop,
  };
}
