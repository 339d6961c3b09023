import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_MODERATION_LIMITS, CHAT_MODERATION_MESSAGES } from '../../contract/chat-moderation';
import { DomainError } from '../../contract/domain-error';
import {
  findChatMessage,
  messagesAround,
  searchChatMessages,
} from '../db/repositories/chat-moderation';
import { requireRoomAccess } from '../chat/room-access';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';

/**
 * A room's earlier messages (issue 17 §2): search, newest first with a `before` cursor, and one
 * message in its context, where a result jumps to. Every signed-in user may read every topic room; a course room, its learners and admins (D61).
 */
export const chatSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(
    app,
    'GET /api/chat/rooms/:room/messages',
    { config: { rateLimit: 'chatSearchPerUser' } },
    async (request) => {
      await requireRoomAccess(app.db, requireCaller(request), request.params.room);
      const page = await searchChatMessages(app.db, {
        room: request.params.room,
        q: request.query.q,
        before: request.query.before,
        limit: CHAT_MODERATION_LIMITS.searchPageSize,
      });
      if (!page) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.messageNotFound);
      return page;
    },
  );

  apiRoute(
    app,
    'GET /api/chat/messages/:id/context',
    { config: { rateLimit: 'chatSearchPerUser' } },
    async (request) => {
      const message = await findChatMessage(app.db, request.params.id);
      if (!message) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.messageNotFound);
      await requireRoomAccess(app.db, requireCaller(request), message.room);
      return {
        room: message.room,
        messageId: message._id,
        messages: await messagesAround(app.db, message.room, message._id),
      };
    },
  );
};
