import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USER_MESSAGES } from '../../contract/account-messages';
import { checkDrawing } from '../../contract/chat-drawings';
import { DomainError } from '../../contract/domain-error';
import { chatWriteRefusal } from '../chat/mutes';
import { requireRoomAccess } from '../chat/room-access';
import { currentChatName } from '../db/repositories/chat-reads';
import { findUserByEmail } from '../db/repositories/users';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { postDrawing } from '../services/chat-drawings';
import { acceptImageUploads, readUpload } from '../services/image-upload';

/**
 * "Share to a room" from /drawing (issue 17 §1, docs/product.md §2.9): the drawing, one PNG, is
 * stored like an upload and posted into the room's chat as an image message, under the name the
 * page chats under (`?name=`; else the one last chatted under, else the account's), by the chat's
 * own rules (mutes); the room's
 * members receive it as any message (`getLatestMessage`).
 */
export const chatDrawingRoutes: FastifyPluginAsyncZod = async (app) => {
  const upload = await acceptImageUploads(app);

  apiRoute(
    app,
    'POST /api/chat/rooms/:room/drawings',
    { ...upload, config: { rateLimit: 'chatDrawingPerUser' } },
    async (request, reply) => {
      const caller = requireCaller(request);
      // A course room only for its learners and admins (D61), before the upload is read.
      await requireRoomAccess(app.db, caller, request.params.room);
      const user = await findUserByEmail(app.db, caller.email);
      // The access policy has just read the account: gone only if deleted since.
      if (!user) throw new DomainError('not-found', USER_MESSAGES.notFound);
      // A chat write: a muted user's is refused before the upload is read (D53).
      const refusal = await chatWriteRefusal(app.db, user.id);
      if (refusal) throw new HttpError(403, refusal);
      const bytes = await readUpload(request);
      const drawing = checkDrawing(bytes);
      if (!drawing.ok) throw new DomainError('invalid', drawing.error);
      const { width, height } = drawing;

      const room = request.params.room;
      const name = request.query.name ?? (await currentChatName(app.db, user));
      const message = await postDrawing(app.db, {
        room,
        userId: user.id,
        name,
        png: { bytes, width, height },
      });
      app.chatRooms.messagePosted(message);
      return reply.code(201).send(message);
    },
  );
};
