import { CHAT_LIMITS, CHAT_MESSAGES, handshakeNameOf } from '../../contract/chat';
import { defaultChatName } from '../../contract/chat-rules';
import { authenticate } from '../auth/authenticate';
import type { AccessTokens } from '../auth/access-token';
import { DatabaseUnavailableError } from '../db/client';
import { userKey, type ChatContext, type ChatSessions, type ChatSocket } from './context';
import type { Presence } from './presence';

/** The session is over (token expired, account deleted): the client is told why, then dropped. */
export function endSession(socket: ChatSocket): void {
  socket.emit('sessionEnded', { message: CHAT_MESSAGES.badToken });
  // A server-side disconnect: socket.io-client does not reconnect by itself, and the session is
  // not kept for recovery.
  socket.disconnect(true);
}

/**
 * The handshake: every connection (and every recovery) needs a valid access token of an
 * existing account, and a user has at most CHAT_LIMITS.maxSocketsPerUser sockets.
 */
export function authenticateHandshakes(
  ctx: ChatContext,
  presence: Presence,
  accessTokens: AccessTokens,
): void {
  const { io, db, log } = ctx;

  async function authenticateSocket(socket: ChatSocket): Promise<string | undefined> {
    const auth: unknown = socket.handshake.auth;
    const token =
      typeof auth === 'object' && auth !== null ? (auth as { token?: unknown }).token : undefined;
    if (typeof token !== 'string' || token === '') return CHAT_MESSAGES.missingToken;
    const authenticated = await authenticate({ db, accessTokens }, token);
    if (!authenticated) return CHAT_MESSAGES.badToken;
    const { user, uid, expiresAt } = authenticated;
    if (socket.recovered) {
      // socket.io restored this session (its rooms and data): only its own user may take it back.
      if (socket.data.userId !== user.id) return CHAT_MESSAGES.badToken;
      socket.data.tokenExpiresAt = expiresAt;
      socket.data.firebaseUid = uid;
      return undefined;
    }
    // Counted across processes (the adapter asks the others). Handshakes racing each other may
    // each see the same count: the limit is a guard against runaway tabs, not an exact quota.
    const open = await presence.socketsIn(userKey(user.id));
    if (open.length >= CHAT_LIMITS.maxSocketsPerUser) return CHAT_MESSAGES.tooManySockets;
    socket.data = {
      userId: user.id,
      email: user.email,
      firebaseUid: uid,
      name: handshakeNameOf(auth) ?? defaultChatName(user.profile.name, user.email),
      room: null,
      lesson: null,
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
}

/** Ends every socket of a user, on every process (`app.chatSessions`). */
export function chatSessionsOf(ctx: ChatContext): ChatSessions {
  const { io, log } = ctx;
  return {
    async endSessionsOf(userId) {
      const sockets = io.in(userKey(userId));
      try {
        // Every process: the adapter passes both on to the others, in this order.
        sockets.emit('sessionEnded', { message: CHAT_MESSAGES.badToken });
        await Promise.resolve(sockets.disconnectSockets(true));
      } catch (error) {
        log.warn({ err: error }, 'chat: could not reach the other processes; ending sessions here');
        io.local.in(userKey(userId)).disconnectSockets(true);
      }
    },
  };
}
