import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { reachable } from './chat';

export const REDIS_SERVER_BIN = '/usr/bin/redis-server';

/** Whether a private redis-server can be started (the outage tests are skipped without one). */
export const canStartRedisServer = existsSync(REDIS_SERVER_BIN);

/** A port nothing listens on (just released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return address.port;
}

/**
 * A redis-server of the test's own, which the test may stop and start again on the same port
 * (the shared one must never be stopped). Nothing is persisted: a restart starts empty.
 */
export type PrivateRedis = {
  url: string;
  /** Kills the server (SIGKILL: an outage, not a shutdown) and waits for it to be gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
  /** SIGSTOP: connections stay open but nothing answers, as with a stalled server. */
  pause(): void;
  resume(): void;
};

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const started = spawn(
      REDIS_SERVER_BIN,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await reachable(url))) {
      if (started.exitCode !== null) throw new Error(`redis-server exited (${started.exitCode})`);
      if (Date.now() > deadline) throw new Error(`redis-server did not start on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function kill(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    url,
    kill,
    start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}
