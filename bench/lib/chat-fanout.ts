// The chat fan-out harness of bench/chat.ts and the cluster bench (bench/cluster/): socket.io
// clients (websocket) in one room, each a user of its own, that track every message of the
// current phase they get, live or from a history page; senders that send as the web app does
// (a clientId, resent once after a reconnect); and the accounting: latency send → first live
// copy (the send time travels in the text, both ends on this process's clock), lost receptions
// (every stored message × every client, compared per client), duplicates.
import {
  io as ioClient,
  type ManagerOptions,
  type Socket,
  type SocketOptions,
} from 'socket.io-client';
import type { ChatAck, ChatMessage, HistoryAck } from '../../contract/chat';
import type {
  ChatClientToServerEvents,
  ChatServerToClientEvents,
} from '../../contract/chat-events';
import { percentile } from './bench-db';
import { countInto, fmt, now, sleep } from './format';
import { addressOf } from './http-request';

type Client = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

const ACK_TIMEOUT_MS = 5_000;
/** How long receptions may still arrive after the last send of a phase. */
const DRAIN_MS = 3_000;

/** One chat client and what it has seen. */
export type Tracker = {
  index: number;
  socket: Client;
  /** The process it is connected to, when connected straight to one (the fan-out). */
  process: 'A' | 'B' | undefined;
  room: string;
  /** In the room and able to send (false from a drop until recovered or joined again). */
  joined: boolean;
  /** The newest message id it has (the web app's `messages.at(-1)`), for syncHistory. */
  newestId: number;
  /** This phase's messages it has, and whether the first copy came live or from a history. */
  seen: Map<string, 'live' | 'history'>;
  connects: number;
  droppedAt: number | undefined;
  dropReason: string | undefined;
  backAt: number | undefined;
  recovered: boolean | undefined;
  syncPages: number;
  rejoinError: string | undefined;
};

type ChatPhase = {
  tag: string;
  seq: number;
  latencies: number[];
  duplicates: number;
  stored: number;
  /** Error acks and missing acks, per attempt. */
  refused: Map<string, number>;
  /** Messages never stored (after a resend following a reconnect). */
  notStored: number;
  /** Sends skipped because the sender was reconnecting. */
  skipped: number;
  connectErrors: Map<string, number>;
  /** Acked messages: when and by whom they were sent (to explain a lost one). */
  sent: Map<string, { at: number; sender: Tracker }>;
  /** Second live copies per message id, and at which clients. */
  duplicatesById: Map<string, Tracker[]>;
  /** Each message's slowest live reception. */
  slowest: Map<string, { at: number; ms: number }>;
  /** Who sent message number n. */
  senderBySeq: Map<number, Tracker>;
  /** Latencies by route, when both ends' processes are known: same process, or across. */
  latencyByRoute: Map<string, number[]>;
};

/** The phase whose messages the clients count; messages of other phases are ignored. */
let phase: ChatPhase | undefined;
/** Every client made, so that a new phase starts each one's `seen` afresh. */
const allTrackers = new Set<Tracker>();

/**
 * Starts counting the messages tagged `tag` (at most one phase at a time). What the clients saw
 * of earlier phases is dropped: kept, it grew by every message × every client, and the load
 * generator slowed down step by step (a long run measured a lower ceiling than a short one).
 */
export function beginPhase(tag: string): ChatPhase {
  phase = newPhase(tag);
  for (const tracker of allTrackers) tracker.seen.clear();
  return phase;
}

/** Stops counting (settle() does it too). */
export function endPhase(): void {
  phase = undefined;
}

function newPhase(tag: string): ChatPhase {
  return {
    tag,
    seq: 0,
    latencies: [],
    duplicates: 0,
    stored: 0,
    refused: new Map(),
    notStored: 0,
    skipped: 0,
    connectErrors: new Map(),
    sent: new Map(),
    duplicatesById: new Map(),
    slowest: new Map(),
    senderBySeq: new Map(),
    latencyByRoute: new Map(),
  };
}

function onMessage(tracker: Tracker, message: ChatMessage, how: 'live' | 'history'): void {
  const id = Number(message._id);
  if (id > tracker.newestId) tracker.newestId = id;
  const current = phase;
  if (!current) return;
  // The text is `${tag}:${seq}:${sentAt}` (deliver). Read with indexOf, not a regular
  // expression: this runs for every reception of the load generator, 100,000 a second.
  const text = message.msg;
  const afterTag = text.indexOf(':');
  if (afterTag !== current.tag.length || !text.startsWith(current.tag)) return;
  const afterSeq = text.indexOf(':', afterTag + 1);
  if (afterSeq < 0) return;
  const first = tracker.seen.get(message._id);
  if (first !== undefined) {
    // A live copy of one a history page already gave is the overlap the web app drops by _id.
    if (how === 'live' && first === 'live') {
      current.duplicates += 1;
      const at = current.duplicatesById.get(message._id) ?? [];
      current.duplicatesById.set(message._id, [...at, tracker]);
    }
    return;
  }
  tracker.seen.set(message._id, how);
  if (how !== 'live') return;
  const sentAt = Number(text.slice(afterSeq + 1));
  const ms = now() - sentAt;
  current.latencies.push(ms);
  if (tracker.process) {
    const from = current.senderBySeq.get(Number(text.slice(afterTag + 1, afterSeq)))?.process;
    if (from) {
      const route = from === tracker.process ? 'same process' : 'across processes (Redis)';
      const list = current.latencyByRoute.get(route) ?? [];
      if (list.length === 0) current.latencyByRoute.set(route, list);
      list.push(ms);
    }
  }
  if (ms > (current.slowest.get(message._id)?.ms ?? -1)) {
    current.slowest.set(message._id, { at: sentAt, ms });
  }
}

function openSocket(url: string, token: string, localAddress?: string): Client {
  // `localAddress` is passed on to the `ws` WebSocket (engine.io-client picks it); its types
  // do not list it. WebSocket only: the polling transport would not use it.
  const options: Partial<ManagerOptions & SocketOptions> & { localAddress?: string } = {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: localAddress !== undefined,
    auth: { token },
    // As a browser's WebSocket does: the server checks it against the Host nginx passes on.
    extraHeaders: { origin: new URL(url).origin },
    ...(localAddress === undefined ? {} : { localAddress }),
  };
  return ioClient(url, options);
}

async function joinRoom(tracker: Tracker): Promise<void> {
  const answer = await tracker.socket.timeout(10_000).emitWithAck('joinRoom', tracker.room);
  if (!answer.ok) throw new Error(`joinRoom: ${answer.error}`);
  for (const message of answer.messages) onMessage(tracker, message, 'history');
}

/**
 * What the web app does on a reconnection (use-chat-room.ts): join again unless socket.io
 * recovered the session, then fetch every message since the newest one it had (a recovery's
 * replay can leave out the newest). It reloads the latest page when there were more than a page;
 * here the pages are followed, so a gap is never counted as lost.
 */
async function catchUp(tracker: Tracker, recovered: boolean): Promise<void> {
  const after = tracker.newestId;
  if (!recovered) await joinRoom(tracker);
  let cursor = after;
  for (let hasMore = after > 0; hasMore;) {
    const sync: ChatAck<HistoryAck> = await tracker.socket
      .timeout(10_000)
      .emitWithAck('syncHistory', { room: tracker.room, after: String(cursor) });
    if (!sync.ok) throw new Error(`syncHistory: ${sync.error}`);
    tracker.syncPages += 1;
    for (const message of sync.messages) onMessage(tracker, message, 'history');
    hasMore = sync.hasMore;
    cursor = Number(sync.messages.at(-1)?._id ?? cursor);
  }
}

function newTracker(index: number, socket: Client, room: string): Tracker {
  const tracker: Tracker = {
    index,
    socket,
    room,
    process: undefined,
    joined: false,
    newestId: 0,
    seen: new Map(),
    connects: 0,
    droppedAt: undefined,
    dropReason: undefined,
    backAt: undefined,
    recovered: undefined,
    syncPages: 0,
    rejoinError: undefined,
  };
  allTrackers.add(tracker);
  socket.on('getLatestMessage', (message) => onMessage(tracker, message, 'live'));
  socket.on('getLatestMessages', (messages) => {
    for (const message of messages) onMessage(tracker, message, 'live');
  });
  socket.on('disconnect', (reason) => {
    tracker.joined = false;
    tracker.droppedAt ??= now();
    tracker.dropReason ??= reason;
  });
  socket.on('connect_error', (error) => {
    if (phase) countInto(phase.connectErrors, error.message);
  });
  socket.on('connect', () => {
    tracker.connects += 1;
    if (tracker.connects === 1) return; // the first join is the caller's
    // Recovered: still in the room, and sent what it missed (the web app's 'recovered').
    tracker.recovered = socket.recovered;
    if (socket.recovered) {
      tracker.joined = true;
      tracker.backAt = now();
    }
    const recovered = socket.recovered;
    catchUp(tracker, recovered).then(
      () => {
        tracker.joined = true;
        if (!recovered) tracker.backAt = now();
      },
      (error: unknown) => {
        tracker.rejoinError = error instanceof Error ? error.message : String(error);
      },
    );
  });
  return tracker;
}

/**
 * Connects a client per access token (token i as client i) to `urlOf(i)`, 20 at a time, and
 * joins `room`. `viaAddresses`: each from its own source address (addressOf), reconnecting.
 */
export async function connectClients(
  tokens: readonly string[],
  room: string,
  urlOf: (index: number) => string,
  viaAddresses: boolean,
): Promise<Tracker[]> {
  const trackers: Tracker[] = [];
  for (let start = 0; start < tokens.length; start += 20) {
    const batch = tokens.slice(start, start + 20).map(async (token, offset) => {
      const index = start + offset;
      const socket = openSocket(urlOf(index), token, viaAddresses ? addressOf(index) : undefined);
      const tracker = newTracker(index, socket, room);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      await joinRoom(tracker);
      tracker.joined = true;
      return tracker;
    });
    trackers.push(...(await Promise.all(batch)));
  }
  return trackers;
}

export function closeClients(trackers: Tracker[]): void {
  for (const tracker of trackers) {
    const { socket } = tracker;
    allTrackers.delete(tracker);
    socket.removeAllListeners();
    socket.disconnect();
  }
}

async function waitJoined(tracker: Tracker, timeoutMs: number): Promise<boolean> {
  const deadline = now() + timeoutMs;
  while (!(tracker.joined && tracker.socket.connected)) {
    if (now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/**
 * Sends one message as the web app does: with a clientId, and when no ack comes (the connection
 * dropped), once more with the same clientId after the reconnect; the server stores it once.
 */
async function deliver(tracker: Tracker, current: ChatPhase): Promise<void> {
  const seq = current.seq++;
  const sentAt = now();
  current.senderBySeq.set(seq, tracker);
  const payload = {
    newMessage: {
      time: new Date().toISOString(),
      msg: `${current.tag}:${seq}:${sentAt.toFixed(3)}`,
      name: 'Bench',
    },
    room: tracker.room,
    clientId: `${current.tag}-${seq}`,
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (attempt > 0 && !(await waitJoined(tracker, 20_000))) break;
    try {
      const answer = await tracker.socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('newMessage', payload);
      if (answer.ok) {
        current.stored += 1;
        current.sent.set(answer.message._id, { at: sentAt, sender: tracker });
        return;
      }
      countInto(current.refused, answer.error);
      break;
    } catch {
      countInto(current.refused, `no ack within ${ACK_TIMEOUT_MS / 1000} s`);
    }
  }
  current.notStored += 1;
}

/**
 * `rate` messages a second round-robin over `senders` until stopped; stop() sends what is due by
 * then (or the rest of `total`, when given: a run of a fixed length sends exactly rate × seconds)
 * and awaits the acks.
 */
export function startSending(
  senders: Tracker[],
  rate: number,
  current: ChatPhase,
  total = Infinity,
) {
  const pending: Promise<void>[] = [];
  const started = now();
  let sent = 0;
  const sendDue = (final = false) => {
    const byNow = Math.floor(((now() - started) / 1000) * rate);
    // A timer can fire a little early: a fixed-length run still sends its whole total.
    const due = final && Number.isFinite(total) ? total : Math.min(total, byNow);
    while (sent < due) {
      const sender = senders[sent % senders.length] as Tracker;
      sent += 1;
      if (!sender.joined || !sender.socket.connected) {
        current.skipped += 1;
        continue;
      }
      pending.push(deliver(sender, current));
    }
  };
  const timer = setInterval(() => sendDue(), 5);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      sendDue(true);
      await Promise.all(pending);
      return sent;
    },
  };
}

export type Delivery = {
  stored: number;
  expected: number;
  received: number;
  lost: number;
  clientsMissing: number;
  duplicates: number;
  p50: number;
  p99: number;
  max: number;
  /** Per lost message, the clients without it (not written to the results file). */
  missing: Map<string, Tracker[]>;
};

/**
 * Waits for the last receptions, then compares every client with `storedIds`: the ids of the
 * phase's messages the server stored (by default those acked to their senders; the cluster asks
 * its database, which also knows the ones whose ack was lost).
 */
export async function settle(
  trackers: Tracker[],
  current: ChatPhase,
  storedIds: () => Promise<string[]> = async () => [...current.sent.keys()],
): Promise<Delivery> {
  let ids = await storedIds();
  const deadline = now() + DRAIN_MS;
  const complete = () => trackers.every((t) => ids.every((id) => t.seen.has(id)));
  while (now() < deadline && !complete()) {
    await sleep(100);
    ids = await storedIds();
  }
  phase = undefined;
  let received = 0;
  let lost = 0;
  let clientsMissing = 0;
  const missingById = new Map<string, Tracker[]>();
  for (const tracker of trackers) {
    const missing = ids.filter((id) => !tracker.seen.has(id));
    received += ids.length - missing.length;
    lost += missing.length;
    if (missing.length > 0) clientsMissing += 1;
    for (const id of missing) missingById.set(id, [...(missingById.get(id) ?? []), tracker]);
  }
  const latencies = current.latencies.sort((a, b) => a - b);
  return {
    stored: ids.length,
    expected: ids.length * trackers.length,
    received,
    lost,
    clientsMissing,
    duplicates: current.duplicates,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    missing: missingById,
  };
}

/** How a message was sent: when, by whom (a client the fault dropped or not), relative to t0. */
function senderOf(current: ChatPhase, id: string, t0: number, fault: string): string {
  const sent = current.sent.get(id);
  if (!sent) return 'not acked to its sender';
  const { sender } = sent;
  return (
    `sent ${fmt(sent.at - t0, 0)} ms after ${fault} by client ${sender.index} ` +
    `(${sender.droppedAt === undefined ? 'never dropped' : `dropped at ${fmt(sender.droppedAt - t0, 0)} ms`})`
  );
}

/** Clients, each with when the fault dropped it and when it was back, relative to t0. */
function clientTimes(trackers: Tracker[], t0: number): string {
  const shown = trackers
    .slice(0, 5)
    .map((t) =>
      t.droppedAt === undefined
        ? `#${t.index} never dropped`
        : `#${t.index} dropped ${fmt(t.droppedAt - t0, 0)}, back ${fmt((t.backAt ?? NaN) - t0, 0)}` +
          `${t.recovered ? ' (recovered)' : ''}`,
    );
  return `${shown.join('; ')}${trackers.length > 5 ? '; …' : ''}`;
}

/** Which messages were lost or came twice, when they were sent and by whom, and where. */
export function explainDelivery(d: Delivery, current: ChatPhase, t0: number, fault: string): void {
  const list = (what: string, byId: Map<string, Tracker[]>) => {
    let shown = 0;
    for (const [id, trackers] of byId) {
      if (shown++ === 8) {
        console.log(`    … and ${byId.size - 8} more ${what} messages`);
        break;
      }
      console.log(
        `    ${what} message ${id}: ${senderOf(current, id, t0, fault)}; at ${trackers.length} ` +
          `clients (ms after ${fault}): ${clientTimes(trackers, t0)}`,
      );
    }
  };
  list('lost', d.missing);
  list('duplicated', current.duplicatesById);
}

/** The messages whose slowest reception took longest, with when they were sent. */
export function slowestLine(current: ChatPhase, t0: number, fault: string): string {
  const top = [...current.slowest.values()].sort((a, b) => b.ms - a.ms).slice(0, 3);
  return top
    .map((m) => `${fmt(m.ms, 0)} ms (sent ${fmt(m.at - t0, 0)} ms after ${fault})`)
    .join(', ');
}

export function deliveryLine(d: Delivery): string {
  return (
    `stored ${d.stored} messages; receptions ${d.received} of ${d.expected}; lost ${d.lost}` +
    `${d.clientsMissing > 0 ? ` (at ${d.clientsMissing} clients)` : ''}; duplicates ${d.duplicates}; ` +
    `latency p50 ${fmt(d.p50)} ms, p99 ${fmt(d.p99)} ms, max ${fmt(d.max)} ms`
  );
}

/**
 * Lost receptions fail the bench (`fail` records it and says so); duplicates do not (the web app
 * drops them by _id).
 */
export function checkDelivery(label: string, d: Delivery, fail: (what: string) => string): string {
  const lost = d.lost > 0 ? fail(`${label}: ${d.lost} receptions lost`) : 'ok (0 lost)';
  const duplicates =
    d.duplicates > 0 ? 'over the goal of 0 (the web app drops them by _id)' : 'ok (0)';
  return `${lost}; duplicates: ${duplicates}`;
}
