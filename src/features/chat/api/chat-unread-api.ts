import { chatUnreadSchema, type ChatUnread } from '@contract/chat-unread';
import { baseApi } from '@/lib/api/base-api';

/** How often an open page asks again (besides on focus and when a room is read). */
export const UNREAD_POLL_MS = 30_000;

/** GET /chat/unread (signed-in): unread messages and mentions per room (docs/product.md §2.16). */
export const chatUnreadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChatUnread: build.query<ChatUnread, void>({
      query: () => ({ url: '/chat/unread' }),
      responseSchema: chatUnreadSchema,
      providesTags: ['ChatUnread'],
    }),
  }),
});

export const { useGetChatUnreadQuery } = chatUnreadApi;
