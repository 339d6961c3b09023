// The chat's socket.io client: only the chat room screen imports this module, so socket.io-client
// is part of that lazy chunk and never of the app chunk.
import { io, type Socket } from 'socket.io-client';
import type { ChatClientToServerEvents, ChatServerToClientEvents } from '@contract/chat-events';
import { env } from '@/config/env';
import { accessToken } from '@/lib/access-token';

export type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/** The chat server's path on the product server (docs/architecture.md §6). */
export const CHAT_SOCKET_PATH = '/socket.io';

/**
 * Where the product server is: the page's own origin (undefined) for a relative API base such as
 * `/api`, else the origin of an absolute `VITE_API_URL`.
 */
export function chatServerUrl(apiUrl: string = env.apiUrl): string | undefined {
  if (!/^https?:\/\//i.test(apiUrl)) return undefined;
  return new URL(apiUrl).origin;
}

/**
 * A new, not yet connected chat socket. Every (re)connection sends the access token stored at that
 * moment, and the name the user chose for the room, and socket.io reconnects by itself after a
 * drop. The caller connects and closes it.
 */
export function createChatSocket(name?: string): ChatSocket {
  const options = {
    path: CHAT_SOCKET_PATH,
    autoConnect: false,
    transports: ['websocket', 'polling'],
    auth: (send: (data: object) => void) => send({ token: accessToken.get() ?? undefined, name }),
  };
  const url = chatServerUrl();
  return url === undefined ? io(options) : io(url, options);
}
