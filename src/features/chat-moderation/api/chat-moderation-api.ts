import type { ChatRoom } from '@contract/chat-rules';
import type {
  ChatMessageContext,
  ChatReport,
  ChatReportFiled,
  ChatReportList,
  ChatSearchPage,
  ModerationAction,
} from '@contract/chat-moderation';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';

/**
 * Reports of chat messages, their moderation (the admin's Reports screen, 'ChatReports') and
 * the search of a room's earlier messages (issue 17 §2).
 */
export const chatModerationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /chat/messages/{id}/reports (signed in). */
    reportMessage: build.mutation<ChatReportFiled, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/chat/messages/${encodeURIComponent(id)}/reports`,
        method: 'POST',
        body: { reason },
      }),
      responseSchema: lazySchema(() =>
        import('@contract/chat-moderation').then((m) => m.chatReportFiledSchema),
      ),
      invalidatesTags: ['ChatReports'],
    }),
    /** GET /admin/chat-reports (admin): the open reports, newest first. */
    getChatReports: build.query<ChatReportList, void>({
      query: () => ({ url: '/admin/chat-reports' }),
      responseSchema: lazySchema(() =>
        import('@contract/chat-moderation').then((m) => m.chatReportListSchema),
      ),
      providesTags: ['ChatReports'],
    }),
    /** POST /admin/chat-reports/{id}/actions (admin): delete, dismiss or mute. */
    moderateReport: build.mutation<ChatReport, { id: string; action: ModerationAction }>({
      query: ({ id, action }) => ({
        url: `/admin/chat-reports/${encodeURIComponent(id)}/actions`,
        method: 'POST',
        body: action,
      }),
      responseSchema: lazySchema(() =>
        import('@contract/chat-moderation').then((m) => m.chatReportSchema),
      ),
      invalidatesTags: ['ChatReports'],
    }),
    /** GET /chat/rooms/{room}/messages?q=&before= (signed in): one page, newest first. */
    searchRoom: build.query<ChatSearchPage, { room: ChatRoom; q: string; before?: string }>({
      query: ({ room, q, before }) => ({
        url: `/chat/rooms/${encodeURIComponent(room)}/messages`,
        query: { q, before },
      }),
      responseSchema: lazySchema(() =>
        import('@contract/chat-moderation').then((m) => m.chatSearchPageSchema),
      ),
      // Earlier messages seldom change; a new search is a new argument anyway.
      keepUnusedDataFor: 30,
    }),
    /** GET /chat/messages/{id}/context (signed in): the message with its neighbours. */
    getMessageContext: build.query<ChatMessageContext, string>({
      query: (id) => ({ url: `/chat/messages/${encodeURIComponent(id)}/context` }),
      responseSchema: lazySchema(() =>
        import('@contract/chat-moderation').then((m) => m.chatMessageContextSchema),
      ),
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
