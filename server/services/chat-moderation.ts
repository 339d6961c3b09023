import {
  CHAT_MODERATION_MESSAGES,
  MUTE_DURATION_MS,
  type ModerationAction,
} from '../../contract/chat-moderation';
import type { ChatRoom } from '../../contract/chat';
import { DomainError } from '../../contract/domain-error';
import type { Db } from '../db/client';
import { recordAudit } from '../db/repositories/audit-log';
import { deleteChatMessage } from '../db/repositories/chat-messages';
import {
  closeChatReport,
  closeReportsOfMessage,
  lockChatReport,
  muteChatUser,
  reportSubject,
} from '../db/repositories/chat-moderation';

/**
 * An admin's action on an open chat report (the Reports screen): delete the message, dismiss the
 * report or mute its author, each written to the audit log in the transaction that does it
 * (issue 17 §2). Returns the message deleted, for the caller to tell the room once committed.
 */
export async function moderateChatReport(
  db: Db,
  input: { actorEmail: string; id: string; body: ModerationAction },
): Promise<{ deleted?: { room: ChatRoom; messageId: string } }> {
  const { actorEmail, id, body } = input;
  return db.transaction(async (tx) => {
    const report = await lockChatReport(tx, id);
    if (!report) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.reportNotFound);
    if (report.status !== 'open') {
      throw new DomainError('conflict', CHAT_MODERATION_MESSAGES.reportClosed);
    }
    const subjectId = reportSubject(id);
    if (body.action === 'dismiss') {
      await closeChatReport(tx, id, 'dismissed');
      await recordAudit(tx, { actorEmail, action: 'chat.dismiss', subjectId, changes: {} });
      return {};
    }
    if (body.action === 'mute') {
      // The report stays open: the admin may still delete the message or dismiss it.
      const until = await muteChatUser(tx, {
        userId: report.authorId,
        durationMs: MUTE_DURATION_MS[body.duration],
        by: actorEmail,
      });
      await recordAudit(tx, {
        actorEmail,
        action: 'chat.mute',
        subjectId,
        changes: { userId: report.authorId, duration: body.duration, until },
      });
      return {};
    }
    // Gone already (another admin, or its author): the report is answered all the same.
    const removed = await deleteChatMessage(tx, report.room, report.messageId);
    await closeReportsOfMessage(tx, report.messageId);
    await recordAudit(tx, {
      actorEmail,
      action: 'chat.delete',
      subjectId,
      changes: { messageId: report.messageId, room: report.room, removed },
    });
    return removed ? { deleted: { room: report.room, messageId: report.messageId } } : {};
  });
}
