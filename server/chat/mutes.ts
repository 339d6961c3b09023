import { muteRefusal } from '../../contract/chat-moderation';
import type { Queryable } from '../db/client';
import { activeMuteUntil } from '../db/repositories/chat-moderation';

/**
 * The one check of a shared drawing by a muted user (docs/product.md §2.23, docs/decisions.md
 * D53; server/routes/chat-drawings.ts), before it stores anything. The chat's write events are
 * refused by the same rule (muteRefusal) in the contract's admitChatEvent, which the web app's
 * fake calls too. The refusal's text, or null when the user may write.
 */
export async function chatWriteRefusal(db: Queryable, userId: string): Promise<string | null> {
  return muteRefusal(await activeMuteUntil(db, userId));
}

/** How long an event without an ack (typing, strokeProgress) may go on a mute read before. */
const QUIET_EVENT_RECHECK_MS = 1_000;

/**
 * Until when a user is muted, for the frequent events without an ack: read at most once a second
 * per socket, so a drawing's progress does not cost a query per point. A mute counts within that
 * second; the rule applied to it is the contract's, as for every other write.
 */
export function quietMutes(db: Queryable) {
  const checked = new WeakMap<object, { at: number; until: Promise<string | null> }>();
  return (socket: object, userId: string): Promise<string | null> => {
    const now = Date.now();
    const last = checked.get(socket);
    if (last && now - last.at < QUIET_EVENT_RECHECK_MS) return last.until;
    const until = activeMuteUntil(db, userId);
    checked.set(socket, { at: now, until });
    // A failed read is not kept: the next event asks again.
    until.catch(() => checked.delete(socket));
    return until;
  };
}
