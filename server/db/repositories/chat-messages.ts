import {
  CHAT_LIMITS,
  CHAT_REACTIONS,
  type ChatMessage,
  type ChatReaction,
  type ChatReactionEmoji,
  type ChatRoom,
} from '../../../contract/chat';
import { randomUUID } from 'node:crypto';
import { errorCode } from '../../../contract/error-code';
import type { Db, Queryable } from '../client';
import { IMAGE_COLUMNS, imageOf, type ImageColumns } from './chat-images';

/** Rooms, names and texts passed in here are already validated and trimmed by the chat plugin. */

/** A message's row as it is read here and by the moderation's search (chat-moderation.ts). */
export type MessageRow = ImageColumns & {
  id: string;
  room: ChatRoom;
  user_id: string;
  name: string;
  msg: string;
  created_at: Date | string;
};

type ChatMessageRow = MessageRow & {
  edited_at: Date | string | null;
  deleted_at: Date | string | null;
};

// `id` leaves as text: order by `chat_messages.id`, since a bare `id` in ORDER BY names this text
// column ('10' < '9'), which put messages out of order.
const COLUMNS = `id::text as id, room, user_id, name, msg, created_at, edited_at, deleted_at,
  ${IMAGE_COLUMNS}`;

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** The message without its reactions (see withReactions). */
function toMessage(row: ChatMessageRow): ChatMessage {
  const deleted = row.deleted_at !== null;
  return {
    _id: row.id,
    room: row.room,
    name: row.name,
    msg: deleted ? '' : row.msg,
    image: deleted ? null : imageOf(row),
    time: iso(row.created_at),
    userId: row.user_id,
    editedAt: row.edited_at === null || deleted ? null : iso(row.edited_at),
    deleted,
    reactions: [],
  };
}

type ReactionRow = { message_id: string; emoji: ChatReactionEmoji; user_id: string; name: string };

/** The reactions of each message id, CHAT_REACTIONS order, reactors oldest first. */
async function reactionsOf(db: Queryable, ids: string[]): Promise<Map<string, ChatReaction[]>> {
  const byMessage = new Map<string, ChatReaction[]>();
  if (ids.length === 0) return byMessage;
  const rows = await db.query<ReactionRow>(
    `select message_id::text as message_id, emoji, user_id, name from chat_reactions
     where message_id = any($1::bigint[]) order by created_at, user_id`,
    [ids],
  );
  for (const id of ids) {
    const mine = rows.filter((row) => row.message_id === id);
    const reactions = CHAT_REACTIONS.flatMap((emoji): ChatReaction[] => {
      const given = mine.filter((row) => row.emoji === emoji);
      if (given.length === 0) return [];
      const userIds = given.map((row) => row.user_id);
      return [{ emoji, count: userIds.length, userIds, names: given.map((row) => row.name) }];
    });
    byMessage.set(id, reactions);
  }
  return byMessage;
}

/** The messages with their reactions (a tombstone has none). */
async function withReactions(db: Queryable, messages: ChatMessage[]): Promise<ChatMessage[]> {
  const live = messages.filter((message) => !message.deleted).map((message) => message._id);
  const reactions = await reactionsOf(db, live);
  return messages.map((message) => ({ ...message, reactions: reactions.get(message._id) ?? [] }));
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
  /** A shared drawing (stored in `images`): its id and size. */
  image?: { id: string; width: number; height: number };
};

/** The sender is muted by an admin (issue 17 §2) until `until`: nothing was stored. */
export class ChatSenderMutedError extends Error {
  constructor(readonly until: Date) {
    super(`the sender of a chat message is muted until ${until.toISOString()}`);
    this.name = 'ChatSenderMutedError';
  }
}

/** What became of one message of a batch: stored (or found, for a retried client id), or muted. */
export type SendOutcome = { message: ChatMessage; created: boolean } | { mutedUntil: Date };

/**
 * Sends messages, in order: stores each stamped with the database's clock (never before the
 * room's latest message) and moves each sender's read mark in the room to it (nothing before
 * their own message is unread for them), unless an admin has muted the sender. With a client id
 * the sender already used (a retry), nothing is stored and the first message is returned with
 * `created: false`. A sender whose account is gone fails the batch (ChatSenderGoneError).
 *
 * A batch: the chat sends together the messages that arrive in one turn of the event loop
 * (server/chat/send-queue.ts), so under load their statements and commits are shared. On PGlite,
 * which runs in the server's own thread, each statement is what limits the messages a second.
 */
export async function insertChatMessages(
  db: Queryable,
  inputs: readonly NewChatMessage[],
): Promise<SendOutcome[]> {
  if (inputs.length === 0) return [];
  const userIds = [...new Set(inputs.map((input) => input.userId))];
  const mutes = await db.query<{ user_id: string; muted_until: Date | string }>(
    'select user_id, muted_until from chat_mutes where user_id = any($1::text[]) and muted_until > now()',
    [userIds],
  );
  const mutedUntil = new Map(mutes.map((row) => [row.user_id, new Date(row.muted_until)]));
  // Every message gets a client id (the sender's, or one of ours) to find its row again.
  const sends = inputs.map((input) => ({
    ...input,
    clientId: input.clientId ?? `srv-${randomUUID()}`,
  }));
  const stored = sends.filter((send) => !mutedUntil.has(send.userId));
  const keyOf = (userId: string, clientId: string | null) => `${userId}\u0000${clientId ?? ''}`;
  const rows = new Map<string, ChatMessageRow>();
  if (stored.length > 0) {
    const column = <K extends keyof (typeof stored)[number]>(key: K) =>
      stored.map((send) => send[key]);
    let inserted: (ChatMessageRow & { client_id: string })[];
    try {
      // Stamped no earlier than the room's latest message: a clock stepping back (NTP, a VM)
      // must not put a new message above older ones in the (time, id) order. The latest is found
      // by the (room, id) index (max(created_at) would read every message of the room).
      inserted = await db.query<ChatMessageRow & { client_id: string }>(
        `with input as (
           select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                                $6::text[], $7::integer[], $8::integer[])
             with ordinality as t (room, user_id, name, msg, client_id, image_id, image_width,
                                   image_height, n)
         ),
         inserted as (
           insert into chat_messages
             (room, user_id, name, msg, client_id, image_id, image_width, image_height, created_at)
           select i.room, i.user_id, i.name, i.msg, i.client_id, i.image_id, i.image_width,
                  i.image_height,
                  greatest(now(), (select c.created_at from chat_messages c where c.room = i.room
                                   order by c.id desc limit 1))
           from input i order by i.n
           on conflict (user_id, client_id) do nothing
           returning *
         ),
         marked as (
           insert into chat_reads (user_id, room, last_read_id)
           select user_id, room, max(id) from inserted group by user_id, room
           order by user_id, room
           on conflict (user_id, room) do update set last_read_id = excluded.last_read_id
             where chat_reads.last_read_id < excluded.last_read_id
         )
         select ${COLUMNS}, client_id from inserted order by inserted.id`,
        [
          column('room'),
          column('userId'),
          column('name'),
          column('msg'),
          column('clientId'),
          stored.map((send) => send.image?.id ?? null),
          stored.map((send) => send.image?.width ?? null),
          stored.map((send) => send.image?.height ?? null),
        ],
      );
    } catch (error) {
      if (errorCode(error) === FOREIGN_KEY_VIOLATION) {
        throw new ChatSenderGoneError({ cause: error });
      }
      throw error;
    }
    for (const row of inserted) rows.set(keyOf(row.user_id, row.client_id), row);
  }
  return Promise.all(
    sends.map(async (send): Promise<SendOutcome> => {
      const until = mutedUntil.get(send.userId);
      if (until) return { mutedUntil: until };
      const row = rows.get(keyOf(send.userId, send.clientId));
      if (row) return { message: toMessage(row), created: true };
      return { message: await storedRetry(db, send.userId, send.clientId), created: false };
    }),
  );
}

/** The message a retried client id stored the first time. */
async function storedRetry(db: Queryable, userId: string, clientId: string): Promise<ChatMessage> {
  const [existing] = await db.query<ChatMessageRow>(
    `select ${COLUMNS} from chat_messages where user_id = $1 and client_id = $2`,
    [userId, clientId],
  );
  if (!existing) throw new Error('chat message conflicted but cannot be found');
  const [message] = await withReactions(db, [toMessage(existing)]);
  if (!message) throw new Error('chat message conflicted but cannot be found');
  return message;
}

/** Sends one message (insertChatMessages); a muted sender is ChatSenderMutedError. */
export async function insertChatMessage(
  db: Queryable,
  input: NewChatMessage,
): Promise<{ message: ChatMessage; created: boolean }> {
  const [outcome] = await insertChatMessages(db, [input]);
  if (!outcome) throw new Error('a sent message has no outcome');
  if ('mutedUntil' in outcome) throw new ChatSenderMutedError(outcome.mutedUntil);
  return outcome;
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
  return newestFirstPage(db, rows, limit);
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
 * A page of history beside a message the client has: the `limit` messages before it (loading
 * older ones) or after it (catching up), oldest first; `hasMore` when more lie beyond. Undefined
 * when the room has no such message (never was, or deleted).
 */
export async function chatMessagesBeside(
  db: Queryable,
  room: ChatRoom,
  beside: { before: string } | { after: string },
  limit: number,
): Promise<ChatPage | undefined> {
  const older = 'before' in beside;
  const id = older ? beside.before : beside.after;
  if (!(await hasMessage(db, room, id))) return undefined;
  const rows = await db.query<ChatMessageRow>(
    `select ${COLUMNS} from chat_messages
     where room = $1 and id ${older ? '<' : '>'} $2::bigint
     order by chat_messages.id ${older ? 'desc' : 'asc'} limit $3`,
    [room, id, limit + 1],
  );
  if (older) return newestFirstPage(db, rows, limit);
  return {
    messages: await withReactions(db, rows.slice(0, limit).map(toMessage)),
    hasMore: rows.length > limit,
  };
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

async function newestFirstPage(
  db: Queryable,
  rows: ChatMessageRow[],
  limit: number,
): Promise<ChatPage> {
  return {
    messages: await withReactions(db, rows.slice(0, limit).reverse().map(toMessage)),
    hasMore: rows.length > limit,
  };
}

/** Why an author's edit or delete was refused. */
export type OwnChangeRefusal = 'notFound' | 'notYours' | 'tooLate';

/** Only the author, only a live message, only within the edit window (the database's clock). */
const OWN_CHANGE_WHERE = `id = $1 and room = $2 and user_id = $3 and deleted_at is null
  and created_at > now() - $4::integer * interval '1 millisecond'`;

/** Why no row matched OWN_CHANGE_WHERE. */
async function refusalOf(
  db: Queryable,
  room: ChatRoom,
  id: string,
  userId: string,
): Promise<OwnChangeRefusal> {
  const [row] = await db.query<{ user_id: string; deleted: boolean }>(
    `select user_id, deleted_at is not null as deleted from chat_messages
     where id = $1 and room = $2`,
    [id, room],
  );
  if (!row || row.deleted) return 'notFound';
  return row.user_id === userId ? 'tooLate' : 'notYours';
}

export type OwnChange = { room: ChatRoom; id: string; userId: string };

/** The author's new text (trimmed, checked); the edited message, or why not. */
export async function editChatMessage(
  db: Queryable,
  change: OwnChange & { msg: string },
): Promise<{ message: ChatMessage } | { refused: OwnChangeRefusal }> {
  const { room, id, userId, msg } = change;
  if (!isMessageId(id)) return { refused: 'notFound' };
  const [row] = await db.query<ChatMessageRow>(
    `update chat_messages set msg = $5, edited_at = greatest(now(), created_at)
     where ${OWN_CHANGE_WHERE} returning ${COLUMNS}`,
    [id, room, userId, CHAT_LIMITS.editWindowMs, msg],
  );
  if (!row) return { refused: await refusalOf(db, room, id, userId) };
  const [message] = await withReactions(db, [toMessage(row)]);
  if (!message) throw new Error('edited message vanished');
  return { message };
}

/** The author takes a message back: it stays as a tombstone, without text or reactions. */
export async function tombstoneChatMessage(
  db: Db,
  change: OwnChange,
): Promise<{ done: true } | { refused: OwnChangeRefusal }> {
  const { room, id, userId } = change;
  if (!isMessageId(id)) return { refused: 'notFound' };
  const done = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `update chat_messages set msg = '', deleted_at = now()
       where ${OWN_CHANGE_WHERE} returning id::text as id`,
      [id, room, userId, CHAT_LIMITS.editWindowMs],
    );
    if (rows.length === 0) return false;
    await tx.query('delete from chat_reactions where message_id = $1', [id]);
    return true;
  });
  return done ? { done: true } : { refused: await refusalOf(db, room, id, userId) };
}

/**
 * Toggles `userId`'s `emoji` on a live message of the room: the message's reactions after it, or
 * undefined when the room has no such message (or it is a tombstone).
 */
export async function toggleChatReaction(
  db: Queryable,
  input: { room: ChatRoom; id: string; userId: string; name: string; emoji: ChatReactionEmoji },
): Promise<ChatReaction[] | undefined> {
  const { room, id, userId, emoji } = input;
  if (!isMessageId(id)) return undefined;
  // The socket's name may be the account's (an email): kept within the column's rule.
  const name = [...input.name.trim()].slice(0, CHAT_LIMITS.maxNameLength).join('') || '?';
  const removed = await db.query<{ user_id: string }>(
    `delete from chat_reactions r using chat_messages m
     where r.message_id = $1 and r.user_id = $2 and r.emoji = $3
       and m.id = r.message_id and m.room = $4
     returning r.user_id`,
    [id, userId, emoji, room],
  );
  if (removed.length === 0) {
    try {
      await db.query(
        `insert into chat_reactions (message_id, user_id, emoji, name)
         select $1, $2, $3, $4 where exists (
           select 1 from chat_messages where id = $1 and room = $5 and deleted_at is null)
         on conflict do nothing`,
        [id, userId, emoji, name, room],
      );
    } catch (error) {
      if (errorCode(error) !== FOREIGN_KEY_VIOLATION) throw error;
      // The message was deleted meanwhile, or the reactor's account.
      if (!(await hasMessage(db, room, id))) return undefined;
      throw new ChatSenderGoneError({ cause: error });
    }
  }
  const [row] = await db.query<{ deleted: boolean }>(
    'select deleted_at is not null as deleted from chat_messages where id = $1 and room = $2',
    [id, room],
  );
  if (!row || row.deleted) return undefined;
  return (await reactionsOf(db, [id])).get(id) ?? [];
}
