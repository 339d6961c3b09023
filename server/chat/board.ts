import {
  BOARD_LIMITS,
  BOARD_MESSAGES,
  type ClearBoardAck,
  type DrawStrokeAck,
  type JoinBoardAck,
  type UndoStrokeAck,
} from '../../contract/board';
import type { ChatAck, ChatRoom } from '../../contract/chat';
import type { ChatEventHandlers, ChatEventValue } from '../../contract/chat-events';
import { errorCode } from '../../contract/error-code';
import {
  addBoardStroke,
  boardChangesAfter,
  boardSnapshot,
  clearBoard as clearStoredBoard,
  compactBoard,
  undoBoardStroke,
  type PaintBoard,
} from '../db/repositories/board';
import { blankBoard, decodeBoardImage, encodeBoardImage, paintStrokes } from './board-image';
import {
  fail,
  requireAccount,
  roomKey,
  SessionEnded,
  type ChatContext,
  type ChatSocket,
} from './context';

/** PostgreSQL's foreign_key_violation: here, board_changes.user_id naming no user. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Strokes a compaction leaves on the board: it draws the oldest quarter into the image at once,
 * so it runs once per that many strokes, not at every stroke beyond the limit.
 */
export const COMPACT_TO = Math.floor((BOARD_LIMITS.maxStrokesPerBoard * 3) / 4);

/** Paints strokes onto a board's image (server/chat/board-image.ts). */
export const paintBoardImage: PaintBoard = async (image, strokes) => {
  const pixels = image === null ? blankBoard() : decodeBoardImage(image);
  await paintStrokes(pixels, strokes);
  return encodeBoardImage(pixels);
};

/**
 * The room's shared whiteboard (contract/board.ts): joinBoard, drawStroke, strokeProgress,
 * undoStroke and clearBoard. A board belongs to a chat room and its events go to the room's
 * members (the socket.io room joinRoom put them in), so a socket draws only on the board of the
 * room it is in (the table's `room-member`, checked with the rest by plugin.ts before a handler
 * runs). Changes are numbered by `seq` per room (server/db/repositories/board.ts); they
 * are emitted after they are stored, and two writers' events may arrive in either order, so
 * clients apply them by seq (and ask joinBoard with `after` when one is missing).
 *
 * Beyond BOARD_LIMITS.maxStrokesPerBoard strokes, the oldest are drawn into the board's image
 * (after the stroke's ack, off its path); nobody is told: the clients have those strokes, and one
 * that joins gets the image and the strokes left. `settled` waits for compactions under way.
 */
export function createBoardEvents(ctx: ChatContext) {
  const { io, db, log } = ctx;
  const compacting = new Map<ChatRoom, Promise<void>>();

  /** Compacts the room's board, unless this process is already at it. */
  function compactSoon(room: ChatRoom): void {
    if (compacting.has(room) || ctx.closing()) return;
    const done = compactBoard(db, { room, keep: COMPACT_TO, paint: paintBoardImage })
      .then((count) => {
        if (count > 0) log.info({ room, strokes: count }, 'board compacted into its image');
      })
      .catch((error: unknown) => log.error({ err: error, room }, 'board compaction failed'))
      .finally(() => compacting.delete(room));
    compacting.set(room, done);
  }

  async function settled(): Promise<void> {
    await Promise.all(compacting.values());
  }

  async function joinBoard(
    socket: ChatSocket,
    { room, after }: ChatEventValue<'joinBoard'>,
  ): Promise<ChatAck<JoinBoardAck>> {
    await requireAccount(db, socket);
    // The socket is in roomKey(room) since joinRoom: a change stored while this is read arrives
    // as an event too, and the client drops what it has by seq.
    if (after !== undefined) {
      const since = await boardChangesAfter(db, room, after);
      if (since) return { ok: true, reset: false, changes: since.changes, seq: since.seq };
    }
    const board = await boardSnapshot(db, room);
    return { ok: true, reset: true, image: board.image, strokes: board.strokes, seq: board.seq };
  }

  async function drawStroke(
    socket: ChatSocket,
    { room, stroke }: ChatEventValue<'drawStroke'>,
  ): Promise<ChatAck<DrawStrokeAck>> {
    let stored: Awaited<ReturnType<typeof addBoardStroke>>;
    try {
      stored = await addBoardStroke(db, { room, userId: socket.data.userId, stroke });
    } catch (error) {
      // The account was deleted while its socket was still open.
      if (errorCode(error) === FOREIGN_KEY_VIOLATION) throw new SessionEnded();
      throw error;
    }
    if (stored.outcome === 'full') return fail(BOARD_MESSAGES.boardFull);
    // A retry: the room had it when it was stored; the client catches up by seq if it missed it.
    if (stored.outcome === 'stored-before') return { ok: true, seq: stored.seq };
    // To the sender too: its client drops its own copy by id, and learns the seq in order.
    io.to(roomKey(room)).emit('boardStroke', stored.stroke);
    if (stored.liveStrokes > BOARD_LIMITS.maxStrokesPerBoard) compactSoon(room);
    return { ok: true, seq: stored.stroke.seq };
  }

  async function strokeProgress(socket: ChatSocket, progress: ChatEventValue<'strokeProgress'>) {
    // Volatile, and not to the sender: a lost one is made good by the finished stroke.
    socket.volatile
      .to(roomKey(progress.room))
      .emit('strokeProgress', { ...progress, userId: socket.data.userId });
  }

  async function undoStroke(
    socket: ChatSocket,
    { room }: ChatEventValue<'undoStroke'>,
  ): Promise<ChatAck<UndoStrokeAck>> {
    await requireAccount(db, socket);
    const removed = await undoBoardStroke(db, { room, userId: socket.data.userId });
    if (!removed) return fail(BOARD_MESSAGES.nothingToUndo);
    io.to(roomKey(room)).emit('strokeRemoved', { room, id: removed.id, seq: removed.seq });
    return { ok: true, id: removed.id, seq: removed.seq };
  }

  async function clearBoard(
    socket: ChatSocket,
    { room }: ChatEventValue<'clearBoard'>,
  ): Promise<ChatAck<ClearBoardAck>> {
    const { seq } = await clearStoredBoard(db, { room, userId: socket.data.userId });
    io.to(roomKey(room)).emit('boardCleared', { room, seq });
    return { ok: true, seq };
  }

  const handlers = {
    joinBoard,
    drawStroke,
    strokeProgress,
    undoStroke,
    clearBoard,
  } satisfies Partial<ChatEventHandlers<ChatSocket>>;
  return { handlers, settled };
}
