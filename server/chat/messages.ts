import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  chatRoomSchema,
  checkEditMessage,
  checkNewMessage,
  checkReaction,
  deleteMessagePayloadSchema,
  loadHistoryPayloadSchema,
  syncHistoryPayloadSchema,
  typingPayloadSchema,
  type ChatAck,
  type EditMessageAck,
  type HistoryAck,
  type JoinRoomAck,
  type NewMessageAck,
  type ReactAck,
} from '../../contract/chat';
import {
  chatMessagesAfter,
  chatMessagesBefore,
  ChatSenderGoneError,
  ChatSenderMutedError,
  deleteChatMessage,
  editChatMessage,
  latestChatMessages,
  tombstoneChatMessage,
  toggleChatReaction,
  type OwnChangeRefusal,
} from '../db/repositories/chat-messages';
import {
  currentRole,
  fail,
  requireAccount,
  roomKey,
  SessionEnded,
  type ChatContext,
  type ChatSocket,
} from './context';
import type { ChatReads } from './reads';
import { isCourseRoom } from '../../contract/chat-rules';
import { ensureBoard } from '../db/repositories/board';
import { mutedMessage } from '../../contract/chat-moderation';
import type { Presence } from './presence';
import type { RoomBroadcaster } from './room-broadcast';
import { sendQueue as createSendQueue, type SendQueue } from './send-queue';

/** What an author's refused edit or delete is answered with. */
const REFUSALS: Record<OwnChangeRefusal, string> = {
  notFound: CHAT_MESSAGES.messageNotFound,
  notYours: CHAT_MESSAGES.notYourMessage,
  tooLate: CHAT_MESSAGES.editWindowOver,
};

/**
 * The rooms and their messages: joinRoom, newMessage, loadHistory, syncHistory, typing and
 * deleteMessage (contract/chat.ts). Each returns its ack; a failure is an error ack.
 */
export function createMessageEvents(
  ctx: ChatContext,
  presence: Presence,
  reads: ChatReads,
  broadcast: RoomBroadcaster,
) {
  const { io, db, rateLimiter } = ctx;
  const sendQueue = createSendQueue(db);
  const { announcePresenceSoon, membersOf, rename } = presence;

  async function joinRoom(socket: ChatSocket, payload: unknown): Promise<ChatAck<JoinRoomAck>> {
    const parsed = chatRoomSchema.safeParse(payload);
    if (!parsed.success) return fail(CHAT_MESSAGES.unknownRoom);
    await requireAccount(db, socket);
    const room = parsed.data;
    // A course room's board is made on its first join (D61); plugin.ts has checked the caller.
    if (isCourseRoom(room)) await ensureBoard(db, room);
    const previous = socket.data.room;
    if (previous && previous !== room) {
      await socket.leave(roomKey(previous));
      announcePresenceSoon(previous);
    }
    // Joined before reading the history: a message stored meanwhile arrives as an event (and
    // perhaps in the page too; clients drop a second copy by _id) rather than not at all.
    await socket.join(roomKey(room));
    socket.data.room = room;
    // Opening the room reads it (the unread badges, on every device).
    await reads.opened(socket, room);
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

    let stored: Awaited<ReturnType<SendQueue['send']>>;
    try {
      // With the others of this turn (send-queue.ts). Refused while an admin has muted the
      // sender (issue 17 §2); marks the room read for them.
      stored = await sendQueue.send({
        room,
        userId: socket.data.userId,
        name,
        msg,
        clientId,
      });
    } catch (error) {
      if (error instanceof ChatSenderMutedError)
        return fail(mutedMessage(error.until.toISOString()));
      // The account was deleted while its socket was still open.
      if (error instanceof ChatSenderGoneError) throw new SessionEnded();
      throw error;
    }
    const { message, created } = stored;
    if (created) {
      await broadcast.post(message);
    } else {
      // A retry of a stored message: the room has it already; the sender may have missed it.
      socket.emit('getLatestMessage', message);
    }
    rename(socket, name);
    await reads.sent(socket);
    return { ok: true, message };
  }

  async function loadHistory(socket: ChatSocket, payload: unknown): Promise<ChatAck<HistoryAck>> {
    const parsed = loadHistoryPayloadSchema.safeParse(payload);
    if (!parsed.success) return fail(CHAT_MESSAGES.badRequest);
    await requireAccount(db, socket);
    const { room, before } = parsed.data;
    const page = await chatMessagesBefore(db, room, before, CHAT_LIMITS.historyPageSize);
    if (!page) return fail(CHAT_MESSAGES.messageNotFound);
    return { ok: true, ...page };
  }

  async function syncHistory(socket: ChatSocket, payload: unknown): Promise<ChatAck<HistoryAck>> {
    const parsed = syncHistoryPayloadSchema.safeParse(payload);
    if (!parsed.success) return fail(CHAT_MESSAGES.badRequest);
    await requireAccount(db, socket);
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
    if ((await currentRole(db, socket)) !== 'admin') return fail(CHAT_MESSAGES.adminsOnly);
    const { room, id } = parsed.data;
    if (!(await deleteChatMessage(db, room, id))) return fail(CHAT_MESSAGES.messageNotFound);
    io.to(roomKey(room)).emit('messageDeleted', { room, id });
    return { ok: true };
  }

  /** Reactions, edits and own deletes: only in the room joined, within the user's limit. */
  async function mayChange(socket: ChatSocket, room: string): Promise<string | undefined> {
    if (socket.data.room !== room) return CHAT_MESSAGES.notInRoom;
    const limit = await rateLimiter.hit('chatActionPerUser', socket.data.userId);
    return limit.allowed ? undefined : CHAT_MESSAGES.rateLimited;
  }

  async function react(socket: ChatSocket, payload: unknown): Promise<ChatAck<ReactAck>> {
    const checked = checkReaction(payload);
    if (!checked.ok) return fail(checked.error);
    const { room, id, emoji } = checked.reaction;
    const refused = await mayChange(socket, room);
    if (refused) return fail(refused);
    let reactions: Awaited<ReturnType<typeof toggleChatReaction>>;
    try {
      const { userId, name } = socket.data;
      reactions = await toggleChatReaction(db, { room, id, userId, name, emoji });
    } catch (error) {
      if (error instanceof ChatSenderGoneError) throw new SessionEnded();
      throw error;
    }
    if (!reactions) return fail(CHAT_MESSAGES.messageNotFound);
    io.to(roomKey(room)).emit('reactionsChanged', { room, id, reactions });
    return { ok: true, reactions };
  }

  async function editMessage(
    socket: ChatSocket,
    payload: unknown,
  ): Promise<ChatAck<EditMessageAck>> {
    const checked = checkEditMessage(payload);
    if (!checked.ok) return fail(checked.error);
    const { room, id, msg } = checked.edit;
    const refused = await mayChange(socket, room);
    if (refused) return fail(refused);
    const result = await editChatMessage(db, { room, id, msg, userId: socket.data.userId });
    if ('refused' in result) return fail(REFUSALS[result.refused]);
    const { message } = result;
    io.to(roomKey(room)).emit('messageEdited', {
      room,
      id,
      msg: message.msg,
      editedAt: message.editedAt ?? new Date().toISOString(),
    });
    return { ok: true, message };
  }

  async function deleteOwnMessage(
    socket: ChatSocket,
    payload: unknown,
  ): Promise<ChatAck<{ ok: true }>> {
    const parsed = deleteMessagePayloadSchema.safeParse(payload);
    if (!parsed.success) return fail(CHAT_MESSAGES.badRequest);
    const { room, id } = parsed.data;
    const refused = await mayChange(socket, room);
    if (refused) return fail(refused);
    const result = await tombstoneChatMessage(db, { room, id, userId: socket.data.userId });
    if ('refused' in result) return fail(REFUSALS[result.refused]);
    io.to(roomKey(room)).emit('messageTombstoned', { room, id });
    return { ok: true };
  }

  return {
    joinRoom,
    newMessage,
    loadHistory,
    syncHistory,
    typing,
    deleteMessage,
    react,
    editMessage,
    deleteOwnMessage,
  };
}
