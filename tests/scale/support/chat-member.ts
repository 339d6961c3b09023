import { io } from 'socket.io-client';
import type { ChatMessage, ChatRoom } from '../../../contract/chat';
import { joinRoom, sendMessage, syncHistory, type ChatClient } from '../../server/helpers/chat';

/**
 * A chat client that behaves as the web app's chat room (src/features/chat/hooks/use-chat-room):
 * socket.io reconnects by itself; a connection socket.io recovered was sent what it missed,
 * otherwise it joins the room again; either way it then fetches what came after its newest
 * message. Messages
 * are kept by `_id`, as the web app drops a second copy.
 */
export class ChatMember {
  readonly socket: ChatClient;
  /** Every message seen, by id. */
  readonly messages = new Map<string, ChatMessage>();
  /** The ids of live `getLatestMessage` events, in arrival order (copies included). */
  readonly arrivals: string[] = [];
  disconnects = 0;
  recoveries = 0;
  private joined = false;

  private constructor(
    url: string,
    token: string,
    private readonly room: ChatRoom,
    /** A source address of its own (127.0.0.x), so nginx's sticky hash spreads the clients. */
    localAddress: string | undefined,
    /** socket.io's polling transport alone (sticky sessions), instead of a WebSocket. */
    polling: boolean,
  ) {
    // engine.io-client hands `localAddress` to the WebSocket in Node (its types are the browser's).
    const nodeOptions: Record<string, unknown> = localAddress ? { localAddress } : {};
    this.socket = io(url, {
      ...nodeOptions,
      path: '/socket.io',
      transports: polling ? ['polling'] : ['websocket'],
      forceNew: true,
      reconnection: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
      auth: { token },
      // As a browser's WebSocket always does: the server checks it against the Host it was sent.
      extraHeaders: { origin: new URL(url).origin },
    }) as ChatClient;
    this.socket.on('getLatestMessage', (message) => {
      if (message.room !== this.room) return;
      this.arrivals.push(message._id);
      this.messages.set(message._id, message);
    });
    this.socket.on('disconnect', () => {
      this.disconnects += 1;
    });
  }

  /** Connects, joins `room`, and resolves once joined. */
  static async join(
    url: string,
    token: string,
    room: ChatRoom,
    options: { localAddress?: string; polling?: boolean } = {},
  ): Promise<ChatMember> {
    const member = new ChatMember(url, token, room, options.localAddress, options.polling === true);
    const firstJoin = new Promise<void>((resolve, reject) => {
      member.socket.once('connect_error', reject);
      member.socket.on('connect', () => {
        member.onConnect().then(resolve, reject);
      });
    });
    await firstJoin;
    return member;
  }

  private async onConnect(): Promise<void> {
    const newest = this.newestId();
    if (this.joined && this.socket.recovered) {
      // Recovered: still in the room, sent the events it missed; and, as the web app does, what
      // came after the newest message held (a replay can leave out the very newest).
      this.recoveries += 1;
    } else {
      const answer = await joinRoom(this.socket, this.room);
      if (!answer.ok) throw new Error(`join failed: ${answer.error}`);
      this.joined = true;
    }
    if (newest === undefined) return;
    // What came after the newest message held.
    let after = newest;
    for (;;) {
      const page = await syncHistory(this.socket, this.room, after);
      if (!page.ok) throw new Error(`sync failed: ${page.error}`);
      for (const message of page.messages) this.messages.set(message._id, message);
      const last = page.messages.at(-1);
      if (!page.hasMore || !last) break;
      after = last._id;
    }
  }

  private newestId(): string | undefined {
    let newest: string | undefined;
    for (const id of this.messages.keys()) {
      if (newest === undefined || BigInt(id) > BigInt(newest)) newest = id;
    }
    return newest;
  }

  send(text: string) {
    return sendMessage(this.socket, this.room, text);
  }

  /** Whether every id of `ids` has been seen. */
  hasAll(ids: readonly string[]): boolean {
    return ids.every((id) => this.messages.has(id));
  }

  close(): void {
    this.socket.disconnect();
  }
}
