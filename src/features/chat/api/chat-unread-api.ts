import type { ChatUnread } from '@contract/chat-unread';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';

/** How often an open page asks again (besides on focus and when a room is read). */
export const UNREAD_POLL_MS = 30_000;

/** GET /chat/unread (signed-in): unread messages and mentions per room (docs/product.md §2.16). */
export const chatUnreadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChatUnread: build.query<ChatUnread, void>({
      query: () => ({ url: '/chat/unread' }),
      responseSchema: lazySchema(() =>
        import('@contract/chat-unread').then((m) => m.chatUnreadSchema),
      ),
      providesTags: ['ChatUnread'],
    }),
  }),
});

export const { useGetChatUnreadQuery } = chatUnreadApi;
