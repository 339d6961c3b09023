import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USER_MESSAGES } from '../../contract/account-messages';
import { DomainError } from '../../contract/domain-error';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';
import { chatUnreadOf } from '../services/chat-unread';

/** The chat's unread counts (docs/product.md §2.16): the join screen's and the navbar's badges. */
export const chatUnreadRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, 'GET /api/chat/unread', {}, async (request) => {
    const unread = await chatUnreadOf(app.db, requireCaller(request).email);
    // The access policy has just read the account: gone only if deleted since.
    if (!unread) throw new DomainError('not-found', USER_MESSAGES.notFound);
    return unread;
  });
};
