import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/**
 * The process's one Redis connection (REDIS_URL): the chat's socket.io adapter, the chat's
 * message limit and the HTTP rate limits share it. Redis is where processes meet, never where
 * data lives: while it is down every user of it falls back to this process alone.
 */
export interface SharedRedis {
  /**
   * Commands fail at once while the connection is down (no offline queue), so callers fall back
   * to local state instead of waiting for Redis to return.
   */
  readonly client: RedisClient;
  /** The same connection, shaped for `@socket.io/redis-streams-adapter` (see adapterView). */
  readonly adapterClient: RedisClient;
  /** Connected and answering commands now. */
  isReady(): boolean;
  /** Keys and channels of this app start with it (tests give each app pair its own). */
  readonly keyPrefix: string;
  close(): Promise<void>;
}

export const DEFAULT_REDIS_KEY_PREFIX = 'learntogether';

const CONNECT_TIMEOUT_MS = 5_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * Connects to Redis. Unreachable at start → rejects (the server refuses to start: a wrong
 * REDIS_URL would otherwise go unnoticed). Once connected, a lost connection is retried with
 * backoff for as long as the process lives, and everything resumes by itself when it is back.
 */
export async function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  keyPrefix: string = DEFAULT_REDIS_KEY_PREFIX,
): Promise<SharedRedis> {
  let connected = false;
  let down = false;
  const client: RedisClient = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries, cause) =>
        connected
          ? Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS)
          : new Error(`Redis at REDIS_URL is unreachable: ${cause.message}`, { cause }),
    },
  });
  // Without a listener an 'error' event would crash the process. One line per outage, not per retry.
  client.on('error', (error: Error) => {
    if (!connected || down) return;
    down = true;
    log.error(
      { err: error },
      'Redis connection lost: chat and rate limits count in this process alone until it is back',
    );
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is back: chat and rate limits are shared between processes again');
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

  let closing: Promise<void> | undefined;
  return {
    client,
    adapterClient: adapterView(client, log),
    isReady: () => client.isReady,
    keyPrefix,
    close: () =>
      (closing ??= (async () => {
        if (!client.isOpen) return;
        try {
          await client.close();
        } catch {
          client.destroy();
        }
      })()),
  };
}

/**
 * What the socket.io Redis Streams adapter is given instead of the client itself:
 * - its copies (the blocking stream reader and the subscriber) keep an offline queue: while
 *   Redis is down they wait for it rather than fail, which the reader would retry in a tight
 *   loop that starves the process;
 * - the commands it fires and forgets (PUBLISH for requests between processes, SET of a
 *   disconnected socket's session) have their failures logged: left unhandled, a rejection
 *   while Redis is down would end the process.
 * Broadcasts (XADD) already fail visibly to the adapter, which then delivers in this process.
 */
function adapterView(client: RedisClient, log: FastifyBaseLogger): RedisClient {
  const fireAndForget = new Set<PropertyKey>(['publish', 'sPublish', 'set']);
  return new Proxy(client, {
    get(target, property) {
      if (property === 'duplicate') {
        return (overrides?: Parameters<RedisClient['duplicate']>[0]) =>
          target.duplicate({ ...overrides, disableOfflineQueue: false });
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (fireAndForget.has(property)) {
        return (...args: unknown[]) =>
          (Reflect.apply(value, target, args) as Promise<unknown>).catch((error: unknown) => {
            log.debug({ err: error }, `chat: Redis ${String(property)} failed`);
            return undefined;
          });
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
}
