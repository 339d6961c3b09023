import type { ChatMessage, ChatRoom } from '../../../contract/chat';
import { errorCode } from '../../../contract/error-code';
import type { Queryable } from '../client';

/** Rooms, names and texts passed in here are already validated and trimmed by the chat plugin. */

type ChatMessageRow = {
  id: string;
  room: ChatRoom;
  user_id: string;
  name: string;
  msg: string;
  created_at: Date | string;
};

// `id` leaves as text: order by `chat_messages.id`, since a bare `id` in ORDER BY names this text
// column ('10' < '9'), which put messages out of order.
const COLUMNS = 'id::text as id, room, user_id, name, msg, created_at';

function toMessage(row: ChatMessageRow): ChatMessage {
  const time = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  return {
    _id: row.id,
    room: row.room,
    name: row.name,
    msg: row.msg,
    time: time.toISOString(),
    userId: row.user_id,
  };
}

/** Message ids are bigint identities: anything else names no message (and never reaches SQL). */
function isMessageId(value: string): boolean {
  return /^[1-9]\d{0,17}$/.test(value);
}

export type ChatPage = { messages: ChatMessage[]; hasMore: boolean };

/** The sender's account no longer exists (deleted while its chat socket was open). */
export class ChatSenderGoneError extends Error {
  constructor(options?: ErrorOptions) {
    super('the sender of a chat message has no account', options);
    this.name = 'ChatSenderGoneError';
  }
}

/** PostgreSQL's foreign_key_violation: here, chat_messages.user_id naming no user. */
const FOREIGN_KEY_VIOLATION = '23503';

export type NewChatMessage = {
  room: ChatRoom;
  userId: string;
  name: string;
  msg: string;
  clientId: string | undefined;
};

/**
 * Stores a message stamped with the database's clock (never before the room's latest message). With a client id the sender already used
 * (a retry), nothing is stored and the first message is returned with `created: false`.
 */
export async function insertChatMessage(
  db: Queryable,
  input: NewChatMessage,
): Promise<{ message: ChatMessage; created: boolean }> {
  // Stamped no earlier than the room's latest message: a clock stepping back (NTP, a VM) must
  // not put a new message above older ones in the (time, id) order.
  let row: ChatMessageRow | undefined;
  try {
    [row] = await db.query<ChatMessageRow>(
      `insert into chat_messages (room, user_id, name, msg, client_id, created_at)
       values ($1, $2, $3, $4, $5,
               greatest(now(), (select max(created_at) from chat_messages where room = $1)))
       on conflict (user_id, client_id) do nothing
       returning ${COLUMNS}`,
      [input.room, input.userId, input.name, input.msg, input.clientId ?? null],
    );
  } catch (error) {
    if (errorCode(error) === FOREIGN_KEY_VIOLATION) throw new ChatSenderGoneError({ cause: error });
    throw error;
  }
  if (row) return { message: toMessage(row), created: true };
  const [existing] = await db.query<ChatMessageRow>(
    `select ${COLUMNS} from chat_messages where user_id = $1 and client_id = $2`,
    [input.userId, input.clientId ?? null],
  );
  if (!existing) throw new Error('chat message conflicted but cannot be found');
  return { message: toMessage(existing), created: false };
}

/** The room's latest `limit` messages, oldest first; `hasMore` when older ones exist. */
export async function latestChatMessages(
  db: Queryable,
  room: ChatRoom,
  limit: number,
): Promise<ChatPage> {
  const rows = await db.query<ChatMessageRow>(
    `select ${COLUMNS} from chat_messages where room = $1
     order by chat_messages.id desc limit $2`,
    [room, limit + 1],
  );
  return newestFirstPage(rows, limit);
}

/** Whether `id` is a message of `room`. */
async function hasMessage(db: Queryable, room: ChatRoom, id: string): Promise<boolean> {
  if (!isMessageId(id)) return false;
  const rows = await db.query<{ id: string }>(
    'select id::text as id from chat_messages where id = $1 and room = $2',
    [id, room],
  );
  return rows.length > 0;
}

/**
 * The `limit` messages before message `before` (in the order they were stored), oldest first; undefined when
 * the room has no such message (never was, or deleted).
 */
export async function chatMessagesBefore(
  db: Queryable,
  room: ChatRoom,
  before: string,
  limit: number,
): Promise<ChatPage | undefined> {
  if (!(await hasMessage(db, room, before))) return undefined;
  const rows = await db.query<ChatMessageRow>(
    `select ${COLUMNS} from chat_messages
     where room = $1 and id < $2::bigint
     order by chat_messages.id desc limit $3`,
    [room, before, limit + 1],
  );
  return newestFirstPage(rows, limit);
}

/**
 * The first `limit` messages after message `after`, oldest first; `hasMore` when more follow.
 * Undefined when the room has no such message.
 */
export async function chatMessagesAfter(
  db: Queryable,
  room: ChatRoom,
  after: string,
  limit: number,
): Promise<ChatPage | undefined> {
  if (!(await hasMessage(db, room, after))) return undefined;
  const rows = await db.query<ChatMessageRow>(
    `select ${COLUMNS} from chat_messages
     where room = $1 and id > $2::bigint
     order by chat_messages.id asc limit $3`,
    [room, after, limit + 1],
  );
  return { messages: rows.slice(0, limit).map(toMessage), hasMore: rows.length > limit };
}

/** Deletes a message of the room; false when the room has no such message. */
export async function deleteChatMessage(
  db: Queryable,
  room: ChatRoom,
  id: string,
): Promise<boolean> {
  if (!isMessageId(id)) return false;
  const rows = await db.query<{ id: string }>(
    'delete from chat_messages where id = $1 and room = $2 returning id::text as id',
    [id, room],
  );
  return rows.length > 0;
}

function newestFirstPage(rows: ChatMessageRow[], limit: number): ChatPage {
  return { messages: rows.slice(0, limit).reverse().map(toMessage), hasMore: rows.length > limit };
}
