import { muteRefusal } from '../../contract/chat-moderation';
import type { Queryable } from '../db/client';
import { activeMuteUntil } from '../db/repositories/chat-moderation';

/**
 * The one check of a chat write by a muted user (docs/product.md §2.23, docs/decisions.md D53):
 * every write event of the chat connection (server/chat/plugin.ts) and the drawing share
 * (server/routes/chat-drawings.ts) call it before they store or broadcast anything. The rule and
 * its text are the contract's (muteRefusal), which the web app's fake applies too. The refusal's
 * text, or null when the user may write.
 */
export async function chatWriteRefusal(db: Queryable, userId: string): Promise<string | null> {
  return muteRefusal(await activeMuteUntil(db, userId));
}

/** How long an event without an ack (typing, strokeProgress) may go on a mute read before. */
const QUIET_EVENT_RECHECK_MS = 1_000;

/**
 * The same check for the frequent events without an ack: read at most once a second per socket,
 * so a drawing's progress does not cost a query per point. A mute counts within that second.
 */
export function quietWriteRefusals(db: Queryable) {
  const checked = new WeakMap<object, { at: number; refusal: Promise<string | null> }>();
  return (socket: object, userId: string): Promise<string | null> => {
    const now = Date.now();
    const last = checked.get(socket);
    if (last && now - last.at < QUIET_EVENT_RECHECK_MS) return last.refusal;
    const refusal = chatWriteRefusal(db, userId);
    checked.set(socket, { at: now, refusal });
    // A failed read is not kept: the next event asks again.
    refusal.catch(() => checked.delete(socket));
    return refusal;
  };
}
