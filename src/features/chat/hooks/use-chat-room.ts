import { useCallback, useEffect, useReducer, useRef } from 'react';
import { CHAT_MESSAGES, type ChatReactionEmoji, type ChatRoom } from '@contract/chat-rules';
import { accessToken } from '@/lib/access-token';
import type { ChatConnection } from '@/lib/chat-connection';
import { chatReducer, initialChatState, type ChatState, type OutgoingMessage } from '../chat-state';

/** How long someone's "is typing…" stays after their last typing event. */
export const TYPING_SHOWN_MS = 3000;
/** At most one typing event per this interval while the user types. */
export const TYPING_THROTTLE_MS = 2000;

type Options = {
  /** The screen's connection (useChatConnection), which the room's board shares. */
  connection: ChatConnection;
  room: ChatRoom;
  /** The display name sent with messages and typing events. */
  name: string;
  /** The server refused the access token: the session is over (as on a 401). */
  onSessionRejected: () => void;
  /** What the message box starts with (the address's `?draft=`, D61); not sent. */
  initialDraft?: string;
};

export type ChatRoomApi = {
  state: ChatState;
  /** Sends `text` (already trimmed and checked), now or once the socket is back. */
  send: (text: string) => void;
  loadOlder: () => void;
  deleteMessage: (id: string) => void;
  /** Toggles the user's reaction on a message. */
  react: (id: string, emoji: ChatReactionEmoji) => void;
  /** The author's new text (already trimmed and checked); resolves true once saved. */
  editMessage: (id: string, msg: string) => Promise<boolean>;
  /** The author takes a message back: it stays as "Message deleted". */
  deleteOwnMessage: (id: string) => void;
  /** Tells the room the user is typing (throttled). */
  typing: () => void;
  setError: (error: string | null) => void;
  setDraft: (draft: string) => void;
};

/** What an action of the room (a delete, a reaction, the board's undo) says without a connection. */
export const OFFLINE = 'You are offline. Try again once reconnected.';

const SESSION_ERRORS: readonly string[] = [CHAT_MESSAGES.missingToken, CHAT_MESSAGES.badToken];

function newClientId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The chat room's connection: joins `room` on every connection socket.io could not recover
 * (then fetches what was missed), keeps the one outgoing message until the room's broadcast of it
 * arrives — re-sending it with the same clientId after a reconnect — and turns the server's
 * events into state.
 */
export function useChatRoom({
  connection,
  room,
  name,
  onSessionRejected,
  initialDraft,
}: Options): ChatRoomApi {
  const [state, dispatch] = useReducer(chatReducer, initialDraft, (draft) => ({
    ...initialChatState,
    draft: draft ?? '',
  }));
  // The socket's handlers read the latest state and props without re-subscribing.
  const stateRef = useRef(state);
  const nameRef = useRef(name);
  const rejectedRef = useRef(onSessionRejected);
  useEffect(() => {
    stateRef.current = state;
    nameRef.current = name;
    rejectedRef.current = onSessionRejected;
  });
  const lastTypingAt = useRef(0);

  const emitOutgoing = useCallback(
    (outgoing: OutgoingMessage) => {
      connection.request(
        'newMessage',
        {
          newMessage: { time: new Date().toISOString(), msg: outgoing.text, name: nameRef.current },
          room,
          clientId: outgoing.clientId,
        },
        (answer) => {
          if (answer.ok) {
            dispatch({ type: 'sendAcked', clientId: outgoing.clientId, message: answer.message });
          } else {
            dispatch({ type: 'sendFailed', clientId: outgoing.clientId, error: answer.error });
          }
        },
      );
    },
    [connection, room],
  );

  useEffect(() => {
    let closed = false;
    // The access token this connection was opened with (socket.io sends the stored one).
    let connectedWith: string | null = null;
    const typingTimers = new Set<ReturnType<typeof setTimeout>>();

    /** Sends the waiting message again (same clientId) unless the server already stored it. */
    const flushOutgoing = () => {
      const { outgoing } = stateRef.current;
      if (outgoing && outgoing.messageId === null) emitOutgoing(outgoing);
    };

    const join = () => {
      connection.request('joinRoom', room, (answer) => {
        if (closed) return;
        if (!answer.ok) {
          dispatch({ type: 'failed', error: answer.error });
          return;
        }
        const last = stateRef.current.messages.at(-1);
        if (!last) {
          dispatch({ type: 'joined', answer });
          flushOutgoing();
          return;
        }
        // Back after a drop socket.io could not recover: fetch what was missed since the newest
        // message we have (past one page, or when that fails, the reducer starts again from the
        // latest page the join sent).
        connection.request('syncHistory', { room, after: last._id }, (sync) => {
          if (closed) return;
          dispatch({
            type: 'joined',
            answer,
            sync: sync.ok ? sync : { ok: true, messages: [], hasMore: true },
          });
          flushOutgoing();
        });
      });
    };

    const unsubscribe = [
      connection.on('connect', () => {
        connectedWith = accessToken.get();
        dispatch({ type: 'connected' });
        // A recovered connection is still in the room and was sent the events it missed; with
        // several server processes a message stored while the session was being restored can
        // slip past that replay, so what came after the newest message held is asked for too.
        if (connection.recovered && stateRef.current.you !== null) {
          dispatch({ type: 'recovered' });
          flushOutgoing();
          const last = stateRef.current.messages.at(-1);
          if (last) {
            connection.request('syncHistory', { room, after: last._id }, (sync) => {
              if (!closed && sync.ok) dispatch({ type: 'synced', answer: sync });
            });
          }
          return;
        }
        join();
      }),
      connection.on('disconnect', (reason) => {
        dispatch({ type: 'disconnected' });
        // The server ended the session (its token expired, or the account is gone): socket.io
        // does not reconnect by itself. A token renewed meanwhile opens a new connection;
        // otherwise the session is over, as on a 401.
        if (closed || reason !== 'io server disconnect') return;
        const current = accessToken.get();
        if (current !== null && current !== connectedWith) connection.connect();
        else rejectedRef.current();
      }),
      connection.on('connect_error', (error) => {
        if (SESSION_ERRORS.includes(error.message)) {
          rejectedRef.current();
          return;
        }
        // socket.io retries by itself unless the server refused the connection (e.g. too many).
        if (connection.active) dispatch({ type: 'disconnected' });
        else dispatch({ type: 'failed', error: error.message });
      }),
      connection.on('getLatestMessage', (message) => {
        if (message.room === room) dispatch({ type: 'received', message });
      }),
      // Messages stored in the same moment arrive together, oldest first.
      connection.on('getLatestMessages', (messages) => {
        for (const message of messages) {
          if (message.room === room) dispatch({ type: 'received', message });
        }
      }),
      connection.on('messageDeleted', (event) => {
        if (event.room === room) dispatch({ type: 'deleted', id: event.id });
      }),
      connection.on('reactionsChanged', (event) => {
        if (event.room === room) {
          dispatch({ type: 'reactionsChanged', id: event.id, reactions: event.reactions });
        }
      }),
      connection.on('messageEdited', (event) => {
        if (event.room === room) {
          dispatch({ type: 'edited', id: event.id, msg: event.msg, editedAt: event.editedAt });
        }
      }),
      connection.on('messageTombstoned', (event) => {
        if (event.room === room) dispatch({ type: 'tombstoned', id: event.id });
      }),
      connection.on('presence', (event) => {
        if (event.room === room) dispatch({ type: 'presence', members: event.members });
      }),
      connection.on('typing', (event) => {
        if (event.userId === stateRef.current.you) return;
        dispatch({
          type: 'typing',
          person: { userId: event.userId, name: event.name, until: Date.now() + TYPING_SHOWN_MS },
        });
        const timer = setTimeout(() => {
          typingTimers.delete(timer);
          dispatch({ type: 'typingExpired', now: Date.now() });
        }, TYPING_SHOWN_MS + 50);
        typingTimers.add(timer);
      }),
    ];

    return () => {
      closed = true;
      for (const timer of typingTimers) clearTimeout(timer);
      for (const off of unsubscribe) off();
    };
  }, [connection, room, emitOutgoing]);

  const send = useCallback(
    (text: string) => {
      const outgoing: OutgoingMessage = { clientId: newClientId(), text, messageId: null };
      dispatch({ type: 'send', clientId: outgoing.clientId, text });
      // Offline (or re-joining): it goes out once the room is joined again.
      if (connection.connected && stateRef.current.joined) emitOutgoing(outgoing);
      lastTypingAt.current = 0;
    },
    [connection, emitOutgoing],
  );

  const loadOlder = useCallback(() => {
    const { hasMore, loadingOlder, messages, joined } = stateRef.current;
    const oldest = messages[0];
    if (!hasMore || loadingOlder || !oldest || !joined || !connection.connected) return;
    // Marked at once, so a burst of scroll events asks once.
    stateRef.current = { ...stateRef.current, loadingOlder: true };
    dispatch({ type: 'olderRequested' });
    connection.request('loadHistory', { room, before: oldest._id }, (answer) => {
      if (answer.ok) dispatch({ type: 'olderLoaded', answer });
      else dispatch({ type: 'olderFailed', error: answer.error });
    });
  }, [connection, room]);

  /** Whether the connection is up; if not, the user is told they are offline. */
  const online = useCallback((): boolean => {
    if (connection.connected) return true;
    dispatch({ type: 'error', error: OFFLINE });
    return false;
  }, [connection]);

  const deleteMessage = useCallback(
    (id: string) => {
      if (!online()) return;
      connection.request('deleteMessage', { room, id }, (answer) => {
        if (answer.ok) dispatch({ type: 'deleted', id });
        else dispatch({ type: 'error', error: answer.error });
      });
    },
    [connection, room, online],
  );

  const react = useCallback(
    (id: string, emoji: ChatReactionEmoji) => {
      if (!online()) return;
      connection.request('react', { room, id, emoji }, (answer) => {
        if (answer.ok) dispatch({ type: 'reactionsChanged', id, reactions: answer.reactions });
        else dispatch({ type: 'error', error: answer.error });
      });
    },
    [connection, room, online],
  );

  const editMessage = useCallback(
    (id: string, msg: string) =>
      new Promise<boolean>((resolve) => {
        if (!online()) return resolve(false);
        connection.request('editMessage', { room, id, msg }, (answer) => {
          if (answer.ok) {
            const { message } = answer;
            dispatch({ type: 'error', error: null });
            dispatch({ type: 'edited', id, msg: message.msg, editedAt: message.editedAt ?? '' });
          } else {
            dispatch({ type: 'error', error: answer.error });
          }
          resolve(answer.ok);
        });
      }),
    [connection, room, online],
  );

  const deleteOwnMessage = useCallback(
    (id: string) => {
      if (!online()) return;
      connection.request('deleteOwnMessage', { room, id }, (answer) => {
        if (answer.ok) dispatch({ type: 'tombstoned', id });
        else dispatch({ type: 'error', error: answer.error });
      });
    },
    [connection, room, online],
  );

  const typing = useCallback(() => {
    const now = Date.now();
    if (!connection.connected || !stateRef.current.joined) return;
    if (now - lastTypingAt.current < TYPING_THROTTLE_MS) return;
    lastTypingAt.current = now;
    connection.request('typing', { room, name: nameRef.current });
  }, [connection, room]);

  const setError = useCallback((error: string | null) => dispatch({ type: 'error', error }), []);
  const setDraft = useCallback((draft: string) => dispatch({ type: 'draftChanged', draft }), []);

  return {
    state,
    send,
    loadOlder,
    deleteMessage,
    react,
    editMessage,
    deleteOwnMessage,
    typing,
    setError,
    setDraft,
  };
}
