import { z } from 'zod';
import { chatRoomSchema } from './chat';

/** Unread messages shown as "99+" past this. */
export const UNREAD_SHOWN_MAX = 99;

/**
 * GET /chat/unread (signed-in; docs/product.md §2.16): per room, the messages by others since the
 * user last read it, and how many of those mention them (`@Name`, the name they chat under);
 * reading a room clears it on every device.
 */
export const chatUnreadSchema = z.object({
  rooms: z.array(
    z.object({
      room: chatRoomSchema,
      unread: z.number().int().nonnegative(),
      mentions: z.number().int().nonnegative(),
    }),
  ),
  total: z.number().int().nonnegative(),
  mentions: z.number().int().nonnegative(),
});

export type ChatUnread = z.infer<typeof chatUnreadSchema>;

/** A count as a badge shows it. */
export const unreadBadge = (count: number) =>
  count > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : String(count);

/**
 * Client → server `markRead({ room, id }, ack)`: the room's messages up to `id` were shown to the
 * user (the room open in a visible tab). The server only moves the mark forward.
 */
export const markReadPayloadSchema = z.strictObject({
  room: chatRoomSchema,
  id: z.string().regex(/^[1-9]\d{0,17}$/, 'Must be a message id'),
});
