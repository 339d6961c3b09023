import { z } from 'zod';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_REACTIONS,
  CHAT_ROOMS,
  isChatReaction,
  type ChatReactionEmoji,
  type ChatRoom,
} from './chat-rules';
import { textSchema } from './text';
import { COURSE_ID_PATTERN, COURSE_ROOM_PREFIX } from './course-rules';

export {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_REACTIONS,
  type ChatReactionEmoji,
  type ChatRoom,
} from './chat-rules';

// The socket.io protocol of the chat (docs/architecture.md §6): path /socket.io, handshake
// `auth: { token }` (the access token). The spec's events keep their names and payloads
// (joinRoom, newMessage, getLatestMessage); the rest are ours. The schemas are here; which events
// there are, who may send each and its rate rule is the one table of contract/chat-events.ts.

/**
 * A room's name: one of the six topic rooms, or a course's study room `course-<courseId>` (D61).
 * Only its form is checked here; the server's roomAccess (server/chat/room-access.ts) says
 * whether the course exists and whether the caller may enter.
 */
export const chatRoomSchema = z.union([
  z.enum(CHAT_ROOMS),
  z.templateLiteral([COURSE_ROOM_PREFIX, z.string().regex(COURSE_ID_PATTERN)]),
]);

/**
 * The name the user chose on the join form, sent with the handshake (`auth: { token, name }`):
 * presence shows it from the start, as the room's header does. Absent or invalid: the account's
 * name. The rule the server and the web tests' fake both call.
 */
export function handshakeNameOf(auth: unknown): string | undefined {
  const name =
    typeof auth === 'object' && auth !== null ? (auth as { name?: unknown }).name : undefined;
  const parsed = textSchema().trim().min(1).max(CHAT_LIMITS.maxNameLength).safeParse(name);
  return parsed.success ? parsed.data : undefined;
}

/**
 * One reaction on a message: who gave it, oldest first, and the display names they had then
 * (the server sends the names, so a reactor who has left is still named).
 */
export const chatReactionSchema = z.object({
  emoji: z.enum(CHAT_REACTIONS),
  count: z.number().int().positive(),
  userIds: z.array(z.string()),
  names: z.array(z.string()),
});

/**
 * The image a message carries: a drawing shared from /drawing (contract/chat-drawings.ts), its
 * size in pixels so the thumbnail reserves its room before it loads.
 */
export const chatImageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** A stored message, as the server sends it. `time` is the server's (ISO 8601). */
export const chatMessageSchema = z.object({
  _id: z.string(),
  room: chatRoomSchema,
  /** The display name the sender gave. */
  name: z.string(),
  /** The text; empty once its author deleted it (`deleted`), and may be empty beside an image. */
  msg: z.string(),
  /** A shared drawing, or null (always null once deleted). */
  image: chatImageSchema.nullable(),
  time: z.string(),
  /** The sender's account id: "own" messages are decided by this, not by name. */
  userId: z.string(),
  /** When its author last edited it (ISO 8601), or null. */
  editedAt: z.string().nullable(),
  /** Deleted by its author: a tombstone ("Message deleted") with no text and no reactions. */
  deleted: z.boolean(),
  /** In CHAT_REACTIONS order, only those given. */
  reactions: z.array(chatReactionSchema),
});

/**
 * Someone in a room. In a course's study room (D61), `lesson` is the lesson they have open in the
 * player right now ("Lesson 4: Hooks", the server's label from `coursePresence`), if any.
 */
export const chatMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  lesson: z.string().optional(),
});

/** Ack of joinRoom: the latest messages, oldest first, and who is in the room. */
export const joinRoomAckSchema = z.object({
  ok: z.literal(true),
  messages: z.array(chatMessageSchema),
  /** True when older messages exist before the first one sent. */
  hasMore: z.boolean(),
  members: z.array(chatMemberSchema),
  /**
   * Who the joining socket is (added for the web client): "own" messages are those whose `userId`
   * equals `you.userId`. The access token carries the email and role, not the user id.
   */
  you: z.object({ userId: z.string() }),
});

/**
 * Client → server `newMessage({ newMessage: { time, msg, name }, room }, ack)` (docs/product.md §7). The
 * client's `time` is accepted and ignored: the server stamps its own.
 */
export const newMessagePayloadSchema = z.strictObject({
  newMessage: z.strictObject({
    time: z.unknown().optional(),
    msg: textSchema().max(CHAT_LIMITS.maxMessageLength * 4),
    name: textSchema().trim().min(1).max(CHAT_LIMITS.maxNameLength),
  }),
  room: chatRoomSchema,
  /** A client-chosen id (≤ 64 chars) so a message retried after a reconnect is stored once. */
  clientId: textSchema().min(1).max(64).optional(),
});
/** Counted in code points, as PostgreSQL's char_length counts. */
const codePoints = (text: string) => [...text].length;

/** A newMessage that passed every rule: the text trimmed, ready to store. */
export type AcceptedMessage = {
  room: ChatRoom;
  msg: string;
  name: string;
  clientId: string | undefined;
};

/**
 * The one rule for a newMessage payload (the server and the web app's fake chat server both call
 * it): the accepted message, or the error the sender is answered with, the most specific one.
 * Whether the sender is in the room and within the rate limit is checked after this.
 */
export function checkNewMessage(
  payload: unknown,
): { ok: true; value: AcceptedMessage } | { ok: false; error: string } {
  const parsed = newMessagePayloadSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, error: newMessageError(payload) };
  const { room, clientId, newMessage } = parsed.data;
  const msg = newMessage.msg.trim();
  const error = textError(msg);
  if (error) return { ok: false, error };
  return { ok: true, value: { room, msg, name: newMessage.name, clientId } };
}

/** The error of a trimmed message text (new or edited), if any. */
function textError(msg: string): string | undefined {
  if (codePoints(msg) < CHAT_LIMITS.minMessageLength) return CHAT_MESSAGES.emptyMessage;
  if (codePoints(msg) > CHAT_LIMITS.maxMessageLength) return CHAT_MESSAGES.messageTooLong;
  return undefined;
}

/** The error of a newMessage payload that failed its schema: the most specific one. */
function newMessageError(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null) return CHAT_MESSAGES.badRequest;
  const { room, newMessage } = payload as { room?: unknown; newMessage?: unknown };
  if (typeof room === 'string' && !chatRoomSchema.safeParse(room).success) {
    return CHAT_MESSAGES.unknownRoom;
  }
  const msg =
    typeof newMessage === 'object' && newMessage !== null
      ? (newMessage as { msg?: unknown }).msg
      : undefined;
  if (typeof msg === 'string' && msg.trim().length > CHAT_LIMITS.maxMessageLength) {
    return CHAT_MESSAGES.messageTooLong;
  }
  return CHAT_MESSAGES.badRequest;
}

/** Ack of newMessage: the stored message (the same object the room receives). */
export const newMessageAckSchema = z.object({ ok: z.literal(true), message: chatMessageSchema });

/** Client → server `loadHistory({ room, before }, ack)`: the page of messages before a message. */
export const loadHistoryPayloadSchema = z.strictObject({
  room: chatRoomSchema,
  /** The `_id` of the oldest message the client has. */
  before: textSchema().min(1).max(64),
});
/**
 * Client → server `syncHistory({ room, after }, ack)`: after a reconnect that socket.io could not
 * recover, every message since the newest one the client has (at most a page; `hasMore` says
 * there were more, then the client reloads the latest page).
 */
export const syncHistoryPayloadSchema = z.strictObject({
  room: chatRoomSchema,
  after: textSchema().min(1).max(64),
});
export const historyAckSchema = z.object({
  ok: z.literal(true),
  messages: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});

/** Client → server `typing({ room, name })`; the room gets `typing({ userId, name })`. */
export const typingPayloadSchema = z.strictObject({
  room: chatRoomSchema,
  name: textSchema().trim().min(1).max(CHAT_LIMITS.maxNameLength),
});
export const typingEventSchema = z.object({ userId: z.string(), name: z.string() });

/** Server → room `presence({ room, members })` whenever someone joins or leaves. */
export const presenceEventSchema = z.object({
  room: chatRoomSchema,
  members: z.array(chatMemberSchema),
});

/**
 * Client → server `coursePresence({ courseId, lessonId }, ack)` (D61): the course player says
 * which lesson this socket has open. The server checks the caller owns the course (or is an admin)
 * and labels the lesson itself (its number and title); the course room's members then show it.
 * Ack `{ ok: true, learners }`; a socket has one lesson at a time, until it disconnects.
 */
export const coursePresencePayloadSchema = z.strictObject({
  courseId: z.string().regex(COURSE_ID_PATTERN),
  lessonId: z.string().regex(COURSE_ID_PATTERN),
});
export const coursePresenceAckSchema = z.object({
  ok: z.literal(true),
  learners: z.number().int().nonnegative(),
});
/**
 * Server → the course's room and players `courseLearners({ courseId, count })` whenever the count
 * of its learners online (each user once: in the course room, or in the player) changes.
 */
export const courseLearnersEventSchema = z.object({
  courseId: z.string(),
  count: z.number().int().nonnegative(),
});

/** Client → server `deleteMessage({ room, id }, ack)` (admins); the room gets `messageDeleted`. */
export const deleteMessagePayloadSchema = z.strictObject({
  room: chatRoomSchema,
  id: textSchema().min(1).max(64),
});
export const messageDeletedEventSchema = z.object({ room: chatRoomSchema, id: z.string() });

const messageIdSchema = textSchema().min(1).max(64);

/**
 * Client → server `react({ room, id, emoji }, ack)`: toggles the caller's `emoji` on the message.
 * Ack `{ ok: true, reactions }`; the room gets `reactionsChanged({ room, id, reactions })`.
 */
export const reactPayloadSchema = z.strictObject({
  room: chatRoomSchema,
  id: messageIdSchema,
  emoji: z.string().max(16),
});
export type AcceptedReaction = { room: ChatRoom; id: string; emoji: ChatReactionEmoji };

/** The rule for a react payload (server and fake): an unknown emoji has its own error. */
export function checkReaction(
  payload: unknown,
): { ok: true; value: AcceptedReaction } | { ok: false; error: string } {
  const parsed = reactPayloadSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, error: payloadError(payload) };
  const { room, id, emoji } = parsed.data;
  if (!isChatReaction(emoji)) return { ok: false, error: CHAT_MESSAGES.unknownReaction };
  return { ok: true, value: { room, id, emoji } };
}
export const reactAckSchema = z.object({
  ok: z.literal(true),
  reactions: z.array(chatReactionSchema),
});
export const reactionsChangedEventSchema = z.object({
  room: chatRoomSchema,
  id: z.string(),
  reactions: z.array(chatReactionSchema),
});

/**
 * Client → server `editMessage({ room, id, msg }, ack)`: the author's new text, within
 * CHAT_LIMITS.editWindowMs of sending, by newMessage's text rules. Ack `{ ok: true, message }`;
 * the room gets `messageEdited({ room, id, msg, editedAt })`.
 */
export const editMessagePayloadSchema = z.strictObject({
  room: chatRoomSchema,
  id: messageIdSchema,
  msg: textSchema().max(CHAT_LIMITS.maxMessageLength * 4),
});
export type AcceptedEdit = { room: ChatRoom; id: string; msg: string };

export function checkEditMessage(
  payload: unknown,
): { ok: true; value: AcceptedEdit } | { ok: false; error: string } {
  const parsed = editMessagePayloadSchema.safeParse(payload);
  if (!parsed.success) {
    const msg =
      typeof payload === 'object' && payload !== null
        ? (payload as { msg?: unknown }).msg
        : undefined;
    if (typeof msg === 'string' && msg.trim().length > CHAT_LIMITS.maxMessageLength) {
      return { ok: false, error: CHAT_MESSAGES.messageTooLong };
    }
    return { ok: false, error: payloadError(payload) };
  }
  const { room, id } = parsed.data;
  const msg = parsed.data.msg.trim();
  const error = textError(msg);
  if (error) return { ok: false, error };
  return { ok: true, value: { room, id, msg } };
}
export const editMessageAckSchema = z.object({ ok: z.literal(true), message: chatMessageSchema });
export const messageEditedEventSchema = z.object({
  room: chatRoomSchema,
  id: z.string(),
  msg: z.string(),
  editedAt: z.string(),
});

/**
 * Client → server `deleteOwnMessage({ room, id }, ack)`: the author takes a message back within
 * CHAT_LIMITS.editWindowMs. It stays as a tombstone: the room gets `messageTombstoned({ room, id })`
 * and every later page carries it with `deleted: true`, no text and no reactions. (An admin's
 * `deleteMessage` removes a message altogether.) Its payload is deleteMessage's
 * (`deleteMessagePayloadSchema`), and `messageTombstoned` carries what `messageDeleted` does.
 */

/** unknownRoom for a room that is not one, else badRequest. */
function payloadError(payload: unknown): string {
  const room =
    typeof payload === 'object' && payload !== null
      ? (payload as { room?: unknown }).room
      : undefined;
  if (typeof room === 'string' && !chatRoomSchema.safeParse(room).success) {
    return CHAT_MESSAGES.unknownRoom;
  }
  return CHAT_MESSAGES.badRequest;
}

/**
 * Server → client `sessionEnded({ message })`, just before the server disconnects the socket: its
 * access token expired, or its account was deleted. A client holding a newer token connects again
 * with it; otherwise the session is over (as a 401 ends it).
 */
export const sessionEndedEventSchema = z.object({ message: z.string() });

/** The ack of an event that answers nothing more than that it was done. */
export const okAckSchema = z.object({ ok: z.literal(true) });

/** Every failed ack. */
export const chatErrorAckSchema = z.object({ ok: z.literal(false), error: z.string() });

export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type ChatImage = z.infer<typeof chatImageSchema>;
export type ChatReaction = z.infer<typeof chatReactionSchema>;
export type ReactAck = z.infer<typeof reactAckSchema>;
export type EditMessageAck = z.infer<typeof editMessageAckSchema>;
export type JoinRoomAck = z.infer<typeof joinRoomAckSchema>;
export type NewMessageAck = z.infer<typeof newMessageAckSchema>;
export type HistoryAck = z.infer<typeof historyAckSchema>;
export type PresenceEvent = z.infer<typeof presenceEventSchema>;
export type ChatMember = z.infer<typeof chatMemberSchema>;
export type CoursePresenceAck = z.infer<typeof coursePresenceAckSchema>;
export type ChatErrorAck = z.infer<typeof chatErrorAckSchema>;
export type ChatAck<T> = T | ChatErrorAck;

/**
 * POST /chat/rooms/{room}/drawings?name= (contract/chat-drawings.ts): the name to post under, the
 * one the chat room would use (src/lib/chat-name.ts); without it, the name the user last chatted
 * under, else the account's.
 */
export const drawingShareQuerySchema = z.object({
  name: textSchema({ error: 'Must be a string' })
    .trim()
    .min(1, 'Must not be empty')
    .max(CHAT_LIMITS.maxNameLength, `Must be at most ${CHAT_LIMITS.maxNameLength} characters`)
    .optional(),
});
