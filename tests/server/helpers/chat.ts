import { portAnswers } from '../../../scripts/lib/processes';
import type { FastifyInstance } from 'fastify';
import { io as ioClient, type Socket } from 'socket.io-client';
import type {
  ChatAck,
  ChatMessage,
  HistoryAck,
  JoinRoomAck,
  NewMessageAck,
} from '../../../contract/chat';
import type {
  ChatClientToServerEvents,
  ChatServerToClientEvents,
} from '../../../contract/chat-events';
import type { Db } from '../../../server/db/client';

export type ChatClient = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

const ACK_TIMEOUT_MS = 5_000;
const EVENT_TIMEOUT_MS = 5_000;

/** Listens on a free port of 127.0.0.1; returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

export type ClientOptions = {
  /** Absent: no `auth` at all. */
  token?: string;
  /** The join form's name, sent with the token (`auth.name`). */
  name?: string;
  headers?: Record<string, string>;
  transports?: ('websocket' | 'polling')[];
  reconnection?: boolean;
};

/** A socket.io client (not yet connected; see `connected`). */
export function chatClient(url: string, options: ClientOptions = {}): ChatClient {
  return ioClient(url, {
    path: '/socket.io',
    transports: options.transports ?? ['websocket'],
    forceNew: true,
    reconnection: options.reconnection ?? false,
    ...(options.token === undefined
      ? {}
      : {
          auth: {
            token: options.token,
            ...(options.name === undefined ? {} : { name: options.name }),
          },
        }),
    ...(options.headers ? { extraHeaders: options.headers } : {}),
  });
}

/** Resolves once connected; rejects with the connect_error's message. */
export function connected(socket: ChatClient): Promise<ChatClient> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** Connects a client with the access token and resolves once connected. */
export function connectChat(url: string, token: string, options: ClientOptions = {}) {
  return connected(chatClient(url, { ...options, token }));
}

/** The connect_error message a connection attempt ends with (fails if it connects). */
export async function connectError(socket: ChatClient): Promise<string> {
  try {
    await connected(socket);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    socket.disconnect();
  }
  throw new Error('the connection was accepted');
}

export function joinRoom(socket: ChatClient, room: string): Promise<ChatAck<JoinRoomAck>> {
  return socket.timeout(ACK_TIMEOUT_MS).emitWithAck('joinRoom', room);
}

export function sendMessage(
  socket: ChatClient,
  room: string,
  msg: string,
  extra: { name?: string; clientId?: string } = {},
): Promise<ChatAck<NewMessageAck>> {
  return socket.timeout(ACK_TIMEOUT_MS).emitWithAck('newMessage', {
    newMessage: { time: new Date().toISOString(), msg, name: extra.name ?? 'Tester' },
    room,
    ...(extra.clientId === undefined ? {} : { clientId: extra.clientId }),
  });
}

export function loadHistory(socket: ChatClient, room: string, before: string) {
  return socket.timeout(ACK_TIMEOUT_MS).emitWithAck('loadHistory', { room, before }) as Promise<
    ChatAck<HistoryAck>
  >;
}

export function syncHistory(socket: ChatClient, room: string, after: string) {
  return socket.timeout(ACK_TIMEOUT_MS).emitWithAck('syncHistory', { room, after }) as Promise<
    ChatAck<HistoryAck>
  >;
}

type EventArg<E extends keyof ChatServerToClientEvents> = Parameters<
  ChatServerToClientEvents[E]
>[0];

/** The next `event` (matching `accept`) the client receives. */
export function nextEvent<E extends keyof ChatServerToClientEvents>(
  socket: ChatClient,
  event: E,
  accept: (value: EventArg<E>) => boolean = () => true,
): Promise<EventArg<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${event} within ${EVENT_TIMEOUT_MS} ms`));
    }, EVENT_TIMEOUT_MS);
    const listener = (value: EventArg<E>) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(value);
    };
    socket.on(event, listener as never);
  });
}

/** Every getLatestMessage the client receives from now on. */
export function collectMessages(socket: ChatClient): ChatMessage[] {
  const received: ChatMessage[] = [];
  socket.on('getLatestMessage', (message) => received.push(message));
  // Messages stored in the same moment arrive together (server/chat/room-broadcast.ts).
  socket.on('getLatestMessages', (messages) => received.push(...messages));
  return received;
}

export async function storedMessages(
  db: Db,
  where: { userId?: string; room?: string } = {},
): Promise<{ msg: string; user_id: string; room: string }[]> {
  return db.query(
    `select msg, user_id, room from chat_messages
     where ($1::text is null or user_id = $1) and ($2::text is null or room = $2)
     order by created_at, id`,
    [where.userId ?? null, where.room ?? null],
  );
}

export async function userId(db: Db, email: string): Promise<string> {
  const [row] = await db.query<{ id: string }>('select id from users where email = $1', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Whether something answers on host:port of a redis:// URL (the Redis suites skip otherwise). */
export function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return portAnswers(hostname, Number(port || 6379));
}

export function closeAll(...sockets: ChatClient[]): void {
  for (const socket of sockets) socket.disconnect();
}
