import { beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@contract/chat';
import {
  CHAT_CLIENT_EVENTS,
  CHAT_RATE_RULES,
  CHAT_WRITE_EVENTS,
  hasAck,
  type ChatClientEvent,
} from '@contract/chat-events';
import { mutedMessage } from '@contract/chat-moderation';
import { fakeChat, type ChatPeer } from '@/testing/fake-chat-socket';
import { db, findUser } from '@/testing/mocks/db';

// The web tests' fake chat server (src/testing/fake-chat-socket.ts) answers from the contract's
// table of events (contract/chat-events.ts, D70), by the same rules as the server: every
// expectation here is taken from the table, as tests/server/chat-events.test.ts takes the
// server's, so a rule changed in the table changes both servers, and a fake that kept its own copy
// of one would fail here.

const STUDENT = 'student@learntogether.test';
const EVENTS = Object.keys(CHAT_CLIENT_EVENTS) as ChatClientEvent[];
/** joinRoom changes what later events see (the socket is then in the room). */
const ACKED = EVENTS.filter((event) => hasAck(event) && event !== 'joinRoom');

const ask = (peer: ChatPeer, event: string, payload: unknown) =>
  new Promise<unknown>((resolve) => peer.socket.emit(event, payload, resolve));

/** The answer of each acked event to its table example, by event. */
async function answers(peer: ChatPeer): Promise<Record<string, unknown>> {
  const answered: Record<string, unknown> = {};
  for (const event of ACKED) {
    answered[event] = await ask(peer, event, CHAT_CLIENT_EVENTS[event].example);
  }
  return answered;
}

beforeEach(() => fakeChat.reset());

describe('the fake chat server answers by the table of the chat’s events (D70)', () => {
  it('answers every acked event of the table by its payload rule, and refuses any other', async () => {
    const sam = await fakeChat.peer(STUDENT);
    for (const event of EVENTS.filter(hasAck)) {
      for (const payload of [42, { room: 'Cobol' }, null]) {
        const checked = CHAT_CLIENT_EVENTS[event].check(payload);
        if (checked.ok) throw new Error(`${event} accepts ${JSON.stringify(payload)}`);
        expect(await ask(sam, event, payload), event).toEqual({ ok: false, error: checked.error });
      }
    }
    expect(await ask(sam, 'shout', { room: 'JavaScript' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.badRequest,
    });
  });

  it('refuses each event to whom the table refuses it: room members only, admins only', async () => {
    const answered = await answers(await fakeChat.peer(STUDENT));
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
    const sam = await fakeChat.peer(STUDENT);
    await sam.join('JavaScript');
    const until = new Date(Date.now() + 600_000).toISOString();
    db.chatMutes.set(findUser(STUDENT)?._id ?? STUDENT, until);
    const answered = await answers(sam);
    for (const event of ACKED) {
      if (CHAT_WRITE_EVENTS.includes(event)) {
        expect(answered[event], event).toEqual({ ok: false, error: mutedMessage(until) });
      } else {
        expect(answered[event], event).not.toEqual({ ok: false, error: mutedMessage(until) });
      }
    }
  });

  it('counts every rate-limited event by its table rule', async () => {
    // A stopped clock: no window refills while a burst is spent.
    const now = Date.now();
    fakeChat.rateClock = () => now;
    const sam = await fakeChat.peer(STUDENT);
    await sam.join('JavaScript');
    const limited = ACKED.filter((event) => CHAT_CLIENT_EVENTS[event].rate !== null);
    expect(limited.length).toBeGreaterThan(0);
    for (const rule of new Set(limited.map((event) => CHAT_CLIENT_EVENTS[event].rate))) {
      if (rule === null) continue;
      const { burst, refusal } = CHAT_RATE_RULES[rule];
      const events = limited.filter((event) => CHAT_CLIENT_EVENTS[event].rate === rule);
      // The rule's events share it: taking turns, the burst is let through, then refused.
      for (let i = 0; i < burst; i += 1) {
        const event = events[i % events.length] ?? 'react';
        const answer = await ask(sam, event, CHAT_CLIENT_EVENTS[event].example);
        expect(answer, `${event} #${i + 1}`).not.toEqual({ ok: false, error: refusal });
      }
      for (const event of events) {
        expect(await ask(sam, event, CHAT_CLIENT_EVENTS[event].example), event).toEqual({
          ok: false,
          error: refusal,
        });
      }
    }
  });

  it('runs the events without an ack for the room’s members only', async () => {
    const [sam, ann] = await Promise.all([
      fakeChat.peer(STUDENT),
      fakeChat.peer('admin@learntogether.test', 'admin'),
    ]);
    await ann.join('JavaScript');
    const heard: string[] = [];
    ann.socket.on('typing', () => heard.push('typing'));
    ann.socket.on('strokeProgress', () => heard.push('strokeProgress'));
    // Not in the room: dropped without a word.
    sam.socket.emit('typing', CHAT_CLIENT_EVENTS.typing.example);
    sam.socket.emit('strokeProgress', CHAT_CLIENT_EVENTS.strokeProgress.example);
    await sam.join('JavaScript');
    sam.socket.emit('typing', CHAT_CLIENT_EVENTS.typing.example);
    sam.socket.emit('strokeProgress', CHAT_CLIENT_EVENTS.strokeProgress.example);
    await expect.poll(() => heard).toEqual(['typing', 'strokeProgress']);
  });
});
