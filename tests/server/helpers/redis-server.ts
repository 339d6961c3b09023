import { createServer } from 'node:net';
import {
  findRedisServer,
  startPrivateRedis as startOn,
} from '../../../scripts/lib/private-services';

export type { PrivateRedis } from '../../../scripts/lib/private-services';

/** Whether a private redis-server can be started (the outage tests are skipped without one). */
export const canStartRedisServer = findRedisServer() !== undefined;

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
 * A redis-server of the test's own on a free port, which the test may stop and start again on
 * the same port (the shared one must never be stopped). A restart starts empty.
 */
export async function startPrivateRedis() {
  return startOn(await freePort());
}
