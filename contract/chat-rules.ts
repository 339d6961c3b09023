// Zod-free, so the web app may import these as values.
import { COURSE_ID_PATTERN, courseIdOfRoom } from './course-rules';

/** The six topic rooms (docs/product.md §9), in the spec's order; open to everyone signed in. */
export const CHAT_ROOMS = ['JavaScript', 'PHP', 'Python', 'Java', 'TypeScript', 'C#'] as const;
export type TopicRoom = (typeof CHAT_ROOMS)[number];
/** A course's study room (contract/course-rules.ts courseRoomId): its owners' and admins' (D61). */
export type CourseRoom = `course-${string}`;
/** Every room: a topic room, or a course room (which the server lets in only its learners). */
export type ChatRoom = TopicRoom | CourseRoom;

export function isTopicRoom(value: string): value is TopicRoom {
  return (CHAT_ROOMS as readonly string[]).includes(value);
}

/** A well-formed course room id (`course-c-03`); whether that course exists is the server's. */
export function isCourseRoom(value: string): value is CourseRoom {
  const courseId = courseIdOfRoom(value);
  return courseId !== null && COURSE_ID_PATTERN.test(courseId);
}

/** A topic room or a well-formed course room (D61). */
export function isChatRoom(value: string): value is ChatRoom {
  return isTopicRoom(value) || isCourseRoom(value);
}

export const CHAT_LIMITS = {
  /** A message's text, after trimming (docs/decisions.md). */
  minMessageLength: 1,
  maxMessageLength: 1000,
  /** The display name sent with a message, after trimming. */
  maxNameLength: 50,
  /** Messages sent on joining, and per page of older history. */
  historyPageSize: 50,
  /** Per user, across all their sockets (and processes, with Redis): 5 a second, burst 10. */
  messagesPerSecond: 5,
  messageBurst: 10,
  /**
   * socket.io's maxHttpBufferSize: no event may be larger. A board stroke of 2,000 points (about
   * 12 bytes each as JSON) must fit.
   */
  maxEventBytes: 48 * 1024,
  /** Open sockets per user. */
  maxSocketsPerUser: 20,
  /** How long socket.io keeps a dropped client's state for recovery. */
  recoveryWindowMs: 2 * 60 * 1000,
  /** How long after sending its author may edit or delete a message. */
  editWindowMs: 15 * 60 * 1000,
  /** Reactions, edits and own deletes, per user across their sockets: 5 a second, burst 20. */
  actionsPerSecond: 5,
  actionBurst: 20,
} as const;

/** The six reactions a message can get (issue 17 §2), in the order they are shown. */
export const CHAT_REACTIONS = ['👍', '❤️', '😂', '🎉', '🤔', '👀'] as const;
export type ChatReactionEmoji = (typeof CHAT_REACTIONS)[number];

export function isChatReaction(value: string): value is ChatReactionEmoji {
  return (CHAT_REACTIONS as readonly string[]).includes(value);
}

/** Whether `sentAt` (ISO 8601 or ms) is still within the edit window at `now`. */
export function withinEditWindow(sentAt: string | number, now: number): boolean {
  const sent = typeof sentAt === 'number' ? sentAt : Date.parse(sentAt);
  return Number.isFinite(sent) && now - sent < CHAT_LIMITS.editWindowMs;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `msg` mentions the person called `name`: `@` + the name, case-insensitive, followed by
 * the end or a character that is neither a letter nor a digit (so `@Sam` is not in `@Samuel`).
 * The web app highlights such messages; the server may count them for unread badges.
 */
export function mentions(msg: string, name: string): boolean {
  const trimmed = name.trim();
  if (trimmed === '') return false;
  return new RegExp(`@${escapeRegExp(trimmed)}(?![\\p{L}\\p{N}])`, 'iu').test(msg);
}

/**
 * A per-second limit with bursts, as two counting windows (docs/decisions.md D37): one hit per
 * `spacingMs` and, once that one is taken, `extra` more per `refillMs`. A sender who never pauses
 * stays at the per-second rate; a spent burst comes back after `refillMs`. The server counts these
 * windows with rate-limiter-flexible (server/rate-limit.ts), the web tests' fake chat server in
 * memory, both from this.
 */
export type BurstWindows = { spacingMs: number; extra: number; refillMs: number };

/** How long a spent burst allowance takes to come back. */
export const BURST_REFILL_MS = 60_000;

export function burstWindows(perSecond: number, burst: number): BurstWindows {
  return { spacingMs: 1000 / perSecond, extra: burst - 1, refillMs: BURST_REFILL_MS };
}

/**
 * The name someone chats under until they choose one: the account's name, else the address's
 * part before the @, cut to the chat's limit.
 */
export function defaultChatName(profileName: string, email: string): string {
  const name = profileName.trim() || email.split('@')[0] || email;
  return [...name].slice(0, CHAT_LIMITS.maxNameLength).join('');
}

/** Texts the chat server answers with (acks and connect errors), shown to users as they are. */
export const CHAT_MESSAGES = {
  missingToken: 'Please log in to chat.',
  badToken: 'Your session has expired. Please log in again.',
  tooManySockets: `You have too many chat windows open (at most ${CHAT_LIMITS.maxSocketsPerUser}).`,
  unknownRoom: `No such room. The rooms are ${CHAT_ROOMS.join(', ')}.`,
  notInRoom: 'Join the room first.',
  emptyMessage: 'A message cannot be empty.',
  messageTooLong: `A message is at most ${CHAT_LIMITS.maxMessageLength} characters.`,
  rateLimited: 'You are sending messages too fast. Please wait a moment.',
  adminsOnly: 'Only an admin can delete messages.',
  notYourMessage: 'You can only edit or delete your own messages.',
  editWindowOver: 'You can edit or delete a message for 15 minutes after sending it.',
  unknownReaction: `That reaction is not available. The reactions are ${CHAT_REACTIONS.join(' ')}.`,
  messageNotFound: 'No such message.',
  badRequest: 'That request is not valid.',
  /** The server could not do it (e.g. its database failed); trying again later may work. */
  unavailable: 'The chat is not available right now. Please try again in a moment.',
} as const;

/** The join form's errors (docs/product.md §5, §8), checked in this order. */
export const JOIN_CHAT_ERRORS = {
  name: 'Please enter your name.',
  room: 'Please select room.',
} as const;
