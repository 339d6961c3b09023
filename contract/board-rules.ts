// The shared whiteboard of each chat room (issue 17 §1, docs/product.md §2.17). Zod-free, so the
// web app may import these as values; the drawing canvas (/drawing) uses the same palette and sizes.

/** The board's logical size: every point is inside it, and the PNG has exactly this size. */
export const BOARD_WIDTH = 700;
export const BOARD_HEIGHT = 500;

/** The six colours of docs/product.md §9. */
export const BOARD_COLOURS = [
  { name: 'red', value: '#ef4444' },
  { name: 'green', value: '#16a34a' },
  { name: 'yellow', value: '#facc15' },
  { name: 'black', value: '#111827' },
  { name: 'blue', value: '#2244ee' },
  { name: 'purple', value: '#9333ea' },
] as const;
export type BoardColour = (typeof BOARD_COLOURS)[number]['value'];
export const BOARD_COLOUR_VALUES = BOARD_COLOURS.map((colour) => colour.value) as [
  BoardColour,
  ...BoardColour[],
];

export const BOARD_LIMITS = {
  minSize: 1,
  maxSize: 10,
  /** Points in one stroke (and in one progress event). */
  maxPoints: 2000,
  /** A stroke id, chosen by the drawing client (so a retried drawStroke is stored once). */
  maxIdLength: 64,
  /** How often a client sends the points of a stroke being drawn (ms). */
  progressIntervalMs: 30,
  /** Strokes kept on one board; beyond it, the oldest are drawn into the board's image. */
  maxStrokesPerBoard: 2000,
  /** Per user: strokes 10 a second (burst 20); progress events 40 a second (burst 80). */
  strokesPerSecond: 10,
  strokeBurst: 20,
  progressPerSecond: 40,
  progressBurst: 80,
} as const;

/** Texts the board's acks answer with, shown to users as they are. */
export const BOARD_MESSAGES = {
  badStroke: `A stroke is one of the six colours, a size from ${BOARD_LIMITS.minSize} to ${BOARD_LIMITS.maxSize}, and 1 to ${BOARD_LIMITS.maxPoints} points on the board.`,
  rateLimited: 'You are drawing too fast. Please wait a moment.',
  nothingToUndo: 'You have no stroke on this board to undo.',
  adminsOnly: 'Only an admin can clear the board.',
  /** The board holds twice BOARD_LIMITS.maxStrokesPerBoard strokes: its compaction is failing. */
  boardFull: 'The board is full: an admin can clear it.',
} as const;

/** The PNG a board downloads as. */
export const boardFileName = (room: string) => `board-${room}.png`;
