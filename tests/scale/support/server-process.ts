import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How a child ended: its exit code, or the signal that ended it. */
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** One compiled product server (`node <serverDir>/index.js`) run as a child process. */
export type ServerProcess = {
  readonly name: string;
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Settles once the process has exited. */
  readonly exited: Promise<Exit>;
  /** What it printed on stdout and stderr so far, for failure messages. */
  output(): string;
  /** SIGKILL, as a crash: resolves once the process is gone. */
  kill(): Promise<Exit>;
  /** SIGTERM (the server closes its database), then SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<Exit>;
};

export type StartServerOptions = {
  /** Names the process in failure messages. */
  name: string;
  /** The output directory of `buildServer`. */
  serverDir: string;
  /** The server's whole configuration; nothing else is inherited but PATH and HOME. */
  env: Record<string, string>;
  /** Default: a free port. */
  port?: number;
  healthTimeoutMs?: number;
};

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAX_OUTPUT_CHARS = 64 * 1024;

const live = new Set<ServerProcess>();

/** A port nothing listens on now (the OS picks one for port 0, and it is released again). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

/**
 * Starts the compiled server and waits for `GET /api/health` to answer 200. Fails with the
 * server's output when it exits first or is not healthy in time (and kills it then).
 */
export async function startServerProcess(options: StartServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.resolve(ROOT, options.serverDir, 'index.js')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Not the test runner's environment: a DATABASE_URL, REDIS_URL or Stripe key there would
      // quietly change what is tested.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...options.env,
      },
    },
  );

  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  // Last resort should the test runner exit without its afterAll: no server outlives it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      collect(Buffer.from(`spawn failed: ${error.message}\n`));
      resolve({ code: null, signal: null });
    });
  });

  const server: ServerProcess = {
    name: options.name,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    exited,
    output: () => output,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
    stop: async (timeoutMs = 10_000) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  live.add(server);
  void exited.then(() => {
    live.delete(server);
    process.removeListener('exit', killOnExit);
  });

  try {
    await waitForHealth(server, options.healthTimeoutMs ?? 60_000);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

/** Kills every server started here that still runs (afterAll, whatever the tests did). */
export async function killServerProcesses(): Promise<void> {
  await Promise.all([...live].map((server) => server.kill()));
}

async function waitForHealth(server: ServerProcess, timeoutMs: number): Promise<void> {
  const url = `${server.baseUrl}/api/health`;
  const deadline = Date.now() + timeoutMs;
  let exit: Exit | undefined;
  void server.exited.then((value) => (exit = value));
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(
        `${server.name} exited (code ${String(exit.code)}, signal ${String(exit.signal)}) ` +
          `before ${url} answered:\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${server.name}: ${url} not healthy after ${timeoutMs} ms (${last}):\n${server.output()}`,
  );
}
