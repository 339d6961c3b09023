// One chat connection, shared by whatever shows a part of it (the room's messages, its board, its
// unread mark; the course player's learners): each subscribes to the events it shows and sends
// through `request`, typed by the contract's table of events (contract/chat-events.ts, D70). The
// table itself (zod) stays out of the web app: only its types are read here.
import type { ChatAck } from '@contract/chat';
import type {
  ChatAckOf,
  ChatClientEvent,
  ChatPayloadIn,
  ChatServerToClientEvents,
} from '@contract/chat-events';
import { createChatSocket, type ChatSocket } from './socket';

/** What the connection itself reports, as socket.io-client names it. */
type ConnectionEvents = {
  connect: () => void;
  disconnect: (reason: string) => void;
  connect_error: (error: Error) => void;
};
type ChatConnectionEvents = ChatServerToClientEvents & ConnectionEvents;
type EventName = keyof ChatConnectionEvents;
type AnyListener = (...args: unknown[]) => void;

/** The answer an event takes: a callback for an event with an ack, nothing for one without. */
type AnswerOf<E extends ChatClientEvent> = [ChatAckOf<E>] extends [never]
  ? []
  : [answer: (answer: ChatAck<ChatAckOf<E>>) => void];

/**
 * The socket as events by name: socket.io-client's types pair each name with its listener, which
 * a listener forwarded for any name (or a request for any event) cannot state.
 */
type SocketByName = {
  on(event: string, listener: AnyListener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
};

export class ChatConnection {
  private socket: ChatSocket | null = null;
  private readonly listeners = new Map<EventName, Set<AnyListener>>();
  /** The events forwarded from the open socket to `listeners`. */
  private readonly forwarded = new Set<EventName>();

  /**
   * Opens a new socket (the handshake sends `name`, the join form's) and connects it; returns
   * what closes it. Listeners stay: a subscriber need not know when the socket is opened.
   */
  open(name?: string): () => void {
    const socket = createChatSocket(name);
    this.socket = socket;
    this.forwarded.clear();
    for (const event of this.listeners.keys()) this.forward(event);
    socket.connect();
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
      if (this.socket === socket) this.socket = null;
    };
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** Whether socket.io is (re)connecting by itself: false once the server refused it. */
  get active(): boolean {
    return this.socket?.active ?? false;
  }

  /** Whether the last connection was a recovered session (its rooms kept, missed events replayed). */
  get recovered(): boolean {
    return this.socket?.recovered ?? false;
  }

  /** Connects again, after the server ended the session (with the token stored now). */
  connect(): void {
    this.socket?.connect();
  }

  /** Calls `listener` on each `event` of the open socket (and of later ones); returns its removal. */
  on<E extends EventName>(event: E, listener: ChatConnectionEvents[E]): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    const added = listener as AnyListener;
    set.add(added);
    this.forward(event);
    return () => {
      set.delete(added);
    };
  }

  /**
   * Sends a client event of the table, its payload typed by it; an event with an ack takes the
   * callback that receives the answer. A callback rather than a promise: the answer is handled in
   * the same task as socket.io hands it over, before the events that came after it.
   */
  request<E extends ChatClientEvent>(
    event: E,
    payload: ChatPayloadIn<E>,
    ...answer: AnswerOf<E>
  ): void {
    const socket = this.socket as SocketByName | null;
    // Sent now, or once connected again (socket.io buffers while it reconnects).
    socket?.emit(event, payload, ...answer);
  }

  private forward(event: EventName): void {
    const socket = this.socket as SocketByName | null;
    if (!socket || this.forwarded.has(event)) return;
    this.forwarded.add(event);
    socket.on(event, (...args: unknown[]) => {
      for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
    });
  }
}
