import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_MODERATION_MESSAGES, MUTE_DURATION_MS } from '../../contract/chat-moderation';
import { DomainError } from '../../contract/domain-error';
import { recordAudit } from '../db/repositories/audit-log';
import { deleteChatMessage } from '../db/repositories/chat-messages';
import {
  closeChatReport,
  closeReportsOfMessage,
  fileChatReport,
  findChatMessage,
  findChatReport,
  listOpenChatReports,
  lockChatReport,
  muteChatUser,
  reportSubject,
} from '../db/repositories/chat-moderation';
import { findUserByEmail } from '../db/repositories/users';
import { requireRoomAccess } from '../chat/room-access';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';

/**
 * Reports of chat messages (anyone signed in) and their moderation on the admin's Reports
 * screen: delete the message, dismiss the report or mute its author, each written to the audit
 * log in the transaction that does it (issue 17 §2).
 */
export const chatModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(
    app,
    'POST /api/chat/messages/:id/reports',
    { config: { rateLimit: 'chatReportPerUser' } },
    async (request, reply) => {
      const reporter = await findUserByEmail(app.db, requireCaller(request).email);
      // The policy found the caller a moment ago; gone since, they are answered as unknown.
      if (!reporter) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.messageNotFound);
      // A course room's messages are its learners' to report (D61).
      const message = await findChatMessage(app.db, request.params.id);
      if (!message) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.messageNotFound);
      await requireRoomAccess(app.db, requireCaller(request), message.room);
      const filed = await fileChatReport(app.db, {
        messageId: request.params.id,
        reporterId: reporter.id,
        reason: request.body.reason,
      });
      if (!filed) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.messageNotFound);
      return reply.code(filed.created ? 201 : 200).send({ id: filed.id, status: 'open' });
    },
  );

  apiRoute(app, 'GET /api/admin/chat-reports', {}, async () => listOpenChatReports(app.db));

  apiRoute(
    app,
    'POST /api/admin/chat-reports/:id/actions',
    { config: { rateLimit: 'chatModerationPerAdmin' } },
    async (request) => {
      const actorEmail = requireCaller(request).email;
      const id = request.params.id;
      const body = request.body;
      const deleted = await app.db.transaction(async (tx) => {
        const report = await lockChatReport(tx, id);
        if (!report) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.reportNotFound);
        if (report.status !== 'open') {
          throw new DomainError('conflict', CHAT_MODERATION_MESSAGES.reportClosed);
        }
        const subjectId = reportSubject(id);
        if (body.action === 'dismiss') {
          await closeChatReport(tx, id, 'dismissed');
          await recordAudit(tx, { actorEmail, action: 'chat.dismiss', subjectId, changes: {} });
          return undefined;
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
          return undefined;
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
        return removed ? { room: report.room, messageId: report.messageId } : undefined;
      });
      // After the commit, so nobody is told of a delete that rolled back.
      if (deleted) app.chatRooms.messageDeleted(deleted.room, deleted.messageId);
      const report = await findChatReport(app.db, id);
      if (!report) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.reportNotFound);
      return report;
    },
  );
};
