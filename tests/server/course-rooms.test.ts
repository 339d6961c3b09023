import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, type ChatAck, type CoursePresenceAck } from '../../contract/chat';
import { chatUnreadSchema } from '../../contract/chat-unread';
import { COURSE_MESSAGES, courseRoomId } from '../../contract/course-rules';
import { blankBoard, encodeBoardImage } from '../../server/chat/board-image';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import { expectError } from './helpers/api-error';
import type { TestApp } from './helpers/build-test-app';
import {
  closeAll,
  collectMessages,
  connectChat,
  joinRoom,
  listen,
  nextEvent,
  sendMessage,
  type ChatClient,
} from './helpers/chat';
import { uniqueEmail } from './helpers/firebase-emulator';
import { multipartBody } from './helpers/multipart';
import { buyCourses, createTestGateway, type TestGateway } from './helpers/payments';

// Each course's study room (issue 31 §4, docs/decisions.md D61): `course-<id>`, only for the
// course's owners (not refunded) and admins, on every socket event and HTTP route of the room;
// the course player's presence ("Lesson 2: Hooks") shown in the room's member list.

const ADMIN = uniqueEmail('course-room-admin');
/** A seed course: bought through the payment flow, as learners buy it. */
const COURSE = 'c-02';
const ROOM = courseRoomId(COURSE);
/** The presence test's course: nobody else of this file is in its room. */
const LESSONS_COURSE = 'c-03';

let t: TestApp;
let url: string;
let gateway: TestGateway;
const open: ChatClient[] = [];

async function client(user: SignedIn, name?: string) {
  const socket = await connectChat(url, user.accessToken, name ? { name } : {});
  open.push(socket);
  return socket;
}

function ok<T extends { ok: boolean }>(answer: T | { ok: false; error: string }): T {
  if (!answer.ok) throw new Error(`error ack: ${(answer as { error: string }).error}`);
  return answer as T;
}

async function learner(label: string, courseId = COURSE): Promise<SignedIn> {
  const user = await signIn(t.app, label);
  await buyCourses(t.app, gateway, user, [{ _id: courseId, quantity: 1 }]);
  return user;
}

function coursePresence(socket: ChatClient, courseId: string, lessonId: string) {
  return socket.timeout(5_000).emitWithAck('coursePresence', { courseId, lessonId }) as Promise<
    ChatAck<CoursePresenceAck>
  >;
}

const search = (who: SignedIn, room: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/chat/rooms/${encodeURIComponent(room)}/messages?q=question`,
    headers: bearer(who.accessToken),
  });

async function shareDrawing(who: SignedIn, room: string) {
  const png = Buffer.from(encodeBoardImage(blankBoard()).split(',')[1] ?? '', 'base64');
  const body = await multipartBody([
    { field: 'image', bytes: png, filename: 'drawing.png', type: 'image/png' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/rooms/${encodeURIComponent(room)}/drawings`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(who.accessToken) },
  });
}

beforeAll(async () => {
  gateway = createTestGateway();
  t = await buildAccountsApp({ adminEmails: [ADMIN], paymentGateway: gateway, seed: true });
  url = await listen(t.app);
  // Two lessons of the course, numbered by section then lesson: "Lesson 2: Hooks" is the second.
  await t.db.query(
    `insert into course_sections (id, course_id, title, position) values ('room-test-s', $1, 'Basics', 9000)`,
    [LESSONS_COURSE],
  );
  const before = await t.db.query<{ n: number | string }>(
    'select count(*) as n from course_lessons where course_id = $1',
    [LESSONS_COURSE],
  );
  lessonsBefore = Number(before[0]?.n ?? 0);
  for (const [position, [id, title]] of [
    ['room-test-l1', 'Components'],
    ['room-test-l2', 'Hooks'],
  ].entries()) {
    await t.db.query(
      `insert into course_lessons (id, course_id, section_id, title, kind, minutes, position, content)
       values ($1, $2, 'room-test-s', $3, 'reading', 5, $4, '{"kind":"reading","markdown":"x"}'::jsonb)`,
      [id, LESSONS_COURSE, title, position],
    );
  }
});
let lessonsBefore = 0;

afterAll(async () => {
  closeAll(...open);
  await t?.close();
});

describe('who may enter a course room', () => {
  it('lets an owner in, refuses a stranger on join and on every other event', async () => {
    const [owner, stranger] = await Promise.all([learner('room-owner'), signIn(t.app, 'room-x')]);
    const [o, s] = await Promise.all([client(owner), client(stranger)]);

    const joined = ok(await joinRoom(o, ROOM));
    expect(joined.messages).toEqual([]);
    const atOwner = nextEvent(o, 'getLatestMessage', (m) => m.msg === 'first question');
    ok(await sendMessage(o, ROOM, 'first question'));
    expect((await atOwner).room).toBe(ROOM);

    expect(await joinRoom(s, ROOM)).toEqual({ ok: false, error: COURSE_MESSAGES.roomRefusal });
    expect(await sendMessage(s, ROOM, 'let me in')).toEqual({
      ok: false,
      error: COURSE_MESSAGES.roomRefusal,
    });
    const history = await s.timeout(5_000).emitWithAck('loadHistory', { room: ROOM, before: '1' });
    expect(history).toEqual({ ok: false, error: COURSE_MESSAGES.roomRefusal });
    expect(await s.timeout(5_000).emitWithAck('joinBoard', ROOM)).toEqual({
      ok: false,
      error: COURSE_MESSAGES.roomRefusal,
    });
    expect(
      await s
        .timeout(5_000)
        .emitWithAck('react', { room: ROOM, id: joined.you.userId, emoji: '👍' }),
    ).toEqual({ ok: false, error: COURSE_MESSAGES.roomRefusal });
  });

  it('lets an admin in; answers a course that does not exist as an unknown room', async () => {
    const admin = await signIn(t.app, ADMIN);
    const a = await client(admin);
    ok(await joinRoom(a, ROOM));
    ok(await a.timeout(5_000).emitWithAck('joinBoard', ROOM));
    expect(await joinRoom(a, courseRoomId('no-such-course'))).toEqual({
      ok: false,
      error: CHAT_MESSAGES.unknownRoom,
    });
  });

  it('refuses a refunded learner from then on, even a socket already in the room', async () => {
    const owner = await learner('room-refunded');
    const o = await client(owner);
    ok(await joinRoom(o, ROOM));
    ok(await sendMessage(o, ROOM, 'before the refund'));

    await t.db.query(
      'update orders set refunded_at = now() where user_email = $1 and course_id = $2',
      [owner.email, COURSE],
    );
    const received = collectMessages(o);
    expect(await sendMessage(o, ROOM, 'after the refund')).toEqual({
      ok: false,
      error: COURSE_MESSAGES.roomRefusal,
    });
    // Refused, the socket left the room: what the others say no longer reaches it.
    const other = await client(await learner('room-stayer'));
    ok(await joinRoom(other, ROOM));
    ok(await sendMessage(other, ROOM, 'still here'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.map((m) => m.msg)).not.toContain('still here');
    expect(await joinRoom(o, ROOM)).toEqual({ ok: false, error: COURSE_MESSAGES.roomRefusal });
  });
});

describe('a course room over HTTP', () => {
  it('searches and shares drawings for learners; 403 with the refusal for strangers', async () => {
    const [owner, stranger] = await Promise.all([learner('room-http'), signIn(t.app, 'room-y')]);
    const found = await search(owner, ROOM);
    expect(found.statusCode, found.body).toBe(200);
    expect((await shareDrawing(owner, ROOM)).statusCode).toBe(201);

    expectError(await search(stranger, ROOM), 403, COURSE_MESSAGES.roomRefusal);
    expectError(await shareDrawing(stranger, ROOM), 403, COURSE_MESSAGES.roomRefusal);
    expectError(await search(stranger, courseRoomId('no-such-course')), 404);
  });

  it("counts the owned course rooms' unread messages, not others'", async () => {
    const [owner, stranger] = await Promise.all([learner('room-unread'), signIn(t.app, 'room-z')]);
    const speaker = await client(await learner('room-speaker'));
    ok(await joinRoom(speaker, ROOM));
    ok(await sendMessage(speaker, ROOM, 'news for the learners'));
    const unread = async (who: SignedIn) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/chat/unread',
        headers: bearer(who.accessToken),
      });
      expect(res.statusCode, res.body).toBe(200);
      return chatUnreadSchema.parse(res.json());
    };
    expect((await unread(owner)).rooms.find((r) => r.room === ROOM)?.unread).toBeGreaterThan(0);
    expect((await unread(stranger)).rooms.map((r) => r.room)).not.toContain(ROOM);
  });
});

describe('learners online, and on which lesson', () => {
  it('shows others the lesson a learner has open, labelled by the server; counts them', async () => {
    const [sam, kim, stranger] = await Promise.all([
      learner('room-sam', LESSONS_COURSE),
      learner('room-kim', LESSONS_COURSE),
      signIn(t.app, 'room-w'),
    ]);
    const inRoom = await client(kim, 'Kim');
    ok(await joinRoom(inRoom, courseRoomId(LESSONS_COURSE)));

    const player = await client(sam, 'Sam');
    const samShown = nextEvent(inRoom, 'presence', (event) =>
      event.members.some((m) => m.name === 'Sam' && m.lesson !== undefined),
    );
    const counted = nextEvent(player, 'courseLearners', (event) => event.count === 2);
    const answer = ok(await coursePresence(player, LESSONS_COURSE, 'room-test-l2'));
    expect(answer.learners).toBe(2);
    const members = (await samShown).members;
    expect(members.find((m) => m.name === 'Sam')?.lesson).toBe(
      `Lesson ${lessonsBefore + 2}: Hooks`,
    );
    expect(members.find((m) => m.name === 'Kim')?.lesson).toBeUndefined();
    expect(await counted).toEqual({ courseId: LESSONS_COURSE, count: 2 });

    // The player closing: Sam is gone from the room's list and the count.
    const samGone = nextEvent(inRoom, 'presence', (e) => !e.members.some((m) => m.name === 'Sam'));
    player.disconnect();
    expect((await samGone).members.map((m) => m.name)).toEqual(['Kim']);

    const s = await client(stranger);
    expect(await coursePresence(s, LESSONS_COURSE, 'room-test-l1')).toEqual({
      ok: false,
      error: COURSE_MESSAGES.roomRefusal,
    });
    expect(await coursePresence(inRoom, LESSONS_COURSE, 'no-such-lesson')).toEqual({
      ok: false,
      error: COURSE_MESSAGES.lessonNotFound,
    });
  });
});
