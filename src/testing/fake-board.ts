// The fake chat server's boards (src/testing/fake-chat-socket.ts): each room's changes in `seq`
// order, answered as contract/board.ts says. Each event reaches these once the contract's
// admitChatEvent let it in (its payload rule, the room, an admin's clear, the rate rule).
import {
  BOARD_MESSAGES,
  type BoardChange,
  type BoardStroke,
  type ClearBoardAck,
  type DrawStrokeAck,
  type JoinBoardAck,
  type UndoStrokeAck,
} from '@contract/board';
import type { ChatAck, ChatRoom } from '@contract/chat';
import type { ChatEventValue, ChatServerEvent, ChatServerPayload } from '@contract/chat-events';

type Caller = { userId: string };
/** Sends a board event to the room (after the ack), or to the others in it. */
export type BoardBroadcast = <E extends ChatServerEvent>(
  room: ChatRoom,
  event: E,
  payload: ChatServerPayload<E>,
  exceptSender?: boolean,
) => void;

const fail = (error: string) => ({ ok: false as const, error });

export class FakeBoards {
  private readonly changes = new Map<ChatRoom, BoardChange[]>();

  reset(): void {
    this.changes.clear();
  }

  private log(room: ChatRoom): BoardChange[] {
    let log = this.changes.get(room);
    if (!log) this.changes.set(room, (log = []));
    return log;
  }

  /** The board as it is: the strokes not taken back since the last clear, in order. */
  strokes(room: ChatRoom): BoardStroke[] {
    let strokes: BoardStroke[] = [];
    for (const change of this.log(room)) {
      if (change.kind === 'stroke') strokes.push(change.stroke);
      else if (change.kind === 'removed') strokes = strokes.filter((s) => s.id !== change.id);
      else strokes = [];
    }
    return strokes;
  }

  private append(room: ChatRoom, change: (seq: number) => BoardChange): BoardChange {
    const log = this.log(room);
    const made = change(log.length + 1);
    log.push(made);
    return made;
  }

  join({ room, after }: ChatEventValue<'joinBoard'>): ChatAck<JoinBoardAck> {
    const log = this.log(room);
    if (after === undefined || after > log.length) {
      return { ok: true, reset: true, image: null, strokes: this.strokes(room), seq: log.length };
    }
    return { ok: true, reset: false, changes: log.slice(after), seq: log.length };
  }

  draw(
    caller: Caller,
    { room, stroke }: ChatEventValue<'drawStroke'>,
    broadcast: BoardBroadcast,
  ): ChatAck<DrawStrokeAck> {
    const stored = this.log(room).find(
      (change) => change.kind === 'stroke' && change.stroke.id === stroke.id,
    );
    if (stored?.kind === 'stroke') return { ok: true, seq: stored.stroke.seq };
    const made = this.append(room, (seq) => ({
      kind: 'stroke',
      stroke: { ...stroke, room, userId: caller.userId, seq },
    }));
    if (made.kind === 'stroke') broadcast(room, 'boardStroke', made.stroke);
    return { ok: true, seq: made.kind === 'stroke' ? made.stroke.seq : 0 };
  }

  progress(
    caller: Caller,
    progress: ChatEventValue<'strokeProgress'>,
    broadcast: BoardBroadcast,
  ): void {
    broadcast(progress.room, 'strokeProgress', { ...progress, userId: caller.userId }, true);
  }

  undo(
    caller: Caller,
    { room }: ChatEventValue<'undoStroke'>,
    broadcast: BoardBroadcast,
  ): ChatAck<UndoStrokeAck> {
    const last = this.strokes(room)
      .filter((stroke) => stroke.userId === caller.userId)
      .at(-1);
    if (!last) return fail(BOARD_MESSAGES.nothingToUndo);
    const made = this.append(room, (seq) => ({ kind: 'removed', id: last.id, seq }));
    const seq = made.kind === 'removed' ? made.seq : 0;
    broadcast(room, 'strokeRemoved', { room, id: last.id, seq });
    return { ok: true, id: last.id, seq };
  }

  clear({ room }: ChatEventValue<'clearBoard'>, broadcast: BoardBroadcast): ChatAck<ClearBoardAck> {
    const made = this.append(room, (seq) => ({ kind: 'cleared', seq }));
    const seq = made.kind === 'cleared' ? made.seq : 0;
    broadcast(room, 'boardCleared', { room, seq });
    return { ok: true, seq };
  }
}
