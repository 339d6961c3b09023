import { z } from 'zod';
import { chatImageSchema, chatRoomSchema } from './chat';
import { textSchema } from './text';

/**
 * Reports of chat messages and their moderation (issue 17 §2), and the search of a room's
 * earlier messages. Anyone signed in reports a message; admins delete it, dismiss the report or
 * mute the author, each action written to the audit log.
 */

export const CHAT_MODERATION_LIMITS = {
  /** A report's reason, after trimming. */
  maxReasonLength: 500,
  /** Messages shown before and after a reported (or found) message. */
  contextSize: 5,
  /** Open reports on the Reports screen (newest first). */
  openReportsShown: 50,
  /** Search results per page. */
  searchPageSize: 20,
  maxQueryLength: 100,
} as const;

/** The reasons offered by the report dialog; "Other" asks for the reason in the user's words. */
export const CHAT_REPORT_REASONS = ['Spam', 'Harassment', 'Hate speech', 'Off-topic'] as const;

/** How long an admin may mute an author for. */
export const MUTE_DURATIONS = ['10m', '1h', '1d'] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number];
export const MUTE_DURATION_MS: Readonly<Record<MuteDuration, number>> = {
  '10m': 10 * 60_000,
  '1h': 60 * 60_000,
  '1d': 24 * 60 * 60_000,
};
export const MUTE_DURATION_LABELS: Readonly<Record<MuteDuration, string>> = {
  '10m': '10 minutes',
  '1h': '1 hour',
  '1d': '1 day',
};

/**
 * A mute's end as the texts show it: UTC, to the minute (`2026-01-31 14:05 UTC`). The server's
 * ack and the web app's fake both say it this way, whatever the reader's locale.
 */
export function formatMutedUntil(iso: string): string {
  const time = new Date(iso).toISOString();
  return `${time.slice(0, 10)} ${time.slice(11, 16)} UTC`;
}

/** The error ack (and the drawing share's 403) of a muted user's write. */
export function mutedMessage(untilIso: string): string {
  return `You are muted until ${formatMutedUntil(untilIso)}.`;
}

/**
 * The mute rule, for the server and the web app's fake alike: a user muted until `mutedUntil`
 * (ISO 8601; null when not muted) may write nothing before then: no chat event the table marks
 * `write` (contract/chat-events.ts, docs/decisions.md D53), no shared drawing. The refusal's
 * text, or null.
 */
export function muteRefusal(
  mutedUntil: string | null | undefined,
  now = Date.now(),
): string | null {
  if (!mutedUntil) return null;
  return Date.parse(mutedUntil) > now ? mutedMessage(mutedUntil) : null;
}

export const CHAT_MODERATION_MESSAGES = {
  messageNotFound: 'No such message.',
  reportNotFound: 'No such report.',
  reportClosed: 'This report has already been closed.',
} as const;

/**
 * A message as reports, search and context show it: the text as stored (no reactions; a message
 * its author deleted is never shown here).
 */
export const moderatedMessageSchema = z.object({
  _id: z.string(),
  room: chatRoomSchema,
  name: z.string(),
  msg: z.string(),
  /** A shared drawing, or null. */
  image: chatImageSchema.nullable(),
  time: z.string(),
  userId: z.string(),
});
export type ModeratedMessage = z.infer<typeof moderatedMessageSchema>;

/**
 * A chat message's id, as the chat's own events take one (contract/chat.ts): one that names no
 * message is answered 404.
 */
const messageIdSchema = textSchema({ error: 'Must be a string' })
  .min(1, 'Must not be empty')
  .max(64, 'Must be at most 64 characters');

/** Params of the routes that name one chat message. */
export const chatMessageParamsSchema = z.object({ id: messageIdSchema });

/** Params of the routes that name one report (one that names none is answered 404). */
export const chatReportParamsSchema = z.object({ id: messageIdSchema });

/** Params of the routes that name one room. */
export const chatRoomParamsSchema = z.object({ room: chatRoomSchema });

/** POST /chat/messages/{id}/reports */
export const chatReportBodySchema = z
  .strictObject({
    reason: textSchema({ error: 'Must be a string' })
      .trim()
      .min(1, 'Must not be empty')
      .max(
        CHAT_MODERATION_LIMITS.maxReasonLength,
        `Must be at most ${CHAT_MODERATION_LIMITS.maxReasonLength} characters`,
      ),
  })
  .meta({ examples: [{ reason: 'Spam' }] });

export const CHAT_REPORT_STATUSES = ['open', 'dismissed', 'deleted'] as const;
export const chatReportStatusSchema = z.enum(CHAT_REPORT_STATUSES);

/** The answer to a report: 201 when filed, 200 when the caller had reported it already. */
export const chatReportFiledSchema = z.object({
  id: z.string(),
  status: chatReportStatusSchema,
});

/** One moderation action of the report's history (the audit log's rows). */
export const moderationEntrySchema = z.object({
  actorEmail: z.string(),
  action: z.enum(['chat.delete', 'chat.dismiss', 'chat.mute']),
  changes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

/** A report as the Reports screen shows it. */
export const chatReportSchema = z.object({
  id: z.string(),
  status: chatReportStatusSchema,
  reason: z.string(),
  reporterEmail: z.string(),
  createdAt: z.string(),
  /** The message as it was reported (kept when the message is deleted). */
  message: moderatedMessageSchema,
  /** False once the message has been deleted. */
  messageExists: z.boolean(),
  /** The messages around it as they are now, oldest first, the message itself included. */
  context: z.array(moderatedMessageSchema),
  /** Until when its author is muted (ISO 8601), or null. */
  authorMutedUntil: z.string().nullable(),
  /** The moderation actions on this report, newest first. */
  history: z.array(moderationEntrySchema),
});

/** GET /admin/chat-reports: the open reports, newest first. */
export const chatReportListSchema = z.object({
  reports: z.array(chatReportSchema),
  /** How many reports are open (the list holds at most CHAT_MODERATION_LIMITS.openReportsShown). */
  total: z.number().int().nonnegative(),
});

/** POST /admin/chat-reports/{id}/actions */
export const moderationActionBodySchema = z
  .discriminatedUnion(
    'action',
    [
      z.strictObject({ action: z.literal('delete') }),
      z.strictObject({ action: z.literal('dismiss') }),
      z.strictObject({
        action: z.literal('mute'),
        duration: z.enum(MUTE_DURATIONS, {
          error: `Must be one of ${MUTE_DURATIONS.join(', ')}`,
        }),
      }),
    ],
    { error: 'Must be one of delete, dismiss, mute' },
  )
  .meta({ examples: [{ action: 'dismiss' }] });

/** GET /chat/rooms/{room}/messages?q=…&before=…: the room's messages holding `q`, newest first. */
export const chatSearchQuerySchema = z
  .object({
    q: textSchema({ error: 'Must be a string' })
      .trim()
      .min(1, 'Must not be empty')
      .max(
        CHAT_MODERATION_LIMITS.maxQueryLength,
        `Must be at most ${CHAT_MODERATION_LIMITS.maxQueryLength} characters`,
      ),
    /** The id of the last (oldest) result of the previous page. */
    before: messageIdSchema.optional(),
  })
  .meta({ examples: [{ q: 'hello' }] });

export const chatSearchPageSchema = z.object({
  messages: z.array(moderatedMessageSchema),
  hasMore: z.boolean(),
});

/** GET /chat/messages/{id}/context: the message and the messages around it, oldest first. */
export const chatMessageContextSchema = z.object({
  room: chatRoomSchema,
  messageId: z.string(),
  messages: z.array(moderatedMessageSchema),
});

export type ChatReportFiled = z.infer<typeof chatReportFiledSchema>;
export type ChatReport = z.infer<typeof chatReportSchema>;
export type ChatReportList = z.infer<typeof chatReportListSchema>;
export type ModerationAction = z.infer<typeof moderationActionBodySchema>;
export type ModerationEntry = z.infer<typeof moderationEntrySchema>;
export type ChatSearchPage = z.infer<typeof chatSearchPageSchema>;
export type ChatMessageContext = z.infer<typeof chatMessageContextSchema>;
