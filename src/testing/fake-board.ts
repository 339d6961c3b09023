// The fake chat server's boards (src/testing/fake-chat-socket.ts): each room's changes in `seq`
// order, answered as contract/board.ts says, through the contract's own rules and schemas.
import {
  BOARD_MESSAGES,
  checkStroke,
  clearBoardPayloadSchema,
  joinBoardPayloadSchema,
  strokeProgressPayloadSchema,
  undoStrokePayloadSchema,
  type BoardChange,
  type BoardStroke,
  type ClearBoardAck,
  type DrawStrokeAck,
  type JoinBoardAck,
  type StrokeProgressEvent,
  type UndoStrokeAck,
} from '@contract/board';
import { CHAT_MESSAGES, type ChatAck, type ChatRoom } from '@contract/chat';

type Caller = { userId: string; role: string; rooms: ReadonlySet<ChatRoom> };
type Broadcast = (room: ChatRoom, event: string, payload: unknown, exceptSender?: boolean) => void;

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

  join(caller: Caller, payload: unknown): ChatAck<JoinBoardAck> {
    const parsed = joinBoardPayloadSchema.safeParse(payload);
    if (!parsed.success) return fail(CHAT_MESSAGES.unknownRoom);
    const { room, after } = parsed.data;
    if (!caller.rooms.has(room)) return fail(CHAT_MESSAGES.notInRoom);
    const log = this.log(room);
    if (after === undefined || after > log.length) {
      return { ok: true, reset: true, image: null, strokes: this.strokes(room), seq: log.length };
    }
    return { ok: true, reset: false, changes: log.slice(after), seq: log.length };
  }

  draw(caller: Caller, payload: unknown, broadcast: Broadcast): ChatAck<DrawStrokeAck> {
    const checked = checkStroke(payload);
    if (!checked.ok) return fail(checked.error);
    const { room, stroke } = checked;
    if (!caller.rooms.has(room)) return fail(CHAT_MESSAGES.notInRoom);
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

  progress(caller: Caller, payload: unknown, broadcast: Broadcast): void {
    const parsed = strokeProgressPayloadSchema.safeParse(payload);
    if (!parsed.success || !caller.rooms.has(parsed.data.room)) return;
    const event: StrokeProgressEvent = { ...parsed.data, userId: caller.userId };
    broadcast(parsed.data.room, 'strokeProgress', event, true);
  }

  undo(caller: Caller, payload: unknown, broadcast: Broadcast): ChatAck<UndoStrokeAck> {
    const parsed = undoStrokePayloadSchema.safeParse(payload);
    if (!parsed.success) return fail(CHAT_MESSAGES.badRequest);
    const { room } = parsed.data;
    if (!caller.rooms.has(room)) return fail(CHAT_MESSAGES.notInRoom);
    const last = this.strokes(room)
      .filter((stroke) => stroke.userId === caller.userId)
      .at(-1);
    if (!last) return fail(BOARD_MESSAGES.nothingToUndo);
    const made = this.append(room, (seq) => ({ kind: 'removed', id: last.id, seq }));
    const seq = made.kind === 'removed' ? made.seq : 0;
    broadcast(room, 'strokeRemoved', { room, id: last.id, seq });
    return { ok: true, id: last.id, seq };
  }

  clear(caller: Caller, payload: unknown, broadcast: Broadcast): ChatAck<ClearBoardAck> {
    const parsed = clearBoardPayloadSchema.safeParse(payload);
    if (!parsed.success) return fail(CHAT_MESSAGES.badRequest);
    if (caller.role !== 'admin') return fail(BOARD_MESSAGES.adminsOnly);
    const { room } = parsed.data;
    if (!caller.rooms.has(room)) return fail(CHAT_MESSAGES.notInRoom);
    const made = this.append(room, (seq) => ({ kind: 'cleared', seq }));
    const seq = made.kind === 'cleared' ? made.seq : 0;
    broadcast(room, 'boardCleared', { room, seq });
    return { ok: true, seq };
  }
}
