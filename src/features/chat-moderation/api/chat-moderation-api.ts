import type { ChatRoom } from '@contract/chat-rules';
import type {
  ChatMessageContext,
  ChatReport,
  ChatReportFiled,
  ChatReportList,
  ChatSearchPage,
  ModerationAction,
} from '@contract/chat-moderation';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() => import('@contract/routes/chat').then((m) => m.CHAT_ROUTES));

/**
 * Reports of chat messages, their moderation (the admin's Reports screen, 'ChatReports') and
 * the search of a room's earlier messages (issue 17 §2).
 */
export const chatModerationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /chat/messages/{id}/reports (signed in). */
    reportMessage: build.mutation<ChatReportFiled, { id: string; reason: string }>({
      ...route(
        'POST /api/chat/messages/:id/reports',
        ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } }),
      ),
      invalidatesTags: ['ChatReports'],
    }),
    /** GET /admin/chat-reports (admin): the open reports, newest first. */
    getChatReports: build.query<ChatReportList, void>({
      ...route('GET /api/admin/chat-reports', () => ({})),
      providesTags: ['ChatReports'],
    }),
    /** POST /admin/chat-reports/{id}/actions (admin): delete, dismiss or mute. */
    moderateReport: build.mutation<ChatReport, { id: string; action: ModerationAction }>({
      ...route(
        'POST /api/admin/chat-reports/:id/actions',
        ({ id, action }: { id: string; action: ModerationAction }) => ({
          params: { id },
          body: action,
        }),
      ),
      invalidatesTags: ['ChatReports'],
    }),
    /** GET /chat/rooms/{room}/messages?q=&before= (signed in): one page, newest first. */
    searchRoom: build.query<ChatSearchPage, { room: ChatRoom; q: string; before?: string }>({
      ...route(
        'GET /api/chat/rooms/:room/messages',
        ({ room, q, before }: { room: ChatRoom; q: string; before?: string }) => ({
          params: { room },
          query: { q, before },
        }),
      ),
      // Earlier messages seldom change; a new search is a new argument anyway.
      keepUnusedDataFor: 30,
    }),
    /** GET /chat/messages/{id}/context (signed in): the message with its neighbours. */
    getMessageContext: build.query<ChatMessageContext, string>({
      ...route('GET /api/chat/messages/:id/context', (id: string) => ({ params: { id } })),
    }),
  }),
});

export const {
  useReportMessageMutation,
  useGetChatReportsQuery,
  useModerateReportMutation,
  useSearchRoomQuery,
  useGetMessageContextQuery,
} = chatModerationApi;
