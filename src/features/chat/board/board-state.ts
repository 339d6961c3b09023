import type {
  BoardChange,
  BoardStroke,
  JoinBoardAck,
  Stroke,
  StrokeProgressEvent,
} from '@contract/board';

/**
 * A room's board as this client holds it (issue 17 §1): the strokes the server ordered (`seq`),
 * the user's own strokes sent but not yet ordered, and what others are drawing right now. Every
 * change the server orders has the next `seq`: one already applied is skipped (nothing drawn
 * twice) and a gap means something was missed (`stale`: ask again from `seq`).
 */
export type BoardState = {
  /** A PNG data URL of strokes the server compacted, drawn under the strokes. */
  image: string | null;
  strokes: BoardStroke[];
  /** The last change applied (0: none yet). */
  seq: number;
  /** Own strokes drawn and sent, not yet on the board; by id. */
  pending: Stroke[];
  /** Strokes others are drawing now: the points so far, by stroke id. */
  live: Record<string, StrokeProgressEvent>;
  /** A change came with a seq past the next one: the client must ask for what it missed. */
  stale: boolean;
  /** Until the first joinBoard answer, nothing is shown. */
  loaded: boolean;
};

export const initialBoardState: BoardState = {
  image: null,
  strokes: [],
  seq: 0,
  pending: [],
  live: {},
  stale: false,
  loaded: false,
};

export type BoardAction =
  | { type: 'joined'; answer: Extract<JoinBoardAck, { ok: true }> }
  | { type: 'change'; change: BoardChange }
  | { type: 'progress'; event: StrokeProgressEvent }
  | { type: 'sent'; stroke: Stroke }
  | { type: 'sendFailed'; id: string }
  | { type: 'left' };

const seqOf = (change: BoardChange) => (change.kind === 'stroke' ? change.stroke.seq : change.seq);

function withoutLive(live: BoardState['live'], id: string): BoardState['live'] {
  if (!(id in live)) return live;
  const { [id]: _done, ...rest } = live;
  return rest;
}

function apply(state: BoardState, change: BoardChange): BoardState {
  const seq = seqOf(change);
  if (seq <= state.seq) return state;
  if (seq > state.seq + 1) return { ...state, stale: true };
  switch (change.kind) {
    case 'stroke':
      return {
        ...state,
        seq,
        strokes: [...state.strokes, change.stroke],
        pending: state.pending.filter((stroke) => stroke.id !== change.stroke.id),
        live: withoutLive(state.live, change.stroke.id),
      };
    case 'removed':
      return { ...state, seq, strokes: state.strokes.filter((stroke) => stroke.id !== change.id) };
    case 'cleared':
      return { ...state, seq, image: null, strokes: [], live: {} };
  }
}

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'joined': {
      const { answer } = action;
      if (answer.reset) {
        const ids = new Set(answer.strokes.map((stroke) => stroke.id));
        return {
          ...state,
          image: answer.image,
          strokes: answer.strokes,
          seq: answer.seq,
          pending: state.pending.filter((stroke) => !ids.has(stroke.id)),
          stale: false,
          loaded: true,
        };
      }
      let next: BoardState = { ...state, stale: false, loaded: true };
      for (const change of answer.changes) next = apply(next, change);
      return next;
    }
    case 'change':
      return apply(state, action.change);
    case 'progress': {
      const { event } = action;
      // A stroke already finished (its progress arrived late) is not drawn again.
      if (state.strokes.some((stroke) => stroke.id === event.id)) return state;
      const before = state.live[event.id];
      const points = before ? [...before.points, ...event.points] : event.points;
      return { ...state, live: { ...state.live, [event.id]: { ...event, points } } };
    }
    case 'sent':
      return { ...state, pending: [...state.pending, action.stroke] };
    case 'sendFailed':
      return { ...state, pending: state.pending.filter((stroke) => stroke.id !== action.id) };
    case 'left':
      // Others' strokes in progress will not be finished for us: the next join resends the board.
      return { ...state, live: {} };
  }
}

/** The user's own strokes on the board, newest last (what Undo takes back first). */
export const ownStrokes = (state: BoardState, userId: string | null) =>
  state.strokes.filter((stroke) => stroke.userId === userId);
