import { HttpResponse } from 'msw';
import { checkDrawing } from '@contract/chat-drawings';
import { muteRefusal } from '@contract/chat-moderation';
import { fakeChat } from '../fake-chat-socket';
import { ApiFailure, apiRoute, requireCaller } from './api-route';
import { db } from './db';
import { readImage, storeImage } from './image-uploads';

/**
 * "Share to a room" (server/routes/chat-drawings.ts): the PNG stored as an upload and posted
 * into the fake chat server's room, which its members receive as any message.
 */
export const chatDrawingHandlers = [
  apiRoute('POST /api/chat/rooms/:room/drawings', {
    handle: async ({ caller, params, query, request }) => {
      const user = requireCaller(caller);
      // The server's mute rule, before the upload is read (D53).
      const refusal = muteRefusal(db.chatMutes.get(user._id));
      if (refusal) throw new ApiFailure(403, refusal);
      const image = await readImage(request);
      const drawing = checkDrawing(image.bytes);
      if (!drawing.ok) throw new ApiFailure(400, drawing.error);
      const { width, height } = drawing;
      const message = fakeChat.post({
        room: params.room,
        name: query.name ?? fakeChat.chatNameOf(user),
        userId: user._id,
        msg: '',
        time: new Date().toISOString(),
        image: { url: storeImage(image), width, height },
      });
      return HttpResponse.json(message, { status: 201 });
    },
  }),
];
