// `@/lib/socket` for `npm run dev:mock`: the chat talks to the web tests' fake chat server in the
// page (its tokens are the ones the mocked API issues), so the chat screens work without a server.
// Each room starts with a few messages from someone else; a reload starts afresh.
import { CHAT_ROOMS } from '@contract/chat-rules';
import type { ChatSocket } from '@/lib/socket';
import { fakeChat } from '@/testing/fake-chat-socket';

export const CHAT_SOCKET_PATH = '/socket.io';

export function chatServerUrl(): string | undefined {
  return undefined;
}

let seeded = false;

export function createChatSocket(): ChatSocket {
  if (!seeded) {
    seeded = true;
    for (const room of CHAT_ROOMS) {
      fakeChat.seed(room, 3, { userId: 'u-mock-guide', name: `${room} guide` });
    }
  }
  return fakeChat.createClient() as unknown as ChatSocket;
}
