import { z } from 'zod';
import {
  BOARD_LIMITS,
  BOARD_MESSAGES,
  boardClearedEventSchema,
  boardStrokeSchema,
  checkStroke,
  clearBoardAckSchema,
  clearBoardPayloadSchema,
  drawStrokeAckSchema,
  drawStrokePayloadSchema,
  joinBoardAckSchema,
  joinBoardPayloadSchema,
  strokeProgressEventSchema,
  strokeProgressPayloadSchema,
  strokeRemovedEventSchema,
  undoStrokeAckSchema,
  undoStrokePayloadSchema,
} from './board';
import {
  chatMessageSchema,
  chatRoomSchema,
  checkEditMessage,
  checkNewMessage,
  checkReaction,
  courseLearnersEventSchema,
  coursePresenceAckSchema,
  coursePresencePayloadSchema,
  deleteMessagePayloadSchema,
  editMessageAckSchema,
  editMessagePayloadSchema,
  historyAckSchema,
  joinRoomAckSchema,
  loadHistoryPayloadSchema,
  messageDeletedEventSchema,
  messageEditedEventSchema,
  newMessageAckSchema,
  newMessagePayloadSchema,
  okAckSchema,
  presenceEventSchema,
  reactAckSchema,
  reactionsChangedEventSchema,
  reactPayloadSchema,
  sessionEndedEventSchema,
  syncHistoryPayloadSchema,
  typingEventSchema,
  typingPayloadSchema,
  type ChatAck,
} from './chat';
import { muteRefusal } from './chat-moderation';
import { CHAT_LIMITS, CHAT_MESSAGES, isCourseRoom, type ChatRoom } from './chat-rules';
import { markReadPayloadSchema } from './chat-unread';

// The one table of the chat connection's events (issue 33 §1, docs/decisions.md D70), as
// contract/api-routes.ts is of the HTTP API's routes. Each client → server event: its payload (and
// the rule that checks it), its ack, who may send it, whether a mute refuses it, its rate rule.
// Each server → client event: its payload. The server wires its handlers from it
// (server/chat/plugin.ts), the web app sends through it (src/lib/chat-connection.ts), and the web
// tests' fake server (src/testing/fake-chat-socket.ts) dispatches from it; both servers admit an
// event by `admitChatEvent` below, so no side keeps a copy of a rule.

/**
 * The per-user limits of the chat's events, across the user's sockets (and processes, with
 * Redis): `perSecond`, bursts up to `burst`, counted in the two windows of `burstWindows`
 * (contract/chat-rules.ts, D37). The server's `RATE_LIMITS` (server/rate-limit.ts) takes these in;
 * `refusal` is the ack of an event over its limit, null for events without an ack (dropped
 * without a word).
 */
export const CHAT_RATE_RULES = {
  /** newMessage: 5 a second, burst 10. */
  chatMessagePerUser: {
    perSecond: CHAT_LIMITS.messagesPerSecond,
    burst: CHAT_LIMITS.messageBurst,
    refusal: CHAT_MESSAGES.rateLimited,
  },
  /** react, editMessage and deleteOwnMessage together. */
  chatActionPerUser: {
    perSecond: CHAT_LIMITS.actionsPerSecond,
    burst: CHAT_LIMITS.actionBurst,
    refusal: CHAT_MESSAGES.rateLimited,
  },
  /** typing: cosmetic. */
  chatTypingPerUser: { perSecond: 2, burst: 4, refusal: null },
  /** drawStroke: 10 a second, burst 20. */
  boardStrokePerUser: {
    perSecond: BOARD_LIMITS.strokesPerSecond,
    burst: BOARD_LIMITS.strokeBurst,
    refusal: BOARD_MESSAGES.rateLimited,
  },
  /** strokeProgress: a preview, volatile. */
  boardProgressPerUser: {
    perSecond: BOARD_LIMITS.progressPerSecond,
    burst: BOARD_LIMITS.progressBurst,
    refusal: null,
  },
} as const satisfies Record<string, { perSecond: number; burst: number; refusal: string | null }>;
export type ChatRateRule = keyof typeof CHAT_RATE_RULES;

/** A payload's rule: the value the handler gets, or the error the sender is answered with. */
type Checked<V> = { ok: true; value: V } | { ok: false; error: string };

/**
 * Who may send an event, besides being signed in (every event is: the handshake checks the
 * token). `room-member`: only into the room the socket has joined (`joinRoom`); `admin`: the
 * caller's role, read now. A course room is its learners' and admins' for every acked event that
 * names it, whoever the event is for (D61).
 */
type Sender =
  | { who: 'signed-in' }
  | { who: 'room-member' }
  | { who: 'admin'; /** What anyone else is answered. */ adminsOnly: string };

type ClientEventSpec<P extends z.ZodType, V, A extends z.ZodType | null> = Sender & {
  /** What a client may send (its input types the web app's `request`). */
  payload: P;
  /** A payload its rule accepts, in the JavaScript room: the tests of both servers send it. */
  example: z.input<P>;
  /** The payload's rule: the schema, or the contract's own check (checkNewMessage…). */
  check: (payload: unknown) => Checked<V>;
  /** The success ack; null for an event without one (its refusals are silent). */
  ack: A;
  /** A write others see or that changes what is stored: a mute refuses it (D53). */
  write: boolean;
  rate: ChatRateRule | null;
};

/** An entry of the table; a room-member event's value must name its room. */
function clientEvent<P extends z.ZodType, A extends z.ZodType | null, V = z.output<P>>(
  spec: Sender & {
    payload: P;
    example: z.input<P>;
    check?: (payload: unknown) => Checked<V>;
    /** The error of a payload its schema refuses (without `check`); badRequest by default. */
    invalid?: (payload: unknown) => string;
    ack: A;
    write?: true;
    rate?: ChatRateRule;
  } & (V extends { room: ChatRoom } ? unknown : { who: 'signed-in' | 'admin' }),
): ClientEventSpec<P, V, A> {
  const { payload, invalid } = spec;
  const check =
    spec.check ??
    ((value: unknown): Checked<V> => {
      const parsed = payload.safeParse(value);
      if (parsed.success) return { ok: true, value: parsed.data as V };
      return { ok: false, error: invalid?.(value) ?? CHAT_MESSAGES.badRequest };
    });
  return { ...spec, check, write: spec.write === true, rate: spec.rate ?? null };
}

const EXAMPLE_STROKE = {
  id: 's-1',
  color: '#2244ee',
  size: 3,
  points: [
    [10, 10],
    [20, 30],
  ],
} satisfies z.input<typeof drawStrokePayloadSchema>['stroke'];

/** unknownRoom for a bare name that is no room, else badRequest (joinRoom, joinBoard). */
const unknownRoomOrBadRequest = (payload: unknown) =>
  typeof payload === 'string' && !chatRoomSchema.safeParse(payload).success
    ? CHAT_MESSAGES.unknownRoom
    : CHAT_MESSAGES.badRequest;

/** Every client → server event. An event outside this table is answered badRequest. */
export const CHAT_CLIENT_EVENTS = {
  // The room and its messages (server/chat/messages.ts).
  joinRoom: clientEvent({
    payload: chatRoomSchema,
    example: 'JavaScript',
    invalid: () => CHAT_MESSAGES.unknownRoom,
    ack: joinRoomAckSchema,
    who: 'signed-in',
  }),
  newMessage: clientEvent({
    payload: newMessagePayloadSchema,
    example: { newMessage: { msg: 'Hello', name: 'Sam' }, room: 'JavaScript' },
    check: checkNewMessage,
    ack: newMessageAckSchema,
    who: 'room-member',
    write: true,
    rate: 'chatMessagePerUser',
  }),
  loadHistory: clientEvent({
    payload: loadHistoryPayloadSchema,
    example: { room: 'JavaScript', before: '1' },
    ack: historyAckSchema,
    who: 'signed-in',
  }),
  syncHistory: clientEvent({
    payload: syncHistoryPayloadSchema,
    example: { room: 'JavaScript', after: '1' },
    ack: historyAckSchema,
    who: 'signed-in',
  }),
  typing: clientEvent({
    payload: typingPayloadSchema,
    example: { room: 'JavaScript', name: 'Sam' },
    ack: null,
    who: 'room-member',
    write: true,
    rate: 'chatTypingPerUser',
  }),
  // An admin need not be in the room.
  deleteMessage: clientEvent({
    payload: deleteMessagePayloadSchema,
    example: { room: 'JavaScript', id: '1' },
    ack: okAckSchema,
    who: 'admin',
    adminsOnly: CHAT_MESSAGES.adminsOnly,
  }),
  react: clientEvent({
    payload: reactPayloadSchema,
    example: { room: 'JavaScript', id: '1', emoji: '👍' },
    check: checkReaction,
    ack: reactAckSchema,
    who: 'room-member',
    write: true,
    rate: 'chatActionPerUser',
  }),
  editMessage: clientEvent({
    payload: editMessagePayloadSchema,
    example: { room: 'JavaScript', id: '1', msg: 'Hello again' },
    check: checkEditMessage,
    ack: editMessageAckSchema,
    who: 'room-member',
    write: true,
    rate: 'chatActionPerUser',
  }),
  deleteOwnMessage: clientEvent({
    payload: deleteMessagePayloadSchema,
    example: { room: 'JavaScript', id: '1' },
    ack: okAckSchema,
    who: 'room-member',
    write: true,
    rate: 'chatActionPerUser',
  }),
  // What the user has read of the room (server/chat/reads.ts, contract/chat-unread.ts).
  markRead: clientEvent({
    payload: markReadPayloadSchema,
    example: { room: 'JavaScript', id: '1' },
    ack: okAckSchema,
    who: 'room-member',
  }),
  // The room's board (server/chat/board.ts, contract/board.ts).
  joinBoard: clientEvent({
    payload: joinBoardPayloadSchema,
    example: { room: 'JavaScript' },
    invalid: unknownRoomOrBadRequest,
    ack: joinBoardAckSchema,
    who: 'room-member',
  }),
  drawStroke: clientEvent({
    payload: drawStrokePayloadSchema,
    example: { room: 'JavaScript', stroke: EXAMPLE_STROKE },
    check: checkStroke,
    ack: drawStrokeAckSchema,
    who: 'room-member',
    write: true,
    rate: 'boardStrokePerUser',
  }),
  strokeProgress: clientEvent({
    payload: strokeProgressPayloadSchema,
    example: { room: 'JavaScript', ...EXAMPLE_STROKE },
    ack: null,
    who: 'room-member',
    write: true,
    rate: 'boardProgressPerUser',
  }),
  undoStroke: clientEvent({
    payload: undoStrokePayloadSchema,
    example: { room: 'JavaScript' },
    ack: undoStrokeAckSchema,
    who: 'room-member',
    write: true,
  }),
  // As deleteMessage: an admin need not be in the room.
  clearBoard: clientEvent({
    payload: clearBoardPayloadSchema,
    example: { room: 'JavaScript' },
    ack: clearBoardAckSchema,
    who: 'admin',
    adminsOnly: BOARD_MESSAGES.adminsOnly,
    write: true,
  }),
  // The course player's lesson (server/chat/course-presence.ts, D61): the course's own rule.
  coursePresence: clientEvent({
    payload: coursePresencePayloadSchema,
    example: { courseId: 'c-10', lessonId: 'c-10-1-1' },
    ack: coursePresenceAckSchema,
    who: 'signed-in',
  }),
};

/** Every server → client event, with its payload. */
export const CHAT_SERVER_EVENTS = {
  getLatestMessage: chatMessageSchema,
  // Messages stored in the same moment, oldest first (server/chat/room-broadcast.ts): each is
  // handled as a getLatestMessage.
  getLatestMessages: z.array(chatMessageSchema),
  typing: typingEventSchema,
  presence: presenceEventSchema,
  messageDeleted: messageDeletedEventSchema,
  reactionsChanged: reactionsChangedEventSchema,
  messageEdited: messageEditedEventSchema,
  messageTombstoned: messageDeletedEventSchema,
  sessionEnded: sessionEndedEventSchema,
  boardStroke: boardStrokeSchema,
  strokeProgress: strokeProgressEventSchema,
  strokeRemoved: strokeRemovedEventSchema,
  boardCleared: boardClearedEventSchema,
  courseLearners: courseLearnersEventSchema,
};

type ClientEvents = typeof CHAT_CLIENT_EVENTS;
export type ChatClientEvent = keyof ClientEvents;
type ServerEvents = typeof CHAT_SERVER_EVENTS;
export type ChatServerEvent = keyof ServerEvents;

/** What a client sends with `event` (the web app's `request` is typed by it). */
export type ChatPayloadIn<E extends ChatClientEvent> = z.input<ClientEvents[E]['payload']>;
/** What the handler of `event` gets: the payload as its rule accepted it. */
export type ChatEventValue<E extends ChatClientEvent> = Extract<
  ReturnType<ClientEvents[E]['check']>,
  { ok: true }
>['value'];
/** The success ack of `event`; never for an event without an ack. */
export type ChatAckOf<E extends ChatClientEvent> = ClientEvents[E]['ack'] extends z.ZodType
  ? z.output<ClientEvents[E]['ack']>
  : never;
export type ChatServerPayload<E extends ChatServerEvent> = z.output<ServerEvents[E]>;

/** What a handler returns: the ack (a success or `{ ok: false, error }`), or nothing. */
export type ChatEventResult<E extends ChatClientEvent> = [ChatAckOf<E>] extends [never]
  ? void
  : ChatAck<ChatAckOf<E>>;

/**
 * The handlers of every client event, for a server whose socket is `Socket`: a server must have
 * one for each event of the table (the compiler says which is missing). Each runs once the event
 * was admitted (`admitChatEvent`) and gets the checked value.
 */
export type ChatEventHandlers<Socket> = {
  [E in ChatClientEvent]: (
    socket: Socket,
    value: ChatEventValue<E>,
  ) => ChatEventResult<E> | Promise<ChatEventResult<E>>;
};

/**
 * The typed socket.io events: payloads from the client are `unknown` (the server checks them), the
 * acks typed from the table; for `Server<ClientToServer, ServerToClient>` and clients.
 */
export type ChatClientToServerEvents = {
  [E in ChatClientEvent]: [ChatAckOf<E>] extends [never]
    ? (payload: unknown) => void
    : (payload: unknown, ack: (answer: ChatAck<ChatAckOf<E>>) => void) => void;
};
export type ChatServerToClientEvents = {
  [E in ChatServerEvent]: (event: ChatServerPayload<E>) => void;
};

const CLIENT_EVENT_NAMES: ReadonlySet<string> = new Set(Object.keys(CHAT_CLIENT_EVENTS));

export const isChatClientEvent = (event: string): event is ChatClientEvent =>
  CLIENT_EVENT_NAMES.has(event);

/** Whether `event` takes an ack (else it is answered by nothing, its refusals dropped). */
export const hasAck = (event: ChatClientEvent): boolean => CHAT_CLIENT_EVENTS[event].ack !== null;

/** The writes a mute refuses (D53), in the table's order. */
export const CHAT_WRITE_EVENTS: readonly ChatClientEvent[] = (
  Object.keys(CHAT_CLIENT_EVENTS) as ChatClientEvent[]
).filter((event) => CHAT_CLIENT_EVENTS[event].write);

type Awaitable<T> = T | Promise<T>;

/**
 * What a server knows of the socket an event came on, for `admitChatEvent`: each side answers
 * from its own store (the database, or the fake's memory), the rule stays here.
 */
export interface ChatEventGate {
  /** Why the caller may not use this course room now, if it may not (roomAccess, D61). */
  courseRoomRefusal(room: string): Awaitable<string | undefined>;
  /** Until when the caller is muted (ISO 8601), or null. */
  mutedUntil(): Awaitable<string | null | undefined>;
  /** Whether the socket has joined `room`. */
  inRoom(room: ChatRoom): boolean;
  /** Whether the caller is an admin now. */
  isAdmin(): Awaitable<boolean>;
  /** Counts one hit of `rule` for the caller: false once it is spent. */
  allowed(rule: ChatRateRule): Awaitable<boolean>;
}

/** The course room an event names, if any: the payload's `room`, or the payload itself. */
function namedCourseRoom(payload: unknown): string | undefined {
  // joinRoom and joinBoard may name the room alone.
  const room =
    typeof payload === 'object' && payload !== null
      ? (payload as { room?: unknown }).room
      : payload;
  return typeof room === 'string' && isCourseRoom(room) ? room : undefined;
}

/**
 * Whether an event may run, in the server's order: a course room's access (acked events), the
 * mute (writes), the payload's rule, who may send it, the rate rule. The checked value, or the
 * error its ack carries (an event without an ack drops it).
 */
export async function admitChatEvent<E extends ChatClientEvent>(
  event: E,
  payload: unknown,
  gate: ChatEventGate,
): Promise<Checked<ChatEventValue<E>>> {
  // One entry's own type: indexing the table by a generic event loses its pairing of check and who.
  const spec = CHAT_CLIENT_EVENTS[event] as ClientEventSpec<
    z.ZodType,
    ChatEventValue<E>,
    z.ZodType | null
  >;
  if (spec.ack !== null) {
    // Events without an ack only need the socket in the room, which the last check allowed (D61).
    const room = namedCourseRoom(payload);
    const refusal = room === undefined ? undefined : await gate.courseRoomRefusal(room);
    if (refusal) return { ok: false, error: refusal };
  }
  if (spec.write) {
    const refusal = muteRefusal(await gate.mutedUntil());
    if (refusal) return { ok: false, error: refusal };
  }
  const checked = spec.check(payload);
  if (!checked.ok) return checked;
  if (spec.who === 'room-member') {
    const { room } = checked.value as { room: ChatRoom };
    if (!gate.inRoom(room)) return { ok: false, error: CHAT_MESSAGES.notInRoom };
  }
  if (spec.who === 'admin' && !(await gate.isAdmin())) {
    return { ok: false, error: spec.adminsOnly };
  }
  if (spec.rate !== null && !(await gate.allowed(spec.rate))) {
    return { ok: false, error: CHAT_RATE_RULES[spec.rate].refusal ?? CHAT_MESSAGES.rateLimited };
  }
  return checked;
}
