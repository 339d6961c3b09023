import type { ChatAck } from '../../contract/chat';
import type { ChatEventValue } from '../../contract/chat-events';
import type { ChatRoom } from '../../contract/chat-rules';
import { markRead, markRoomRead, rememberChatName } from '../db/repositories/chat-reads';
import type { ChatContext, ChatSocket } from './context';

/**
 * Unread counts (docs/product.md §2.16): what the user has read of each room, kept by the server
 * so that reading a room on one device clears it on all (GET /chat/unread reads it), and the name
 * they chat under, which is what a mention of them looks like.
 */
export function chatReads({ db }: Pick<ChatContext, 'db'>) {
  // The name last stored per socket: a message under the same name writes nothing more.
  const remembered = new WeakMap<ChatSocket, string>();
  const remember = async (socket: ChatSocket) => {
    if (remembered.get(socket) === socket.data.name) return;
    await rememberChatName(db, socket.data.userId, socket.data.name);
    remembered.set(socket, socket.data.name);
  };

  return {
    /** The user opened the room: read up to its newest message, under the name they chose. */
    async opened(socket: ChatSocket, room: ChatRoom): Promise<void> {
      await remember(socket);
      await markRoomRead(db, socket.data.userId, room);
    },

    /**
     * The user sent a message (which moved their read mark, insertChatMessage): the name it was
     * sent under is the one mentions of them use now.
     */
    async sent(socket: ChatSocket): Promise<void> {
      await remember(socket);
    },

    /** `markRead({ room, id })`: the client showed the room's messages up to `id`. */
    async markRead(
      socket: ChatSocket,
      { room, id }: ChatEventValue<'markRead'>,
    ): Promise<ChatAck<{ ok: true }>> {
      await markRead(db, socket.data.userId, room, id);
      return { ok: true };
    },
  };
}

export type ChatReads = ReturnType<typeof chatReads>;
