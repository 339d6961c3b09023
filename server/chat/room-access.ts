import { CHAT_MESSAGES } from '../../contract/chat';
import { isChatRoom, isTopicRoom, type ChatRoom } from '../../contract/chat-rules';
import { COURSE_MESSAGES, courseIdOfRoom } from '../../contract/course-rules';
import type { UserRole } from '../../contract/users';
import { DomainError } from '../../contract/domain-error';
import type { Queryable } from '../db/client';
import { courseExists } from '../db/repositories/course-rooms';
import { ownsCourse } from '../db/repositories/owned-courses';
import { HttpError } from '../plugins/errors';

/** Who asks: the account's address and its role as stored now. */
export type RoomCaller = { email: string; role: UserRole };

/**
 * What the caller may do with a room: enter it, or the refusal — `unknown` (no such room: a topic
 * room that is not one of the six, or the room of a course that does not exist) or `refused` (a
 * course room of someone who does not own the course).
 */
export type RoomAccess =
  { ok: true; room: ChatRoom } | { ok: false; reason: 'unknown' | 'refused'; error: string };

/**
 * The one rule of who may enter a room (docs/decisions.md D61), for the socket's events and the
 * HTTP routes alike: a topic room, anyone signed in; a course room, the course's owners (an order
 * of it not refunded) and admins. Read now, at each call: a refund shuts the room at once.
 */
export async function roomAccess(
  db: Queryable,
  caller: RoomCaller,
  room: string,
): Promise<RoomAccess> {
  if (isTopicRoom(room)) return { ok: true, room };
  const courseId = courseIdOfRoom(room);
  if (!isChatRoom(room) || courseId === null || !(await courseExists(db, courseId))) {
    return { ok: false, reason: 'unknown', error: CHAT_MESSAGES.unknownRoom };
  }
  if (caller.role === 'admin' || (await ownsCourse(db, caller.email, courseId))) {
    return { ok: true, room };
  }
  return { ok: false, reason: 'refused', error: COURSE_MESSAGES.roomRefusal };
}

/**
 * roomAccess for an HTTP route (search, a message's context, a report, a shared drawing): an
 * unknown room is a 404, a course room of someone else's course a 403, both with the chat's words.
 */
export async function requireRoomAccess(
  db: Queryable,
  caller: RoomCaller,
  room: string,
): Promise<void> {
  const access = await roomAccess(db, caller, room);
  if (access.ok) return;
  if (access.reason === 'unknown') throw new DomainError('not-found', access.error);
  throw new HttpError(403, access.error);
}
