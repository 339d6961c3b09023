import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessageSchema, type ChatMessage } from '../../contract/chat';
import { DRAWING_SHARE_MESSAGES } from '../../contract/chat-drawings';
import { chatReportListSchema, mutedMessage } from '../../contract/chat-moderation';
import { chatUnreadSchema } from '../../contract/chat-unread';
import { IMAGE_MESSAGES } from '../../contract/image-rules';
import { blankBoard, encodeBoardImage } from '../../server/chat/board-image';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import { expectError } from './helpers/api-error';
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
import { multipartBody, type FormPart } from './helpers/multipart';

// "Share to a room" from /drawing (issue 17 §1, docs/product.md §2.9): a PNG posted into a room's
// chat as an image message, stored like an upload, received by the room as any message.

const ADMIN = uniqueEmail('drawings-admin');

let t: TestApp;
let url: string;
let admin: SignedIn;
const open: ChatClient[] = [];

/** A real 700×500 PNG (the board's own encoder): what /drawing exports at a ratio of 1. */
const DRAWING = Buffer.from(encodeBoardImage(blankBoard()).split(',')[1] ?? '', 'base64');

/** A PNG whose header claims `width`×`height` (the server reads only the header). */
function pngClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(DRAWING);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

const drawingPart = (bytes: Uint8Array = DRAWING): FormPart => ({
  field: 'image',
  bytes,
  filename: 'drawing.png',
  type: 'image/png',
});

async function upload(
  app: TestApp['app'],
  who: SignedIn | null,
  room: string,
  parts: FormPart[] = [drawingPart()],
  query: Record<string, string> = {},
) {
  const body = await multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: `/api/chat/rooms/${encodeURIComponent(room)}/drawings`,
    query,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? bearer(who.accessToken) : {}) },
  });
}

const share = (
  who: SignedIn | null,
  room: string,
  parts?: FormPart[],
  query?: Record<string, string>,
) => upload(t.app, who, room, parts, query);

async function counts() {
  const [row] = await t.db.query<{ images: number; messages: number }>(
    `select (select count(*)::int from images) as images,
            (select count(*)::int from chat_messages) as messages`,
  );
  return row;
}

async function client(user: SignedIn, name: string) {
  const socket = await connectChat(url, user.accessToken, { name });
  open.push(socket);
  return socket;
}

function ok<T extends { ok: boolean }>(answer: T | { ok: false; error: string }): T {
  if (!answer.ok) throw new Error(`error ack: ${(answer as { error: string }).error}`);
  return answer as T;
}

beforeAll(async () => {
  t = await buildAccountsApp({ adminEmails: [ADMIN] });
  url = await listen(t.app);
  admin = await signIn(t.app, ADMIN);
});

afterAll(async () => {
  closeAll(...open);
  await t?.close();
});

describe('POST /api/chat/rooms/:room/drawings', () => {
  it('posts the drawing into the room as an image message, under the name its author chats as', async () => {
    const ada = await signIn(t.app, 'drawings-ada');
    const sam = await signIn(t.app, 'drawings-sam');
    // Ada has chatted as "Ada L." before: her drawing goes under that name.
    const adaSocket = await client(ada, 'Ada L.');
    ok(await joinRoom(adaSocket, 'Python'));
    ok(await sendMessage(adaSocket, 'Python', 'hello', { name: 'Ada L.' }));
    adaSocket.close();
    const samSocket = await client(sam, 'Sam');
    ok(await joinRoom(samSocket, 'TypeScript'));
    const received = nextEvent(samSocket, 'getLatestMessage');

    const res = await share(ada, 'TypeScript');

    expect(res.statusCode, res.body).toBe(201);
    const message = chatMessageSchema.parse(res.json());
    expect(message).toMatchObject({
      room: 'TypeScript',
      name: 'Ada L.',
      msg: '',
      userId: await userId(t.db, ada.email),
      deleted: false,
      image: { width: 700, height: 500 },
    });
    expect(message.image?.url).toMatch(/^\/api\/images\/[\w-]+$/);
    expect(await received).toEqual(message);

    // Stored like an upload: the same bytes at the message's URL.
    const image = await t.app.inject({ method: 'GET', url: message.image?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(DRAWING)).toBe(true);

    // Kept: a late joiner's page has it; it is not unread for its author.
    const late = ok(await joinRoom(await client(admin, 'Admin'), 'TypeScript'));
    expect(late.messages.find((entry) => entry._id === message._id)).toEqual(message);
    const unreadOf = async (who: SignedIn) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/chat/unread',
        headers: bearer(who.accessToken),
      });
      const room = chatUnreadSchema.parse(answer.json()).rooms.find((r) => r.room === 'TypeScript');
      return room?.unread;
    };
    expect(await unreadOf(ada)).toBe(0);

    // The page may name who is sharing: the name its chat room shows (src/lib/chat-name.ts).
    const named = await share(ada, 'TypeScript', undefined, { name: '  Ada Lovelace ' });
    expect(named.statusCode, named.body).toBe(201);
    expect(chatMessageSchema.parse(named.json()).name).toBe('Ada Lovelace');
  });

  it('a tombstoned drawing loses its image; a report keeps what was shared', async () => {
    const ben = await signIn(t.app, 'drawings-ben');
    const shared = chatMessageSchema.parse((await share(ben, 'Java')).json());
    const reporter = await signIn(t.app, 'drawings-reporter');
    const filed = await t.app.inject({
      method: 'POST',
      url: `/api/chat/messages/${shared._id}/reports`,
      headers: bearer(reporter.accessToken),
      payload: { reason: 'Not about Java' },
    });
    expect(filed.statusCode, filed.body).toBe(201);

    const socket = await client(ben, 'Ben');
    ok(await joinRoom(socket, 'Java'));
    ok(
      await socket.timeout(5000).emitWithAck('deleteOwnMessage', { room: 'Java', id: shared._id }),
    );
    const page = ok(await joinRoom(socket, 'Java'));
    const tombstone = page.messages.find((entry) => entry._id === shared._id) as ChatMessage;
    expect(tombstone).toMatchObject({ deleted: true, msg: '', image: null });

    const reports = await t.app.inject({
      method: 'GET',
      url: '/api/admin/chat-reports',
      headers: bearer(admin.accessToken),
    });
    const listed = chatReportListSchema
      .parse(reports.json())
      .reports.find((entry) => entry.message._id === shared._id);
    expect(listed?.message.image).toEqual(shared.image);
    expect(listed?.messageExists).toBe(false);
  });

  it('refuses what is not a drawing, storing nothing', async () => {
    const cy = await signIn(t.app, 'drawings-cy');
    const before = await counts();
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

    expectError(await share(cy, 'PHP', [drawingPart(jpeg)]), 400, DRAWING_SHARE_MESSAGES.notPng);
    expectError(
      await share(cy, 'PHP', [drawingPart(Buffer.from('not an image at all'))]),
      400,
      DRAWING_SHARE_MESSAGES.notPng,
    );
    expectError(
      await share(cy, 'PHP', [drawingPart(pngClaiming(5000, 500))]),
      400,
      DRAWING_SHARE_MESSAGES.tooBig,
    );
    expectError(
      await share(cy, 'PHP', [{ field: 'picture', bytes: DRAWING, filename: 'a.png' }]),
      400,
      IMAGE_MESSAGES.oneFile,
    );
    expectError(await share(cy, 'PHP', []), 400);
    expect(expectError(await share(cy, 'PHP', undefined, { name: '   ' }), 400)).toContain('name');
    const unknownRoom = expectError(await share(cy, 'Cobol'), 400);
    expect(unknownRoom).toContain('room');
    expectError(await share(null, 'PHP'), 401);

    expect(await counts()).toEqual(before);
  });

  it('refuses a muted author until the mute ends', async () => {
    const dee = await signIn(t.app, 'drawings-dee');
    const until = new Date(Date.now() + 60 * 60_000);
    await t.db.query(
      `insert into chat_mutes (user_id, muted_until, muted_by) values ($1, $2, $3)`,
      [await userId(t.db, dee.email), until.toISOString(), ADMIN],
    );
    const before = await counts();

    const res = await share(dee, 'C#');

    expectError(res, 403, mutedMessage(until.toISOString()));
    expect(await counts()).toEqual(before);
  });
});

describe('drawing share rate limit', () => {
  it('allows each user a few drawings a minute', async () => {
    const limited = await buildAccountsApp({ adminEmails: [], limits: { chatDrawingPerUser: 2 } });
    try {
      const eve = await signIn(limited.app, 'drawings-eve');
      const post = () => upload(limited.app, eve, 'Python');
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      expectError(await post(), 429);
    } finally {
      await limited.close();
    }
  });
});
