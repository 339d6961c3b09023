import { CHAT_ROOMS, mentions, type ChatRoom } from '../../contract/chat-rules';
import { courseRoomId } from '../../contract/course-rules';
import type { ChatUnread } from '../../contract/chat-unread';
import type { Queryable } from '../db/client';
import { currentChatName, unreadByRoom } from '../db/repositories/chat-reads';
import { listOwnedCourses } from '../db/repositories/owned-courses';
import { findUserByEmail } from '../db/repositories/users';

/** Mentions are looked for in each room's newest unread messages, this many at most. */
const MENTION_SAMPLE = 200;

/**
 * GET /chat/unread (docs/product.md §2.16): per room (the topic rooms, then the owned courses'), the messages by others since the user last
 * read it, and how many of them mention the name they chat under (the contract's `mentions`
 * rule, as the chat room highlights them). Undefined when the account is gone.
 */
export async function chatUnreadOf(db: Queryable, email: string): Promise<ChatUnread | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user) return undefined;
  const name = await currentChatName(db, user);
  const byRoom = new Map((await unreadByRoom(db, user.id, MENTION_SAMPLE)).map((r) => [r.room, r]));
  // The six topic rooms and the study rooms of the courses the user owns (D61; an admin's too,
  // not every course's: the join screen lists those).
  const owned = await listOwnedCourses(db, email);
  const roomNames: ChatRoom[] = [...CHAT_ROOMS, ...owned.map((c) => courseRoomId(c.courseId))];
  const rooms = roomNames.map((room) => {
    const row = byRoom.get(room);
    return {
      room,
      unread: row?.count ?? 0,
      mentions: row ? row.texts.filter((text) => mentions(text, name)).length : 0,
    };
  });
  return {
    rooms,
    total: rooms.reduce((sum, room) => sum + room.unread, 0),
    mentions: rooms.reduce((sum, room) => sum + room.mentions, 0),
  };
}
