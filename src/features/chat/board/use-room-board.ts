import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { BoardChange, Stroke } from '@contract/board';
import type { ChatRoom } from '@contract/chat-rules';
import type { ChatConnection } from '@/lib/chat-connection';
import { OFFLINE } from '../hooks/use-chat-room';
import { boardReducer, initialBoardState, type BoardState } from './board-state';

type Options = {
  room: ChatRoom;
  /** The chat room's connection (useChatConnection): the board shares it and its sign-in. */
  connection: ChatConnection;
  /** The chat room is joined on this connection: the board may be opened. */
  joined: boolean;
  /** The signed-in user's id in the chat (whose strokes Undo takes back). */
  you: string | null;
};

export type RoomBoardApi = {
  state: BoardState;
  error: string | null;
  /** The points drawn since the last call, while a stroke is drawn (others see them at once). */
  progress: (stroke: Stroke) => void;
  /** A finished stroke: drawn at once, and on the board once the server has ordered it. */
  finish: (stroke: Stroke) => void;
  undo: () => void;
  clear: () => void;
  dismissError: () => void;
};

/**
 * A room's board over the chat's socket (contract/board.ts): opened once the room is joined, and
 * again after a reconnect socket.io could not recover, then only for what came after the last
 * change held. Changes that arrive while the board is being opened wait for its answer, so none is
 * applied to a board the answer then replaces. Strokes sent while offline go out once it is back
 * (the server stores a stroke id once).
 */
export function useRoomBoard({ room, connection, joined, you }: Options): RoomBoardApi {
  const [state, dispatch] = useReducer(boardReducer, initialBoardState);
  const [error, setError] = useState<string | null>(null);
  const stateRef = useRef(state);
  const youRef = useRef(you);
  useEffect(() => {
    stateRef.current = state;
    youRef.current = you;
  });
  /** Changes received while a joinBoard is answered; null when none is under way. */
  const buffered = useRef<BoardChange[] | null>(null);
  const joinedRef = useRef(joined);

  const sendStroke = useCallback(
    (stroke: Stroke) => {
      connection.request('drawStroke', { room, stroke }, (answer) => {
        if (answer.ok) {
          const userId = youRef.current ?? '';
          dispatch({
            type: 'change',
            change: { kind: 'stroke', stroke: { ...stroke, room, userId, seq: answer.seq } },
          });
        } else {
          dispatch({ type: 'sendFailed', id: stroke.id });
          setError(answer.error);
        }
      });
    },
    [connection, room],
  );

  const open = useCallback(() => {
    buffered.current = [];
    const { loaded, seq } = stateRef.current;
    // A timing mark only (bench/board-open.ts: requested → drawn).
    performance.mark('board-requested');
    connection.request('joinBoard', loaded ? { room, after: seq } : { room }, (answer) => {
      const waiting = buffered.current ?? [];
      buffered.current = null;
      if (!answer.ok) {
        setError(answer.error);
        return;
      }
      dispatch({ type: 'joined', answer });
      for (const change of waiting) dispatch({ type: 'change', change });
      // Strokes drawn while the board was away.
      for (const stroke of stateRef.current.pending) sendStroke(stroke);
    });
  }, [connection, room, sendStroke]);

  useEffect(() => {
    const receive = (change: BoardChange) => {
      if (buffered.current) buffered.current.push(change);
      else dispatch({ type: 'change', change });
    };
    const unsubscribe = [
      connection.on('boardStroke', (stroke) => {
        if (stroke.room === room) receive({ kind: 'stroke', stroke });
      }),
      connection.on('strokeRemoved', (event) => {
        if (event.room === room) receive({ kind: 'removed', id: event.id, seq: event.seq });
      }),
      connection.on('boardCleared', (event) => {
        if (event.room === room) receive({ kind: 'cleared', seq: event.seq });
      }),
      connection.on('strokeProgress', (event) => {
        if (event.room === room) dispatch({ type: 'progress', event });
      }),
      connection.on('disconnect', () => dispatch({ type: 'left' })),
    ];
    return () => {
      for (const off of unsubscribe) off();
    };
  }, [connection, room]);

  // Opened with the room, and opened again (from the last change held) after a rejoin or a gap.
  useEffect(() => {
    joinedRef.current = joined;
    if (joined) open();
  }, [joined, open]);
  useEffect(() => {
    if (state.stale && joinedRef.current && buffered.current === null) open();
  }, [state.stale, open]);

  const progress = useCallback(
    (stroke: Stroke) => {
      if (connection.connected && joinedRef.current) {
        connection.request('strokeProgress', { room, ...stroke });
      }
    },
    [connection, room],
  );

  const finish = useCallback(
    (stroke: Stroke) => {
      dispatch({ type: 'sent', stroke });
      if (connection.connected && joinedRef.current && buffered.current === null) {
        sendStroke(stroke);
      }
    },
    [connection, sendStroke],
  );

  const undo = useCallback(() => {
    if (!connection.connected) return setError(OFFLINE);
    connection.request('undoStroke', { room }, (answer) => {
      if (answer.ok) {
        dispatch({ type: 'change', change: { kind: 'removed', id: answer.id, seq: answer.seq } });
      } else {
        setError(answer.error);
      }
    });
  }, [connection, room]);

  const clear = useCallback(() => {
    if (!connection.connected) return setError(OFFLINE);
    connection.request('clearBoard', { room }, (answer) => {
      if (answer.ok) dispatch({ type: 'change', change: { kind: 'cleared', seq: answer.seq } });
      else setError(answer.error);
    });
  }, [connection, room]);

  const dismissError = useCallback(() => setError(null), []);

  return { state, error, progress, finish, undo, clear, dismissError };
}
