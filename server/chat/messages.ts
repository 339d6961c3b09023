import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatAck,
  type ChatRoom,
  type EditMessageAck,
  type HistoryAck,
  type JoinRoomAck,
  type NewMessageAck,
  type ReactAck,
} from '../../contract/chat';
import type { ChatEventHandlers, ChatEventValue } from '../../contract/chat-events';
import {
  chatMessagesBeside,
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
 * The rooms and their messages: joinRoom, newMessage, loadHistory, syncHistory, typing,
 * deleteMessage, react, editMessage and deleteOwnMessage (contract/chat-events.ts). Each runs once
 * plugin.ts admitted the event (its payload checked, the sender in the room or an admin, within
 * its rate rule) and returns its ack; a failure is an error ack.
 */
export function createMessageEvents(
  ctx: ChatContext,
  presence: Presence,
  reads: ChatReads,
  broadcast: RoomBroadcaster,
) {
  const { io, db } = ctx;
  const sendQueue = createSendQueue(db);
  const { announcePresenceSoon, membersOf, rename } = presence;

  async function joinRoom(socket: ChatSocket, room: ChatRoom): Promise<ChatAck<JoinRoomAck>> {
    await requireAccount(db, socket);
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

  async function newMessage(
    socket: ChatSocket,
    { room, clientId, name, msg }: ChatEventValue<'newMessage'>,
  ): Promise<ChatAck<NewMessageAck>> {
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

  /** loadHistory and syncHistory: a page of the room's messages before or after one it has. */
  async function historyPage(
    socket: ChatSocket,
    room: ChatRoom,
    beside: { before: string } | { after: string },
  ): Promise<ChatAck<HistoryAck>> {
    await requireAccount(db, socket);
    const page = await chatMessagesBeside(db, room, beside, CHAT_LIMITS.historyPageSize);
    if (!page) return fail(CHAT_MESSAGES.messageNotFound);
    return { ok: true, ...page };
  }

  async function typing(socket: ChatSocket, { room, name }: ChatEventValue<'typing'>) {
    socket.to(roomKey(room)).emit('typing', { userId: socket.data.userId, name });
    rename(socket, name);
  }

  async function deleteMessage(
    _socket: ChatSocket,
    { room, id }: ChatEventValue<'deleteMessage'>,
  ): Promise<ChatAck<{ ok: true }>> {
    if (!(await deleteChatMessage(db, room, id))) return fail(CHAT_MESSAGES.messageNotFound);
    io.to(roomKey(room)).emit('messageDeleted', { room, id });
    return { ok: true };
  }

  async function react(
    socket: ChatSocket,
    { room, id, emoji }: ChatEventValue<'react'>,
  ): Promise<ChatAck<ReactAck>> {
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
    { room, id, msg }: ChatEventValue<'editMessage'>,
  ): Promise<ChatAck<EditMessageAck>> {
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
    { room, id }: ChatEventValue<'deleteOwnMessage'>,
  ): Promise<ChatAck<{ ok: true }>> {
    const result = await tombstoneChatMessage(db, { room, id, userId: socket.data.userId });
    if ('refused' in result) return fail(REFUSALS[result.refused]);
    io.to(roomKey(room)).emit('messageTombstoned', { room, id });
    return { ok: true };
  }

  return {
    joinRoom,
    newMessage,
    loadHistory: (socket, { room, before }) => historyPage(socket, room, { before }),
    syncHistory: (socket, { room, after }) => historyPage(socket, room, { after }),
    typing,
    deleteMessage,
    react,
    editMessage,
    deleteOwnMessage,
  } satisfies Partial<ChatEventHandlers<ChatSocket>>;
}
