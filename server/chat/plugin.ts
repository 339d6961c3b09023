import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyPluginAsync } from 'fastify';
import { Server } from 'socket.io';
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatAck, type ChatErrorAck } from '../../contract/chat';
import { isChatWriteEvent } from '../../contract/chat-moderation';
import { DatabaseUnavailableError } from '../db/client';
import { createBoardEvents } from './board';
import { isCourseRoom } from '../../contract/chat-rules';
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
import { chatWriteRefusal, quietWriteRefusals } from './mutes';
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
 * needs the access token; events follow contract/chat.ts and contract/board.ts, and every failure
 * is an error ack. Closes with the app. Its dependencies are the app's decorators, as the routes'
 * are: the access tokens and database the routes use, Redis (with it, the Redis Streams
 * adapter), the rate limiter, and `chatSessions`, which it fills in so the rest of the app can end
 * a user's chat sessions. Each concern has its file: sessions.ts (handshake, ending sessions),
 * presence.ts, messages.ts (rooms and messages), board.ts (the rooms' whiteboards); this one
 * holds the server and wires each socket's events to them.
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
    // Every limit is the app's (server/rate-limit.ts): per user, across processes with Redis.
    rateLimiter: app.rateLimiter,
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
   * The course room an event names, if any (the payload's `room`, or the payload itself); topic
   * rooms and nonsense are the handlers' to check.
   */
  function roomOf(payload: unknown): string | undefined {
    // joinRoom and joinBoard may name the room alone.
    const room =
      typeof payload === 'object' && payload !== null
        ? (payload as { room?: unknown }).room
        : payload;
    return typeof room === 'string' && isCourseRoom(room) ? room : undefined;
  }

  /**
   * Why the socket may not use this course room now, if it may not (roomAccess: a refund or a
   * demotion counts at the next event). A socket refused from the room it is in leaves it.
   */
  async function courseRoomRefusal(
    socket: ChatSocket,
    room: string | undefined,
  ): Promise<string | undefined> {
    if (room === undefined) return undefined;
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

  const quietRefusal = quietWriteRefusals(db);

  /**
   * Runs an event's work and answers its ack; nothing ever throws out of a handler. An event on a
   * socket whose token has expired, or whose account is gone, ends the session instead. A write
   * (CHAT_WRITE_EVENTS) by a muted user is refused here, before its work runs (D53).
   */
  function answer<T>(
    socket: ChatSocket,
    event: string,
    payload: unknown,
    ack: unknown,
    work: () => Promise<ChatAck<T>>,
  ): void {
    const expired = Date.now() >= socket.data.tokenExpiresAt;
    const run = async (): Promise<ChatAck<T>> => {
      // A course room's events, each one, only for its learners and admins (D61).
      const refused = await courseRoomRefusal(socket, roomOf(payload));
      if (refused) return fail(refused);
      if (isChatWriteEvent(event)) {
        const refusal = await chatWriteRefusal(db, socket.data.userId);
        if (refusal) return fail(refusal);
      }
      return work();
    };
    (expired ? Promise.reject(new SessionEnded()) : run())
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

  /**
   * An event without an ack (typing, strokeProgress): dropped, or the session ended, quietly; a
   * muted user's is dropped too (D53).
   */
  function handle(socket: ChatSocket, event: string, work: () => Promise<void>): void {
    if (Date.now() >= socket.data.tokenExpiresAt) return endSession(socket);
    const run = async () => {
      if (isChatWriteEvent(event) && (await quietRefusal(socket, socket.data.userId))) return;
      await work();
    };
    run().catch((error: unknown) => log.error({ err: error, event }, 'chat event failed'));
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

    socket.on('joinRoom', (room: unknown, ack: unknown) =>
      answer(socket, 'joinRoom', room, ack, () => messages.joinRoom(socket, room)),
    );
    socket.on('newMessage', (payload: unknown, ack: unknown) =>
      answer(socket, 'newMessage', payload, ack, () => messages.newMessage(socket, payload)),
    );
    socket.on('loadHistory', (payload: unknown, ack: unknown) =>
      answer(socket, 'loadHistory', payload, ack, () => messages.loadHistory(socket, payload)),
    );
    socket.on('syncHistory', (payload: unknown, ack: unknown) =>
      answer(socket, 'syncHistory', payload, ack, () => messages.syncHistory(socket, payload)),
    );
    socket.on('typing', (payload: unknown) =>
      handle(socket, 'typing', () => messages.typing(socket, payload)),
    );
    socket.on('markRead', (payload: unknown, ack: unknown) =>
      answer(socket, 'markRead', payload, ack, () => reads.markRead(socket, payload)),
    );
    socket.on('deleteMessage', (payload: unknown, ack: unknown) =>
      answer(socket, 'deleteMessage', payload, ack, () => messages.deleteMessage(socket, payload)),
    );
    socket.on('react', (payload: unknown, ack: unknown) =>
      answer(socket, 'react', payload, ack, () => messages.react(socket, payload)),
    );
    socket.on('editMessage', (payload: unknown, ack: unknown) =>
      answer(socket, 'editMessage', payload, ack, () => messages.editMessage(socket, payload)),
    );
    socket.on('deleteOwnMessage', (payload: unknown, ack: unknown) =>
      answer(socket, 'deleteOwnMessage', payload, ack, () =>
        messages.deleteOwnMessage(socket, payload),
      ),
    );

    socket.on('joinBoard', (payload: unknown, ack: unknown) =>
      answer(socket, 'joinBoard', payload, ack, () => board.joinBoard(socket, payload)),
    );
    socket.on('drawStroke', (payload: unknown, ack: unknown) =>
      answer(socket, 'drawStroke', payload, ack, () => board.drawStroke(socket, payload)),
    );
    socket.on('strokeProgress', (payload: unknown) =>
      handle(socket, 'strokeProgress', () => board.strokeProgress(socket, payload)),
    );
    socket.on('undoStroke', (payload: unknown, ack: unknown) =>
      answer(socket, 'undoStroke', payload, ack, () => board.undoStroke(socket, payload)),
    );
    socket.on('clearBoard', (payload: unknown, ack: unknown) =>
      answer(socket, 'clearBoard', payload, ack, () => board.clearBoard(socket, payload)),
    );

    socket.on('coursePresence', (payload: unknown, ack: unknown) =>
      answer(socket, 'coursePresence', payload, ack, () =>
        coursePresence.coursePresence(socket, payload),
      ),
    );

    socket.on('disconnect', () => {
      clearTimeout(expiry);
      if (socket.data.room) presence.announcePresenceSoon(socket.data.room);
      const lesson = socket.data.lesson;
      if (lesson) presence.announcePresenceSoon(courseRoomId(lesson.courseId));
    });
  });
};
