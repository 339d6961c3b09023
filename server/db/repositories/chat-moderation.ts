import type { ChatRoom } from '../../../contract/chat';
import {
  CHAT_MODERATION_LIMITS,
  type ChatReport,
  type ModeratedMessage as ChatMessage,
  type ModerationEntry,
} from '../../../contract/chat-moderation';
import type { Queryable } from '../client';
import { listAudit } from './audit-log';
import { escapeLike } from './books';
import { IMAGE_COLUMNS, imageOf, type ImageColumns } from './chat-images';
import type { MessageRow } from './chat-messages';

/**
 * Reports of chat messages, mutes, and the search of a room's messages (issue 17 §2). Ids and
 * texts passed in here are validated by the routes' schemas.
 */

const MESSAGE_COLUMNS = `id::text as id, room, user_id, name, msg, created_at, ${IMAGE_COLUMNS}`;
/** Messages their authors deleted (tombstones, migration 012) are never found or shown. */
const LIVE = 'deleted_at is null';

const iso = (value: Date | string) => new Date(value).toISOString();

function toMessage(row: MessageRow): ChatMessage {
  return {
    _id: row.id,
    room: row.room,
    name: row.name,
    msg: row.msg,
    image: imageOf(row),
    time: iso(row.created_at),
    userId: row.user_id,
  };
}

/** Ids are bigint text: ordered as numbers, not as strings ('10' < '9'). */
const byId = (a: ChatMessage, b: ChatMessage) => {
  const diff = BigInt(a._id) - BigInt(b._id);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
};

/** Message ids are bigint identities: anything else names no message (and never reaches SQL). */
export function isMessageId(value: string): boolean {
  return /^[1-9]\d{0,17}$/.test(value);
}

/** The audit log's subject of a report. */
export const reportSubject = (reportId: string) => `chat-report:${reportId}`;

export async function findChatMessage(db: Queryable, id: string): Promise<ChatMessage | undefined> {
  if (!isMessageId(id)) return undefined;
  const [row] = await db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from chat_messages where id = $1::bigint and ${LIVE}`,
    [id],
  );
  return row && toMessage(row);
}

/**
 * The messages of `room` around message `id`, oldest first: `size` before, the message itself
 * (when it still exists) and `size` after.
 */
export async function messagesAround(
  db: Queryable,
  room: ChatRoom,
  id: string,
  size: number = CHAT_MODERATION_LIMITS.contextSize,
): Promise<ChatMessage[]> {
  const rows = await db.query<MessageRow>(
    `(select ${MESSAGE_COLUMNS} from chat_messages where room = $1 and id < $2::bigint and ${LIVE}
      order by chat_messages.id desc limit $3)
     union all
     (select ${MESSAGE_COLUMNS} from chat_messages where room = $1 and id = $2::bigint and ${LIVE})
     union all
     (select ${MESSAGE_COLUMNS} from chat_messages where room = $1 and id > $2::bigint and ${LIVE}
      order by chat_messages.id asc limit $3)`,
    [room, id, size],
  );
  return rows.map(toMessage).sort(byId);
}

/**
 * Files `reporterId`'s report of message `messageId`. Undefined when there is no such message;
 * `created: false` when the reporter has an open report of it already (that one is answered).
 */
export async function fileChatReport(
  db: Queryable,
  input: { messageId: string; reporterId: string; reason: string },
): Promise<{ id: string; created: boolean } | undefined> {
  if (!isMessageId(input.messageId)) return undefined;
  // The report keeps the message as it is now, its image too (migration 015).
  const [row] = await db.query<{ id: string }>(
    `insert into chat_reports
       (message_id, room, author_id, author_name, msg, message_created_at, reporter_id, reason,
        ${IMAGE_COLUMNS})
     select id, room, user_id, name, msg, created_at, $2, $3, ${IMAGE_COLUMNS}
     from chat_messages where id = $1::bigint and ${LIVE}
     on conflict (message_id, reporter_id) where status = 'open' do nothing
     returning id::text as id`,
    [input.messageId, input.reporterId, input.reason],
  );
  if (row) return { id: row.id, created: true };
  const message = await findChatMessage(db, input.messageId);
  if (!message) return undefined;
  const [existing] = await db.query<{ id: string }>(
    `select id::text as id from chat_reports
     where message_id = $1::bigint and reporter_id = $2 and status = 'open'`,
    [message._id, input.reporterId],
  );
  if (!existing) throw new Error('chat report conflicted but cannot be found');
  return { id: existing.id, created: false };
}

type ReportRow = ImageColumns & {
  id: string;
  status: ChatReport['status'];
  reason: string;
  reporter_email: string;
  created_at: Date | string;
  message_id: string;
  room: ChatRoom;
  author_id: string;
  author_name: string;
  msg: string;
  message_created_at: Date | string;
  muted_until: Date | string | null;
};

const REPORT_SELECT = `
  select r.id::text as id, r.status, r.reason, u.email as reporter_email, r.created_at,
         r.message_id::text as message_id, r.room, r.author_id, r.author_name, r.msg,
         r.message_created_at, r.image_id, r.image_width, r.image_height,
         (select m.muted_until from chat_mutes m
          where m.user_id = r.author_id and m.muted_until > now()) as muted_until
  from chat_reports r join users u on u.id = r.reporter_id`;

async function toReport(db: Queryable, row: ReportRow): Promise<ChatReport> {
  const message: ChatMessage = {
    _id: row.message_id,
    room: row.room,
    name: row.author_name,
    msg: row.msg,
    image: imageOf(row),
    time: iso(row.message_created_at),
    userId: row.author_id,
  };
  const context = await messagesAround(db, row.room, row.message_id);
  const history = await listAudit(db, reportSubject(row.id));
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    reporterEmail: row.reporter_email,
    createdAt: iso(row.created_at),
    message,
    messageExists: context.some((item) => item._id === row.message_id),
    context,
    authorMutedUntil: row.muted_until === null ? null : iso(row.muted_until),
    history: history.map(({ actorEmail, action, changes, createdAt }) => ({
      actorEmail,
      action: action as ModerationEntry['action'],
      changes,
      createdAt,
    })),
  };
}

/** The open reports, newest first (at most `limit`), and how many are open. */
export async function listOpenChatReports(
  db: Queryable,
  limit: number = CHAT_MODERATION_LIMITS.openReportsShown,
): Promise<{ reports: ChatReport[]; total: number }> {
  const rows = await db.query<ReportRow>(
    `${REPORT_SELECT} where r.status = 'open' order by r.id desc limit $1`,
    [limit],
  );
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from chat_reports where status = 'open'`,
  );
  const reports: ChatReport[] = [];
  for (const row of rows) reports.push(await toReport(db, row));
  return { reports, total: count?.total ?? 0 };
}

export async function findChatReport(db: Queryable, id: string): Promise<ChatReport | undefined> {
  if (!isMessageId(id)) return undefined;
  const [row] = await db.query<ReportRow>(`${REPORT_SELECT} where r.id = $1::bigint`, [id]);
  return row && toReport(db, row);
}

/** The report's status, message and author, locked for the action's transaction. */
export async function lockChatReport(
  tx: Queryable,
  id: string,
): Promise<
  { status: ChatReport['status']; messageId: string; room: ChatRoom; authorId: string } | undefined
> {
  // Report ids are bigint identities too.
  if (!isMessageId(id)) return undefined;
  const [row] = await tx.query<{
    status: ChatReport['status'];
    message_id: string;
    room: ChatRoom;
    author_id: string;
  }>(
    `select status, message_id::text as message_id, room, author_id from chat_reports
     where id = $1::bigint for update`,
    [id],
  );
  return (
    row && {
      status: row.status,
      messageId: row.message_id,
      room: row.room,
      authorId: row.author_id,
    }
  );
}

/** Closes one open report. */
export async function closeChatReport(
  tx: Queryable,
  id: string,
  status: 'dismissed' | 'deleted',
): Promise<void> {
  await tx.query(
    `update chat_reports set status = $2, closed_at = now() where id = $1::bigint and status = 'open'`,
    [id, status],
  );
}

/** Closes every open report of a message (once it is deleted, they are all answered). */
export async function closeReportsOfMessage(tx: Queryable, messageId: string): Promise<void> {
  await tx.query(
    `update chat_reports set status = 'deleted', closed_at = now()
     where message_id = $1::bigint and status = 'open'`,
    [messageId],
  );
}

/** Mutes a user for `durationMs` from now (the database's clock); returns until when (ISO). */
export async function muteChatUser(
  tx: Queryable,
  input: { userId: string; durationMs: number; by: string },
): Promise<string> {
  const [row] = await tx.query<{ muted_until: Date | string }>(
    `insert into chat_mutes (user_id, muted_until, muted_by)
     values ($1, now() + $2::bigint * interval '1 millisecond', $3)
     on conflict (user_id) do update
       set muted_until = excluded.muted_until, muted_by = excluded.muted_by, created_at = now()
     returning muted_until`,
    [input.userId, input.durationMs, input.by],
  );
  if (!row) throw new Error('mute not stored');
  return iso(row.muted_until);
}

/** Until when (ISO) the user is muted, or null: read at every chat write (server/chat/mutes.ts). */
export async function activeMuteUntil(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.query<{ muted_until: Date | string }>(
    'select muted_until from chat_mutes where user_id = $1 and muted_until > now()',
    [userId],
  );
  return row ? iso(row.muted_until) : null;
}

/**
 * The room's messages holding `q` (case-insensitive, wildcards taken literally), newest first,
 * `limit` a page, before message `before` when given.
 */
export async function searchChatMessages(
  db: Queryable,
  input: { room: ChatRoom; q: string; before: string | undefined; limit: number },
): Promise<{ messages: ChatMessage[]; hasMore: boolean } | undefined> {
  // A cursor that names no message: the caller answers 404.
  if (input.before !== undefined && !isMessageId(input.before)) return undefined;
  const params: unknown[] = [input.room, `%${escapeLike(input.q)}%`, input.limit + 1];
  let beforeCondition = '';
  if (input.before !== undefined) {
    params.push(input.before);
    beforeCondition = `and id < $${params.length}::bigint`;
  }
  const rows = await db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from chat_messages
     where room = $1 and ${LIVE} and lower(msg) like lower($2) escape '\\' ${beforeCondition}
     order by chat_messages.id desc limit $3`,
    params,
  );
  return {
    messages: rows.slice(0, input.limit).map(toMessage),
    hasMore: rows.length > input.limit,
  };
}
