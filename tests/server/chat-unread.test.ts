import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUnreadSchema, type ChatUnread } from '../../contract/chat-unread';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import {
  closeAll,
  connectChat,
  joinRoom,
  listen,
  sendMessage,
  type ChatClient,
} from './helpers/chat';

// Unread counts (docs/product.md §2.16): per room, the messages by others since the user last read
// it, and those that mention the name they chat under; reading a room clears it on every device.

let t: TestApp;
let url: string;
const open: ChatClient[] = [];

async function client(user: SignedIn, name?: string) {
  const socket = await connectChat(url, user.accessToken, name === undefined ? {} : { name });
  open.push(socket);
  return socket;
}

async function unread(user: SignedIn): Promise<ChatUnread> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/chat/unread',
    headers: bearer(user.accessToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return chatUnreadSchema.parse(res.json());
}

const inRoom = (answer: ChatUnread, room: string) =>
  answer.rooms.find((entry) => entry.room === room);

function ok<T extends { ok: boolean }>(answer: T | { ok: false; error: string }): T {
  if (!answer.ok) throw new Error(`error ack: ${(answer as { error: string }).error}`);
  return answer as T;
}

beforeAll(async () => {
  t = await buildAccountsApp({ adminEmails: [] });
  url = await listen(t.app);
});

afterAll(async () => {
  closeAll(...open);
  await t?.close();
});

describe('GET /api/chat/unread', () => {
  it("counts others' messages since the user last read each room; opening it clears it on every device", async () => {
    const alice = await signIn(t.app, 'unread-alice');
    const bob = await signIn(t.app, 'unread-bob');
    const b = await client(bob, 'Bob');
    ok(await joinRoom(b, 'Python'));
    for (const text of ['one', 'two', 'three'])
      ok(await sendMessage(b, 'Python', text, { name: 'Bob' }));

    const before = await unread(alice);
    expect(inRoom(before, 'Python')).toEqual({ room: 'Python', unread: 3, mentions: 0 });
    expect(before.total).toBe(3);
    expect(before.rooms.map((entry) => entry.room)).toEqual([
      'JavaScript',
      'PHP',
      'Python',
      'Java',
      'TypeScript',
      'C#',
    ]);
    // Bob's own messages are not unread for him.
    expect(inRoom(await unread(bob), 'Python')?.unread).toBe(0);

    // Alice opens the room on her phone: her laptop's badge (the same API) is clear too.
    const phone = await client(alice, 'Alice');
    ok(await joinRoom(phone, 'Python'));
    expect(inRoom(await unread(alice), 'Python')?.unread).toBe(0);
    expect((await unread(alice)).total).toBe(0);
  });

  it('counts a mention of the name the user chats under, and a read or a reply clears it', async () => {
    const cleo = await signIn(t.app, 'unread-cleo');
    const dan = await signIn(t.app, 'unread-dan');
    const c = await client(cleo, 'Cleo Patra');
    ok(await joinRoom(c, 'Java'));
    ok(await joinRoom(c, 'PHP')); // Cleo leaves Java for PHP: Java was read when she opened it.
    const d = await client(dan, 'Dan');
    ok(await joinRoom(d, 'Java'));
    ok(await sendMessage(d, 'Java', 'hello all', { name: 'Dan' }));
    const mention = ok(await sendMessage(d, 'Java', 'thanks @cleo patra!', { name: 'Dan' }));
    ok(await sendMessage(d, 'Java', 'not @Cleo Patrasson', { name: 'Dan' }));

    const answer = await unread(cleo);
    expect(inRoom(answer, 'Java')).toEqual({ room: 'Java', unread: 3, mentions: 1 });
    expect(answer.mentions).toBe(1);

    // Cleo back in Java: she reads up to the mention (markRead), then replies.
    ok(await joinRoom(c, 'Java'));
    expect(inRoom(await unread(cleo), 'Java')).toEqual({ room: 'Java', unread: 0, mentions: 0 });
    ok(await sendMessage(d, 'Java', 'one more', { name: 'Dan' }));
    expect(inRoom(await unread(cleo), 'Java')?.unread).toBe(1);
    ok(await c.timeout(2000).emitWithAck('markRead', { room: 'Java', id: mention.message._id }));
    // A mark never moves back: still the one after it.
    expect(inRoom(await unread(cleo), 'Java')?.unread).toBe(1);
    ok(await sendMessage(c, 'Java', 'hi Dan', { name: 'Cleo Patra' }));
    expect(inRoom(await unread(cleo), 'Java')?.unread).toBe(0);
  });

  it('answers a bad markRead with an error ack, and one for a room the socket is not in', async () => {
    const eve = await signIn(t.app, 'unread-eve');
    const e = await client(eve, 'Eve');
    ok(await joinRoom(e, 'C#'));
    for (const payload of [{ room: 'C#', id: 'x' }, { room: 'Cobol', id: '1' }, null]) {
      const answer = await e.timeout(2000).emitWithAck('markRead', payload);
      expect(answer.ok).toBe(false);
    }
    const elsewhere = await e.timeout(2000).emitWithAck('markRead', { room: 'PHP', id: '1' });
    expect(elsewhere.ok).toBe(false);
  });
});
