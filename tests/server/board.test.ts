// Both databases: concurrent strokes, undo and clear end the same on every board.
// (scripts/test.ts runs this file on PGlite and PostgreSQL.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_LIMITS,
  BOARD_MESSAGES,
  type BoardChange,
  type BoardStroke,
  type JoinBoardAck,
  type Stroke,
  type StrokeProgressEvent,
} from '../../contract/board';
import { CHAT_MESSAGES, type ChatAck } from '../../contract/chat';
import { COMPACT_TO } from '../../server/chat/board';
import { decodeBoardImage } from '../../server/chat/board-image';
import { buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { closeAll, connectChat, joinRoom, listen, userId, type ChatClient } from './helpers/chat';
import { uniqueEmail } from './helpers/firebase-emulator';

const ADMIN = uniqueEmail('board-admin');
const ACK_TIMEOUT_MS = 5_000;

let t: TestApp;
let url: string;
const open: ChatClient[] = [];

beforeAll(async () => {
  t = await buildAccountsApp({ adminEmails: [ADMIN] });
  url = await listen(t.app);
});

afterAll(async () => {
  closeAll(...open);
  await t?.close();
});

async function client(user: SignedIn): Promise<ChatClient> {
  const socket = await connectChat(url, user.accessToken);
  open.push(socket);
  return socket;
}

let signedInAdmin: Promise<SignedIn> | undefined;
/** The admin, signed in once (each address signs up once). */
function admin(): Promise<SignedIn> {
  signedInAdmin ??= signIn(t.app, ADMIN);
  return signedInAdmin;
}

async function user(label: string): Promise<SignedIn & { id: string }> {
  const signedIn = await signIn(t.app, label);
  return { ...signedIn, id: await userId(t.db, signedIn.email) };
}

function ok<T extends { ok: boolean }>(answer: T | { ok: false; error: string }): T {
  if (!answer.ok) throw new Error(`error ack: ${(answer as { error: string }).error}`);
  return answer as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let strokeCount = 0;
/** A valid stroke with a fresh id. */
function aStroke(overrides: Partial<Stroke> = {}): Stroke {
  strokeCount += 1;
  const at = strokeCount % 400;
  return {
    id: `stroke-${strokeCount}`,
    color: '#2244ee',
    size: 3,
    points: [
      [at, at],
      [at + 10.5, at + 20.25],
    ],
    ...overrides,
  };
}

const joinBoard = (socket: ChatClient, payload: unknown): Promise<ChatAck<JoinBoardAck>> =>
  socket.timeout(ACK_TIMEOUT_MS).emitWithAck('joinBoard', payload);
const draw = (socket: ChatClient, payload: unknown) =>
  socket.timeout(ACK_TIMEOUT_MS).emitWithAck('drawStroke', payload);
const drawIn = (socket: ChatClient, room: string, stroke: Stroke) => draw(socket, { room, stroke });
const undo = (socket: ChatClient, room: string) =>
  socket.timeout(ACK_TIMEOUT_MS).emitWithAck('undoStroke', { room });
const clear = (socket: ChatClient, room: string) =>
  socket.timeout(ACK_TIMEOUT_MS).emitWithAck('clearBoard', { room });

/** Rows of a room's log (what is stored). */
async function storedChanges(room: string): Promise<{ seq: number; kind: string; id: string }[]> {
  return t.db.query(
    `select seq::int as seq, kind, coalesce(stroke_id, '') as id from board_changes
     where room = $1 order by seq`,
    [room],
  );
}

const seqOf = (change: BoardChange) => (change.kind === 'stroke' ? change.stroke.seq : change.seq);

/**
 * A board as a client keeps it: events applied in seq order (one arriving ahead of a missing one
 * waits for it), anything at or below the board's seq dropped.
 */
class BoardModel {
  seq = -1;
  image: string | null = null;
  strokes = new Map<string, BoardStroke>();
  private pending = new Map<number, BoardChange>();

  constructor(socket: ChatClient) {
    socket.on('boardStroke', (stroke) => this.receive({ kind: 'stroke', stroke }));
    socket.on('strokeRemoved', ({ id, seq }) => this.receive({ kind: 'removed', id, seq }));
    socket.on('boardCleared', ({ seq }) => this.receive({ kind: 'cleared', seq }));
  }

  /** A joinBoard answer. */
  load(ack: JoinBoardAck): void {
    if (ack.reset) {
      this.image = ack.image;
      this.strokes = new Map(ack.strokes.map((stroke) => [stroke.id, stroke]));
      this.seq = ack.seq;
    } else {
      for (const change of ack.changes) this.receive(change);
      expect(this.seq).toBe(ack.seq);
    }
    this.drain();
  }

  receive(change: BoardChange): void {
    this.pending.set(seqOf(change), change);
    this.drain();
  }

  private drain(): void {
    if (this.seq < 0) return; // not loaded yet
    for (const seq of this.pending.keys()) if (seq <= this.seq) this.pending.delete(seq);
    for (let next = this.pending.get(this.seq + 1); next; next = this.pending.get(this.seq + 1)) {
      this.pending.delete(this.seq + 1);
      if (next.kind === 'stroke') this.strokes.set(next.stroke.id, next.stroke);
      else if (next.kind === 'removed') this.strokes.delete(next.id);
      else this.strokes.clear();
      this.seq += 1;
    }
  }

  /** Strokes in seq order. */
  view(): BoardStroke[] {
    return [...this.strokes.values()].sort((a, b) => a.seq - b.seq);
  }

  async reaches(seq: number): Promise<void> {
    for (let waited = 0; this.seq < seq; waited += 20) {
      if (waited > ACK_TIMEOUT_MS) throw new Error(`board at seq ${this.seq}, not ${seq}`);
      await sleep(20);
    }
  }
}

describe('drawing together', () => {
  it('concurrent strokes, an undo, a clear and more strokes: every board ends the same', async () => {
    const room = 'JavaScript';
    const [ann, bob, adminUser] = await Promise.all([user('ann'), user('bob'), admin()]);
    const [a, b, adm] = await Promise.all([client(ann), client(bob), client(adminUser)]);
    for (const socket of [a, b, adm]) ok(await joinRoom(socket, room));
    const atA = new BoardModel(a);
    const atB = new BoardModel(b);
    atA.load(ok(await joinBoard(a, room)));
    atB.load(ok(await joinBoard(b, { room })));
    expect(atA.view()).toEqual([]);

    // 15 each at once (within the burst of 20): distinct seqs, each stroke stored once.
    const first = await Promise.all([
      ...Array.from({ length: 15 }, () => drawIn(a, room, aStroke())),
      ...Array.from({ length: 15 }, () => drawIn(b, room, aStroke({ color: '#ef4444' }))),
    ]);
    const seqs = first.map((answer) => ok(answer).seq);
    expect(new Set(seqs).size).toBe(30);
    expect(Math.max(...seqs)).toBe(30);

    // Ann takes back her latest stroke.
    const annLatest = Math.max(...seqs.slice(0, 15));
    const undone = ok(await undo(a, room));
    expect(undone.seq).toBe(31);
    await atB.reaches(31);
    expect(atB.view().map((s) => s.seq)).not.toContain(annLatest);
    expect(atB.view()).toHaveLength(29);

    // The admin clears; then both draw again (at the per-second rate).
    expect(ok(await clear(adm, room)).seq).toBe(32);
    const more = await Promise.all([
      drawIn(a, room, aStroke({ size: 1 })),
      drawIn(b, room, aStroke({ size: 10, color: '#9333ea' })),
      drawIn(a, room, aStroke({ points: [[700, 500]] })),
    ]);
    const last = Math.max(...more.map((answer) => ok(answer).seq));
    expect(last).toBe(35);

    await Promise.all([atA.reaches(last), atB.reaches(last)]);
    const fresh = ok(await joinBoard(adm, room));
    if (!fresh.reset) throw new Error('a join without `after` answers the whole board');
    expect(fresh.seq).toBe(last);
    expect(fresh.image).toBeNull();
    expect(fresh.strokes).toHaveLength(3);
    expect(atA.view()).toEqual(fresh.strokes);
    expect(atB.view()).toEqual(fresh.strokes);
    expect(fresh.strokes.map((s) => s.userId).sort()).toEqual([ann.id, ann.id, bob.id].sort());
  });

  it('a client coming back gets exactly what it missed, in order', async () => {
    const room = 'PHP';
    const [cat, dan, adminUser] = await Promise.all([user('cat'), user('dan'), admin()]);
    const [c, d, adm] = await Promise.all([client(cat), client(dan), client(adminUser)]);
    for (const socket of [c, d, adm]) ok(await joinRoom(socket, room));
    const atC = new BoardModel(c);
    atC.load(ok(await joinBoard(c, room)));
    ok(await drawIn(c, room, aStroke()));
    const seen = ok(await drawIn(c, room, aStroke())).seq;
    await atC.reaches(seen);
    c.disconnect();

    const missed = [
      ok(await drawIn(d, room, aStroke())).seq,
      ok(await drawIn(d, room, aStroke())).seq,
      ok(await drawIn(d, room, aStroke())).seq,
      ok(await undo(d, room)).seq,
    ];

    const c2 = await client(cat);
    ok(await joinRoom(c2, room));
    const since = ok(await joinBoard(c2, { room, after: seen }));
    if (since.reset) throw new Error('expected the changes since');
    expect(since.changes.map(seqOf)).toEqual(missed);
    expect(since.changes.map((change) => change.kind)).toEqual([
      'stroke',
      'stroke',
      'stroke',
      'removed',
    ]);
    expect(since.seq).toBe(missed[3]);
    atC.load(since);
    const fresh = ok(await joinBoard(adm, room));
    if (!fresh.reset) throw new Error('a join without `after` answers the whole board');
    expect(atC.view()).toEqual(fresh.strokes);
    expect(fresh.strokes).toHaveLength(4);

    // Up to date: nothing. A seq the board never had: the whole board.
    expect(ok(await joinBoard(c2, { room, after: since.seq }))).toEqual({
      ok: true,
      reset: false,
      changes: [],
      seq: since.seq,
    });
    expect(ok(await joinBoard(c2, { room, after: since.seq + 5 }))).toMatchObject({
      reset: true,
      seq: since.seq,
    });

    // Across a clear: what came before it is gone, so the whole board (the strokes since).
    const cleared = ok(await clear(adm, room)).seq;
    const after = ok(await drawIn(d, room, aStroke())).seq;
    const across = ok(await joinBoard(c2, { room, after: seen }));
    if (!across.reset) throw new Error('expected the whole board');
    expect(across.strokes.map((s) => s.seq)).toEqual([after]);
    expect(ok(await joinBoard(c2, { room, after: cleared - 1 }))).toMatchObject({
      reset: false,
      changes: [{ kind: 'cleared', seq: cleared }, { kind: 'stroke' }],
    });
  });
});

describe('rules', () => {
  it('refuses bad strokes, strokes outside the room, and stores nothing', async () => {
    const room = 'Python';
    const eve = await user('eve');
    const e = await client(eve);
    const valid = aStroke();
    expect(await drawIn(e, room, valid)).toEqual({ ok: false, error: CHAT_MESSAGES.notInRoom });
    expect(await joinBoard(e, room)).toEqual({ ok: false, error: CHAT_MESSAGES.notInRoom });
    ok(await joinRoom(e, room));

    const { id: _id, ...withoutId } = valid;
    const bad: unknown[] = [
      { room, stroke: { ...valid, color: '#000000' } },
      { room, stroke: { ...valid, size: 0 } },
      { room, stroke: { ...valid, size: 11 } },
      { room, stroke: { ...valid, size: 2.5 } },
      { room, stroke: { ...valid, points: [[701, 10]] } },
      { room, stroke: { ...valid, points: [[10, 500.5]] } },
      { room, stroke: { ...valid, points: [[-1, 0]] } },
      { room, stroke: { ...valid, points: [] } },
      { room, stroke: { ...valid, points: Array.from({ length: 2001 }, () => [0, 0]) } },
      { room, stroke: withoutId },
      { room, stroke: { ...valid, id: '' } },
      { room, stroke: { ...valid, id: 'x'.repeat(BOARD_LIMITS.maxIdLength + 1) } },
      { room, stroke: { ...valid, extra: true } },
      { room: 'Rust', stroke: valid },
      { stroke: valid },
      'nonsense',
    ];
    for (const payload of bad) {
      expect(await draw(e, payload)).toEqual({ ok: false, error: BOARD_MESSAGES.badStroke });
    }
    expect(await storedChanges(room)).toEqual([]);

    // The most points there may be.
    const longest = aStroke({ points: Array.from({ length: 2000 }, () => [0, 0]) });
    ok(await drawIn(e, room, longest));
  });

  it('stores a retried stroke (same id) once', async () => {
    const room = 'Python';
    const fay = await user('fay');
    const f = await client(fay);
    ok(await joinRoom(f, room));
    const stroke = aStroke();
    const first = ok(await drawIn(f, room, stroke));
    expect(ok(await drawIn(f, room, stroke))).toEqual(first);
    expect(ok(await drawIn(f, room, { ...stroke, color: '#16a34a' }))).toEqual(first);
    expect((await storedChanges(room)).filter((row) => row.id === stroke.id)).toEqual([
      { seq: first.seq, kind: 'stroke', id: stroke.id },
    ]);
  });

  it('undo takes back only the caller’s own strokes; only admins clear', async () => {
    const room = 'Python';
    const [gus, hal] = await Promise.all([user('gus'), user('hal')]);
    const [g, h] = await Promise.all([client(gus), client(hal)]);
    ok(await joinRoom(g, room));
    ok(await joinRoom(h, room));
    expect(await undo(g, room)).toEqual({ ok: false, error: BOARD_MESSAGES.nothingToUndo });
    const mine = aStroke();
    ok(await drawIn(g, room, mine));
    ok(await drawIn(h, room, aStroke()));
    const removed = nextRemoved(h);
    expect(ok(await undo(g, room))).toMatchObject({ id: mine.id });
    expect((await removed).id).toBe(mine.id);
    expect(await undo(g, room)).toEqual({ ok: false, error: BOARD_MESSAGES.nothingToUndo });
    expect(await undo(g, 'PHP')).toEqual({ ok: false, error: CHAT_MESSAGES.notInRoom });

    const before = await storedChanges(room);
    expect(await clear(h, room)).toEqual({ ok: false, error: BOARD_MESSAGES.adminsOnly });
    expect(await storedChanges(room)).toEqual(before);
  });

  it(`allows a burst of ${BOARD_LIMITS.strokeBurst} strokes, then refuses`, async () => {
    const room = 'Java';
    const ivy = await user('ivy');
    const i = await client(ivy);
    ok(await joinRoom(i, room));
    // 30 at once: 20, and one more per 100 ms the server took to read them (PGlite runs in the
    // server's thread).
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 30 }, () => drawIn(i, room, aStroke())));
    const took = Date.now() - started;
    const allowed = answers.filter((answer) => answer.ok).length;
    expect(allowed).toBeGreaterThanOrEqual(BOARD_LIMITS.strokeBurst);
    expect(allowed).toBeLessThanOrEqual(BOARD_LIMITS.strokeBurst + Math.ceil(took / 100));
    expect(answers.filter((answer) => !answer.ok)).toEqual(
      Array.from({ length: 30 - allowed }, () => ({
        ok: false,
        error: BOARD_MESSAGES.rateLimited,
      })),
    );
    expect(await storedChanges(room)).toHaveLength(allowed);
    // Then one every 100 ms.
    await sleep(150);
    ok(await drawIn(i, room, aStroke()));
  });

  it(`draws the oldest strokes into the image beyond ${BOARD_LIMITS.maxStrokesPerBoard}`, async () => {
    const room = 'C#';
    const [jo, kay] = await Promise.all([user('jo'), user('kay')]);
    const j = await client(jo);
    ok(await joinRoom(j, room));
    // A board of 2000 strokes by Kay, 5 px lines 10 px apart: stroke n at (n % 70, n / 70) × 10.
    const full = BOARD_LIMITS.maxStrokesPerBoard;
    await t.db.query(
      `insert into board_changes (room, seq, kind, stroke_id, user_id, stroke)
       select $1, n, 'stroke', 'old-' || n, $2, jsonb_build_object(
         'color', '#111827', 'size', 4, 'points', jsonb_build_array(
           jsonb_build_array((n % 70) * 10, (n / 70) * 10),
           jsonb_build_array((n % 70) * 10 + 5, (n / 70) * 10 + 5)))
       from generate_series(1, $3::int) n`,
      [room, kay.id, full],
    );
    await t.db.query('update boards set last_seq = $2, live_strokes = $3 where room = $1', [
      room,
      full,
      full,
    ]);

    const drawn = ok(await drawIn(j, room, aStroke())).seq;
    expect(drawn).toBe(full + 1);
    let board = ok(await joinBoard(j, room));
    for (let waited = 0; board.reset && board.image === null; waited += 50) {
      if (waited > 10_000) throw new Error('no compaction');
      await sleep(50);
      board = ok(await joinBoard(j, room));
    }
    if (!board.reset) throw new Error('a join without `after` answers the whole board');
    const compacted = full + 1 - COMPACT_TO;
    expect(board.seq).toBe(drawn);
    expect(board.strokes).toHaveLength(COMPACT_TO);
    expect(board.strokes[0]?.seq).toBe(compacted + 1);
    expect((await storedChanges(room))[0]?.seq).toBe(compacted + 1);

    // Stroke 1 (10,0)–(15,5) is in the image, in its colour; stroke 600 (400,80) is not.
    const pixels = decodeBoardImage(board.image ?? '');
    const at = (x: number, y: number) => [
      ...pixels.subarray((y * 700 + x) * 4, (y * 700 + x) * 4 + 4),
    ];
    expect(at(12, 2)).toEqual([0x11, 0x18, 0x27, 255]);
    expect(at(402, 82)).toEqual([0, 0, 0, 0]);

    // A client that last saw a compacted seq gets the whole board; a later one what followed.
    expect(ok(await joinBoard(j, { room, after: 100 }))).toMatchObject({ reset: true });
    const since = ok(await joinBoard(j, { room, after: compacted }));
    expect(since.reset).toBe(false);
    expect(ok(await joinBoard(j, { room, after: drawn }))).toMatchObject({ changes: [] });

    // Should compaction fail, a board stops at twice the limit.
    await t.db.query('update boards set live_strokes = $2 where room = $1', [room, 2 * full]);
    expect(await drawIn(j, room, aStroke())).toEqual({
      ok: false,
      error: BOARD_MESSAGES.boardFull,
    });
  });
});

describe('a deleted account', () => {
  it('its strokes stay on the board; its next stroke ends its session', async () => {
    const room = 'Java';
    const [amy, ben] = await Promise.all([user('amy'), user('ben')]);
    const [m, n] = await Promise.all([client(amy), client(ben)]);
    ok(await joinRoom(m, room));
    ok(await joinRoom(n, room));
    const stroke = aStroke();
    ok(await drawIn(m, room, stroke));
    const gone = new Promise<string>((resolve) => m.once('disconnect', resolve));
    // Removed behind the chat's back (no admin route, so nothing disconnected it).
    await t.db.query('delete from users where id = $1', [amy.id]);
    expect(await drawIn(m, room, aStroke())).toEqual({ ok: false, error: CHAT_MESSAGES.badToken });
    expect(await gone).toBe('io server disconnect');
    const board = ok(await joinBoard(n, room));
    if (!board.reset) throw new Error('a join without `after` answers the whole board');
    expect(board.strokes.find((s) => s.id === stroke.id)).toMatchObject({ userId: '' });
  });
});

function nextRemoved(socket: ChatClient): Promise<{ id: string; seq: number }> {
  return new Promise((resolve) => socket.once('strokeRemoved', resolve));
}

describe('strokes being drawn', () => {
  it('reach the others in the room, not the sender; nothing is stored', async () => {
    const room = 'TypeScript';
    const [kim, lee, max] = await Promise.all([user('kim'), user('lee'), user('max')]);
    const [k, l, m] = await Promise.all([client(kim), client(lee), client(max)]);
    ok(await joinRoom(k, room));
    ok(await joinRoom(l, room));
    ok(await joinRoom(m, 'C#'));
    const atK: StrokeProgressEvent[] = [];
    const atM: StrokeProgressEvent[] = [];
    k.on('strokeProgress', (event) => atK.push(event));
    m.on('strokeProgress', (event) => atM.push(event));
    const atL = new Promise<StrokeProgressEvent>((resolve) => l.once('strokeProgress', resolve));

    const progress = { room, ...aStroke() };
    k.emit('strokeProgress', { ...progress, color: 'pink' }); // not valid: dropped
    k.emit('strokeProgress', progress);
    expect(await atL).toEqual({ ...progress, userId: kim.id });
    // Outside the room: dropped.
    m.emit('strokeProgress', progress);
    // An acked round trip on each: anything sent to them before it has arrived.
    await Promise.all([joinBoard(k, room), joinBoard(m, 'C#')]);
    expect(atK).toEqual([]);
    expect(atM).toEqual([]);
    expect(await storedChanges(room)).toEqual([]);
  });
});
