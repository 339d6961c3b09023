import { HttpResponse } from 'msw';
import { fakeChat } from '../fake-chat-socket';
import { apiRoute, requireCaller } from './api-route';

/** GET /chat/unread, from the fake chat server's messages and what each user has read of them. */
export const chatUnreadHandlers = [
  apiRoute('GET /api/chat/unread', {
    handle: ({ caller }) => HttpResponse.json(fakeChat.unreadFor(requireCaller(caller)._id)),
  }),
];
