import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

export type ChatRedisClient = ReturnType<typeof createClient>;

const CONNECT_TIMEOUT_MS = 5_000;
const MAX_RECONNECT_DELAY_MS = 3_000;

/**
 * A connected node-redis client. Unreachable at start → rejects (the server refuses to start:
 * with REDIS_URL set, running without it would silently lose cross-process delivery). Once
 * connected, a lost connection is retried with backoff; the adapter's own copies inherit that.
 */
export async function connectChatRedis(
  url: string,
  log: FastifyBaseLogger,
): Promise<ChatRedisClient> {
  let connected = false;
  const client = createClient({
    url,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries, cause) =>
        connected
          ? Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS)
          : new Error(`Redis at REDIS_URL is unreachable: ${cause.message}`, { cause }),
    },
  });
  // Without a listener an 'error' event would crash the process.
  client.on('error', (error: Error) => {
    if (connected) log.error({ err: error }, 'chat: Redis connection error');
  });
  try {
    await client.connect();
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw new Error(
      `Redis at REDIS_URL is unreachable (${error instanceof Error ? error.message : String(error)}); ` +
        'start Redis or unset REDIS_URL to run a single process without it',
      { cause: error },
    );
  }
  connected = true;
  return client;
}

/** Closes a client whatever state it is in. */
export async function closeChatRedis(client: ChatRedisClient): Promise<void> {
  if (!client.isOpen) return;
  try {
    await client.close();
  } catch {
    client.destroy();
  }
}
