import type { ChatRoom, PresenceEvent } from '../../contract/chat';
import { courseIdOfRoom } from '../../contract/course-rules';
import {
  learnersKey,
  roomKey,
  type ChatContext,
  type ChatSocket,
  type ChatSocketData,
} from './context';

/** Presence changes within this window go out as one announcement per room. */
const PRESENCE_COALESCE_MS = 250;

/** How long a question to every process (who is in a room) waits before answering locally. */
const CLUSTER_QUERY_TIMEOUT_MS = 1_500;

export type Presence = ReturnType<typeof createPresence>;

/**
 * Who is where: the sockets of a socket.io room across processes, a chat room's members, and
 * their announcement to the room (coalesced). `stop` cancels the announcements still pending.
 */
export function createPresence(ctx: ChatContext) {
  const { io, log } = ctx;
  // One presence announcement per room per PRESENCE_COALESCE_MS: each carries the whole member
  // list to every member, so a crowd arriving (or renaming) at once must not cost one per person.
  const pendingPresence = new Map<ChatRoom, NodeJS.Timeout>();

  /**
   * The sockets in `room` across every process. While Redis is down, or another process does
   * not answer in time (it was just killed), those of this process: presence and the socket cap
   * are then per process for a while, and nothing else is held up.
   */
  async function socketsIn(room: string): Promise<{ data: ChatSocketData }[]> {
    if (ctx.redisReady() !== false) {
      try {
        return await io.timeout(CLUSTER_QUERY_TIMEOUT_MS).in(room).fetchSockets();
      } catch (error) {
        log.warn({ err: error }, 'chat: other processes did not answer; counting this one alone');
      }
    }
    // Read from this process's own tables: the adapter's local fetch still asks Redis how many
    // processes there are.
    const namespace = io.of('/');
    const ids = namespace.adapter.rooms.get(room) ?? new Set<string>();
    return [...ids].flatMap((id) => {
      const socket = namespace.sockets.get(id);
      return socket ? [socket] : [];
    });
  }

  /**
   * The members of a chat room (each user once), by name. A course room's (D61) are its learners
   * online: in the room, or with one of its lessons open in the player, each with the label of
   * the lesson they have open, if any.
   */
  async function membersOf(room: ChatRoom): Promise<PresenceEvent['members']> {
    const courseId = courseIdOfRoom(room);
    const [inRoom, inPlayer] = await Promise.all([
      socketsIn(roomKey(room)),
      courseId === null ? Promise.resolve([]) : socketsIn(learnersKey(courseId)),
    ]);
    const members = new Map<string, { name: string; lesson?: string }>();
    for (const { data } of [...inRoom, ...inPlayer]) {
      if (!data.userId) continue;
      const member = members.get(data.userId) ?? { name: data.name };
      if (data.lesson && data.lesson.courseId === courseId) member.lesson = data.lesson.label;
      members.set(data.userId, member);
    }
    return [...members]
      .map(([userId, member]) => ({ userId, ...member }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  }

  /** Tells the room who is there, once for every change within PRESENCE_COALESCE_MS. */
  function announcePresenceSoon(room: ChatRoom): void {
    if (ctx.closing() || pendingPresence.has(room)) return;
    const timer = setTimeout(() => {
      pendingPresence.delete(room);
      if (ctx.closing()) return;
      membersOf(room)
        .then((members) => {
          io.to(roomKey(room)).emit('presence', { room, members });
          // A course room's learners online, to the room and to the course's players.
          const courseId = courseIdOfRoom(room);
          if (courseId !== null) {
            io.to([roomKey(room), learnersKey(courseId)]).emit('courseLearners', {
              courseId,
              count: members.length,
            });
          }
        })
        .catch((error: unknown) => {
          if (!ctx.closing()) log.warn({ err: error }, 'chat presence update failed');
        });
    }, PRESENCE_COALESCE_MS);
    timer.unref();
    pendingPresence.set(room, timer);
  }

  /** Remembers the name the user now goes by; presence follows when it changed. */
  function rename(socket: ChatSocket, name: string): void {
    if (socket.data.name === name) return;
    socket.data.name = name;
    if (socket.data.room) announcePresenceSoon(socket.data.room);
  }

  function stop(): void {
    for (const timer of pendingPresence.values()) clearTimeout(timer);
  }

  return { socketsIn, membersOf, announcePresenceSoon, rename, stop };
}
