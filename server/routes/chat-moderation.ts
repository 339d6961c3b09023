import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_MODERATION_MESSAGES } from '../../contract/chat-moderation';
import { DomainError } from '../../contract/domain-error';
import {
  fileChatReport,
  findChatMessage,
  findChatReport,
  listOpenChatReports,
} from '../db/repositories/chat-moderation';
import { findUserByEmail } from '../db/repositories/users';
import { requireRoomAccess } from '../chat/room-access';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';
import { moderateChatReport } from '../services/chat-moderation';

/**
 * Reports of chat messages (anyone signed in) and their moderation on the admin's Reports
 * screen: delete the message, dismiss the report or mute its author (services/chat-moderation.ts).
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
      const id = request.params.id;
      const { deleted } = await moderateChatReport(app.db, {
        actorEmail: requireCaller(request).email,
        id,
        body: request.body,
      });
      // After the commit, so nobody is told of a delete that rolled back.
      if (deleted) app.chatRooms.messageDeleted(deleted.room, deleted.messageId);
      const report = await findChatReport(app.db, id);
      if (!report) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.reportNotFound);
      return report;
    },
  );
};
