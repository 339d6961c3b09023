import { useEffect } from 'react';
import { UNREAD_POLL_MS, useGetChatUnreadQuery } from '../api/chat-unread-api';

export type UnreadTotals = { total: number; mentions: number };

/**
 * Reports the signed-in user's unread chat messages and mentions (the navbar's group-learning
 * badge). A component of its own so the layout loads it, and RTK Query with it, only for
 * signed-in users; it asks again every 30 s and when the tab regains focus.
 */
export default function ChatUnreadCount({ onCount }: { onCount: (totals: UnreadTotals) => void }) {
  const { currentData } = useGetChatUnreadQuery(undefined, { pollingInterval: UNREAD_POLL_MS });
  const total = currentData?.total ?? 0;
  const mentions = currentData?.mentions ?? 0;
  useEffect(() => onCount({ total, mentions }), [total, mentions, onCount]);
  return null;
}
