import { z } from 'zod';
import {
  BOARD_COLOUR_VALUES,
  BOARD_HEIGHT,
  BOARD_LIMITS,
  BOARD_MESSAGES,
  BOARD_WIDTH,
} from './board-rules';
import { chatRoomSchema } from './chat';
import { textSchema } from './text';

export * from './board-rules';

// The board's socket.io events, on the chat's connection and auth (contract/chat.ts), listed in
// the table of contract/chat-events.ts. Every client → server event but strokeProgress takes an
// ack: `{ ok: true, … }` or `{ ok: false, error }`.

/** A point `[x, y]` on the board (logical pixels, 700 × 500). */
export const boardPointSchema = z.tuple([
  z.number().min(0).max(BOARD_WIDTH),
  z.number().min(0).max(BOARD_HEIGHT),
]);

/** A stroke as drawn: its id (the client's), colour, size and points. */
export const strokeSchema = z.strictObject({
  id: textSchema().min(1).max(BOARD_LIMITS.maxIdLength),
  color: z.enum(BOARD_COLOUR_VALUES),
  size: z.number().int().min(BOARD_LIMITS.minSize).max(BOARD_LIMITS.maxSize),
  points: z.array(boardPointSchema).min(1).max(BOARD_LIMITS.maxPoints),
});

/** A stroke on the board: who drew it, and its place in the board's order (`seq`). */
export const boardStrokeSchema = strokeSchema.extend({
  room: chatRoomSchema,
  userId: z.string(),
  seq: z.number().int().positive(),
});

/**
 * Client → server `joinBoard({ room, after? }, ack)` (a bare room name too). Without `after`: the
 * board as it is. With `after` (the last `seq` the client applied, after a reconnect): what
 * happened since, in order, unless that is no longer known (`reset`: the whole board instead).
 */
export const joinBoardPayloadSchema = z.union([
  chatRoomSchema.transform((room) => ({ room, after: undefined })),
  z.strictObject({ room: chatRoomSchema, after: z.number().int().nonnegative().optional() }),
]);

/** One change of a board, in `seq` order: a stroke added, one taken back, or the board cleared. */
export const boardChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stroke'), stroke: boardStrokeSchema }),
  z.object({ kind: z.literal('removed'), id: z.string(), seq: z.number().int().positive() }),
  z.object({ kind: z.literal('cleared'), seq: z.number().int().positive() }),
]);

export const joinBoardAckSchema = z.union([
  z.object({
    ok: z.literal(true),
    /** The whole board: its image of compacted strokes (a PNG data URL), then its strokes. */
    reset: z.literal(true),
    image: z.string().nullable(),
    strokes: z.array(boardStrokeSchema),
    seq: z.number().int().nonnegative(),
  }),
  z.object({
    ok: z.literal(true),
    reset: z.literal(false),
    changes: z.array(boardChangeSchema),
    seq: z.number().int().nonnegative(),
  }),
]);

/** Client → server `drawStroke({ room, stroke }, ack)`: the room gets `boardStroke`. */
export const drawStrokePayloadSchema = z.strictObject({
  room: chatRoomSchema,
  stroke: strokeSchema,
});
export const drawStrokeAckSchema = z.object({
  ok: z.literal(true),
  seq: z.number().int().positive(),
});

/**
 * Client → server `strokeProgress({ room, id, color, size, points })`, no ack, about every 30 ms
 * while a stroke is drawn: the points since the last one. The others get it (volatile: a lost one
 * is made good by the finished stroke); over the limit it is dropped without a word.
 */
export const strokeProgressPayloadSchema = strokeSchema.extend({ room: chatRoomSchema });
export const strokeProgressEventSchema = strokeProgressPayloadSchema.extend({ userId: z.string() });

/** Client → server `undoStroke({ room }, ack)`: the caller's last stroke; the room gets `strokeRemoved`. */
export const undoStrokePayloadSchema = z.strictObject({ room: chatRoomSchema });
export const undoStrokeAckSchema = z.object({
  ok: z.literal(true),
  id: z.string(),
  seq: z.number().int().positive(),
});
export const strokeRemovedEventSchema = z.object({
  room: chatRoomSchema,
  id: z.string(),
  seq: z.number().int().positive(),
});

/** Client → server `clearBoard({ room }, ack)` (admins): the room gets `boardCleared`. */
export const clearBoardPayloadSchema = z.strictObject({ room: chatRoomSchema });
export const clearBoardAckSchema = z.object({
  ok: z.literal(true),
  seq: z.number().int().positive(),
});
export const boardClearedEventSchema = z.object({
  room: chatRoomSchema,
  seq: z.number().int().positive(),
});

/** The one rule for a drawStroke payload (the server and the web tests' fake both call it). */
export function checkStroke(
  payload: unknown,
):
  | { ok: true; value: { room: z.infer<typeof chatRoomSchema>; stroke: Stroke } }
  | { ok: false; error: string } {
  const parsed = drawStrokePayloadSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, error: BOARD_MESSAGES.badStroke };
  return { ok: true, value: { room: parsed.data.room, stroke: parsed.data.stroke } };
}

export type Stroke = z.infer<typeof strokeSchema>;
export type BoardStroke = z.infer<typeof boardStrokeSchema>;
export type BoardChange = z.infer<typeof boardChangeSchema>;
export type JoinBoardAck = z.infer<typeof joinBoardAckSchema>;
export type DrawStrokeAck = z.infer<typeof drawStrokeAckSchema>;
export type StrokeProgressEvent = z.infer<typeof strokeProgressEventSchema>;
export type UndoStrokeAck = z.infer<typeof undoStrokeAckSchema>;
export type ClearBoardAck = z.infer<typeof clearBoardAckSchema>;
