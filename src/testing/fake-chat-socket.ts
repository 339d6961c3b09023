// A stand-in for the chat server at the socket edge, for the web tests (jsdom has no server to
// talk to). `createChatSocket()` hands the screen a socket with the surface of socket.io-client's
// `Socket` that the chat uses — `on`/`off`/`removeAllListeners`, `emit` with acks, `connect`,
// `disconnect`, `connected`, `active`, `recovered` — and a small in-memory server answers it from
// the contract's table of events (contract/chat-events.ts, D70): each event admitted by the same
// admitChatEvent as the server's (its payload rule, who may send it, the mute, the rate rule),
// then handled here in memory: the handshake's access token checked, broadcasts to the room,
// history pages, clientId de-duplication, reactions, edits and own deletes (tombstones) within the
// edit window. Tests inject it with
// `vi.mock('@/lib/socket', () => import('@/testing/fake-chat-socket').then((m) => m.fakeSocketModule))`
// and drive the rest of the room through `fakeChat` (other people, drops, held broadcasts).
import {
  handshakeNameOf,
  type ChatAck,
  type ChatMessage,
  type ChatReaction,
  type EditMessageAck,
  type HistoryAck,
  type JoinRoomAck,
  type NewMessageAck,
  type ReactAck,
  type ChatMember,
  type CoursePresenceAck,
} from '@contract/chat';
import {
  admitChatEvent,
  CHAT_RATE_RULES,
  hasAck,
  isChatClientEvent,
  type ChatClientEvent,
  type ChatEventGate,
  type ChatEventHandlers,
  type ChatEventValue,
  type ChatRateRule,
  type ChatServerEvent,
  type ChatServerPayload,
} from '@contract/chat-events';
import {
  COURSE_MESSAGES,
  courseIdOfRoom,
  courseRoomId,
  lessonPresenceLabel,
} from '@contract/course-rules';
import {
  burstWindows,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_REACTIONS,
  defaultChatName,
  isTopicRoom,
  withinEditWindow,
  type ChatReactionEmoji,
  type ChatRoom,
} from '@contract/chat-rules';
import type { UserRole } from '@contract/users';
import { accessToken } from '@/lib/access-token';
import type { ChatSocket, createChatSocket } from '@/lib/socket';
import type { DrawStrokeAck, JoinBoardAck as BoardJoinAck, Stroke } from '@contract/board';
import type { ChatUnread } from '@contract/chat-unread';
import { FakeBoards, type BoardBroadcast } from './fake-board';
import { FakeChatReads } from './fake-chat-reads';
import { db, findUser } from './mocks/db';
import { makeAccessToken, verifyAccessToken } from './mocks/tokens';

type Listener = (...args: never[]) => void;
type Identity = { userId: string; email: string; role: UserRole; name: string };
/** Who sent an event: the socket and whom its handshake took it for. */
type Caller = { socket: FakeChatSocket; identity: Identity };
type Emitted = { event: string; payload: unknown };

/** What a stored message is made of; the rest starts empty. */
type StoredFields = Omit<ChatMessage, '_id' | 'editedAt' | 'deleted' | 'reactions' | 'image'> & {
  image?: ChatMessage['image'];
};

/** Real sockets answer later, never inside the call. */
const later = (run: () => void) => void setTimeout(run, 0);

/** One client's socket, as socket.io-client behaves from the outside. */
export class FakeChatSocket {
  connected = false;
  recovered = false;
  /** True from connect() until disconnect() or a refused handshake (socket.io retries meanwhile). */
  active = false;
  /** Whether this browser has a network (the screen's sockets lose it in goOffline()). */
  network = true;
  /** Who the server took this socket for, once its handshake passed. */
  identity: Identity | null = null;
  /** Rooms on the server side (kept across a recovered reconnect). */
  readonly rooms = new Set<ChatRoom>();
  /** The course lesson this socket has open in the player (`coursePresence`), labelled. */
  lesson: { courseId: string; label: string } | null = null;
  /** Events the server sent while this socket was down (replayed on a recovered reconnect). */
  missed: [ChatServerEvent, unknown][] = [];
  /** Every event this socket sent to the server, in order. */
  readonly sent: Emitted[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private sendBuffer: unknown[][] = [];

  constructor(
    private readonly server: FakeChatServer,
    private readonly token: () => string | null,
    /** The name sent with the handshake (the join form's), as `auth.name`. */
    private readonly name?: string,
  ) {}

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  /** Calls this socket's listeners, as the client library does on an incoming event. */
  deliver(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      (listener as (...values: unknown[]) => void)(...args);
    }
  }

  emit(event: string, ...args: unknown[]): this {
    // socket.io-client buffers what is emitted while disconnected and sends it on reconnect.
    if (!this.connected) {
      if (this.active) this.sendBuffer.push([event, ...args]);
      return this;
    }
    this.sent.push({ event, payload: args[0] });
    this.server.receive(this, event, args);
    return this;
  }

  connect(): this {
    if (this.active) return this;
    this.active = true;
    later(() => this.handshake());
    return this;
  }

  disconnect(): this {
    const wasConnected = this.connected;
    this.active = false;
    this.connected = false;
    this.sendBuffer = [];
    this.server.leave(this);
    if (wasConnected) this.deliver('disconnect', 'io client disconnect');
    return this;
  }

  /** The server's side of a (re)connection: the token, then `connect` (or `connect_error`). */
  handshake(recover = false, lostInReplay = 0): void {
    if (!this.active || this.connected || !this.network) return;
    const token = this.token();
    const rejection = this.server.authenticate(token, { name: this.name });
    if (typeof rejection === 'string') {
      // A refusal by the server's middleware: socket.io does not retry it.
      this.active = false;
      this.deliver('connect_error', new Error(rejection));
      return;
    }
    this.identity = rejection;
    this.recovered = recover && this.rooms.size > 0;
    if (!this.recovered) {
      this.rooms.clear();
      this.missed = [];
    }
    this.connected = true;
    this.server.sockets.add(this);
    const buffered = this.sendBuffer;
    this.sendBuffer = [];
    for (const [event, ...args] of buffered) this.emit(event as string, ...args);
    this.deliver('connect');
    // The Redis adapter can leave the newest events out of a replay (a message stored while the
    // session was being restored): `lostInReplay` of them are not delivered.
    const missed = this.missed.slice(0, Math.max(0, this.missed.length - lostInReplay));
    this.missed = [];
    for (const [event, payload] of missed) this.deliver(event, payload);
  }

  /**
   * The server ended the session (token expired, account deleted): `sessionEnded`, then a
   * server-side disconnect, which socket.io-client does not retry by itself.
   */
  endSession(message: string): void {
    if (!this.connected) return;
    this.deliver('sessionEnded', { message });
    this.active = false;
    this.connected = false;
    this.rooms.clear();
    this.server.leave(this);
    this.deliver('disconnect', 'io server disconnect');
  }

  /** The network went away: socket.io notices and keeps trying to reconnect. */
  drop(): void {
    if (!this.connected) return;
    this.connected = false;
    this.deliver('disconnect', 'transport close');
  }

  /** A reconnect attempt failed (the network is still down). */
  failAttempt(): void {
    if (this.active && !this.connected) this.deliver('connect_error', new Error('xhr poll error'));
  }
}

/** Another person in the room, driven by the test through the same server rules. */
export type ChatPeer = {
  readonly socket: FakeChatSocket;
  join(room: ChatRoom): Promise<ChatAck<JoinRoomAck>>;
  say(room: ChatRoom, msg: string, name?: string): Promise<ChatAck<NewMessageAck>>;
  typing(room: ChatRoom, name?: string): void;
  leave(): void;
  /** The room's board: open it, draw a finished stroke, send the points of one being drawn. */
  joinBoard(room: ChatRoom): Promise<ChatAck<BoardJoinAck>>;
  draw(room: ChatRoom, stroke: Stroke): Promise<ChatAck<DrawStrokeAck>>;
  progress(room: ChatRoom, stroke: Stroke): void;
  /** Toggles this person's reaction on a message. */
  react(room: ChatRoom, id: string, emoji: string): Promise<ChatAck<ReactAck>>;
  edit(room: ChatRoom, id: string, msg: string): Promise<ChatAck<EditMessageAck>>;
  deleteOwn(room: ChatRoom, id: string): Promise<ChatAck<{ ok: true }>>;
};

export class FakeChatServer {
  readonly sockets = new Set<FakeChatSocket>();
  /** Every socket the screen created through createChatSocket(). */
  readonly clients: FakeChatSocket[] = [];
  /** Every stored message, all rooms, oldest first. */
  messages: ChatMessage[] = [];
  /** Each room's board. */
  readonly boards = new FakeBoards();
  /** What each user has read of each room (GET /chat/unread's answer). */
  readonly reads = new FakeChatReads();
  private sequence = 0;
  private held: (() => void)[] | null = null;
  private readonly byClientId = new Map<string, ChatMessage>();
  /** The message limit's counting windows, by user (and `:burst`). */
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  /**
   * The rate limit's clock. A test that uses up the burst stops it (`() => fixed`), so a slow
   * machine cannot refill a token between the burst and the message that must be refused.
   */
  rateClock: () => number = Date.now;

  /**
   * The courses' lessons the fake knows, by `<courseId>/<lessonId>`: what the server reads from
   * the course to label a learner's presence. A test adds the ones it uses.
   */
  readonly lessons = new Map<string, { number: number; title: string }>();

  reset(): void {
    this.queue = Promise.resolve();
    this.lessons.clear();
    this.sockets.clear();
    this.clients.length = 0;
    this.messages = [];
    this.boards.reset();
    this.reads.reset();
    this.sequence = 0;
    this.held = null;
    this.byClientId.clear();
    this.reactionRows.clear();
    this.windows.clear();
    this.rateClock = Date.now;
  }

  /** The handshake (`auth: { token }`): who it is, or the connect error's message. */
  authenticate(token: string | null, auth: unknown = {}): Identity | string {
    if (!token) return CHAT_MESSAGES.missingToken;
    const claims = verifyAccessToken(token);
    if (!claims) return CHAT_MESSAGES.badToken;
    const account = findUser(claims.email);
    // As the server: the token names the account, and the address's account now is another (D53).
    if (account && account._id !== claims.account) return CHAT_MESSAGES.badToken;
    return {
      userId: account?._id ?? claims.email,
      email: claims.email,
      role: account?.role ?? claims.role,
      name: handshakeNameOf(auth) ?? (account?.profile.name || claims.email),
    };
  }

  /** GET /chat/unread for `userId`: the server's answer, from the messages and the marks. */
  unreadFor(userId: string): ChatUnread {
    return this.reads.unread(userId, this.messages);
  }

  /** The socket the screen uses (the real one's stand-in). */
  createClient(name?: string): FakeChatSocket {
    const socket = new FakeChatSocket(this, () => accessToken.get(), name);
    this.clients.push(socket);
    return socket;
  }

  /** The screen's socket (the latest one created). */
  get client(): FakeChatSocket {
    const socket = this.clients.at(-1);
    if (!socket) throw new Error('the chat screen has not created a socket yet');
    return socket;
  }

  /** Stores `count` messages in `room` from someone else, a minute apart, ending a minute ago. */
  seed(
    room: ChatRoom,
    count: number,
    from: { userId: string; name: string } = { userId: 'u-seed', name: 'Grace' },
  ): ChatMessage[] {
    const start = Date.now() - count * 60_000;
    const seeded = Array.from({ length: count }, (_, index) =>
      this.store({
        room,
        name: from.name,
        userId: from.userId,
        msg: `Message ${index + 1}`,
        time: new Date(start + index * 60_000).toISOString(),
      }),
    );
    return seeded;
  }

  /** Someone else, signed in as `email` (an account of the msw db), with their own socket. */
  async peer(email: string, role: UserRole = 'user'): Promise<ChatPeer> {
    const token = makeAccessToken({ email, role });
    const socket = new FakeChatSocket(this, () => token);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', (error: Error) => reject(error));
      socket.connect();
    });
    const ask = <T>(event: string, payload: unknown) =>
      new Promise<T>((resolve) => socket.emit(event, payload, resolve));
    const nameOf = () => socket.identity?.name ?? email;
    return {
      socket,
      join: (room) => ask('joinRoom', room),
      say: (room, msg, name = nameOf()) =>
        ask('newMessage', { newMessage: { time: new Date().toISOString(), msg, name }, room }),
      typing: (room, name = nameOf()) => void socket.emit('typing', { room, name }),
      leave: () => void socket.disconnect(),
      joinBoard: (room) => ask('joinBoard', { room }),
      draw: (room, stroke) => ask('drawStroke', { room, stroke }),
      progress: (room, stroke) => void socket.emit('strokeProgress', { room, ...stroke }),
      react: (room, id, emoji) => ask('react', { room, id, emoji }),
      edit: (room, id, msg) => ask('editMessage', { room, id, msg }),
      deleteOwn: (room, id) => ask('deleteOwnMessage', { room, id }),
    };
  }

  /** Broadcasts of new messages wait until the returned function is called. */
  holdBroadcasts(): () => void {
    const held: (() => void)[] = [];
    this.held = held;
    return () => {
      this.held = null;
      for (const run of held) run();
    };
  }

  /**
   * The screen's browser loses its network: its sockets drop and retry in vain until goOnline().
   * Other people (peers) stay connected and keep talking.
   */
  goOffline(): void {
    for (const socket of this.clients) {
      socket.network = false;
      socket.drop();
      socket.failAttempt();
    }
  }

  /**
   * The network is back: the sockets reconnect, recovered (rooms and missed events, less the
   * newest `lostInReplay`) or afresh.
   */
  goOnline({
    recover = false,
    lostInReplay = 0,
  }: { recover?: boolean; lostInReplay?: number } = {}): void {
    for (const socket of this.clients) {
      socket.network = true;
      later(() => socket.handshake(recover, lostInReplay));
    }
  }

  messagesIn(room: ChatRoom): ChatMessage[] {
    return this.messages.filter((message) => message.room === room);
  }

  leave(socket: FakeChatSocket): void {
    const rooms = [...socket.rooms];
    const lesson = socket.lesson;
    socket.rooms.clear();
    socket.lesson = null;
    this.sockets.delete(socket);
    for (const room of rooms) this.broadcastPresence(room);
    if (lesson && !rooms.includes(courseRoomId(lesson.courseId))) {
      this.broadcastPresence(courseRoomId(lesson.courseId));
    }
  }

  /**
   * The server's roomAccess (D61): a topic room, anyone; a course room, the course's owners (a
   * succeeded course payment, not refunded) and admins; else the refusal, or an unknown room.
   */
  roomRefusal(identity: Identity, room: string): string | undefined {
    const courseId = courseIdOfRoom(room);
    if (courseId === null || isTopicRoom(room)) return undefined;
    if (!db.courses.some((course) => course._id === courseId)) return CHAT_MESSAGES.unknownRoom;
    if (identity.role === 'admin') return undefined;
    const owns = db.payments.some(
      (payment) =>
        payment.email === identity.email &&
        payment.source === 'courses' &&
        payment.status === 'succeeded' &&
        payment.lines.some((line) => line.courseId === courseId),
    );
    return owns ? undefined : COURSE_MESSAGES.roomRefusal;
  }

  /** Events are handled one at a time, in the order they arrive, as one server process would. */
  private queue: Promise<void> = Promise.resolve();

  receive(socket: FakeChatSocket, event: string, args: unknown[]): void {
    const [payload, ack] = args;
    const identity = socket.identity;
    if (!identity) return;
    this.queue = this.queue
      .then(() => this.dispatch({ socket, identity }, event, payload, ack))
      // A fault of the fake itself fails the test that ran into it.
      .catch((error: unknown) =>
        later(() => {
          throw error;
        }),
      );
  }

  /**
   * The server's dispatch (server/chat/plugin.ts): the event of the contract's table admitted by
   * its rule (admitChatEvent: a course room's access, the mute, the payload, who may send it,
   * the rate rule), then its handler; an event outside the table is answered badRequest.
   */
  private async dispatch(caller: Caller, event: string, payload: unknown, ack: unknown) {
    const answer = (value: unknown) => {
      if (typeof ack === 'function') later(() => (ack as (value: unknown) => void)(value));
    };
    if (!isChatClientEvent(event)) return answer(fail(CHAT_MESSAGES.badRequest));
    const admitted = await admitChatEvent(event, payload, this.gateOf(caller));
    const result = admitted.ok ? this.run(event, caller, admitted.value) : fail(admitted.error);
    if (hasAck(event)) answer(result);
  }

  private run<E extends ChatClientEvent>(event: E, caller: Caller, value: ChatEventValue<E>) {
    return this.handlers[event](caller, value);
  }

  /** What admitChatEvent asks, answered from the fake's memory (the msw db for mutes, courses). */
  private gateOf({ socket, identity }: Caller): ChatEventGate {
    return {
      courseRoomRefusal: (room) => {
        const refusal = this.roomRefusal(identity, room);
        // As the server: a socket refused from the room it is in leaves it.
        if (refusal && socket.rooms.delete(room as ChatRoom))
          this.broadcastPresence(room as ChatRoom);
        return refusal;
      },
      mutedUntil: () => db.chatMutes.get(identity.userId),
      inRoom: (room) => socket.rooms.has(room),
      isAdmin: () => identity.role === 'admin',
      allowed: (rule) => this.take(rule, identity.userId),
    };
  }

  /** The fake's handler of every event of the table: one missing does not compile. */
  private readonly handlers: ChatEventHandlers<Caller> = {
    joinRoom: ({ socket }, room) => this.join(socket, room),
    newMessage: (caller, message) => this.newMessage(caller, message),
    loadHistory: (_caller, { room, before }) => this.history(room, before, 'before'),
    syncHistory: (_caller, { room, after }) => this.history(room, after, 'after'),
    typing: ({ socket, identity }, { room, name }) =>
      this.toRoom(room, 'typing', { userId: identity.userId, name }, socket),
    // An admin's delete: the message is gone for everyone.
    deleteMessage: (_caller, { room, id }) => {
      if (!this.messagesIn(room).some((message) => message._id === id)) {
        return fail(CHAT_MESSAGES.messageNotFound);
      }
      this.remove(room, id);
      return { ok: true };
    },
    react: (caller, reaction) => this.react(caller, reaction),
    editMessage: (caller, edit) => this.edit(caller, edit),
    deleteOwnMessage: (caller, target) => this.deleteOwn(caller, target),
    markRead: ({ identity }, { room, id }) => {
      this.reads.read(identity.userId, room, id);
      return { ok: true };
    },
    joinBoard: (_caller, value) => this.boards.join(value),
    drawStroke: (caller, value) => this.boards.draw(caller.identity, value, this.boardCast(caller)),
    strokeProgress: (caller, value) =>
      this.boards.progress(caller.identity, value, this.boardCast(caller)),
    undoStroke: (caller, value) => this.boards.undo(caller.identity, value, this.boardCast(caller)),
    clearBoard: (caller, value) => this.boards.clear(value, this.boardCast(caller)),
    coursePresence: (caller, value) => this.coursePresence(caller, value),
  };

  /** A board's events go out after the ack, as the server's do; progress not to its sender. */
  private boardCast({ socket }: Caller): BoardBroadcast {
    return (room, event, body, exceptSender = false) =>
      later(() => this.toRoom(room, event, body, exceptSender ? socket : undefined));
  }

  /** The player's lesson (D61): the server's checks and label, then the course's presence. */
  private coursePresence(
    { socket, identity }: Caller,
    { courseId, lessonId }: ChatEventValue<'coursePresence'>,
  ): ChatAck<CoursePresenceAck> {
    const room = courseRoomId(courseId);
    const refusal = this.roomRefusal(identity, room);
    if (refusal) {
      return fail(refusal === CHAT_MESSAGES.unknownRoom ? COURSE_MESSAGES.notFound : refusal);
    }
    const lesson = this.lessons.get(`${courseId}/${lessonId}`);
    if (!lesson) return fail(COURSE_MESSAGES.lessonNotFound);
    socket.lesson = { courseId, label: lessonPresenceLabel(lesson.number, lesson.title) };
    this.broadcastPresence(room);
    return { ok: true, learners: this.members(room).length };
  }

  private join(socket: FakeChatSocket, room: ChatRoom): ChatAck<JoinRoomAck> {
    socket.rooms.add(room);
    if (socket.identity) {
      this.reads.opened(socket.identity.userId, socket.identity.name, room, this.messages);
    }
    this.broadcastPresence(room);
    const all = this.messagesIn(room);
    const page = all.slice(-CHAT_LIMITS.historyPageSize);
    return {
      ok: true,
      messages: page,
      hasMore: all.length > page.length,
      members: this.members(room),
      you: { userId: socket.identity?.userId ?? '' },
    };
  }

  private newMessage(
    { identity }: Caller,
    { room, clientId, msg, name }: ChatEventValue<'newMessage'>,
  ): ChatAck<NewMessageAck> {
    const key = clientId === undefined ? undefined : `${identity.userId}:${clientId}`;
    const stored = key === undefined ? undefined : this.byClientId.get(key);
    if (stored) return { ok: true, message: stored };
    const message = this.store({
      room,
      msg,
      name,
      userId: identity.userId,
      // The server stamps its own time; the client's is ignored.
      time: new Date().toISOString(),
    });
    if (key !== undefined) this.byClientId.set(key, message);
    this.reads.read(identity.userId, room, message._id);
    const broadcast = () => this.toRoom(room, 'getLatestMessage', message);
    if (this.held) this.held.push(broadcast);
    else later(broadcast);
    return { ok: true, message };
  }

  /** A page of the room's history before (or after) a message. */
  private history(
    room: ChatRoom,
    anchorId: string,
    direction: 'before' | 'after',
  ): ChatAck<HistoryAck> {
    const all = this.messagesIn(room);
    const anchor = all.findIndex((message) => message._id === anchorId);
    if (anchor === -1) return fail(CHAT_MESSAGES.messageNotFound);
    const size = CHAT_LIMITS.historyPageSize;
    if (direction === 'before') {
      const page = all.slice(Math.max(0, anchor - size), anchor);
      return { ok: true, messages: page, hasMore: anchor - page.length > 0 };
    }
    const rest = all.slice(anchor + 1);
    return { ok: true, messages: rest.slice(0, size), hasMore: rest.length > size };
  }

  /** Who reacted with what, by message id, oldest first (the server's chat_reactions). */
  private readonly reactionRows = new Map<
    string,
    { userId: string; name: string; emoji: ChatReactionEmoji }[]
  >();

  /** Replaces a stored message by its changed copy. */
  private update(id: string, change: (message: ChatMessage) => ChatMessage): ChatMessage {
    let updated: ChatMessage | undefined;
    this.messages = this.messages.map((message) =>
      message._id === id ? (updated = change(message)) : message,
    );
    if (!updated) throw new Error(`no message ${id}`);
    return updated;
  }

  private reactionsOf(id: string): ChatReaction[] {
    const rows = this.reactionRows.get(id) ?? [];
    return CHAT_REACTIONS.flatMap((emoji): ChatReaction[] => {
      const given = rows.filter((row) => row.emoji === emoji);
      if (given.length === 0) return [];
      const userIds = given.map((row) => row.userId);
      return [{ emoji, count: userIds.length, userIds, names: given.map((row) => row.name) }];
    });
  }

  private react(
    { identity }: Caller,
    { room, id, emoji }: ChatEventValue<'react'>,
  ): ChatAck<ReactAck> {
    const target = this.messagesIn(room).find((message) => message._id === id);
    if (!target || target.deleted) return fail(CHAT_MESSAGES.messageNotFound);
    const rows = this.reactionRows.get(id) ?? [];
    const mine = (row: (typeof rows)[number]) =>
      row.userId === identity.userId && row.emoji === emoji;
    this.reactionRows.set(
      id,
      rows.some(mine)
        ? rows.filter((row) => !mine(row))
        : [...rows, { userId: identity.userId, name: identity.name, emoji }],
    );
    const reactions = this.reactionsOf(id);
    this.update(id, (message) => ({ ...message, reactions }));
    later(() => this.toRoom(room, 'reactionsChanged', { room, id, reactions }));
    return { ok: true, reactions };
  }

  /** The author's own live message of the room within the edit window, or the refusal. */
  private ownMessage(
    identity: Identity,
    room: ChatRoom,
    id: string,
  ): ChatMessage | { ok: false; error: string } {
    const target = this.messagesIn(room).find((message) => message._id === id);
    if (!target || target.deleted) return fail(CHAT_MESSAGES.messageNotFound);
    if (target.userId !== identity.userId) return fail(CHAT_MESSAGES.notYourMessage);
    if (!withinEditWindow(target.time, Date.now())) return fail(CHAT_MESSAGES.editWindowOver);
    return target;
  }

  private edit(
    { identity }: Caller,
    { room, id, msg }: ChatEventValue<'editMessage'>,
  ): ChatAck<EditMessageAck> {
    const target = this.ownMessage(identity, room, id);
    if ('ok' in target) return target;
    const editedAt = new Date().toISOString();
    const message = this.update(id, (current) => ({ ...current, msg, editedAt }));
    later(() => this.toRoom(room, 'messageEdited', { room, id, msg, editedAt }));
    return { ok: true, message };
  }

  private deleteOwn(
    { identity }: Caller,
    { room, id }: ChatEventValue<'deleteOwnMessage'>,
  ): ChatAck<{ ok: true }> {
    const target = this.ownMessage(identity, room, id);
    if ('ok' in target) return target;
    this.reactionRows.delete(id);
    this.update(id, (current) => ({
      ...current,
      msg: '',
      image: null,
      editedAt: null,
      deleted: true,
      reactions: [],
    }));
    later(() => this.toRoom(room, 'messageTombstoned', { room, id }));
    return { ok: true };
  }

  /**
   * One hit of the contract's rate rule (CHAT_RATE_RULES) for `userId`, counted in the server's
   * two windows (burstWindows): the first, and once it is taken, the burst's.
   */
  private take(rule: ChatRateRule, userId: string): boolean {
    const now = this.rateClock();
    const { perSecond, burst } = CHAT_RATE_RULES[rule];
    const { spacingMs, extra, refillMs } = burstWindows(perSecond, burst);
    const key = `${rule}:${userId}`;
    return this.count(key, 1, spacingMs, now) || this.count(`${key}:burst`, extra, refillMs, now);
  }

  /** One hit in `key`'s window (opened by its first hit); false once `points` were counted. */
  private count(key: string, points: number, windowMs: number, now: number): boolean {
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.set(key, { count: 1, endsAt: now + windowMs });
      return points >= 1;
    }
    if (window.count >= points) return false;
    window.count += 1;
    return true;
  }

  /**
   * A message posted outside the chat's events (a drawing shared from /drawing, as the server's
   * POST /chat/rooms/{room}/drawings does): stored, read by its sender, sent to the room.
   */
  post(fields: StoredFields): ChatMessage {
    const message = this.store(fields);
    this.reads.read(message.userId, message.room, message._id);
    later(() => this.toRoom(message.room, 'getLatestMessage', message));
    return message;
  }

  /** The name `user` chats under: the one last chosen, else the one the chat would give them. */
  chatNameOf(user: { _id: string; email: string; profile: { name: string } }): string {
    return this.reads.nameOf(user._id) ?? defaultChatName(user.profile.name, user.email);
  }

  /** Removes a message for everyone (an admin's delete, in the room or from Reports). */
  remove(room: ChatRoom, id: string): boolean {
    const found = this.messages.some((message) => message._id === id && message.room === room);
    this.messages = this.messages.filter((message) => message._id !== id);
    if (found) later(() => this.toRoom(room, 'messageDeleted', { room, id }));
    return found;
  }

  private store(fields: StoredFields): ChatMessage {
    const message: ChatMessage = {
      // The server's ids: increasing integers, as text.
      _id: String(++this.sequence),
      image: null,
      ...fields,
      editedAt: null,
      deleted: false,
      reactions: [],
    };
    this.messages.push(message);
    return message;
  }

  /** Who is in the room; a course room's learners in the player too, with their lesson. */
  private members(room: ChatRoom): ChatMember[] {
    const courseId = courseIdOfRoom(room);
    const members = new Map<string, ChatMember>();
    for (const socket of this.sockets) {
      const inPlayer = courseId !== null && socket.lesson?.courseId === courseId;
      if (!socket.identity || !(socket.rooms.has(room) || inPlayer)) continue;
      const member = members.get(socket.identity.userId) ?? {
        userId: socket.identity.userId,
        name: socket.identity.name,
      };
      if (inPlayer && socket.lesson) member.lesson = socket.lesson.label;
      members.set(socket.identity.userId, member);
    }
    return [...members.values()];
  }

  private broadcastPresence(room: ChatRoom): void {
    const members = this.members(room);
    const presence = { room, members };
    later(() => this.toRoom(room, 'presence', presence));
    const courseId = courseIdOfRoom(room);
    if (courseId === null) return;
    // The course's learners online, to the room and to the course's players.
    const learners = { courseId, count: members.length };
    later(() => {
      for (const socket of this.sockets) {
        if (socket.connected && (socket.rooms.has(room) || socket.lesson?.courseId === courseId)) {
          socket.deliver('courseLearners', learners);
        }
      }
    });
  }

  /** To every socket in `room` (but `except`); a dropped one keeps it for a recovery. */
  private toRoom<E extends ChatServerEvent>(
    room: ChatRoom,
    event: E,
    payload: ChatServerPayload<E>,
    except?: FakeChatSocket,
  ): void {
    for (const socket of this.sockets) {
      if (socket === except || !socket.rooms.has(room)) continue;
      if (socket.connected) socket.deliver(event, payload);
      else socket.missed.push([event, payload]);
    }
  }
}

function fail(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

/** The one chat server of a test run; `fakeChat.reset()` in a beforeEach. */
export const fakeChat = new FakeChatServer();

/** `@/lib/socket` as the screen sees it, backed by `fakeChat`. */
export const fakeSocketModule: {
  createChatSocket: typeof createChatSocket;
  CHAT_SOCKET_PATH: string;
  chatServerUrl: () => string | undefined;
} = {
  createChatSocket: (name?: string) => fakeChat.createClient(name) as unknown as ChatSocket,
  CHAT_SOCKET_PATH: '/socket.io',
  chatServerUrl: () => undefined,
};
