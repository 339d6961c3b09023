import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyPluginAsync } from 'fastify';
import { Server, type Socket } from 'socket.io';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  chatRoomSchema,
  deleteMessagePayloadSchema,
  loadHistoryPayloadSchema,
  checkNewMessage,
  syncHistoryPayloadSchema,
  typingPayloadSchema,
  type ChatAck,
  type ChatClientToServerEvents,
  type ChatErrorAck,
  type ChatRoom,
  type ChatServerToClientEvents,
  type HistoryAck,
  type JoinRoomAck,
  type NewMessageAck,
  type PresenceEvent,
} from '../../contract/chat';
import { authenticate } from '../auth/authenticate';
import { DatabaseUnavailableError } from '../db/client';
import {
  chatMessagesAfter,
  chatMessagesBefore,
  ChatSenderGoneError,
  deleteChatMessage,
  insertChatMessage,
  latestChatMessages,
} from '../db/repositories/chat-messages';
import { findUserByEmail } from '../db/repositories/users';
import { isAllowedChatOrigin } from './origin';

/** What socket.io keeps per socket (and restores with the connection state). */
export type ChatSocketData = {
  userId: string;
  email: string;
  /** Shown in presence: the name of the user's latest message or typing, else the account's. */
  name: string;
  /** The one chat room the socket is in, if any. */
  room: ChatRoom | null;
  /** When the access token the socket (re)connected with expires (ms since the epoch). */
  tokenExpiresAt: number;
};

/**
 * Ends chat sessions from outside the chat (an admin deleting an account): every socket of the
 * user, on every process, is disconnected at once.
 */
export interface ChatSessions {
  endSessionsOf(userId: string): Promise<void>;
}

type ChatServer = Server<
  ChatClientToServerEvents,
  ChatServerToClientEvents,
  Record<string, never>,
  ChatSocketData
>;
type ChatSocket = Socket<
  ChatClientToServerEvents,
  ChatServerToClientEvents,
  Record<string, never>,
  ChatSocketData
>;

export const CHAT_PATH = '/socket.io';

/** Presence changes within this window go out as one announcement per room. */
const PRESENCE_COALESCE_MS = 250;

/** How long the adapter's stream read blocks: also how long its reader outlives a close. */
const REDIS_READ_BLOCK_MS = 2_000;

/**
 * Processes tell each other they are alive this often, and forget one silent for the timeout
 * (a killed process): until then, questions to every process wait for its answer.
 */
const HEARTBEAT_INTERVAL_MS = 2_000;
const HEARTBEAT_TIMEOUT_MS = 6_000;

/** How long a question to every process (who is in a room) waits before answering locally. */
const CLUSTER_QUERY_TIMEOUT_MS = 1_500;

const roomKey = (room: ChatRoom) => `room:${room}`;
const userKey = (userId: string) => `user:${userId}`;
const fail = (error: string): ChatErrorAck => ({ ok: false, error });

function defaultName(profileName: string, email: string): string {
  const name = profileName.trim() || email.split('@')[0] || email;
  return [...name].slice(0, CHAT_LIMITS.maxNameLength).join('');
}

/**
 * The chat (docs/architecture.md §3, docs/decisions.md): socket.io on the app's HTTP server at /socket.io. The handshake
 * needs the access token; events follow contract/chat.ts, and every failure is an error ack.
 * Closes with the app. Its dependencies are the app's decorators, as the routes' are: the access
 * tokens and database the routes use, Redis (with it, the Redis Streams adapter), the rate
 * limiter, and `chatSessions`, which it fills in so the rest of the app can end a user's
 * chat sessions.
 */
export const chatPlugin: FastifyPluginAsync = async (app) => {
  const { accessTokens, db, redis } = app;
  // Origins allowed besides the request's own Host.
  const allowedOrigins = app.config.CHAT_ALLOWED_ORIGINS;
  const log = app.log.child({ module: 'chat' });
  const redisKeyPrefix = redis ? `${redis.keyPrefix}:chat` : '';
  if (redis) log.info('chat: Redis Streams adapter on (REDIS_URL); limits counted in Redis');

  const io: ChatServer = new Server(app.server, {
    path: CHAT_PATH,
    serveClient: false,
    maxHttpBufferSize: CHAT_LIMITS.maxEventBytes,
    connectionStateRecovery: {
      maxDisconnectionDuration: CHAT_LIMITS.recoveryWindowMs,
      // A recovered session is authenticated again, with the token the client sends now: a
      // deleted account or an expired token does not get its session back.
      skipMiddlewares: false,
    },
    allowRequest: (request, callback) => {
      if (isAllowedChatOrigin(request, allowedOrigins)) callback(null, true);
      else callback('Origin not allowed', false);
    },
    ...(redis
      ? {
          adapter: createAdapter(redis.adapterClient, {
            streamName: `${redisKeyPrefix}:stream`,
            channelPrefix: redisKeyPrefix,
            sessionKeyPrefix: `${redisKeyPrefix}:session:`,
            blockTimeInMs: REDIS_READ_BLOCK_MS,
            heartbeatInterval: HEARTBEAT_INTERVAL_MS,
            heartbeatTimeout: HEARTBEAT_TIMEOUT_MS,
          }),
        }
      : {}),
  });

  // Both limits are the app's (server/rate-limit.ts): per user, across processes with Redis.
  const { rateLimiter } = app;

  let closing = false;
  // One presence announcement per room per PRESENCE_COALESCE_MS: each carries the whole member
  // list to every member, so a crowd arriving (or renaming) at once must not cost one per person.
  const pendingPresence = new Map<ChatRoom, NodeJS.Timeout>();
  app.addHook('preClose', async () => {
    closing = true;
    for (const timer of pendingPresence.values()) clearTimeout(timer);
    // Before the HTTP server closes: it would otherwise wait for every open WebSocket. Closing
    // the connections (not disconnecting the sockets) is a drop the clients recover from: they
    // reconnect by themselves, through the proxy to another process, which restores their
    // session from Redis with the events they missed.
    io.engine.close();
    await io.of('/').adapter.close();
  });

  /**
   * The sockets in `room` across every process. While Redis is down, or another process does
   * not answer in time (it was just killed), those of this process: presence and the socket cap
   * are then per process for a while, and nothing else is held up.
   */
  async function socketsIn(room: string): Promise<{ data: ChatSocketData }[]> {
    if (redis?.isReady() !== false) {
      try {
        return await io.timeout(CLUSTER_QUERY_TIMEOUT_MS).in(room).fetchSockets();
      } catch (error) {
        log.warn({ err: error }, 'chat: other processes did not answer; counting this one alone');
      }
    }
    // Read from this process's own tables: the adapter's local fetch still asks Redis how many
    // processes there are.
    const namespace = io.of('/');
    const ids = namespace.adapter.rooms.get(room) ?? new Set<string>();
    return [...ids].flatMap((id) => {
      const socket = namespace.sockets.get(id);
      return socket ? [socket] : [];
    });
  }

  // ---- handshake ------------------------------------------------------------------------------

  async function authenticateSocket(socket: ChatSocket): Promise<string | undefined> {
    const auth: unknown = socket.handshake.auth;
    const token =
      typeof auth === 'object' && auth !== null ? (auth as { token?: unknown }).token : undefined;
    if (typeof token !== 'string' || token === '') return CHAT_MESSAGES.missingToken;
    const authenticated = await authenticate({ db, accessTokens }, token);
    if (!authenticated) return CHAT_MESSAGES.badToken;
    const { user, expiresAt } = authenticated;
    if (socket.recovered) {
      // socket.io restored this session (its rooms and data): only its own user may take it back.
      if (socket.data.userId !== user.id) return CHAT_MESSAGES.badToken;
      socket.data.tokenExpiresAt = expiresAt;
      return undefined;
    }
    // Counted across processes (the adapter asks the others). Handshakes racing each other may
    // each see the same count: the limit is a guard against runaway tabs, not an exact quota.
    const open = await socketsIn(userKey(user.id));
    if (open.length >= CHAT_LIMITS.maxSocketsPerUser) return CHAT_MESSAGES.tooManySockets;
    socket.data = {
      userId: user.id,
      email: user.email,
      name: defaultName(user.profile.name, user.email),
      room: null,
      tokenExpiresAt: expiresAt,
    };
    return undefined;
  }

  io.use((socket, next) => {
    authenticateSocket(socket).then(
      (refusal) => next(refusal === undefined ? undefined : new Error(refusal)),
      (error: unknown) => {
        if (error instanceof DatabaseUnavailableError) {
          // Expected while PostgreSQL restarts: one line, as for events and on the HTTP side.
          log.warn({ cause: String(error.cause) }, 'chat handshake: database unreachable');
        } else {
          log.error({ err: error }, 'chat handshake failed');
        }
        next(new Error(CHAT_MESSAGES.unavailable));
      },
    );
  });

  // ---- presence -------------------------------------------------------------------------------

  async function membersOf(room: ChatRoom): Promise<PresenceEvent['members']> {
    const sockets = await socketsIn(roomKey(room));
    const names = new Map<string, string>();
    for (const { data } of sockets) if (data.userId) names.set(data.userId, data.name);
    return [...names]
      .map(([userId, name]) => ({ userId, name }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  }

  function announcePresenceSoon(room: ChatRoom): void {
    if (closing || pendingPresence.has(room)) return;
    const timer = setTimeout(() => {
      pendingPresence.delete(room);
      if (closing) return;
      membersOf(room)
        .then((members) => io.to(roomKey(room)).emit('presence', { room, members }))
        .catch((error: unknown) => {
          if (!closing) log.warn({ err: error }, 'chat presence update failed');
        });
    }, PRESENCE_COALESCE_MS);
    timer.unref();
    pendingPresence.set(room, timer);
  }

  /** Remembers the name the user now goes by; presence follows when it changed. */
  function rename(socket: ChatSocket, name: string): void {
    if (socket.data.name === name) return;
    socket.data.name = name;
    if (socket.data.room) announcePresenceSoon(socket.data.room);
  }

  // ---- sessions -------------------------------------------------------------------------------

  /** The session is over (token expired, account deleted): the client is told why, then dropped. */
  function endSession(socket: ChatSocket): void {
    socket.emit('sessionEnded', { message: CHAT_MESSAGES.badToken });
    // A server-side disconnect: socket.io-client does not reconnect by itself, and the session is
    // not kept for recovery.
    socket.disconnect(true);
  }

  /** Thrown inside an event's work when its socket's session is over. */
  class SessionEnded extends Error {}

  /** The account behind the socket still exists (read now, as every HTTP request does). */
  async function requireAccount(socket: ChatSocket): Promise<void> {
    if (!(await findUserByEmail(db, socket.data.email))) throw new SessionEnded();
  }

  app.chatSessions.endSessionsOf = async (userId) => {
    const sockets = io.in(userKey(userId));
    try {
      // Every process: the adapter passes both on to the others, in this order.
      sockets.emit('sessionEnded', { message: CHAT_MESSAGES.badToken });
      await Promise.resolve(sockets.disconnectSockets(true));
    } catch (error) {
      log.warn({ err: error }, 'chat: could not reach the other processes; ending sessions here');
      io.local.in(userKey(userId)).disconnectSockets(true);
    }
  };

  // ---- events ---------------------------------------------------------------------------------

  async function joinRoom(socket: ChatSocket, payload: unknown): Promise<ChatAck<JoinRoomAck>> {
    const parsed = chatRoomSchema.safeParse(payload);
    if (!parsed.success) return fail(CHAT_MESSAGES.unknownRoom);
    await requireAccount(socket);
    const room = parsed.data;
    const previous = socket.data.room;
    if (previous && previous !== room) {
      await socket.leave(roomKey(previous));
      announcePresenceSoon(previous);
    }
    // Joined before reading the history: a message stored meanwhile arrives as an event (and
    // perhaps in the page too; clients drop a second copy by _id) rather than not at all.
    await socket.join(roomKey(room));
    socket.data.room = room;
    const page = await latestChatMessages(db, room, CHAT_LIMITS.historyPageSize);
    const members = await membersOf(room);
    announcePresenceSoon(room);
    return {
      ok: true,
      messages: page.messages,
      hasMore: page.hasMore,
      members,
      // Who the client is: its own messages are those with this userId (not the name).
      you: { userId: socket.data.userId },
    };
  }

  async function newMessage(socket: ChatSocket, payload: unknown): Promise<ChatAck<NewMessageAck>> {
    const checked = checkNewMessage(payload);
    if (!checked.ok) return fail(checked.error);
    const { room, clientId, name, msg } = checked.message;
    if (socket.data.room !== room) return fail(CHAT_MESSAGES.notInRoom);
    const limit = await rateLimiter.hit('chatMessagePerUser', socket.data.userId);
    if (!limit.allowed) return fail(CHAT_MESSAGES.rateLimited);

    let stored: Awaited<ReturnType<typeof insertChatMessage>>;
    try {
      stored = await insertChatMessage(db, {
        room,
        userId: socket.data.userId,
        name,
        msg,
        clientId,
      });
    } catch (error) {
      // The account was deleted while its socket was still open.
      if (error instanceof ChatSenderGoneError) throw new SessionEnded();
      throw error;
    }
    const { message, created } = stored;
    if (created) {
      io.to(roomKey(room)).emit('getLatestMessage', message);
    } else {
      // A retry of a stored message: the room has it already; the sender may have missed it.
      socket.emit('getLatestMessage', message);
    }
    rename(socket, name);
    return { ok: true, message };
  }

  async function loadHistory(socket: ChatSocket, payload: unknown): Promise<ChatAck<HistoryAck>> {
    const parsed = loadHistoryPayloadSchema.safeParse(payload);
    if (!parsed.success) return fail(CHAT_MESSAGES.badRequest);
    await requireAccount(socket);
    const { room, before } = parsed.data;
    const page = await chatMessagesBefore(db, room, before, CHAT_LIMITS.historyPageSize);
    if (!page) return fail(CHAT_MESSAGES.messageNotFound);
    return { ok: true, ...page };
  }

  async function syncHistory(socket: ChatSocket, payload: unknown): Promise<ChatAck<HistoryAck>> {
    const parsed = syncHistoryPayloadSchema.safeParse(payload);
    if (!parsed.success) return fail(CHAT_MESSAGES.badRequest);
    await requireAccount(socket);
    const { room, after } = parsed.data;
    const page = await chatMessagesAfter(db, room, after, CHAT_LIMITS.historyPageSize);
    if (!page) return fail(CHAT_MESSAGES.messageNotFound);
    return { ok: true, ...page };
  }

  async function typing(socket: ChatSocket, payload: unknown): Promise<void> {
    const parsed = typingPayloadSchema.safeParse(payload);
    if (!parsed.success || socket.data.room !== parsed.data.room) return;
    // Typing notices are cosmetic: over the limit they are dropped without a word.
    if (!(await rateLimiter.hit('chatTypingPerUser', socket.data.userId)).allowed) return;
    socket
      .to(roomKey(parsed.data.room))
      .emit('typing', { userId: socket.data.userId, name: parsed.data.name });
    rename(socket, parsed.data.name);
  }

  async function deleteMessage(
    socket: ChatSocket,
    payload: unknown,
  ): Promise<ChatAck<{ ok: true }>> {
    const parsed = deleteMessagePayloadSchema.safeParse(payload);
    if (!parsed.success) return fail(CHAT_MESSAGES.badRequest);
    // The role as stored now: a promotion or demotion counts at once.
    const user = await findUserByEmail(db, socket.data.email);
    if (!user) throw new SessionEnded();
    if (user.role !== 'admin') return fail(CHAT_MESSAGES.adminsOnly);
    const { room, id } = parsed.data;
    if (!(await deleteChatMessage(db, room, id))) return fail(CHAT_MESSAGES.messageNotFound);
    io.to(roomKey(room)).emit('messageDeleted', { room, id });
    return { ok: true };
  }

  /**
   * Runs an event's work and answers its ack; nothing ever throws out of a handler. An event on a
   * socket whose token has expired, or whose account is gone, ends the session instead.
   */
  function answer<T>(
    socket: ChatSocket,
    event: string,
    ack: unknown,
    work: () => Promise<ChatAck<T>>,
  ): void {
    const expired = Date.now() >= socket.data.tokenExpiresAt;
    (expired ? Promise.reject(new SessionEnded()) : work())
      .catch((error: unknown): ChatErrorAck => {
        if (error instanceof SessionEnded) {
          // After the ack has gone out (below), so the client reads why.
          setImmediate(() => endSession(socket));
          return fail(CHAT_MESSAGES.badToken);
        }
        if (error instanceof DatabaseUnavailableError) {
          // Expected while PostgreSQL restarts: one line, as the HTTP side logs it.
          log.warn({ event, cause: String(error.cause) }, 'chat event: database unreachable');
        } else {
          log.error({ err: error, event }, 'chat event failed');
        }
        return fail(CHAT_MESSAGES.unavailable);
      })
      .then((reply) => {
        // Only a client that asked for an answer passes a function.
        if (typeof ack === 'function') (ack as (reply: ChatAck<T>) => void)(reply);
      })
      .catch((error: unknown) => log.error({ err: error, event }, 'chat ack failed'));
  }

  io.on('connection', (socket) => {
    void socket.join(userKey(socket.data.userId));
    // A recovered socket is back in its rooms: the others see it again.
    if (socket.recovered && socket.data.room) announcePresenceSoon(socket.data.room);

    // The session ends when the token it was opened with does, even on a silent socket.
    const expiry = setTimeout(
      () => endSession(socket),
      Math.max(0, socket.data.tokenExpiresAt - Date.now()),
    );
    expiry.unref();

    socket.on('joinRoom', (room: unknown, ack: unknown) =>
      answer(socket, 'joinRoom', ack, () => joinRoom(socket, room)),
    );
    socket.on('newMessage', (payload: unknown, ack: unknown) =>
      answer(socket, 'newMessage', ack, () => newMessage(socket, payload)),
    );
    socket.on('loadHistory', (payload: unknown, ack: unknown) =>
      answer(socket, 'loadHistory', ack, () => loadHistory(socket, payload)),
    );
    socket.on('syncHistory', (payload: unknown, ack: unknown) =>
      answer(socket, 'syncHistory', ack, () => syncHistory(socket, payload)),
    );
    socket.on('typing', (payload: unknown) => {
      if (Date.now() >= socket.data.tokenExpiresAt) return endSession(socket);
      typing(socket, payload).catch((error: unknown) =>
        log.error({ err: error, event: 'typing' }, 'chat event failed'),
      );
    });
    socket.on('deleteMessage', (payload: unknown, ack: unknown) =>
      answer(socket, 'deleteMessage', ack, () => deleteMessage(socket, payload)),
    );
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      if (socket.data.room) announcePresenceSoon(socket.data.room);
    });
  });
};
