import { useEffect, useRef } from 'react';
import type { ChatRoom } from '@contract/chat-rules';
import { baseApi } from '@/lib/api/base-api';
import type { ChatConnection } from '@/lib/chat-connection';
import { useAppDispatch } from '@/lib/redux-hooks';

/** Messages arriving in a burst are marked read once. */
const MARK_DELAY_MS = 500;

type Options = {
  room: ChatRoom;
  connection: ChatConnection;
  joined: boolean;
  /** The newest message shown (its id), if any. */
  newestId: string | undefined;
};

/**
 * Tells the server what the user has seen of the room (docs/product.md §2.16): the newest message
 * while the room is joined in a visible tab, and again when the tab comes back into view. Joining
 * the room reads it on the server by itself. Each time, the unread badges (GET /chat/unread) are
 * asked again.
 */
export function useMarkRead({ room, connection, joined, newestId }: Options): void {
  const dispatch = useAppDispatch();
  const marked = useRef<string | undefined>(undefined);

  // Joining read the room up to its newest message (the server did it).
  useEffect(() => {
    if (!joined) return;
    marked.current = newestId;
    dispatch(baseApi.util.invalidateTags(['ChatUnread']));
    // Only on joining: later messages are marked below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [joined, dispatch]);

  useEffect(() => {
    if (!joined || newestId === undefined) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || !connection.connected) return;
      if (marked.current !== undefined && BigInt(marked.current) >= BigInt(newestId)) return;
      connection.request('markRead', { room, id: newestId }, (answer) => {
        if (!answer.ok) return;
        marked.current = newestId;
        dispatch(baseApi.util.invalidateTags(['ChatUnread']));
      });
    };
    const timer = setTimeout(mark, MARK_DELAY_MS);
    document.addEventListener('visibilitychange', mark);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', mark);
    };
  }, [room, connection, joined, newestId, dispatch]);
}
