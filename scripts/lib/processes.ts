import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createConnection } from 'node:net';

export type Managed = { name: string; child: ChildProcess };

const running: Managed[] = [];

/** Starts a long-running child in its own process group, prefixing its output with a name. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { quiet?: RegExp } = {},
): Managed {
  const child = spawn(command, args, {
    // Same process group as the caller: a Ctrl-C or a killed test runner reaches every child too.
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
    env: { ...process.env, ...options.env },
  });
  const prefix = `[${name}] `;
  const pipe = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let buffered = '';
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      // `quiet`: routine lines not worth a developer's attention.
      for (const line of lines) if (!options.quiet?.test(line)) out.write(prefix + line + '\n');
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  const managed = { name, child };
  running.push(managed);
  return managed;
}

/** Stops every child started here, waiting up to 5 s before killing it. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    running.splice(0).map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          // Killed by a signal, a child has no exit code but a signal code.
          if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
            return resolve();
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 5000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Polls a URL until it answers 2xx, or fails after the timeout. */
export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`Timed out waiting for ${url} (${lastError})`);
}

/** Runs a command to completion, inheriting the terminal; resolves with its exit code. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

export function onShutdown(handler: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void handler().finally(() => process.exit(0));
    });
  }
}

/** Whether something accepts a TCP connection on host:port within `timeoutMs`. */
export function portAnswers(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
