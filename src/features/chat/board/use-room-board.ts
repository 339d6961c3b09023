import { useCallback, useEffect, useReducer, useRef, useState, type RefObject } from 'react';
import type { BoardChange, Stroke } from '@contract/board';
import type { ChatRoom } from '@contract/chat-rules';
import type { ChatSocket } from '@/lib/socket';
import { OFFLINE } from '../hooks/use-chat-room';
import { boardReducer, initialBoardState, type BoardState } from './board-state';

type Options = {
  room: ChatRoom;
  /**
   * The chat room's connection (the board shares it and its sign-in). Call this hook after
   * useChatRoom: its effects then run after the socket is opened.
   */
  socketRef: RefObject<ChatSocket | null>;
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
export function useRoomBoard({ room, socketRef, joined, you }: Options): RoomBoardApi {
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
    (target: ChatSocket, stroke: Stroke) => {
      target.emit('drawStroke', { room, stroke }, (answer) => {
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
    [room],
  );

  const open = useCallback(() => {
    const socket = socketRef.current;
    if (!socket) return;
    buffered.current = [];
    const { loaded, seq } = stateRef.current;
    // A timing mark only (bench/board-open.ts: requested → drawn).
    performance.mark('board-requested');
    socket.emit('joinBoard', loaded ? { room, after: seq } : { room }, (answer) => {
      const waiting = buffered.current ?? [];
      buffered.current = null;
      if (!answer.ok) {
        setError(answer.error);
        return;
      }
      dispatch({ type: 'joined', answer });
      for (const change of waiting) dispatch({ type: 'change', change });
      // Strokes drawn while the board was away.
      for (const stroke of stateRef.current.pending) sendStroke(socket, stroke);
    });
  }, [socketRef, room, sendStroke]);

  useEffect(() => {
    const socket = socketRef.current;
    if (!socket) return;
    const receive = (change: BoardChange) => {
      if (buffered.current) buffered.current.push(change);
      else dispatch({ type: 'change', change });
    };
    socket.on('boardStroke', (stroke) => {
      if (stroke.room === room) receive({ kind: 'stroke', stroke });
    });
    socket.on('strokeRemoved', (event) => {
      if (event.room === room) receive({ kind: 'removed', id: event.id, seq: event.seq });
    });
    socket.on('boardCleared', (event) => {
      if (event.room === room) receive({ kind: 'cleared', seq: event.seq });
    });
    socket.on('strokeProgress', (event) => {
      if (event.room === room) dispatch({ type: 'progress', event });
    });
    const left = () => dispatch({ type: 'left' });
    socket.on('disconnect', left);
    return () => {
      socket.off('boardStroke');
      socket.off('strokeRemoved');
      socket.off('boardCleared');
      socket.off('strokeProgress');
      socket.off('disconnect', left);
    };
  }, [socketRef, room]);

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
      const socket = socketRef.current;
      if (socket?.connected && joinedRef.current)
        socket.emit('strokeProgress', { room, ...stroke });
    },
    [socketRef, room],
  );

  const finish = useCallback(
    (stroke: Stroke) => {
      dispatch({ type: 'sent', stroke });
      const socket = socketRef.current;
      if (socket?.connected && joinedRef.current && buffered.current === null) {
        sendStroke(socket, stroke);
      }
    },
    [socketRef, sendStroke],
  );

  const undo = useCallback(() => {
    const socket = socketRef.current;
    if (!socket?.connected) return setError(OFFLINE);
    socket.emit('undoStroke', { room }, (answer) => {
      if (answer.ok) {
        dispatch({ type: 'change', change: { kind: 'removed', id: answer.id, seq: answer.seq } });
      } else {
        setError(answer.error);
      }
    });
  }, [socketRef, room]);

  const clear = useCallback(() => {
    const socket = socketRef.current;
    if (!socket?.connected) return setError(OFFLINE);
    socket.emit('clearBoard', { room }, (answer) => {
      if (answer.ok) dispatch({ type: 'change', change: { kind: 'cleared', seq: answer.seq } });
      else setError(answer.error);
    });
  }, [socketRef, room]);

  const dismissError = useCallback(() => setError(null), []);

  return { state, error, progress, finish, undo, clear, dismissError };
}
