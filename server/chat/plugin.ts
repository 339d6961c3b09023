import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyPluginAsync } from 'fastify';
import { Server } from 'socket.io';
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatErrorAck } from '../../contract/chat';
import {
  admitChatEvent,
  CHAT_CLIENT_EVENTS,
  hasAck,
  isChatClientEvent,
  type ChatClientEvent,
  type ChatEventGate,
  type ChatEventHandlers,
  type ChatEventResult,
} from '../../contract/chat-events';
import { DatabaseUnavailableError } from '../db/client';
import { activeMuteUntil } from '../db/repositories/chat-moderation';
import { createBoardEvents } from './board';
import { courseRoomId } from '../../contract/course-rules';
import { createCoursePresence } from './course-presence';
import { roomAccess } from './room-access';
import {
  currentRole,
  fail,
  roomKey,
  SessionEnded,
  userKey,
  type ChatContext,
  type ChatServer,
  type ChatSocket,
} from './context';
import { createMessageEvents } from './messages';
import { quietMutes } from './mutes';
import { emitToRoom, roomBroadcaster } from './room-broadcast';
import { chatReads } from './reads';
import { isAllowedChatOrigin } from './origin';
import { createPresence } from './presence';
import { chatSessionsOf, endSession, authenticateHandshakes } from './sessions';

export type { ChatRooms, ChatSessions } from './context';

export const CHAT_PATH = '/socket.io';

/** How long the adapter's stream read blocks: also how long its reader outlives a close. */
const REDIS_READ_BLOCK_MS = 2_000;

/**
 * Processes tell each other they are alive this often, and forget one silent for the timeout
 * (a killed process): until then, questions to every process wait for its answer.
 */
const HEARTBEAT_INTERVAL_MS = 2_000;
const HEARTBEAT_TIMEOUT_MS = 6_000;

/**
 * The chat (docs/architecture.md §6, docs/decisions.md): socket.io on the app's HTTP server at /socket.io. The handshake
 * needs the access token; its events are the table of contract/chat-events.ts (D70), each admitted
 * by the contract's admitChatEvent, and every failure is an error ack. Closes with the app. Its dependencies are the app's decorators, as the routes'
 * are: the access tokens and database the routes use, Redis (with it, the Redis Streams
 * adapter), the rate limiter, and `chatSessions`, which it fills in so the rest of the app can end
 * a user's chat sessions. Each concern has its file: sessions.ts (handshake, ending sessions),
 * presence.ts, messages.ts (rooms and messages), board.ts (the rooms' whiteboards); this one
 * holds the server and wires each event of the table to its handler.
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

  let closing = false;
  const ctx: ChatContext = {
    io,
    db,
    log,
    redisReady: () => redis?.isReady(),
    closing: () => closing,
  };
  const presence = createPresence(ctx);
  const reads = chatReads(ctx);
  const broadcast = roomBroadcaster(emitToRoom(io));
  const messages = createMessageEvents(ctx, presence, reads, broadcast);
  const board = createBoardEvents(ctx);
  const coursePresence = createCoursePresence(ctx, presence);

  /**
   * Why the socket may not use this course room now, if it may not (roomAccess: a refund or a
   * demotion counts at the next event). A socket refused from the room it is in leaves it.
   */
  async function courseRoomRefusal(socket: ChatSocket, room: string): Promise<string | undefined> {
    const role = await currentRole(db, socket);
    const access = await roomAccess(db, { email: socket.data.email, role }, room);
    if (access.ok) return undefined;
    if (socket.data.room === room) {
      await socket.leave(roomKey(room));
      socket.data.room = null;
      presence.announcePresenceSoon(room);
    }
    return access.error;
  }

  app.addHook('preClose', async () => {
    closing = true;
    presence.stop();
    // Before the HTTP server closes: it would otherwise wait for every open WebSocket. Closing
    // the connections (not disconnecting the sockets) is a drop the clients recover from: they
    // reconnect by themselves, through the proxy to another process, which restores their
    // session from Redis with the events they missed.
    io.engine.close();
    await io.of('/').adapter.close();
    // A compaction under way finishes before the database closes.
    await board.settled();
  });

  authenticateHandshakes(ctx, presence, accessTokens);
  app.chatSessions.endSessionsOf = chatSessionsOf(ctx).endSessionsOf;
  app.chatRooms.messageDeleted = (room, id) => {
    io.to(roomKey(room)).emit('messageDeleted', { room, id });
  };
  app.chatRooms.messagePosted = (message) => void broadcast.post(message);

  const quietMuteOf = quietMutes(db);

  /** Every event of the table has its handler here: one missing does not compile. */
  const handlers: ChatEventHandlers<ChatSocket> = {
    ...messages,
    markRead: reads.markRead,
    ...board.handlers,
    coursePresence: coursePresence.coursePresence,
  };

  /** What the contract's admitChatEvent asks of a socket, answered from the database now. */
  function gateOf(socket: ChatSocket, event: ChatClientEvent): ChatEventGate {
    const { userId } = socket.data;
    return {
      courseRoomRefusal: (room) => courseRoomRefusal(socket, room),
      // An event without an ack reads the mute at most once a second (a stroke's points).
      mutedUntil: () => (hasAck(event) ? activeMuteUntil(db, userId) : quietMuteOf(socket, userId)),
      inRoom: (room) => socket.data.room === room,
      // The role as stored now: a promotion or demotion counts at once.
      isAdmin: async () => (await currentRole(db, socket)) === 'admin',
      // The app's limiter (server/rate-limit.ts): per user, across processes with Redis.
      allowed: async (rule) => (await app.rateLimiter.hit(rule, userId)).allowed,
    };
  }

  /**
   * Runs an event: admitted by the contract's rule (a course room's access, the mute, the
   * payload, who may send it, the rate rule), then its handler; answers its ack, if it has one.
   * Nothing ever throws out of it. An event on a socket whose token has expired, or whose
   * account is gone, ends the session instead (an acked one is answered why first).
   */
  function dispatch<E extends ChatClientEvent>(
    socket: ChatSocket,
    event: E,
    payload: unknown,
    ack: unknown,
  ): void {
    // Only a client that asked for an answer passes a function (and only to an acked event).
    const reply =
      hasAck(event) && typeof ack === 'function'
        ? (ack as (answer: ChatEventResult<E>) => void)
        : undefined;
    const run = async (): Promise<ChatEventResult<E> | ChatErrorAck> => {
      if (Date.now() >= socket.data.tokenExpiresAt) throw new SessionEnded();
      const admitted = await admitChatEvent(event, payload, gateOf(socket, event));
      if (!admitted.ok) return fail(admitted.error);
      return handlers[event](socket, admitted.value);
    };
    run()
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
      .then((answer) => reply?.(answer as ChatEventResult<E>))
      .catch((error: unknown) => log.error({ err: error, event }, 'chat ack failed'));
  }

  io.on('connection', (socket) => {
    void socket.join(userKey(socket.data.userId));
    // A recovered socket is back in its rooms: the others see it again.
    if (socket.recovered && socket.data.room) presence.announcePresenceSoon(socket.data.room);

    // The session ends when the token it was opened with does, even on a silent socket.
    const expiry = setTimeout(
      () => endSession(socket),
      Math.max(0, socket.data.tokenExpiresAt - Date.now()),
    );
    expiry.unref();

    for (const event of Object.keys(CHAT_CLIENT_EVENTS) as ChatClientEvent[]) {
      socket.on(event, (payload: unknown, ack?: unknown) => dispatch(socket, event, payload, ack));
    }
    // An event outside the table is refused, not left unanswered.
    socket.onAny((event: string, ...args: unknown[]) => {
      if (isChatClientEvent(event)) return;
      const ack = args.at(-1);
      if (typeof ack === 'function')
        (ack as (answer: ChatErrorAck) => void)(fail(CHAT_MESSAGES.badRequest));
    });

    socket.on('disconnect', () => {
      clearTimeout(expiry);
      if (socket.data.room) presence.announcePresenceSoon(socket.data.room);
      const lesson = socket.data.lesson;
      if (lesson) presence.announcePresenceSoon(courseRoomId(lesson.courseId));
    });
  });
};
