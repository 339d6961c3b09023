// The chat room's state, local to the screen (useReducer): it is live socket state that no other
// screen reads, so it lives neither in the store nor in RTK Query's cache.
import type { ChatMessage, ChatReaction, HistoryAck, JoinRoomAck } from '@contract/chat';

/** Someone in the room; in a course room, with the lesson they have open (D61). */
export type ChatMember = { userId: string; name: string; lesson?: string };

/** `connecting` until the first connection; `reconnecting` whenever the socket is down after it. */
export type ConnectionState = 'connecting' | 'online' | 'reconnecting';

/** The one message being sent: it stays until the room's broadcast of it arrives. */
export type OutgoingMessage = {
  /** Sent with the message, so a retry after a reconnect is stored once. */
  clientId: string;
  text: string;
  /** The stored message's id, once the server acked it. */
  messageId: string | null;
};

export type TypingPerson = { userId: string; name: string; until: number };

export type ChatState = {
  connection: ConnectionState;
  /** True once a join answered; false again while a re-join is under way. */
  joined: boolean;
  /** Why the room could not be entered (a connect error or a failed join), shown in place of it. */
  fatalError: string | null;
  /** The signed-in user's id, as the server's join answer says: own messages carry it. */
  you: string | null;
  /** Oldest first, each `_id` once. */
  messages: ChatMessage[];
  hasMore: boolean;
  loadingOlder: boolean;
  members: ChatMember[];
  typing: TypingPerson[];
  outgoing: OutgoingMessage | null;
  /** What is in the message box: kept through drops and reloads of the list, cleared on delivery. */
  draft: string;
  /** A failed send, delete or history load, shown to this user under the box. */
  error: string | null;
};

export const initialChatState: ChatState = {
  connection: 'connecting',
  joined: false,
  fatalError: null,
  you: null,
  messages: [],
  hasMore: false,
  loadingOlder: false,
  members: [],
  typing: [],
  outgoing: null,
  draft: '',
  error: null,
};

export type ChatAction =
  | { type: 'connected' }
  | { type: 'disconnected' }
  | { type: 'failed'; error: string }
  | { type: 'joined'; answer: JoinRoomAck; sync?: HistoryAck }
  | { type: 'recovered' }
  | { type: 'synced'; answer: HistoryAck }
  | { type: 'received'; message: ChatMessage }
  | { type: 'olderRequested' }
  | { type: 'olderLoaded'; answer: HistoryAck }
  | { type: 'olderFailed'; error: string }
  | { type: 'draftChanged'; draft: string }
  | { type: 'send'; clientId: string; text: string }
  | { type: 'sendAcked'; clientId: string; message: ChatMessage }
  | { type: 'sendFailed'; clientId: string; error: string }
  | { type: 'deleted'; id: string }
  | { type: 'reactionsChanged'; id: string; reactions: ChatReaction[] }
  | { type: 'edited'; id: string; msg: string; editedAt: string }
  | { type: 'tombstoned'; id: string }
  | { type: 'presence'; members: ChatMember[] }
  | { type: 'typing'; person: TypingPerson }
  | { type: 'typingExpired'; now: number }
  | { type: 'error'; error: string | null };

function timeOf(message: ChatMessage): number {
  const time = Date.parse(message.time);
  return Number.isNaN(time) ? 0 : time;
}

/** `current` and `incoming` together, each `_id` once (the newer copy wins), oldest first. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message._id, message]));
  for (const message of incoming) byId.set(message._id, message);
  // A stable sort: messages of the same instant keep the order they arrived in.
  return [...byId.values()].sort((a, b) => timeOf(a) - timeOf(b));
}

/** The box once `sent` went out: empty, or what the user typed after it while it was pending. */
function withoutSent(draft: string, sent: string): string {
  const rest = draft.trimStart();
  return rest.startsWith(sent) ? rest.slice(sent.length).trimStart() : draft;
}

/**
 * Ends the outgoing message once its stored copy is in the list (by broadcast, sync or page), and
 * clears it from the box (docs/product.md §4 Chat: idle and an empty input once the server broadcast it).
 */
function settle(state: ChatState): ChatState {
  const { outgoing } = state;
  if (!outgoing?.messageId) return state;
  const id = outgoing.messageId;
  if (!state.messages.some((message) => message._id === id)) return state;
  return { ...state, outgoing: null, draft: withoutSent(state.draft, outgoing.text) };
}

/** The state with message `id` (if held) changed; the other messages keep their identity. */
function changeMessage(
  state: ChatState,
  id: string,
  change: (message: ChatMessage) => ChatMessage,
): ChatState {
  if (!state.messages.some((message) => message._id === id)) return state;
  return {
    ...state,
    messages: state.messages.map((message) => (message._id === id ? change(message) : message)),
  };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'connected':
      return { ...state, connection: 'online', fatalError: null };
    case 'disconnected':
      return {
        ...state,
        connection: state.connection === 'connecting' ? 'connecting' : 'reconnecting',
        joined: false,
        loadingOlder: false,
        typing: [],
      };
    case 'failed':
      return { ...state, fatalError: action.error, joined: false };
    case 'joined': {
      const { answer, sync } = action;
      // A first join, or a re-join after more was missed than one page holds: the latest page.
      const fresh = state.messages.length === 0 || sync === undefined || sync.hasMore;
      return settle({
        ...state,
        joined: true,
        fatalError: null,
        you: answer.you.userId,
        members: answer.members,
        messages: fresh ? answer.messages : mergeMessages(state.messages, sync.messages),
        hasMore: fresh ? answer.hasMore : state.hasMore,
      });
    }
    case 'recovered':
      return settle({ ...state, joined: true });
    case 'synced':
      return settle({ ...state, messages: mergeMessages(state.messages, action.answer.messages) });
    case 'received':
      return settle({
        ...state,
        messages: mergeMessages(state.messages, [action.message]),
        // Someone who sent a message has stopped typing it.
        typing: state.typing.filter((person) => person.userId !== action.message.userId),
      });
    case 'olderRequested':
      return { ...state, loadingOlder: true };
    case 'olderLoaded':
      return {
        ...state,
        loadingOlder: false,
        hasMore: action.answer.hasMore,
        messages: mergeMessages(state.messages, action.answer.messages),
      };
    case 'olderFailed':
      return { ...state, loadingOlder: false, error: action.error };
    case 'draftChanged':
      return { ...state, draft: action.draft };
    case 'send':
      return {
        ...state,
        error: null,
        outgoing: { clientId: action.clientId, text: action.text, messageId: null },
      };
    case 'sendAcked':
      if (state.outgoing?.clientId !== action.clientId) return state;
      return settle({
        ...state,
        outgoing: { ...state.outgoing, messageId: action.message._id },
      });
    case 'sendFailed':
      if (state.outgoing?.clientId !== action.clientId) return state;
      return { ...state, outgoing: null, error: action.error };
    case 'deleted':
      return {
        ...state,
        messages: state.messages.filter((message) => message._id !== action.id),
      };
    case 'reactionsChanged':
      return changeMessage(state, action.id, (message) =>
        message.deleted ? message : { ...message, reactions: action.reactions },
      );
    case 'edited':
      return changeMessage(state, action.id, (message) =>
        message.deleted ? message : { ...message, msg: action.msg, editedAt: action.editedAt },
      );
    case 'tombstoned':
      return changeMessage(state, action.id, (message) => ({
        ...message,
        msg: '',
        editedAt: null,
        deleted: true,
        reactions: [],
      }));
    case 'presence':
      return { ...state, members: action.members };
    case 'typing':
      return {
        ...state,
        typing: [
          ...state.typing.filter((person) => person.userId !== action.person.userId),
          action.person,
        ],
      };
    case 'typingExpired':
      return { ...state, typing: state.typing.filter((person) => person.until > action.now) };
    case 'error':
      return { ...state, error: action.error };
  }
}
