// The fake chat server's unread marks (src/testing/fake-chat-socket.ts): what each user has read
// of each room, and the name they chat under, answered as GET /chat/unread does, through the
// contract's own mention rule.
import type { ChatMessage } from '@contract/chat';
import { CHAT_ROOMS, mentions, type ChatRoom } from '@contract/chat-rules';
import type { ChatUnread } from '@contract/chat-unread';

/** Message ids are increasing integers (as text), as the server's are. */
const order = (id: string) => Number(id);

export class FakeChatReads {
  private readonly marks = new Map<string, number>();
  private readonly names = new Map<string, string>();

  reset(): void {
    this.marks.clear();
    this.names.clear();
  }

  /** The user opened `room` under `name`: read up to its newest message. */
  opened(userId: string, name: string, room: ChatRoom, messages: readonly ChatMessage[]): void {
    this.names.set(userId, name);
    const newest = messages.filter((message) => message.room === room).at(-1);
    if (newest) this.read(userId, room, newest._id);
  }

  /** The name the user last chatted under, if they have. */
  nameOf(userId: string): string | undefined {
    return this.names.get(userId);
  }

  /** Moves the user's mark in `room` forward to `id` (never back). */
  read(userId: string, room: ChatRoom, id: string): void {
    const key = `${userId}:${room}`;
    this.marks.set(key, Math.max(this.marks.get(key) ?? 0, order(id)));
  }

  unread(userId: string, messages: readonly ChatMessage[]): ChatUnread {
    const name = this.names.get(userId);
    const rooms = CHAT_ROOMS.map((room) => {
      const mark = this.marks.get(`${userId}:${room}`) ?? 0;
      const waiting = messages.filter(
        (message) =>
          message.room === room && message.userId !== userId && order(message._id) > mark,
      );
      return {
        room,
        unread: waiting.length,
        mentions: name ? waiting.filter((message) => mentions(message.msg, name)).length : 0,
      };
    });
    return {
      rooms,
      total: rooms.reduce((sum, room) => sum + room.unread, 0),
      mentions: rooms.reduce((sum, room) => sum + room.mentions, 0),
    };
  }
}
