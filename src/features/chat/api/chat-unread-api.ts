import type { ChatUnread } from '@contract/chat-unread';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() => import('@contract/routes/chat').then((m) => m.CHAT_ROUTES));

/** How often an open page asks again (besides on focus and when a room is read). */
export const UNREAD_POLL_MS = 30_000;

/** GET /chat/unread (signed-in): unread messages and mentions per room (docs/product.md §2.16). */
export const chatUnreadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChatUnread: build.query<ChatUnread, void>({
      ...route('GET /api/chat/unread', () => ({})),
      providesTags: ['ChatUnread'],
    }),
  }),
});

export const { useGetChatUnreadQuery } = chatUnreadApi;
