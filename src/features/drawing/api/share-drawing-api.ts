import { chatMessageSchema, type ChatMessage } from '@contract/chat';
import { DRAWING_SHARE_LIMITS } from '@contract/chat-drawings';
import type { ChatRoom } from '@contract/chat-rules';
import { baseApi } from '@/lib/api/base-api';

/**
 * POST /chat/rooms/{room}/drawings (signed-in; docs/product.md §2.9): the drawing as a PNG,
 * posted into the room's chat; answers the image message the room received.
 */
export const shareDrawingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    shareDrawing: build.mutation<ChatMessage, { room: ChatRoom; name: string; png: Blob }>({
      query: ({ room, name, png }) => {
        const form = new FormData();
        form.append(DRAWING_SHARE_LIMITS.field, png, 'drawing.png');
        return {
          url: `/chat/rooms/${encodeURIComponent(room)}/drawings?${new URLSearchParams({ name })}`,
          method: 'POST',
          body: form,
        };
      },
      responseSchema: chatMessageSchema,
      // The sender's unread counts do not change (their own message), the others' are polled.
    }),
  }),
});

export const { useShareDrawingMutation } = shareDrawingApi;
