import type { BoardChange, BoardStroke, Stroke } from '../../../contract/board';
import { BOARD_LIMITS } from '../../../contract/board';
import type { ChatRoom } from '../../../contract/chat';
import type { Db, Queryable } from '../client';

/**
 * The rooms' whiteboards (migration 011): an append-only log of changes per room, numbered by
 * `seq`. Every write locks the room's `boards` row (`for update`) to take the next seq, so writers
 * on any process get distinct, increasing seqs and commit in seq order. Rooms and strokes passed
 * in here are already validated (contract/board.ts's checkStroke).
 */

type BoardRow = {
  last_seq: string | number;
  cleared_seq: string | number;
  live_strokes: number;
  image: string | null;
  compacted_seq: string | number;
};

type ChangeRow = {
  seq: string | number;
  kind: 'stroke' | 'removed' | 'cleared';
  stroke_id: string | null;
  user_id: string | null;
  stroke: Pick<Stroke, 'color' | 'size' | 'points'> | null;
};

const BOARD_COLUMNS = 'last_seq, cleared_seq, live_strokes, image, compacted_seq';
const CHANGE_COLUMNS = 'seq, kind, stroke_id, user_id, stroke';

/** The live strokes (after the last clear, not taken back by `upTo`) with seq in (after, upTo]. */
const LIVE_STROKES = `
  from board_changes s
  where s.room = $1 and s.kind = 'stroke' and s.seq > $2 and s.seq <= $3
    and not exists (
      select 1 from board_changes r
      where r.room = s.room and r.kind = 'removed' and r.stroke_id = s.stroke_id and r.seq <= $3)`;

function toStroke(room: ChatRoom, row: ChangeRow): BoardStroke {
  if (row.stroke === null || row.stroke_id === null) throw new Error('not a stroke change');
  return {
    id: row.stroke_id,
    color: row.stroke.color,
    size: row.stroke.size,
    points: row.stroke.points,
    room,
    // Null once the drawer's account is deleted: the stroke stays, its drawer is unknown.
    userId: row.user_id ?? '',
    seq: Number(row.seq),
  };
}

function toChange(room: ChatRoom, row: ChangeRow): BoardChange {
  const seq = Number(row.seq);
  if (row.kind === 'stroke') return { kind: 'stroke', stroke: toStroke(room, row) };
  if (row.kind === 'removed') return { kind: 'removed', id: row.stroke_id ?? '', seq };
  return { kind: 'cleared', seq };
}

/** The room's board row, as committed now (a snapshot: every change up to last_seq is in). */
async function readBoard(db: Queryable, room: ChatRoom) {
  const [row] = await db.query<BoardRow>(`select ${BOARD_COLUMNS} from boards where room = $1`, [
    room,
  ]);
  if (!row) throw new Error(`no board for room ${room}`);
  return boardOf(row);
}

function boardOf(row: BoardRow) {
  return {
    lastSeq: Number(row.last_seq),
    clearedSeq: Number(row.cleared_seq),
    liveStrokes: row.live_strokes,
    image: row.image,
    compactedSeq: Number(row.compacted_seq),
  };
}

/**
 * Locks the room's board row for the rest of the transaction. Read on its own: on PostgreSQL a
 * statement that waited for the lock sees the locked row's new version but other tables as they
 * were when it started, so what depends on the board is read by later statements.
 */
async function lockBoard(tx: Queryable, room: ChatRoom) {
  const [row] = await tx.query<BoardRow>(
    `select ${BOARD_COLUMNS} from boards where room = $1 for update`,
    [room],
  );
  if (!row) throw new Error(`no board for room ${room}`);
  return boardOf(row);
}

export type BoardSnapshot = { image: string | null; strokes: BoardStroke[]; seq: number };

/** The board as it is: its image, its live strokes (after the last clear, not taken back) in seq order, and its seq. */
export async function boardSnapshot(db: Queryable, room: ChatRoom): Promise<BoardSnapshot> {
  const board = await readBoard(db, room);
  // Up to the seq just read: a change committed since is left to its event.
  const rows = await db.query<ChangeRow>(
    `select ${CHANGE_COLUMNS} ${LIVE_STROKES} order by s.seq`,
    [room, board.clearedSeq, board.lastSeq],
  );
  return {
    image: board.image,
    strokes: rows.map((row) => toStroke(room, row)),
    seq: board.lastSeq,
  };
}

/**
 * Every change after seq `after`, in order, and the board's seq; undefined when the log no longer
 * holds them all (compacted, or `after` is a seq the board never had): the client then needs the
 * whole board.
 */
export async function boardChangesAfter(
  db: Queryable,
  room: ChatRoom,
  after: number,
): Promise<{ changes: BoardChange[]; seq: number } | undefined> {
  const board = await readBoard(db, room);
  if (after < board.compactedSeq || after > board.lastSeq) return undefined;
  const rows = await db.query<ChangeRow>(
    `select ${CHANGE_COLUMNS} from board_changes
     where room = $1 and seq > $2 and seq <= $3
     order by seq`,
    [room, after, board.lastSeq],
  );
  return { changes: rows.map((row) => toChange(room, row)), seq: board.lastSeq };
}

export type AddStrokeResult =
  /** Stored; `liveStrokes` are on the board now, this one included. */
  | { outcome: 'added'; stroke: BoardStroke; liveStrokes: number }
  /** A retry: the stroke with this id was stored before, at `seq`. Nothing new is stored. */
  | { outcome: 'stored-before'; seq: number }
  /** The board holds MAX_LIVE_STROKES strokes already (its compaction is failing). */
  | { outcome: 'full' };

/**
 * The most strokes a board holds. Beyond BOARD_LIMITS.maxStrokesPerBoard the oldest are drawn
 * into its image (compactBoard), after the stroke that went beyond was stored; this cap only
 * matters while that fails.
 */
export const MAX_LIVE_STROKES = 2 * BOARD_LIMITS.maxStrokesPerBoard;

/** Appends a stroke to the room's log (once per stroke id), unless the board is full. */
export async function addBoardStroke(
  db: Pick<Db, 'transaction'>,
  input: { room: ChatRoom; userId: string; stroke: Stroke },
): Promise<AddStrokeResult> {
  const { room, userId, stroke } = input;
  return db.transaction(async (tx) => {
    const board = await lockBoard(tx, room);
    // After the lock: a concurrent retry of the same id has committed by now, or waits for us.
    const [before] = await tx.query<{ seq: string | number }>(
      `select seq from board_changes where room = $1 and stroke_id = $2 and kind = 'stroke'`,
      [room, stroke.id],
    );
    if (before) return { outcome: 'stored-before', seq: Number(before.seq) };
    if (board.liveStrokes >= MAX_LIVE_STROKES) return { outcome: 'full' };
    const seq = board.lastSeq + 1;
    const [row] = await tx.query<ChangeRow>(
      `insert into board_changes (room, seq, kind, stroke_id, user_id, stroke)
       values ($1, $2, 'stroke', $3, $4, $5::jsonb)
       returning ${CHANGE_COLUMNS}`,
      [
        room,
        seq,
        stroke.id,
        userId,
        JSON.stringify({ color: stroke.color, size: stroke.size, points: stroke.points }),
      ],
    );
    await tx.query(
      'update boards set last_seq = $2, live_strokes = live_strokes + 1 where room = $1',
      [room, seq],
    );
    if (!row) throw new Error('board stroke insert returned nothing');
    return { outcome: 'added', stroke: toStroke(room, row), liveStrokes: board.liveStrokes + 1 };
  });
}

/**
 * Takes back the user's latest live stroke in the room (a 'removed' change); undefined when they
 * have none on the board.
 */
export async function undoBoardStroke(
  db: Pick<Db, 'transaction'>,
  input: { room: ChatRoom; userId: string },
): Promise<{ id: string; seq: number } | undefined> {
  const { room, userId } = input;
  return db.transaction(async (tx) => {
    const board = await lockBoard(tx, room);
    const [latest] = await tx.query<{ stroke_id: string }>(
      `select s.stroke_id from board_changes s
       where s.room = $1 and s.user_id = $2 and s.kind = 'stroke' and s.seq > $3
         and not exists (
           select 1 from board_changes r
           where r.room = s.room and r.kind = 'removed' and r.stroke_id = s.stroke_id)
       order by s.seq desc
       limit 1`,
      [room, userId, board.clearedSeq],
    );
    if (!latest) return undefined;
    const seq = board.lastSeq + 1;
    await tx.query(
      `insert into board_changes (room, seq, kind, stroke_id, user_id)
       values ($1, $2, 'removed', $3, $4)`,
      [room, seq, latest.stroke_id, userId],
    );
    await tx.query(
      'update boards set last_seq = $2, live_strokes = live_strokes - 1 where room = $1',
      [room, seq],
    );
    return { id: latest.stroke_id, seq };
  });
}

/**
 * Clears the room's board (a 'cleared' change). What came before it no longer matters to anyone:
 * it leaves the log, and a client that last saw a seq before the clear gets the whole board.
 */
export async function clearBoard(
  db: Pick<Db, 'transaction'>,
  input: { room: ChatRoom; userId: string },
): Promise<{ seq: number }> {
  const { room, userId } = input;
  return db.transaction(async (tx) => {
    const board = await lockBoard(tx, room);
    const seq = board.lastSeq + 1;
    await tx.query(
      `insert into board_changes (room, seq, kind, user_id) values ($1, $2, 'cleared', $3)`,
      [room, seq, userId],
    );
    await tx.query('delete from board_changes where room = $1 and seq < $2', [room, seq]);
    await tx.query(
      `update boards
       set last_seq = $2, cleared_seq = $2, live_strokes = 0, image = null, compacted_seq = $3
       where room = $1`,
      [room, seq, seq - 1],
    );
    return { seq };
  });
}

/** Paints strokes, oldest first, onto a board's image (null: a blank one); the new image. */
export type PaintBoard = (
  image: string | null,
  strokes: Pick<Stroke, 'color' | 'size' | 'points'>[],
) => Promise<string>;

/**
 * When the board holds more than BOARD_LIMITS.maxStrokesPerBoard strokes, draws its oldest into
 * its image until `keep` are left. What the log held up to the newest of them leaves it (a client
 * that last saw a seq before it gets the whole board), and they can no longer be taken back.
 * Painted before the board is locked (it takes a while); stored only if nothing that painting
 * depends on changed meanwhile (another compaction, a clear, one of them taken back), else left
 * for the next stroke beyond the limit. Returns how many strokes were drawn.
 */
export async function compactBoard(
  db: Db,
  input: { room: ChatRoom; keep: number; paint: PaintBoard },
): Promise<number> {
  const { room, keep, paint } = input;
  const board = await readBoard(db, room);
  if (board.liveStrokes <= BOARD_LIMITS.maxStrokesPerBoard) return 0;
  const oldest = await db.query<ChangeRow>(
    `select ${CHANGE_COLUMNS} ${LIVE_STROKES} order by s.seq limit $4`,
    [room, board.clearedSeq, board.lastSeq, board.liveStrokes - keep],
  );
  const newest = oldest.at(-1);
  if (!newest) return 0;
  const upTo = Number(newest.seq);
  const image = await paint(
    board.image,
    oldest.map((row) => toStroke(room, row)),
  );
  return db.transaction(async (tx) => {
    const now = await lockBoard(tx, room);
    // Every compaction and clear moves compacted_seq on: the image painted on is still the board's.
    if (now.compactedSeq !== board.compactedSeq) return 0;
    const [still] = await tx.query<{ count: number }>(
      `select count(*)::int as count ${LIVE_STROKES}`,
      [room, now.clearedSeq, upTo],
    );
    if (still?.count !== oldest.length) return 0;
    await tx.query('delete from board_changes where room = $1 and seq <= $2', [room, upTo]);
    await tx.query(
      `update boards set image = $2, compacted_seq = $3, live_strokes = live_strokes - $4
       where room = $1`,
      [room, image, upTo, oldest.length],
    );
    return oldest.length;
  });
}

/** Makes the room's board row if it has none yet: a course room's, on its first join (D61). */
export async function ensureBoard(db: Queryable, room: ChatRoom): Promise<void> {
  await db.query('insert into boards (room) values ($1) on conflict (room) do nothing', [room]);
}
