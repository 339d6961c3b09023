import { BOARD_COLOUR_VALUES, BOARD_LIMITS } from '@contract/board-rules';
import { isChatRoom, type ChatRoom } from '@contract/chat-rules';
import type { PaintedStroke } from '@/lib/drawing/stroke-paint';

/**
 * "Share to a room" asked by a visitor (docs/product.md §2.9): the drawing and the room travel to
 * the login screen and back in the router's state (as Order Now's book does), so the drawing is
 * still there once they have signed in.
 */
export type PendingShare = { room: ChatRoom; strokes: PaintedStroke[] };

/** The location state that carries it back from the login screen. */
export type PendingShareState = { shareDrawing: PendingShare };

const MAX_STROKES = 10_000;
const MAX_POINTS = 100_000;

const isPoint = (value: unknown): value is [number, number] =>
  Array.isArray(value) &&
  value.length === 2 &&
  value.every((n) => typeof n === 'number' && Number.isFinite(n));

// Checked by hand, not by zod: /drawing is a public first screen (its JS budget).
function isStroke(value: unknown): value is PaintedStroke {
  if (typeof value !== 'object' || value === null) return false;
  const { color, size, points } = value as Record<string, unknown>;
  return (
    typeof color === 'string' &&
    (BOARD_COLOUR_VALUES as readonly string[]).includes(color) &&
    typeof size === 'number' &&
    Number.isInteger(size) &&
    size >= BOARD_LIMITS.minSize &&
    size <= BOARD_LIMITS.maxSize &&
    Array.isArray(points) &&
    points.length <= MAX_POINTS &&
    points.every(isPoint)
  );
}

/**
 * The pending share a location's state holds, if any. History state is the page's own, but a
 * stale or hand-made one must not break the board.
 */
export function pendingShareOf(state: unknown): PendingShare | null {
  if (typeof state !== 'object' || state === null || !('shareDrawing' in state)) return null;
  const share = (state as { shareDrawing: unknown }).shareDrawing;
  if (typeof share !== 'object' || share === null) return null;
  const { room, strokes } = share as Record<string, unknown>;
  if (typeof room !== 'string' || !isChatRoom(room)) return null;
  if (!Array.isArray(strokes) || strokes.length > MAX_STROKES || !strokes.every(isStroke)) {
    return null;
  }
  return { room, strokes };
}
