import type { ChatAck, CoursePresenceAck } from '../../contract/chat';
import type { ChatEventValue } from '../../contract/chat-events';
import { COURSE_MESSAGES, courseRoomId, lessonPresenceLabel } from '../../contract/course-rules';
import { courseLessonLabel } from '../db/repositories/course-rooms';
import { currentRole, fail, learnersKey, type ChatContext, type ChatSocket } from './context';
import type { Presence } from './presence';
import { roomAccess } from './room-access';

/**
 * `coursePresence` (contract/chat.ts, D61): the course player tells which lesson this socket has
 * open. Only the course's owners and admins may (the room's rule, roomAccess); the label is the
 * server's, read from the course, never the client's. The socket joins the course's players
 * (learnersKey), so the room's members show the lesson and the learners online count it.
 */
export function createCoursePresence(ctx: ChatContext, presence: Presence) {
  const { db } = ctx;

  async function coursePresence(
    socket: ChatSocket,
    { courseId, lessonId }: ChatEventValue<'coursePresence'>,
  ): Promise<ChatAck<CoursePresenceAck>> {
    const room = courseRoomId(courseId);
    const role = await currentRole(db, socket);
    const access = await roomAccess(db, { email: socket.data.email, role }, room);
    if (!access.ok) {
      // A refunded learner's player stops counting at once.
      await leave(socket);
      return fail(access.reason === 'unknown' ? COURSE_MESSAGES.notFound : access.error);
    }
    const lesson = await courseLessonLabel(db, courseId, lessonId);
    if (!lesson) return fail(COURSE_MESSAGES.lessonNotFound);

    const previous = socket.data.lesson;
    if (previous && previous.courseId !== courseId) await leave(socket);
    socket.data.lesson = {
      courseId,
      lessonId,
      label: lessonPresenceLabel(lesson.number, lesson.title),
    };
    await socket.join(learnersKey(courseId));
    presence.announcePresenceSoon(room);
    return { ok: true, learners: (await presence.membersOf(room)).length };
  }

  /** The socket no longer has a lesson of its course open (a refusal, another course). */
  async function leave(socket: ChatSocket): Promise<void> {
    const previous = socket.data.lesson;
    if (!previous) return;
    socket.data.lesson = null;
    await socket.leave(learnersKey(previous.courseId));
    presence.announcePresenceSoon(courseRoomId(previous.courseId));
  }

  return { coursePresence };
}
