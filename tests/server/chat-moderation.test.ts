import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/chat';
import {
  chatReportListSchema,
  chatReportSchema,
  chatSearchPageSchema,
  chatMessageContextSchema,
  formatMutedUntil,
  mutedMessage,
} from '../../contract/chat-moderation';
import { muteChatUser } from '../../server/db/repositories/chat-moderation';
import { insertChatMessage } from '../../server/db/repositories/chat-messages';
import { expectError } from './helpers/api-error';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import {
  closeAll,
  connectChat,
  joinRoom,
  listen,
  nextEvent,
  sendMessage,
  userId,
  type ChatClient,
} from './helpers/chat';
import { uniqueEmail } from './helpers/firebase-emulator';

const ADMIN = uniqueEmail('moderation-admin');
/** An admin muted by the mute test (clearBoard is an admin's write). */
const MUTED_ADMIN = uniqueEmail('moderation-muted-admin');

let t: TestApp;
let url: string;
let admin: SignedIn;
const open: ChatClient[] = [];

type User = SignedIn & { id: string };

async function user(label: string): Promise<User> {
  const signedIn = await signIn(t.app, label);
  return { ...signedIn, id: await userId(t.db, signedIn.email) };
}

/** Stores `texts` in `room` as `author`'s messages, in order. */
async function post(author: User, room: ChatMessage['room'], texts: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const msg of texts) {
    const { message } = await insertChatMessage(t.db, {
      room,
      userId: author.id,
      name: 'Author',
      msg,
      clientId: undefined,
    });
    ids.push(message._id);
  }
  return ids;
}

const report = (who: SignedIn, messageId: string, reason: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/messages/${messageId}/reports`,
    headers: bearer(who.accessToken),
    payload: { reason },
  });

const act = (reportId: string, payload: Record<string, unknown>, who: SignedIn = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/chat-reports/${reportId}/actions`,
    headers: bearer(who.accessToken),
    payload,
  });

async function openReports() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/chat-reports',
    headers: bearer(admin.accessToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return chatReportListSchema.parse(res.json()).reports;
}

const search = (who: SignedIn, room: string, query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/chat/rooms/${encodeURIComponent(room)}/messages`,
    query,
    headers: bearer(who.accessToken),
  });

beforeAll(async () => {
  t = await buildAccountsApp({ adminEmails: [ADMIN, MUTED_ADMIN] });
  url = await listen(t.app);
  admin = await signIn(t.app, ADMIN);
});

afterAll(async () => {
  closeAll(...open);
  await t?.close();
});

describe('reports and moderation', () => {
  it('lists a report with its context; dismiss, delete and mute act and are audited', async () => {
    const [author, reporter] = await Promise.all([user('mod-author'), user('mod-reporter')]);
    const ids = await post(
      author,
      'PHP',
      Array.from({ length: 13 }, (_, index) => `context ${index}`),
    );
    const target = ids[6] ?? '';

    const filed = await report(reporter, target, '  Spam  ');
    expect(filed.statusCode, filed.body).toBe(201);
    const reportId = filed.json<{ id: string }>().id;
    // Reported again while open: the same report.
    const again = await report(reporter, target, 'Spam again');
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: string }>().id).toBe(reportId);

    const listed = (await openReports()).find((item) => item.id === reportId);
    expect(listed).toMatchObject({
      status: 'open',
      reason: 'Spam',
      reporterEmail: reporter.email,
      messageExists: true,
      authorMutedUntil: null,
      history: [],
      message: { _id: target, msg: 'context 6', userId: author.id },
    });
    // Five before, the message, five after: oldest first.
    expect(listed?.context.map((m) => m.msg)).toEqual(
      Array.from({ length: 11 }, (_, index) => `context ${index + 1}`),
    );

    // Mute the author for 10 minutes: the report stays open, the mute is in its history.
    const muted = await act(reportId, { action: 'mute', duration: '10m' });
    expect(muted.statusCode, muted.body).toBe(200);
    const afterMute = chatReportSchema.parse(muted.json());
    expect(afterMute.status).toBe('open');
    const until = afterMute.authorMutedUntil ?? '';
    const minutes = (Date.parse(until) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10.1);
    expect(afterMute.history).toMatchObject([
      { actorEmail: ADMIN, action: 'chat.mute', changes: { duration: '10m', until } },
    ]);

    // The muted author's newMessage is refused, saying until when.
    const socket = await connectChat(url, author.accessToken);
    open.push(socket);
    const joined = await joinRoom(socket, 'PHP');
    expect(joined.ok).toBe(true);
    expect(await sendMessage(socket, 'PHP', 'let me speak')).toEqual({
      ok: false,
      error: `You are muted until ${formatMutedUntil(until)}.`,
    });

    // Delete: the room is told, the message is gone, every open report of it closes.
    const other = await user('mod-other-reporter');
    const otherReport = (await report(other, target, 'Rude')).json<{ id: string }>().id;
    const watcher = await connectChat(url, other.accessToken);
    open.push(watcher);
    await joinRoom(watcher, 'PHP');
    const told = nextEvent(watcher, 'messageDeleted', (event) => event.id === target);
    const deleted = await act(reportId, { action: 'delete' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await told).toEqual({ room: 'PHP', id: target });
    const afterDelete = chatReportSchema.parse(deleted.json());
    expect(afterDelete).toMatchObject({
      status: 'deleted',
      messageExists: false,
      message: { msg: 'context 6' },
    });
    expect(afterDelete.history.map((entry) => entry.action)).toEqual(['chat.delete', 'chat.mute']);
    const rows = await t.db.query<{ id: string }>('select id from chat_messages where id = $1', [
      target,
    ]);
    expect(rows).toEqual([]);
    const stillOpen = await openReports();
    expect(stillOpen.map((item) => item.id)).not.toContain(reportId);
    expect(stillOpen.map((item) => item.id)).not.toContain(otherReport);
    // Closed: a second action is a conflict.
    expectError(await act(reportId, { action: 'dismiss' }), 409);

    // Dismiss another report: closed, audited, the message stays.
    const kept = ids[0] ?? '';
    const third = (await report(reporter, kept, 'Off-topic')).json<{ id: string }>().id;
    const dismissed = await act(third, { action: 'dismiss' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(chatReportSchema.parse(dismissed.json())).toMatchObject({
      status: 'dismissed',
      messageExists: true,
      history: [{ actorEmail: ADMIN, action: 'chat.dismiss' }],
    });

    const audit = await t.db.query<{ action: string; actor_email: string }>(
      `select action, actor_email from audit_log where subject_id in ($1, $2) order by id`,
      [`chat-report:${reportId}`, `chat-report:${third}`],
    );
    expect(audit).toEqual([
      { action: 'chat.mute', actor_email: ADMIN },
      { action: 'chat.delete', actor_email: ADMIN },
      { action: 'chat.dismiss', actor_email: ADMIN },
    ]);
  });

  it('newest report first', async () => {
    const [author, reporter] = await Promise.all([user('order-author'), user('order-reporter')]);
    const [first, second] = await post(author, 'Java', ['first', 'second']);
    const a = (await report(reporter, first ?? '', 'Spam')).json<{ id: string }>().id;
    const b = (await report(reporter, second ?? '', 'Spam')).json<{ id: string }>().id;
    const ids = (await openReports()).map((item) => item.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
  });

  it('refuses bad input naming the field', async () => {
    const [author, reporter] = await Promise.all([user('bad-author'), user('bad-reporter')]);
    const [id] = await post(author, 'Python', ['hello']);
    expect(expectError(await report(reporter, id ?? '', 'x'.repeat(501)), 400)).toContain('reason');
    expect(expectError(await report(reporter, id ?? '', '   '), 400)).toContain('reason');
    expectError(await report(reporter, '999999999999', 'Spam'), 404, 'No such message.');
    expectError(await report(reporter, 'msg-1', 'Spam'), 404, 'No such message.');
    const reportId = (await report(reporter, id ?? '', 'Spam')).json<{ id: string }>().id;
    expect(expectError(await act(reportId, { action: 'mute', duration: '2h' }), 400)).toContain(
      'duration',
    );
    expect(expectError(await act(reportId, { action: 'ban' }), 400)).toContain('action');
    expectError(await act('999999999999', { action: 'dismiss' }), 404, 'No such report.');
    expectError(await act('not-a-report', { action: 'dismiss' }), 404, 'No such report.');
    // Not an admin.
    expectError(await act(reportId, { action: 'dismiss' }, reporter), 403);
  });
});

describe('a mute refuses every write on the chat connection (D53)', () => {
  const stroke = (id: string) => ({
    id,
    color: '#2244ee',
    size: 3,
    points: [
      [10, 10],
      [20, 30],
    ],
  });
  const ask = (socket: ChatClient, event: string, payload: unknown) =>
    socket.timeout(5_000).emitWithAck(event as 'react', payload);

  it('send, edit, react, delete, strokes, undo, clear and typing; reading stays allowed', async () => {
    const muted = await user('mod-muted');
    const mutedAdmin = await user(MUTED_ADMIN);
    const watcher = await user('mod-mute-watcher');
    const [socket, adminSocket, watching] = await Promise.all([
      connectChat(url, muted.accessToken),
      connectChat(url, mutedAdmin.accessToken),
      connectChat(url, watcher.accessToken),
    ]);
    open.push(socket, adminSocket, watching);
    for (const s of [socket, adminSocket, watching])
      expect((await joinRoom(s, 'Java')).ok).toBe(true);

    // Before the mute: a message of their own (the one reported) and a stroke on the board,
    // which the watcher has received before it starts listening below.
    const seenBefore = Promise.all([
      nextEvent(watching, 'getLatestMessage'),
      nextEvent(watching, 'boardStroke'),
    ]);
    const sent = await sendMessage(socket, 'Java', 'something rude');
    if (!sent.ok) throw new Error(sent.error);
    const id = sent.message._id;
    expect(
      await ask(socket, 'drawStroke', { room: 'Java', stroke: stroke('s-before') }),
    ).toMatchObject({ ok: true });
    await seenBefore;

    const mutes = await t.db.transaction(async (tx) => ({
      user: await muteChatUser(tx, { userId: muted.id, durationMs: 600_000, by: ADMIN }),
      admin: await muteChatUser(tx, { userId: mutedAdmin.id, durationMs: 600_000, by: ADMIN }),
    }));
    const refused = { ok: false, error: mutedMessage(mutes.user) };

    // The room hears nothing from them.
    const heard: string[] = [];
    for (const event of [
      'typing',
      'strokeProgress',
      'reactionsChanged',
      'messageEdited',
      'messageTombstoned',
      'boardStroke',
      'strokeRemoved',
      'boardCleared',
      'getLatestMessage',
    ] as const) {
      watching.on(event, () => heard.push(event));
    }

    expect(await sendMessage(socket, 'Java', 'still here')).toEqual(refused);
    expect(await ask(socket, 'editMessage', { room: 'Java', id, msg: 'something nice' })).toEqual(
      refused,
    );
    expect(await ask(socket, 'react', { room: 'Java', id, emoji: '👍' })).toEqual(refused);
    expect(await ask(socket, 'deleteOwnMessage', { room: 'Java', id })).toEqual(refused);
    expect(await ask(socket, 'drawStroke', { room: 'Java', stroke: stroke('s-after') })).toEqual(
      refused,
    );
    expect(await ask(socket, 'undoStroke', { room: 'Java' })).toEqual(refused);
    expect(await ask(adminSocket, 'clearBoard', { room: 'Java' })).toEqual({
      ok: false,
      error: mutedMessage(mutes.admin),
    });
    socket.emit('typing', { room: 'Java', name: 'Muted' });
    socket.emit('strokeProgress', { room: 'Java', ...stroke('s-progress') });

    // The drawing share (HTTP) is refused too: chat-drawings.test.ts.

    // Reading stays allowed, and shows nothing changed.
    const board = await ask(socket, 'joinBoard', { room: 'Java' });
    expect(board).toMatchObject({ ok: true, strokes: [{ id: 's-before' }] });
    const history = await ask(socket, 'syncHistory', { room: 'Java', after: id });
    expect(history).toMatchObject({ ok: true });
    const [row] = await t.db.query<{ msg: string; deleted: boolean }>(
      'select msg, deleted_at is not null as deleted from chat_messages where id = $1',
      [id],
    );
    expect(row).toEqual({ msg: 'something rude', deleted: false });
    const [reactions] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from chat_reactions where message_id = $1',
      [id],
    );
    expect(reactions?.n).toBe(0);

    // Control: the watcher, not muted, is heard (and nothing of the muted ones before it).
    const typingSeen = nextEvent(watching, 'reactionsChanged');
    expect(await ask(watching, 'react', { room: 'Java', id, emoji: '👍' })).toMatchObject({
      ok: true,
    });
    await typingSeen;
    expect(heard).toEqual(['reactionsChanged']);
  });
});

describe('search in a room', () => {
  it('finds case-insensitive substrings, newest first, paged by `before`', async () => {
    const author = await user('search-author');
    const room = 'C#';
    const marker = `zq${Date.now()}`;
    const texts = Array.from({ length: 25 }, (_, index) => `${index} ${marker.toUpperCase()} x`);
    const ids = await post(author, room, [...texts, `unrelated ${Date.now()}`]);
    // The same text in another room is not found.
    await post(author, 'JavaScript', [`${marker} elsewhere`]);

    const first = await search(author, room, { q: marker });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = chatSearchPageSchema.parse(first.json());
    expect(page1.messages).toHaveLength(20);
    expect(page1.hasMore).toBe(true);
    expect(page1.messages[0]?._id).toBe(ids[24]);
    const last = page1.messages.at(-1)?._id ?? '';
    const page2 = chatSearchPageSchema.parse(
      (await search(author, room, { q: marker, before: last })).json(),
    );
    expect(page2.messages.map((m) => m._id)).toEqual(ids.slice(0, 5).reverse());
    expect(page2.hasMore).toBe(false);
  });

  it('takes LIKE wildcards literally', async () => {
    const author = await user('wildcard-author');
    const stamp = Date.now();
    await post(author, 'TypeScript', [
      `100% sure ${stamp}`,
      `100 percent ${stamp}`,
      `a_b ${stamp}`,
      `axb ${stamp}`,
    ]);
    const percent = chatSearchPageSchema.parse(
      (await search(author, 'TypeScript', { q: `100% sure ${stamp}` })).json(),
    );
    expect(percent.messages.map((m) => m.msg)).toEqual([`100% sure ${stamp}`]);
    const underscore = chatSearchPageSchema.parse(
      (await search(author, 'TypeScript', { q: `a_b ${stamp}` })).json(),
    );
    expect(underscore.messages.map((m) => m.msg)).toEqual([`a_b ${stamp}`]);
    const percentOnly = chatSearchPageSchema.parse(
      (await search(author, 'TypeScript', { q: '%' })).json(),
    );
    expect(percentOnly.messages.every((m) => m.msg.includes('%'))).toBe(true);
  });

  it('refuses a bad query and an unknown room', async () => {
    const someone = await user('search-bad');
    expect(expectError(await search(someone, 'JavaScript', { q: '' }), 400)).toContain('q');
    expect(expectError(await search(someone, 'Cobol', { q: 'a' }), 400)).toContain('room');
    expect(
      expectError(await search(someone, 'JavaScript', { q: 'a', before: 'x'.repeat(65) }), 400),
    ).toContain('before');
    expectError(await search(someone, 'JavaScript', { q: 'a', before: 'abc' }), 404);
  });

  it('gives a message in its context', async () => {
    const author = await user('context-author');
    const ids = await post(
      author,
      'Java',
      Array.from({ length: 8 }, (_, index) => `ctx ${index}`),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/chat/messages/${ids[5]}/context`,
      headers: bearer(author.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const context = chatMessageContextSchema.parse(res.json());
    expect(context.room).toBe('Java');
    expect(context.messageId).toBe(ids[5]);
    expect(context.messages.map((m) => m._id)).toEqual(ids.slice(0, 8));
    expectError(
      await t.app.inject({
        method: 'GET',
        url: '/api/chat/messages/999999999999/context',
        headers: bearer(author.accessToken),
      }),
      404,
    );
  });
});
