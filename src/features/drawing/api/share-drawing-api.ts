import type { ChatMessage } from '@contract/chat';
import { DRAWING_SHARE_LIMITS } from '@contract/chat-drawings';
import type { ChatRoom } from '@contract/chat-rules';
import { apiClient } from '@/lib/api-client';

/**
 * POST /chat/rooms/{room}/drawings (signed-in; docs/product.md §2.9): the drawing as a PNG,
 * posted into the room's chat; answers the image message the room received. A one-off write no
 * screen caches, so through the api-client, not RTK Query: /drawing is a public first screen and
 * stays without RTK Query and zod (the first screen's budget).
 */
export function shareDrawing(input: { room: ChatRoom; name: string; png: Blob }) {
  const form = new FormData();
  form.append(DRAWING_SHARE_LIMITS.field, input.png, 'drawing.png');
  return apiClient.post<ChatMessage>(
    `/chat/rooms/${encodeURIComponent(input.room)}/drawings`,
    form,
    { query: { name: input.name } },
  );
}
