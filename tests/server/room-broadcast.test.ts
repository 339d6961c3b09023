import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../contract/chat';
import type { ChatRoom } from '../../contract/chat-rules';
import { ROOM_FRAME_INTERVAL_MS, roomBroadcaster } from '../../server/chat/room-broadcast';

// The pacing of a room's frames (server/chat/room-broadcast.ts) on a fake clock; the socket.io
// side (one getLatestMessages frame reaching a member) is in chat.test.ts.
const message = (room: ChatRoom, msg: string): ChatMessage => ({
  _id: msg,
  room,
  name: 'Ada',
  msg,
  image: null,
  time: new Date(0).toISOString(),
  userId: 'u1',
  editedAt: null,
  deleted: false,
  reactions: [],
});

describe('room frames', () => {
  let frames: { room: ChatRoom; texts: string[] }[];
  let broadcaster: ReturnType<typeof roomBroadcaster>;

  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    broadcaster = roomBroadcaster((room, messages) =>
      frames.push({ room, texts: messages.map((m) => m.msg) }),
    );
  });
  afterEach(() => vi.useRealTimers());

  it('sends a message in a quiet room at the end of the turn, with the others of that turn', async () => {
    const sent = [broadcaster.post(message('Java', 'a')), broadcaster.post(message('Java', 'b'))];
    expect(frames).toEqual([]);
    await vi.advanceTimersToNextTimerAsync();
    await Promise.all(sent);
    expect(frames).toEqual([{ room: 'Java', texts: ['a', 'b'] }]);
  });

  it('in a busy room, sends one frame per interval carrying every message since the last', async () => {
    await Promise.all([broadcaster.post(message('Java', 'first')), vi.runAllTimersAsync()]);
    const later = [broadcaster.post(message('Java', 'second'))];
    await vi.advanceTimersByTimeAsync(ROOM_FRAME_INTERVAL_MS / 2);
    later.push(broadcaster.post(message('Java', 'third')));
    // Another room keeps its own pace: its first message does not wait.
    const python = broadcaster.post(message('Python', 'elsewhere'));
    await vi.advanceTimersToNextTimerAsync();
    await python;
    expect(frames).toEqual([
      { room: 'Java', texts: ['first'] },
      { room: 'Python', texts: ['elsewhere'] },
    ]);

    await vi.advanceTimersByTimeAsync(ROOM_FRAME_INTERVAL_MS / 2);
    await Promise.all(later);
    expect(frames.at(-1)).toEqual({ room: 'Java', texts: ['second', 'third'] });
    expect(frames).toHaveLength(3);
  });

  it('a room quiet for the interval sends at once again', async () => {
    await Promise.all([broadcaster.post(message('PHP', 'one')), vi.runAllTimersAsync()]);
    await vi.advanceTimersByTimeAsync(ROOM_FRAME_INTERVAL_MS);
    const next = broadcaster.post(message('PHP', 'two'));
    await vi.advanceTimersToNextTimerAsync();
    await next;
    expect(frames).toEqual([
      { room: 'PHP', texts: ['one'] },
      { room: 'PHP', texts: ['two'] },
    ]);
  });
});
