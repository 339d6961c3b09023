// A room's shared board under load (issue 17, "Measure"): the product server (buildApp, PGlite,
// no Redis) alone in a child process; 30 socket.io clients (websocket) in this process, each a
// user of its own, in one room with its board open. For 30 s each draws a stroke of 100 points
// every 2 s (staggered): its points go out as progress events every 30 ms while it is "drawn"
// (300 ms), then the finished stroke. Measured:
//  - stroke latency: drawStroke sent → boardStroke received, at each of the other 29 clients,
//    both ends on this process's clock; p50/p99 over every reception (goal p99 < 100 ms);
//  - lost: strokes the server acked that a client never received (goal 0);
//  - the final boards: each client's board (the strokes it applied, in seq order) hashed, and
//    compared with each other and with a fresh joinBoard (goal: all identical).
// Usage: npx tsx bench/board.ts (BENCH_BOARD_S shortens a trial run).
import { createHash, randomBytes } from 'node:crypto';
import { io as ioClient, type Socket } from 'socket.io-client';
import type { BoardStroke, JoinBoardAck, Stroke } from '../contract/board';
import type { ChatAck, JoinRoomAck } from '../contract/chat';
import type { ChatClientToServerEvents, ChatServerToClientEvents } from '../contract/chat-events';
import { createAccessTokens } from '../server/auth/access-token';
import { percentile } from './lib/bench-db';
import { startChildServer, stopChildServer, type ChildServer } from './lib/child-server';
import { benchUidOf, serveChatBench } from './lib/chat-bench-server';
import { sleep } from './lib/format';

const CLIENTS = 30;
const ROOM = 'TypeScript';
const DURATION_MS = Number(process.env.BENCH_BOARD_S ?? 30) * 1000;
const STROKE_EVERY_MS = 2_000;
const POINTS = 100;
const PROGRESS_MS = 30;
const DRAW_MS = 300;
const P99_GOAL_MS = 100;
const ACK_TIMEOUT_MS = 5_000;

const emailOf = (i: number) => `bench-board-${i}@example.test`;

type Client = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;
type Drawer = {
  index: number;
  socket: Client;
  /** The strokes this client applied, by seq (the board as it holds it). */
  board: Map<number, string>;
  received: Set<string>;
};

// ---- the server (child process) -----------------------------------------------------------------

const serve = () => serveChatBench(CLIENTS, emailOf);

// ---- the clients (this process) -------------------------------------------------------------

/** When each stroke was sent (by id), to measure its arrival at the others. */
const sentAt = new Map<string, number>();
const latencies: number[] = [];
const acked = new Map<string, number>();
let refused = 0;

async function connect(url: string, token: string, index: number): Promise<Drawer> {
  const socket: Client = ioClient(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { token, name: `Drawer ${index}` },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const joined: ChatAck<JoinRoomAck> = await socket
    .timeout(ACK_TIMEOUT_MS)
    .emitWithAck('joinRoom', ROOM);
  if (!joined.ok) throw new Error(joined.error);
  const drawer: Drawer = { index, socket, board: new Map(), received: new Set() };
  socket.on('boardStroke', (stroke: BoardStroke) => {
    const at = performance.now();
    const sent = sentAt.get(stroke.id);
    if (sent !== undefined && !stroke.id.startsWith(`d${index}-`)) latencies.push(at - sent);
    drawer.received.add(stroke.id);
    drawer.board.set(stroke.seq, stroke.id);
  });
  const board: ChatAck<JoinBoardAck> = await socket
    .timeout(ACK_TIMEOUT_MS)
    .emitWithAck('joinBoard', { room: ROOM });
  if (!board.ok) throw new Error(board.error);
  if (board.reset) for (const stroke of board.strokes) drawer.board.set(stroke.seq, stroke.id);
  return drawer;
}

/** A wavy line of POINTS points, somewhere on the board. */
function strokePoints(index: number, n: number): [number, number][] {
  const y0 = 20 + ((index * 37 + n * 11) % 460);
  return Array.from({ length: POINTS }, (_, i) => [
    Math.round((10 + i * 6.8) * 10) / 10,
    Math.round((y0 + Math.sin(i / 6) * 15) * 10) / 10,
  ]);
}

async function drawOne(drawer: Drawer, n: number): Promise<void> {
  const id = `d${drawer.index}-${n}`;
  const points = strokePoints(drawer.index, n);
  const stroke: Stroke = { id, color: '#2244ee', size: 3, points };
  const pieces = Math.ceil(DRAW_MS / PROGRESS_MS);
  const per = Math.ceil(POINTS / pieces);
  for (let piece = 0; piece < pieces; piece += 1) {
    const slice = points.slice(piece * per, (piece + 1) * per);
    if (slice.length > 0)
      drawer.socket.emit('strokeProgress', { room: ROOM, ...stroke, points: slice });
    await sleep(PROGRESS_MS);
  }
  sentAt.set(id, performance.now());
  const answer = await drawer.socket
    .timeout(ACK_TIMEOUT_MS)
    .emitWithAck('drawStroke', { room: ROOM, stroke });
  if (answer.ok) acked.set(id, answer.seq);
  else refused += 1;
}

async function drawFor(drawer: Drawer, until: number): Promise<void> {
  // Staggered: the 30 drawers' strokes spread over each 2 s.
  await sleep((drawer.index * STROKE_EVERY_MS) / CLIENTS);
  for (let n = 0; performance.now() < until; n += 1) {
    const started = performance.now();
    await drawOne(drawer, n);
    await sleep(Math.max(0, STROKE_EVERY_MS - (performance.now() - started)));
  }
}

const hashOf = (board: Map<number, string>) =>
  createHash('sha256')
    .update(JSON.stringify([...board].sort(([a], [b]) => a - b)))
    .digest('hex')
    .slice(0, 16);

async function main(): Promise<void> {
  const secret = randomBytes(32).toString('hex');
  const tokens = createAccessTokens(secret);
  const server: ChildServer = await startChildServer(['bench/board.ts', 'serve'], {
    env: { BENCH_SECRET: secret },
    name: 'board server',
  });
  const drawers: Drawer[] = [];
  let ok = false;
  try {
    const url = `http://127.0.0.1:${server.port}`;
    for (let i = 0; i < CLIENTS; i += 1) {
      drawers.push(
        await connect(
          url,
          await tokens.sign({ uid: benchUidOf(emailOf(i)), email: emailOf(i), role: 'user' }),
          i,
        ),
      );
    }
    console.log(
      `${CLIENTS} clients in room ${ROOM} with its board open; each draws a ${POINTS}-point stroke ` +
        `every ${STROKE_EVERY_MS / 1000} s for ${DURATION_MS / 1000} s, with progress every ${PROGRESS_MS} ms`,
    );
    const until = performance.now() + DURATION_MS;
    await Promise.all(drawers.map((drawer) => drawFor(drawer, until)));
    await sleep(2_000);

    let lost = 0;
    for (const drawer of drawers) {
      for (const id of acked.keys()) if (!drawer.received.has(id)) lost += 1;
    }
    const fresh = await drawers[0]?.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('joinBoard', { room: ROOM });
    const freshBoard = new Map<number, string>();
    if (fresh?.ok && fresh.reset) for (const s of fresh.strokes) freshBoard.set(s.seq, s.id);
    const hashes = new Set(drawers.map((drawer) => hashOf(drawer.board)));
    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    console.log(
      `strokes acked ${acked.size}, refused ${refused}; receptions ${latencies.length} ` +
        `(expected ${acked.size * (CLIENTS - 1)}), lost ${lost}`,
    );
    console.log(
      `stroke latency to the other ${CLIENTS - 1}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    );
    console.log(
      `final boards: ${hashes.size} distinct hash(es) among ${CLIENTS} clients; ` +
        `a fresh joinBoard ${hashes.has(hashOf(freshBoard)) && hashes.size === 1 ? 'matches' : 'DIFFERS'}`,
    );
    ok =
      p99 < P99_GOAL_MS &&
      lost === 0 &&
      refused === 0 &&
      hashes.size === 1 &&
      hashes.has(hashOf(freshBoard));
    console.log(
      ok ? 'RESULT: ok' : `RESULT: FAIL (goal p99 < ${P99_GOAL_MS} ms, 0 lost, one board)`,
    );
  } finally {
    for (const drawer of drawers) drawer.socket.disconnect();
    await stopChildServer(server);
  }
  process.exit(ok ? 0 : 1);
}

if (process.argv[2] === 'serve') await serve();
else await main();
