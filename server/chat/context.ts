import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { ChatErrorAck, ChatMessage, ChatRoom } from '../../contract/chat';
import type {
  ChatClientToServerEvents,
  ChatServerToClientEvents,
} from '../../contract/chat-events';
import type { UserRole } from '../../contract/users';
import type { Db } from '../db/client';
import { findUserByEmail, type User } from '../db/repositories/users';

// What every concern of the chat (sessions, presence, messages, board) shares: the types of the
// server and its sockets, the room names of socket.io, and the context each concern is built on.

/** What socket.io keeps per socket (and restores with the connection state). */
export type ChatSocketData = {
  userId: string;
  email: string;
  /** The account the access token names (users.firebase_uid, docs/decisions.md D53). */
  firebaseUid: string;
  /** Shown in presence: the name of the user's latest message or typing, else the account's. */
  name: string;
  /** The one chat room the socket is in, if any. */
  room: ChatRoom | null;
  /**
   * The lesson the socket has open in the course player (`coursePresence`, D61), labelled by the
   * server ("Lesson 4: Hooks"); null when it has none.
   */
  lesson: { courseId: string; lessonId: string; label: string } | null;
  /** When the access token the socket (re)connected with expires (ms since the epoch). */
  tokenExpiresAt: number;
};

/**
 * Ends chat sessions from outside the chat (an admin deleting an account): every socket of the
 * user, on every process, is disconnected at once.
 */
export interface ChatSessions {
  endSessionsOf(userId: string): Promise<void>;
}

/**
 * Tells a room's members of a change made outside the chat: an admin's delete from the Reports
 * screen reaches them as the chat's own delete does (`messageDeleted`); a drawing shared from
 * /drawing as a message sent in the room (`getLatestMessage`).
 */
export interface ChatRooms {
  messageDeleted(room: ChatRoom, id: string): void;
  messagePosted(message: ChatMessage): void;
}

export type ChatServer = Server<
  ChatClientToServerEvents,
  ChatServerToClientEvents,
  Record<string, never>,
  ChatSocketData
>;
export type ChatSocket = Socket<
  ChatClientToServerEvents,
  ChatServerToClientEvents,
  Record<string, never>,
  ChatSocketData
>;

/** What each concern of the chat is built with: the server and the app's dependencies. */
export type ChatContext = {
  io: ChatServer;
  db: Db;
  log: FastifyBaseLogger;
  /** Whether Redis is configured and, if so, ready (undefined: no Redis). */
  redisReady(): boolean | undefined;
  /** True once the app is closing: nothing new is scheduled. */
  closing(): boolean;
};

/** The socket.io room of a chat room's members (its messages and its board). */
export const roomKey = (room: ChatRoom) => `room:${room}`;
/** The socket.io room of the course player's sockets of a course (D61). */
export const learnersKey = (courseId: string) => `learners:${courseId}`;
/** The socket.io room of every socket of one user. */
export const userKey = (userId: string) => `user:${userId}`;
export const fail = (error: string): ChatErrorAck => ({ ok: false, error });

/** Thrown inside an event's work when its socket's session is over. */
export class SessionEnded extends Error {}

/**
 * The account behind the socket, read now (as every HTTP request does): it must still exist and
 * be the same account, not another one made since with the same address (D53).
 */
async function currentAccount(db: Db, socket: ChatSocket): Promise<User> {
  const user = await findUserByEmail(db, socket.data.email);
  if (!user || user.id !== socket.data.userId || user.firebaseUid !== socket.data.firebaseUid) {
    throw new SessionEnded();
  }
  return user;
}

/** The account behind the socket still exists. */
export async function requireAccount(db: Db, socket: ChatSocket): Promise<void> {
  await currentAccount(db, socket);
}

/** The account's role as stored now (a promotion or demotion counts at once). */
export async function currentRole(db: Db, socket: ChatSocket): Promise<UserRole> {
  return (await currentAccount(db, socket)).role;
}
