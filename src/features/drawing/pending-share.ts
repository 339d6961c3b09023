import { z } from 'zod';
import { BOARD_COLOUR_VALUES, BOARD_LIMITS } from '@contract/board-rules';
import { chatRoomSchema } from '@contract/chat';
import type { ChatRoom } from '@contract/chat-rules';
import type { PaintedStroke } from '@/lib/drawing/stroke-paint';

/**
 * "Share to a room" asked by a visitor (docs/product.md §2.9): the drawing and the room travel to
 * the login screen and back in the router's state (as Order Now's book does), so the drawing is
 * still there once they have signed in.
 */
export type PendingShare = { room: ChatRoom; strokes: PaintedStroke[] };

/** The location state that carries it back from the login screen. */
export type PendingShareState = { shareDrawing: PendingShare };

// History state is the page's own, but a stale or hand-made one must not break the board.
const pendingShareSchema = z.object({
  room: chatRoomSchema,
  strokes: z
    .array(
      z.object({
        color: z.enum(BOARD_COLOUR_VALUES),
        size: z.number().int().min(BOARD_LIMITS.minSize).max(BOARD_LIMITS.maxSize),
        points: z.array(z.tuple([z.number().finite(), z.number().finite()])).max(100_000),
      }),
    )
    .max(10_000),
});

/** The pending share a location's state holds, if any. */
export function pendingShareOf(state: unknown): PendingShare | null {
  if (typeof state !== 'object' || state === null || !('shareDrawing' in state)) return null;
  const parsed = pendingShareSchema.safeParse((state as { shareDrawing: unknown }).shareDrawing);
  return parsed.success ? parsed.data : null;
}
