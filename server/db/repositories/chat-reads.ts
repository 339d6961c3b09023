import type { ChatRoom } from '../../../contract/chat';
import { defaultChatName } from '../../../contract/chat-rules';
import type { Queryable } from '../client';

/**
 * Unread counts (docs/product.md §2.16): a user's last-read message per room. A room the user has
 * never opened counts the messages since they signed up; their own messages never count.
 */

/** Moves the user's mark in `room` forward to `messageId` (never back). */
export async function markRead(
  db: Queryable,
  userId: string,
  room: ChatRoom,
  messageId: string,
): Promise<boolean> {
  const rows = await db.query<{ room: string }>(
    `insert into chat_reads (user_id, room, last_read_id) values ($1, $2, $3::bigint)
     on conflict (user_id, room) do update set last_read_id = excluded.last_read_id
       where chat_reads.last_read_id < excluded.last_read_id
     returning room`,
    [userId, room, messageId],
  );
  return rows.length > 0;
}

/** Marks the room read up to its newest message (the user opened it). */
export async function markRoomRead(
  db: Queryable,
  userId: string,
  room: ChatRoom,
): Promise<boolean> {
  const [latest] = await db.query<{ id: string | null }>(
    'select max(id)::text as id from chat_messages where room = $1',
    [room],
  );
  return latest?.id ? markRead(db, userId, room, latest.id) : false;
}

/** The user's unread messages per room: how many, and the newest `sample` of them (for mentions). */
export async function unreadByRoom(
  db: Queryable,
  userId: string,
  sample: number,
): Promise<Array<{ room: ChatRoom; count: number; texts: string[] }>> {
  const rows = await db.query<{ room: ChatRoom; count: number; texts: string[] | null }>(
    `with marks as (
       select r.room, r.last_read_id from chat_reads r where r.user_id = $1
     ),
     unread as (
       select m.room, m.id, m.msg
       from chat_messages m
       left join marks on marks.room = m.room
       where m.user_id <> $1 and m.deleted_at is null
         and (marks.last_read_id is not null and m.id > marks.last_read_id
              or marks.last_read_id is null
                 and m.created_at > (select created_at from users where id = $1))
     )
     select room, count(*)::integer as count,
            (array_agg(msg order by id desc))[1:$2] as texts
     from unread group by room`,
    [userId, sample],
  );
  return rows.map((row) => ({ room: row.room, count: row.count, texts: row.texts ?? [] }));
}

/** Remembers the name the user chats under (what `@Name` mentions of them look like). */
export async function rememberChatName(db: Queryable, userId: string, name: string): Promise<void> {
  await db.query(
    `insert into chat_names (user_id, name) values ($1, $2)
     on conflict (user_id) do update set name = excluded.name where chat_names.name <> excluded.name`,
    [userId, name],
  );
}

async function chatNameOf(db: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await db.query<{ name: string }>('select name from chat_names where user_id = $1', [
    userId,
  ]);
  return row?.name;
}

/** The name the user chats under: the one last chosen, else the one the chat would give them. */
export async function currentChatName(
  db: Queryable,
  user: { id: string; email: string; profile: { name: string } },
): Promise<string> {
  return (await chatNameOf(db, user.id)) ?? defaultChatName(user.profile.name, user.email);
}
