import type { ChatMessage } from '../../contract/chat';
import type { ChatRoom } from '../../contract/chat-rules';
import { roomKey, type ChatServer } from './context';
import { pacer } from './pacer';

/** Sends one frame of a room's new messages to its members. */
type RoomEmit = (room: ChatRoom, messages: ChatMessage[]) => void;

/**
 * The spec's `getLatestMessage` for a lone message; `getLatestMessages` (in order) for several,
 * which the web client takes as that many `getLatestMessage`s.
 */
export function emitToRoom(io: ChatServer): RoomEmit {
  return (room, messages) => {
    const to = io.to(roomKey(room));
    if (messages.length === 1 && messages[0]) to.emit('getLatestMessage', messages[0]);
    else to.emit('getLatestMessages', messages);
  };
}

/** A room sends at most one frame in this many milliseconds (server/chat/pacer.ts). */
export const ROOM_FRAME_INTERVAL_MS = 10;

type RoomQueue = {
  messages: ChatMessage[];
  sent: Promise<void> | null;
  pace: ReturnType<typeof pacer>;
};

/**
 * The room's new messages, sent to its members (docs/architecture.md §6), paced per room: a
 * message in a quiet room goes out at the end of the turn it was stored in, with any other stored
 * in that turn; in a busy room one frame per ROOM_FRAME_INTERVAL_MS carries every message stored
 * since the last. Writing to a member's connection is the fan-out's cost (a system call per member
 * and frame), so this bounds a room's writes at 100 frames a second × its members, whatever the
 * message rate, for at most 10 ms more latency.
 */
export function roomBroadcaster(emit: RoomEmit, intervalMs = ROOM_FRAME_INTERVAL_MS) {
  const rooms = new Map<ChatRoom, RoomQueue>();

  return {
    /**
     * Queues a stored message for its room's next frame; resolves once that frame has gone out
     * (the sender's ack follows it, as it always has).
     */
    post(message: ChatMessage): Promise<void> {
      const { room } = message;
      let queue = rooms.get(room);
      if (!queue) {
        queue = { messages: [], sent: null, pace: pacer(intervalMs) };
        rooms.set(room, queue);
      }
      queue.messages.push(message);
      const frame = queue;
      frame.sent ??= new Promise((resolve) =>
        frame.pace.schedule(() => {
          const { messages } = frame;
          frame.messages = [];
          frame.sent = null;
          emit(room, messages);
          resolve();
        }),
      );
      return frame.sent;
    },
  };
}

export type RoomBroadcaster = ReturnType<typeof roomBroadcaster>;
