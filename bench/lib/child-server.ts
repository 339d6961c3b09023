import { spawn, type ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';

// A bench's server runs in a child process of its own (`npx tsx bench/<name>.ts serve …`), so the load
// generator in the parent does not share its event loop. The child says where it listens on stdout.

export type ChildServer = ChildProcess & { port: number };

/** In the child: listens on a free port, reports it, and closes cleanly on SIGINT. */
export async function serveForParent(
  app: FastifyInstance,
  cleanup: () => Promise<void> = async () => undefined,
): Promise<void> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.once('SIGINT', () => {
    void app
      .close()
      .then(cleanup)
      .finally(() => process.exit(0));
  });
}

/** In the parent: starts `node [nodeArgs] --import tsx <args>` and resolves once it listens. */
export function startChildServer(
  args: string[],
  options: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv; name?: string } = {},
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...options.env },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port) resolve(Object.assign(child, { port: Number(port) }));
    });
    child.once('exit', (code) =>
      reject(new Error(`${options.name ?? 'server'} exited (${code}): ${out}`)),
    );
  });
}

/** Stops a child server with SIGINT (which also lets --cpu-prof write its profile). */
export function stopChildServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}
