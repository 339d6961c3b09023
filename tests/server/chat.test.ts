// Both databases: messages stored in the same moment, in order, each once.
// (scripts/test.ts runs this file on PGlite and PostgreSQL.)
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatMessage } from '../../contract/chat';
import { insertChatMessage, insertChatMessages } from '../../server/db/repositories/chat-messages';
import {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
} from '../../server/auth/access-token';
import { buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import {
  chatClient,
  closeAll,
  collectMessages,
  connectChat,
  connectError,
  joinRoom,
  listen,
  loadHistory,
  nextEvent,
  sendMessage,
  storedMessages,
  syncHistory,
  userId,
  type ChatClient,
} from './helpers/chat';
import { uniqueEmail } from './helpers/firebase-emulator';

const ADMIN = uniqueEmail('chat-admin');
/** Signed in by the session tests alone (each address signs up once). */
const SESSION_ADMIN = uniqueEmail('chat-session-admin');
/** Signed in by the re-created-address test alone. */
const ACCOUNT_ADMIN = uniqueEmail('chat-account-admin');

let t: TestApp;
let url: string;
const open: ChatClient[] = [];

async function client(user: SignedIn, options: Parameters<typeof connectChat>[2] = {}) {
  const socket = await connectChat(url, user.accessToken, options);
  open.push(socket);
  return socket;
}

/** A user signed in through the Auth Emulator, with their account id. */
async function user(label: string): Promise<SignedIn & { id: string }> {
  const signedIn = await signIn(t.app, label);
  return { ...signedIn, id: await userId(t.db, signedIn.email) };
}

function ok<T extends { ok: boolean }>(answer: T | { ok: false; error: string }): T {
  if (!answer.ok) throw new Error(`error ack: ${(answer as { error: string }).error}`);
  return answer as T;
}

beforeAll(async () => {
  t = await buildAccountsApp({ adminEmails: [ADMIN, SESSION_ADMIN, ACCOUNT_ADMIN] });
  url = await listen(t.app);
});

afterAll(async () => {
  closeAll(...open);
  await t?.close();
});

describe('messages in rooms', () => {
  it('two users in one room see each other, a third in another room sees nothing', async () => {
    const [ann, bob, cy] = await Promise.all([user('ann'), user('bob'), user('cy')]);
    const [a, b, c] = await Promise.all([client(ann), client(bob), client(cy)]);
    // The ack says who each client is: "own" messages are decided by this id, not by name.
    expect(ok(await joinRoom(a, 'JavaScript')).you).toEqual({ userId: ann.id });
    expect(ok(await joinRoom(b, 'JavaScript')).you).toEqual({ userId: bob.id });
    ok(await joinRoom(c, 'Python'));
    const atC = collectMessages(c);

    const bobGetsAnn = nextEvent(b, 'getLatestMessage', (m) => m.msg === 'hello from ann');
    const annGetsOwn = nextEvent(a, 'getLatestMessage', (m) => m.msg === 'hello from ann');
    const sent = ok(await sendMessage(a, 'JavaScript', '  hello from ann  ', { name: 'Ann' }));
    const atBob = await bobGetsAnn;
    expect(atBob).toEqual(sent.message);
    expect(await annGetsOwn).toEqual(sent.message);
    expect(atBob).toMatchObject({ room: 'JavaScript', name: 'Ann', userId: ann.id });

    const annGetsBob = nextEvent(a, 'getLatestMessage', (m) => m.msg === 'hi ann');
    ok(await sendMessage(b, 'JavaScript', 'hi ann', { name: 'Bob' }));
    expect(await annGetsBob).toMatchObject({ userId: bob.id, name: 'Bob' });

    // The server's time, not the client's.
    const before = Date.now();
    const stamped = ok(await sendMessage(b, 'JavaScript', 'what time is it?'));
    expect(Math.abs(Date.parse(stamped.message.time) - before)).toBeLessThan(5_000);

    // Cy's own message arrives after anything sent to Cy before it.
    const own = nextEvent(c, 'getLatestMessage', (m) => m.msg === 'python here');
    ok(await sendMessage(c, 'Python', 'python here'));
    await own;
    expect(atC.map((m) => m.msg)).toEqual(['python here']);

    expect(await storedMessages(t.db, { room: 'JavaScript', userId: ann.id })).toEqual([
      { msg: 'hello from ann', user_id: ann.id, room: 'JavaScript' },
    ]);
  });

  it('stores text as given: markup stays text', async () => {
    const dee = await user('dee');
    const d = await client(dee);
    ok(await joinRoom(d, 'PHP'));
    const markup = '<img src=x onerror=alert(1)>';
    const { message } = ok(await sendMessage(d, 'PHP', markup));
    expect(message.msg).toBe(markup);
  });

  it('joining another room leaves the previous one', async () => {
    const [eve, fay] = await Promise.all([user('eve'), user('fay')]);
    const [e, f] = await Promise.all([client(eve), client(fay)]);
    ok(await joinRoom(e, 'Java'));
    ok(await joinRoom(f, 'Java'));
    ok(await joinRoom(e, 'TypeScript'));
    expect(await sendMessage(e, 'Java', 'still here?')).toEqual({
      ok: false,
      error: CHAT_MESSAGES.notInRoom,
    });
    const atE = collectMessages(e);
    ok(await sendMessage(f, 'Java', 'java only'));
    const own = nextEvent(e, 'getLatestMessage', (m) => m.msg === 'ts only');
    ok(await sendMessage(e, 'TypeScript', 'ts only'));
    await own;
    expect(atE.map((m) => m.msg)).toEqual(['ts only']);
  });
});

describe('history', () => {
  it('sends the latest 50 on join, oldest first, then the page before and what came after', async () => {
    const gus = await user('gus');
    const texts = Array.from({ length: 60 }, (_, i) => `history ${i + 1}`);
    for (const msg of texts) {
      await insertChatMessage(t.db, {
        room: 'C#',
        userId: gus.id,
        name: 'Gus',
        msg,
        clientId: undefined,
      });
    }
    const g = await client(gus);
    const joined = ok(await joinRoom(g, 'C#'));
    expect(joined.messages.map((m) => m.msg)).toEqual(texts.slice(10));
    expect(joined.hasMore).toBe(true);
    expect(joined.messages[0]).toMatchObject({ room: 'C#', name: 'Gus', userId: gus.id });

    const first = joined.messages[0] as ChatMessage;
    const older = ok(await loadHistory(g, 'C#', first._id));
    expect(older.messages.map((m) => m.msg)).toEqual(texts.slice(0, 10));
    expect(older.hasMore).toBe(false);

    const fiftyFifth = joined.messages[44] as ChatMessage;
    expect(fiftyFifth.msg).toBe('history 55');
    const since = ok(await syncHistory(g, 'C#', fiftyFifth._id));
    expect(since.messages.map((m) => m.msg)).toEqual(texts.slice(55));
    expect(since.hasMore).toBe(false);

    expect(await loadHistory(g, 'C#', '999999999')).toEqual({
      ok: false,
      error: CHAT_MESSAGES.messageNotFound,
    });
    expect(await syncHistory(g, 'C#', 'not-an-id')).toEqual({
      ok: false,
      error: CHAT_MESSAGES.messageNotFound,
    });
    expect(await loadHistory(g, 'Rust', first._id)).toEqual({
      ok: false,
      error: CHAT_MESSAGES.badRequest,
    });
  });
});

describe('handshake', () => {
  it('refuses a missing, bad or expired token and a deleted account', async () => {
    expect(await connectError(chatClient(url))).toBe(CHAT_MESSAGES.missingToken);
    expect(await connectError(chatClient(url, { token: '' }))).toBe(CHAT_MESSAGES.missingToken);
    expect(await connectError(chatClient(url, { token: 'not.a.jwt' }))).toBe(
      CHAT_MESSAGES.badToken,
    );

    const hal = await user('hal');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ email: hal.email, role: 'user' })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(hal.uid)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(now - 7_300)
      .setExpirationTime(now - 100)
      .sign(new TextEncoder().encode(t.config.ACCESS_TOKEN_SECRET));
    expect(await connectError(chatClient(url, { token: expired }))).toBe(CHAT_MESSAGES.badToken);

    // The valid token works, until the account is gone.
    (await client(hal)).disconnect();
    await t.db.query('delete from users where id = $1', [hal.id]);
    expect(await connectError(chatClient(url, { token: hal.accessToken }))).toBe(
      CHAT_MESSAGES.badToken,
    );
  });

  it(`allows at most ${CHAT_LIMITS.maxSocketsPerUser} sockets per user`, async () => {
    const ivy = await user('ivy');
    const sockets: ChatClient[] = [];
    for (let i = 0; i < CHAT_LIMITS.maxSocketsPerUser; i += 1) sockets.push(await client(ivy));
    expect(await connectError(chatClient(url, { token: ivy.accessToken }))).toBe(
      CHAT_MESSAGES.tooManySockets,
    );
    const last = sockets.pop() as ChatClient;
    last.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 100));
    sockets.push(await client(ivy));
    closeAll(...sockets);
  });

  it('refuses pages of other sites; allows its own origin and clients without one', async () => {
    const jo = await user('jo');
    const port = new URL(url).port;
    const foreign = { origin: 'http://evil.example' };
    for (const transports of [['websocket'], ['polling']] as const) {
      await expect(
        connectChat(url, jo.accessToken, { headers: foreign, transports: [...transports] }),
      ).rejects.toThrow();
    }
    await expect(
      connectChat(url, jo.accessToken, { headers: { origin: 'null' } }),
    ).rejects.toThrow();

    (await client(jo, { headers: { origin: `http://127.0.0.1:${port}` } })).disconnect();
    (await client(jo, { transports: ['polling'] })).disconnect();
    // Vite's dev proxy (ws: true, Host kept): page and Host are both 127.0.0.1:5173.
    (
      await client(jo, { headers: { origin: 'http://127.0.0.1:5173', host: '127.0.0.1:5173' } })
    ).disconnect();

    const handshake = (origin?: string) =>
      fetch(`${url}/socket.io/?EIO=4&transport=polling`, {
        headers: origin ? { origin } : {},
      });
    expect((await handshake('http://evil.example')).status).toBe(403);
    expect((await handshake()).status).toBe(200);
  });

  it('CHAT_ALLOWED_ORIGINS lets a listed origin in', async () => {
    const proxied = await buildAccountsApp({
      adminEmails: [],
      env: { CHAT_ALLOWED_ORIGINS: 'https://shop.example.com' },
    });
    try {
      const proxiedUrl = await listen(proxied.app);
      const kim = await signIn(proxied.app, 'kim');
      const socket = await connectChat(proxiedUrl, kim.accessToken, {
        headers: { origin: 'https://shop.example.com' },
      });
      socket.disconnect();
      await expect(
        connectChat(proxiedUrl, kim.accessToken, { headers: { origin: 'https://other.example' } }),
      ).rejects.toThrow();
    } finally {
      await proxied.close();
    }
  });

  it('answers /socket.io itself, never the API 404 or the SPA', async () => {
    const res = await fetch(`${url}/socket.io/`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Transport unknown' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('limits', () => {
  it('refuses unknown rooms, blank and over-long messages; nothing is stored', async () => {
    const lou = await user('lou');
    const l = await client(lou);
    expect(await joinRoom(l, 'Rust')).toEqual({ ok: false, error: CHAT_MESSAGES.unknownRoom });
    expect(await sendMessage(l, 'Python', 'not joined')).toEqual({
      ok: false,
      error: CHAT_MESSAGES.notInRoom,
    });
    ok(await joinRoom(l, 'Python'));
    const refused = async (msg: string, error: string) =>
      expect(await sendMessage(l, 'Python', msg)).toEqual({ ok: false, error });
    await refused('', CHAT_MESSAGES.emptyMessage);
    await refused(' \n\t ', CHAT_MESSAGES.emptyMessage);
    await refused('x'.repeat(CHAT_LIMITS.maxMessageLength + 1), CHAT_MESSAGES.messageTooLong);
    await refused('x'.repeat(5_000), CHAT_MESSAGES.messageTooLong);
    expect(await sendMessage(l, 'Rust', 'hi')).toEqual({
      ok: false,
      error: CHAT_MESSAGES.unknownRoom,
    });
    const odd = await l.timeout(5_000).emitWithAck('newMessage', { room: 'Python' });
    expect(odd).toEqual({ ok: false, error: CHAT_MESSAGES.badRequest });
    expect(await storedMessages(t.db, { userId: lou.id })).toEqual([]);

    // The longest message fits, counted after trimming.
    const longest = 'y'.repeat(CHAT_LIMITS.maxMessageLength);
    expect(ok(await sendMessage(l, 'Python', `  ${longest}  `)).message.msg).toBe(longest);
  });

  it(`disconnects an event over ${CHAT_LIMITS.maxEventBytes} bytes`, async () => {
    const max = await user('max');
    const m = await client(max);
    ok(await joinRoom(m, 'Python'));
    const gone = new Promise<string>((resolve) => m.once('disconnect', resolve));
    m.emit(
      'newMessage',
      {
        newMessage: { msg: 'z'.repeat(CHAT_LIMITS.maxEventBytes + 1), name: 'Max' },
        room: 'Python',
      },
      () => undefined,
    );
    expect(await gone).toBe('transport close');
    expect(await storedMessages(t.db, { userId: max.id })).toEqual([]);
  });

  it('allows a burst of 10, then refuses and stores nothing more', async () => {
    const ned = await user('ned');
    const n = await client(ned);
    ok(await joinRoom(n, 'Java'));
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) => sendMessage(n, 'Java', `burst ${i}`)),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(CHAT_LIMITS.messageBurst);
    expect(answers.filter((a) => !a.ok)).toEqual([{ ok: false, error: CHAT_MESSAGES.rateLimited }]);
    expect(await storedMessages(t.db, { userId: ned.id })).toHaveLength(10);
    // Then one message every 200 ms (5 a second).
    await new Promise((resolve) => setTimeout(resolve, 250));
    ok(await sendMessage(n, 'Java', 'after a pause'));
  });

  it('counts the limit per user, across their sockets', async () => {
    const oz = await user('oz');
    const [o1, o2] = await Promise.all([client(oz), client(oz)]);
    ok(await joinRoom(o1, 'PHP'));
    ok(await joinRoom(o2, 'PHP'));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sendMessage(i % 2 ? o1 : o2, 'PHP', `two ${i}`)),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(CHAT_LIMITS.messageBurst);
  });

  it('stores a retried message (same clientId) once', async () => {
    const pat = await user('pat');
    const p = await client(pat);
    ok(await joinRoom(p, 'TypeScript'));
    const first = ok(await sendMessage(p, 'TypeScript', 'once', { clientId: 'c-1' }));
    const again = nextEvent(p, 'getLatestMessage', (m) => m._id === first.message._id);
    const retry = ok(await sendMessage(p, 'TypeScript', 'once', { clientId: 'c-1' }));
    expect(retry.message).toEqual(first.message);
    await again; // the sender gets it again, in case it missed the broadcast
    expect(await storedMessages(t.db, { userId: pat.id })).toHaveLength(1);
  });
});

describe('fan-out', () => {
  it('messages stored in the same moment reach the room as one getLatestMessages, in order', async () => {
    const [vic, wes] = await Promise.all([user('vic'), user('wes')]);
    const v = await client(vic);
    ok(await joinRoom(v, 'Java'));
    const received = collectMessages(v);
    const batch = nextEvent(v, 'getLatestMessages');
    const stored = [];
    for (const msg of ['one of a pair', 'two of a pair']) {
      const { message } = await insertChatMessage(t.db, {
        room: 'Java',
        userId: wes.id,
        name: 'Wes',
        msg,
        clientId: undefined,
      });
      stored.push(message);
    }
    // Both posted in one turn of the event loop (as two sends finishing together are).
    for (const message of stored) t.app.chatRooms.messagePosted(message);

    expect(await batch).toEqual(stored);
    expect(received).toEqual(stored);
  });
});

describe('sending in batches (group commit)', () => {
  const input = (who: { id: string }, msg: string, clientId?: string) => ({
    room: 'C#' as const,
    userId: who.id,
    name: 'Batch',
    msg,
    clientId,
  });

  it('stores a batch in order; a muted sender and a retried client id are answered each on their own', async () => {
    const [ann, ben, cat] = await Promise.all([
      user('batch-ann'),
      user('batch-ben'),
      user('batch-cat'),
    ]);
    const until = new Date(Date.now() + 60_000);
    await t.db.query(
      'insert into chat_mutes (user_id, muted_until, muted_by) values ($1, $2, $3)',
      [ben.id, until.toISOString(), ADMIN],
    );
    const first = await insertChatMessage(t.db, input(cat, 'sent before', 'cat-1'));

    const outcomes = await insertChatMessages(t.db, [
      input(ann, 'ann one'),
      input(ben, 'ben is muted'),
      input(ann, 'ann two'),
      input(cat, 'sent before', 'cat-1'),
      input(cat, 'cat new', 'cat-2'),
    ]);

    expect(
      outcomes.map((outcome) => ('mutedUntil' in outcome ? 'muted' : outcome.message.msg)),
    ).toEqual(['ann one', 'muted', 'ann two', 'sent before', 'cat new']);
    expect(outcomes[1]).toEqual({ mutedUntil: until });
    expect(outcomes[3]).toMatchObject({ created: false, message: first.message });
    const ids = outcomes.flatMap((outcome) =>
      'message' in outcome ? [BigInt(outcome.message._id)] : [],
    );
    // In the batch's order, after the one stored before it.
    expect(ids.filter((id) => id > BigInt(first.message._id))).toEqual([ids[0], ids[1], ids[3]]);
    expect(ids[0]! < ids[1]! && ids[1]! < ids[3]!).toBe(true);
    expect(await storedMessages(t.db, { userId: ben.id })).toEqual([]);
    // Each sender's read mark is at their newest message of the batch.
    const marks = await t.db.query<{ user_id: string; last_read_id: string }>(
      `select user_id, last_read_id::text as last_read_id from chat_reads
       where room = 'C#' and user_id = any($1::text[]) order by user_id`,
      [[ann.id, cat.id]],
    );
    expect(Object.fromEntries(marks.map((row) => [row.user_id, row.last_read_id]))).toEqual({
      [ann.id]: String(ids[1]),
      [cat.id]: String(ids[3]),
    });
  });

  it('sends arriving together share a batch; a deleted account fails only its own send', async () => {
    const [dan, eve] = await Promise.all([user('batch-dan'), user('batch-eve')]);
    const [d, e] = await Promise.all([client(dan), client(eve)]);
    ok(await joinRoom(d, 'C#'));
    ok(await joinRoom(e, 'C#'));
    await t.db.query('delete from users where id = $1', [dan.id]);

    const [fromDan, fromEve] = await Promise.all([
      sendMessage(d, 'C#', 'dan is gone'),
      sendMessage(e, 'C#', 'eve is here'),
    ]);

    expect(fromDan).toEqual({ ok: false, error: CHAT_MESSAGES.badToken });
    expect(ok(fromEve).message.msg).toBe('eve is here');
    expect(await storedMessages(t.db, { userId: eve.id })).toHaveLength(1);
  });
});

describe('admin delete', () => {
  it('an admin deletes a message for everyone; others may not', async () => {
    const [admin, quinn] = await Promise.all([signIn(t.app, ADMIN), user('quinn')]);
    const [a, q] = await Promise.all([client(admin), client(quinn)]);
    ok(await joinRoom(a, 'PHP'));
    ok(await joinRoom(q, 'PHP'));
    const { message } = ok(await sendMessage(q, 'PHP', 'delete me'));

    const del = (socket: ChatClient, id: string) =>
      socket.timeout(5_000).emitWithAck('deleteMessage', { room: 'PHP', id });
    expect(await del(q, message._id)).toEqual({ ok: false, error: CHAT_MESSAGES.adminsOnly });

    const seen = nextEvent(q, 'messageDeleted');
    expect(await del(a, message._id)).toEqual({ ok: true });
    expect(await seen).toEqual({ room: 'PHP', id: message._id });
    const rejoined = ok(await joinRoom(q, 'PHP'));
    expect(rejoined.messages.map((m) => m._id)).not.toContain(message._id);
    expect(await del(a, message._id)).toEqual({ ok: false, error: CHAT_MESSAGES.messageNotFound });
  });
});

describe('reactions, edits and own deletes', () => {
  const react = (socket: ChatClient, payload: unknown) =>
    socket.timeout(5_000).emitWithAck('react', payload);
  const edit = (socket: ChatClient, payload: unknown) =>
    socket.timeout(5_000).emitWithAck('editMessage', payload);
  const deleteOwn = (socket: ChatClient, payload: unknown) =>
    socket.timeout(5_000).emitWithAck('deleteOwnMessage', payload);
  /** Moves a message's sending time back by `minutes`. */
  const age = (id: string, minutes: number) =>
    t.db.query(
      `update chat_messages set created_at = now() - $2::integer * interval '1 minute' where id = $1`,
      [id, minutes],
    );

  it('two users toggle reactions: counts, who, and a second click takes it back', async () => {
    const [ada, sam] = await Promise.all([user('react-ada'), user('react-sam')]);
    const [a, s] = await Promise.all([client(ada, { name: 'Ada' }), client(sam, { name: 'Sam' })]);
    ok(await joinRoom(a, 'Python'));
    ok(await joinRoom(s, 'Python'));
    const { message } = ok(await sendMessage(a, 'Python', 'react to me', { name: 'Ada' }));
    expect(message.reactions).toEqual([]);

    const seen = nextEvent(a, 'reactionsChanged', (event) => event.reactions.length === 1);
    expect(await react(s, { room: 'Python', id: message._id, emoji: '👍' })).toEqual({
      ok: true,
      reactions: [{ emoji: '👍', count: 1, userIds: [sam.id], names: ['Sam'] }],
    });
    expect(await seen).toEqual({
      room: 'Python',
      id: message._id,
      reactions: [{ emoji: '👍', count: 1, userIds: [sam.id], names: ['Sam'] }],
    });
    ok(await react(a, { room: 'Python', id: message._id, emoji: '👍' }));
    ok(await react(a, { room: 'Python', id: message._id, emoji: '🎉' }));
    const page = ok(await joinRoom(s, 'Python'));
    expect(page.messages.find((m) => m._id === message._id)?.reactions).toEqual([
      { emoji: '👍', count: 2, userIds: [sam.id, ada.id], names: ['Sam', 'Ada'] },
      { emoji: '🎉', count: 1, userIds: [ada.id], names: ['Ada'] },
    ]);

    // A second click takes it back.
    expect(await react(s, { room: 'Python', id: message._id, emoji: '👍' })).toEqual({
      ok: true,
      reactions: [
        { emoji: '👍', count: 1, userIds: [ada.id], names: ['Ada'] },
        { emoji: '🎉', count: 1, userIds: [ada.id], names: ['Ada'] },
      ],
    });

    // Bad payloads.
    expect(await react(s, { room: 'Python', id: message._id, emoji: '💩' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.unknownReaction,
    });
    expect(await react(s, { room: 'Python', id: message._id })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.badRequest,
    });
    expect(await react(s, { room: 'Python', id: '999999999', emoji: '👀' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.messageNotFound,
    });
    expect(await react(s, { room: 'Java', id: message._id, emoji: '👀' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.notInRoom,
    });
  });

  it('the author edits within 15 minutes; after that, or anyone else, is refused', async () => {
    const [ada, sam] = await Promise.all([user('edit-ada'), user('edit-sam')]);
    const [a, s] = await Promise.all([client(ada), client(sam)]);
    ok(await joinRoom(a, 'Java'));
    ok(await joinRoom(s, 'Java'));
    const { message } = ok(await sendMessage(a, 'Java', 'frist', { name: 'Ada' }));

    const seen = nextEvent(s, 'messageEdited');
    const edited = ok(await edit(a, { room: 'Java', id: message._id, msg: '  first  ' }));
    expect(edited.message).toMatchObject({ _id: message._id, msg: 'first', deleted: false });
    expect(edited.message.editedAt).toEqual(expect.any(String));
    expect(await seen).toEqual({
      room: 'Java',
      id: message._id,
      msg: 'first',
      editedAt: edited.message.editedAt,
    });
    const page = ok(await joinRoom(s, 'Java'));
    expect(page.messages.find((m) => m._id === message._id)).toMatchObject({
      msg: 'first',
      editedAt: edited.message.editedAt,
    });

    // Someone else may not; the text rules hold.
    expect(await edit(s, { room: 'Java', id: message._id, msg: 'mine now' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.notYourMessage,
    });
    expect(await deleteOwn(s, { room: 'Java', id: message._id })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.notYourMessage,
    });
    expect(await edit(a, { room: 'Java', id: message._id, msg: '   ' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.emptyMessage,
    });
    expect(
      await edit(a, {
        room: 'Java',
        id: message._id,
        msg: 'x'.repeat(CHAT_LIMITS.maxMessageLength + 1),
      }),
    ).toEqual({ ok: false, error: CHAT_MESSAGES.messageTooLong });
    expect(await edit(a, { room: 'Java', id: message._id })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.badRequest,
    });

    // Past the window: neither an edit nor a delete.
    await age(message._id, 16);
    expect(await edit(a, { room: 'Java', id: message._id, msg: 'too late' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.editWindowOver,
    });
    expect(await deleteOwn(a, { room: 'Java', id: message._id })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.editWindowOver,
    });
    const [stored] = await t.db.query<{ msg: string }>(
      'select msg from chat_messages where id = $1',
      [message._id],
    );
    expect(stored?.msg).toBe('first');
  });

  it("the author's delete leaves a tombstone, without text or reactions, in later pages", async () => {
    const [ada, sam] = await Promise.all([user('tomb-ada'), user('tomb-sam')]);
    const [a, s] = await Promise.all([client(ada), client(sam)]);
    ok(await joinRoom(a, 'TypeScript'));
    ok(await joinRoom(s, 'TypeScript'));
    const { message } = ok(await sendMessage(a, 'TypeScript', 'oops, secret', { name: 'Ada' }));
    ok(await react(s, { room: 'TypeScript', id: message._id, emoji: '😂' }));

    const seen = nextEvent(s, 'messageTombstoned');
    expect(await deleteOwn(a, { room: 'TypeScript', id: message._id })).toEqual({ ok: true });
    expect(await seen).toEqual({ room: 'TypeScript', id: message._id });

    const page = ok(await joinRoom(s, 'TypeScript'));
    const tombstone = page.messages.find((m) => m._id === message._id);
    expect(tombstone).toMatchObject({ msg: '', deleted: true, reactions: [], editedAt: null });
    expect(JSON.stringify(page)).not.toContain('secret');
    // A tombstone takes no more edits, deletes or reactions.
    expect(await edit(a, { room: 'TypeScript', id: message._id, msg: 'back' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.messageNotFound,
    });
    expect(await deleteOwn(a, { room: 'TypeScript', id: message._id })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.messageNotFound,
    });
    expect(await react(s, { room: 'TypeScript', id: message._id, emoji: '👍' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.messageNotFound,
    });
    // It still anchors history pages.
    ok(await loadHistory(s, 'TypeScript', message._id));
  });
});

describe('presence and typing', () => {
  it('tells the room who is there, and who is typing', async () => {
    const [rae, sam] = await Promise.all([user('rae'), user('sam')]);
    const r = await client(rae);
    const joined = ok(await joinRoom(r, 'Java'));
    expect(joined.members).toContainEqual({ userId: rae.id, name: expect.any(String) });

    const s = await client(sam);
    const samArrives = nextEvent(r, 'presence', (e) => e.members.some((m) => m.userId === sam.id));
    ok(await joinRoom(s, 'Java'));
    expect((await samArrives).room).toBe('Java');

    const typing = nextEvent(r, 'typing');
    s.emit('typing', { room: 'Java', name: 'Sam' });
    expect(await typing).toEqual({ userId: sam.id, name: 'Sam' });

    const samLeaves = nextEvent(r, 'presence', (e) => !e.members.some((m) => m.userId === sam.id));
    s.disconnect();
    expect((await samLeaves).members.map((m) => m.userId)).toContain(rae.id);
  });

  it('shows the name chosen on the join form from the start, not the account name', async () => {
    const [vic, wes] = await Promise.all([user('vic'), user('wes')]);
    const v = await client(vic, { name: '  Victoria  ' });
    const joined = ok(await joinRoom(v, 'PHP'));
    expect(joined.members).toContainEqual({ userId: vic.id, name: 'Victoria' });
    // A name the join form would refuse (blank, or too long): the account's name instead.
    for (const name of ['   ', 'x'.repeat(CHAT_LIMITS.maxNameLength + 1)]) {
      const w = await client(wes, { name });
      const answer = ok(await joinRoom(w, 'PHP'));
      const member = answer.members.find((m) => m.userId === wes.id);
      expect(member?.name).not.toBe(name.trim());
      expect(member?.name.length).toBeGreaterThan(0);
      w.disconnect();
    }
  });
});

describe('connection state recovery', () => {
  it('a briefly dropped client is recovered and gets what it missed', async () => {
    const [tia, uma] = await Promise.all([user('tia'), user('uma')]);
    const sender = await client(tia);
    const dropped = await client(uma, { reconnection: true });
    ok(await joinRoom(sender, 'TypeScript'));
    ok(await joinRoom(dropped, 'TypeScript'));
    // Something received, so the client has an offset to resume from.
    const warm = nextEvent(dropped, 'getLatestMessage', (m) => m.msg === 'before the drop');
    ok(await sendMessage(sender, 'TypeScript', 'before the drop'));
    await warm;

    const down = new Promise((resolve) => dropped.once('disconnect', resolve));
    dropped.io.engine.close();
    await down;
    ok(await sendMessage(sender, 'TypeScript', 'while you were away'));

    const missed = nextEvent(dropped, 'getLatestMessage', (m) => m.msg === 'while you were away');
    await new Promise<void>((resolve) => dropped.once('connect', () => resolve()));
    expect(dropped.recovered).toBe(true);
    expect((await missed).userId).toBe(tia.id);
    // Still in the room after recovery.
    const after = nextEvent(dropped, 'getLatestMessage', (m) => m.msg === 'welcome back');
    ok(await sendMessage(sender, 'TypeScript', 'welcome back'));
    await after;
  });
});

describe('a session lasts as long as its account and its token', () => {
  /** An access token of `who` that expires in `seconds`. */
  function tokenExpiringIn(who: SignedIn, seconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: who.email, role: 'user' })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(who.uid)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + seconds)
      .sign(new TextEncoder().encode(t.config.ACCESS_TOKEN_SECRET));
  }

  const ended = (socket: ChatClient) =>
    new Promise<{ message: string; reason: string }>((resolve) => {
      let message = '';
      socket.once('sessionEnded', (event) => (message = event.message));
      socket.once('disconnect', (reason) => resolve({ message, reason }));
    });

  it('an admin deleting the account disconnects its sockets at once', async () => {
    const admin = await signIn(t.app, SESSION_ADMIN);
    const [vic, wes] = await Promise.all([user('vic'), user('wes')]);
    const [first, second] = [await client(vic), await client(vic)];
    const bystander = await client(wes);
    ok(await joinRoom(first, 'Python'));
    ok(await joinRoom(bystander, 'Python'));
    const both = Promise.all([ended(first), ended(second)]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/allusers/dlt/${encodeURIComponent(vic.email)}`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(deleted.statusCode).toBe(200);
    for (const end of await both) {
      expect(end).toEqual({ message: CHAT_MESSAGES.badToken, reason: 'io server disconnect' });
    }
    // It reads nothing more: a message in its room does not reach it, and it cannot come back.
    const received = collectMessages(first);
    ok(await sendMessage(bystander, 'Python', 'after vic left'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([]);
    expect(bystander.connected).toBe(true);
    expect(await connectError(chatClient(url, { token: vic.accessToken }))).toBe(
      CHAT_MESSAGES.badToken,
    );
  });

  it("a deleted account's token opens nothing for the account later made with its address", async () => {
    const admin = await signIn(t.app, ACCOUNT_ADMIN);
    const email = uniqueEmail('reborn');
    const before = await signIn(t.app, email);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/allusers/dlt/${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(deleted.statusCode).toBe(200);

    // The same address signs up again: a new Firebase account, a new row (D53).
    const after = await signIn(t.app, email);
    expect(after.uid).not.toBe(before.uid);
    const profile = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/${encodeURIComponent(email)}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await profile(before.accessToken)).statusCode).toBe(401);
    expect(await connectError(chatClient(url, { token: before.accessToken }))).toBe(
      CHAT_MESSAGES.badToken,
    );
    expect((await profile(after.accessToken)).statusCode).toBe(200);
    const socket = await client(after);
    ok(await joinRoom(socket, 'Java'));
  });

  it("an address signed up again in Firebase (row kept) ends the old account's open sessions", async () => {
    const email = uniqueEmail('resigned');
    const before = await signIn(t.app, email);
    const socket = await client(before);
    ok(await joinRoom(socket, 'Python'));
    // Deleted in Firebase alone (not by an admin here): the row stays, the next sign-up of the
    // address is another Firebase account, which the token exchange writes onto the row.
    await t.app.identity.deleteUserByEmail(email);
    const after = await signIn(t.app, email);
    expect(after.uid).not.toBe(before.uid);

    const end = ended(socket);
    expect(await joinRoom(socket, 'Python')).toEqual({ ok: false, error: CHAT_MESSAGES.badToken });
    expect(await end).toEqual({ message: CHAT_MESSAGES.badToken, reason: 'io server disconnect' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${before.accessToken}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('ends the session when its token expires, even on a silent socket', async () => {
    const xia = await user('xia');
    const socket = await connectChat(url, await tokenExpiringIn(xia, 2));
    open.push(socket);
    ok(await joinRoom(socket, 'Java'));
    expect(await ended(socket)).toEqual({
      message: CHAT_MESSAGES.badToken,
      reason: 'io server disconnect',
    });
  });

  it('a recovered session is authenticated again: not for a deleted account', async () => {
    const zed = await user('zed');
    const socket = await client(zed, { reconnection: true });
    ok(await joinRoom(socket, 'C#'));
    const refused = new Promise<string>((resolve) =>
      socket.once('connect_error', (error) => resolve(error.message)),
    );
    const down = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.io.engine.close();
    await down;
    // Gone while its connection was down: nothing to disconnect, but no session to take back.
    await t.db.query('delete from users where id = $1', [zed.id]);
    expect(await refused).toBe(CHAT_MESSAGES.badToken);
    socket.disconnect();
  });

  it("a deleted account's send is answered as its session having ended, never a database error", async () => {
    const amy = await user('amy');
    const socket = await client(amy);
    ok(await joinRoom(socket, 'PHP'));
    const end = ended(socket);
    // Removed behind the chat's back (no admin route, so nothing disconnected it).
    await t.db.query('delete from users where id = $1', [amy.id]);
    expect(await sendMessage(socket, 'PHP', 'still here?')).toEqual({
      ok: false,
      error: CHAT_MESSAGES.badToken,
    });
    expect((await end).reason).toBe('io server disconnect');
  });

  it('every text the chat takes goes through the text rule: a NUL is a bad request', async () => {
    const bea = await user('bea');
    const socket = await client(bea);
    ok(await joinRoom(socket, 'PHP'));
    expect(await sendMessage(socket, 'PHP', 'hello', { clientId: 'a\u0000b' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.badRequest,
    });
    expect(await loadHistory(socket, 'PHP', '1\u0000')).toEqual({
      ok: false,
      error: CHAT_MESSAGES.badRequest,
    });
    expect(await syncHistory(socket, 'PHP', '\u00001')).toEqual({
      ok: false,
      error: CHAT_MESSAGES.badRequest,
    });
    expect(await storedMessages(t.db, { userId: bea.id })).toEqual([]);
  });
});
