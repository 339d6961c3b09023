import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '../../contract/chat';
import {
  CHAT_CLIENT_EVENTS,
  CHAT_RATE_RULES,
  CHAT_SERVER_EVENTS,
  CHAT_WRITE_EVENTS,
  hasAck,
  type ChatClientEvent,
} from '../../contract/chat-events';
import { mutedMessage } from '../../contract/chat-moderation';
import { muteChatUser } from '../../server/db/repositories/chat-moderation';
import { buildAccountsApp, signIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import {
  closeAll,
  connectChat,
  joinRoom,
  listen,
  nextEvent,
  userId,
  type ChatClient,
} from './helpers/chat';

// The chat's events are one table (contract/chat-events.ts, D70): these tests take every
// expectation from it, so they prove the server wires the table (every event answered by the
// table's rules, nothing outside it) rather than one event at a time. The web tests' fake is held
// to the same table in tests/web/chat/chat-events.test.ts.

const EVENTS = Object.keys(CHAT_CLIENT_EVENTS) as ChatClientEvent[];
/** joinRoom changes what later events see (the socket is then in the room). */
const ACKED = EVENTS.filter((event) => hasAck(event) && event !== 'joinRoom');

let t: TestApp;
let url: string;
const open: ChatClient[] = [];

async function client(label: string): Promise<{ socket: ChatClient; id: string }> {
  const user = await signIn(t.app, label);
  const socket = await connectChat(url, user.accessToken);
  open.push(socket);
  return { socket, id: await userId(t.db, user.email) };
}

const ask = (socket: ChatClient, event: string, payload: unknown) =>
  // Any name: the table's and others alike.
  socket.timeout(5_000).emitWithAck(event as 'react', payload) as Promise<unknown>;

/** The answer of each acked event to its table example, by event. */
async function answers(socket: ChatClient): Promise<Record<string, unknown>> {
  const answered: Record<string, unknown> = {};
  for (const event of ACKED) {
    answered[event] = await ask(socket, event, CHAT_CLIENT_EVENTS[event].example);
  }
  return answered;
}

beforeAll(async () => {
  t = await buildAccountsApp({ adminEmails: [] });
  url = await listen(t.app);
});

afterAll(async () => {
  closeAll(...open);
  await t?.close();
});

describe('the table of the chat’s events is what the server wires (D70)', () => {
  it('every example of the table passes its own rule', () => {
    for (const event of EVENTS) {
      const { check, example } = CHAT_CLIENT_EVENTS[event];
      expect(check(example), event).toMatchObject({ ok: true });
    }
  });

  it('answers every acked event of the table by its payload rule, and refuses any other', async () => {
    const { socket } = await client('events-rules');
    for (const event of EVENTS.filter(hasAck)) {
      for (const payload of [42, { room: 'Cobol' }, null]) {
        const checked = CHAT_CLIENT_EVENTS[event].check(payload);
        if (checked.ok) throw new Error(`${event} accepts ${JSON.stringify(payload)}`);
        expect(await ask(socket, event, payload), event).toEqual({
          ok: false,
          error: checked.error,
        });
      }
    }
    // An event outside the table is answered, not left waiting.
    expect(await ask(socket, 'shout', { room: 'JavaScript' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.badRequest,
    });
    // The connection is still fine afterwards.
    expect(await joinRoom(socket, 'JavaScript')).toMatchObject({ ok: true });
  });

  it('refuses each event to whom the table refuses it: room members only, admins only', async () => {
    const { socket } = await client('events-outsider');
    const answered = await answers(socket);
    for (const event of ACKED) {
      const spec = CHAT_CLIENT_EVENTS[event];
      const refusal =
        spec.who === 'room-member'
          ? CHAT_MESSAGES.notInRoom
          : spec.who === 'admin'
            ? spec.adminsOnly
            : undefined;
      if (refusal) expect(answered[event], event).toEqual({ ok: false, error: refusal });
      else expect(answered[event], event).not.toHaveProperty('error', CHAT_MESSAGES.notInRoom);
    }
  });

  it('a mute refuses exactly the writes of the table; the others answer as before', async () => {
    const { socket, id } = await client('events-muted');
    expect(await joinRoom(socket, 'JavaScript')).toMatchObject({ ok: true });
    const until = await t.db.transaction((tx) =>
      muteChatUser(tx, { userId: id, durationMs: 600_000, by: 'events-admin@example.com' }),
    );
    const answered = await answers(socket);
    for (const event of ACKED) {
      if (CHAT_WRITE_EVENTS.includes(event)) {
        expect(answered[event], event).toEqual({ ok: false, error: mutedMessage(until) });
      } else {
        expect(answered[event], event).not.toEqual({ ok: false, error: mutedMessage(until) });
      }
    }
  });

  it('counts each rate-limited event by its table rule', async () => {
    const react = CHAT_CLIENT_EVENTS.react;
    const rule = CHAT_RATE_RULES[react.rate ?? 'chatActionPerUser'];
    const { socket } = await client('events-rate');
    expect(await joinRoom(socket, 'JavaScript')).toMatchObject({ ok: true });
    // One after the other until refused: at least the burst is let through (each answered by
    // its handler), then the rule's refusal (a slow machine may see a spent window refill).
    const allowed: unknown[] = [];
    let answer: unknown;
    while (allowed.length < rule.burst * 3) {
      answer = await ask(socket, 'react', react.example);
      if (JSON.stringify(answer) === JSON.stringify({ ok: false, error: rule.refusal })) break;
      allowed.push(answer);
    }
    expect(answer).toEqual({ ok: false, error: rule.refusal });
    expect(allowed.length).toBeGreaterThanOrEqual(rule.burst);
  });

  it('wires the events without an ack, and sends what the table says of each server event', async () => {
    const [sam, ann] = await Promise.all([client('events-sam'), client('events-ann')]);
    const received: [string, unknown][] = [];
    ann.socket.onAny((event: string, payload: unknown) => received.push([event, payload]));
    for (const { socket } of [sam, ann]) {
      expect(await joinRoom(socket, 'JavaScript')).toMatchObject({ ok: true });
    }
    const typing = nextEvent(ann.socket, 'typing');
    sam.socket.emit('typing', CHAT_CLIENT_EVENTS.typing.example);
    expect(await typing).toEqual({ userId: sam.id, name: 'Sam' });
    const progress = nextEvent(ann.socket, 'strokeProgress');
    sam.socket.emit('strokeProgress', CHAT_CLIENT_EVENTS.strokeProgress.example);
    expect(await progress).toMatchObject({ userId: sam.id, id: 's-1' });
    const message = nextEvent(ann.socket, 'getLatestMessage');
    expect(
      await ask(sam.socket, 'newMessage', CHAT_CLIENT_EVENTS.newMessage.example),
    ).toMatchObject({ ok: true });
    await message;

    expect(received.map(([event]) => event)).toEqual(
      expect.arrayContaining(['typing', 'strokeProgress', 'getLatestMessage']),
    );
    for (const [event, payload] of received) {
      const schema = CHAT_SERVER_EVENTS[event as keyof typeof CHAT_SERVER_EVENTS];
      expect(schema, `${event} is in the table`).toBeDefined();
      expect(schema.safeParse(payload).success, event).toBe(true);
    }
  });
});
