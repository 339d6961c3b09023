// Pure geometry for the drawing board, kept apart from the DOM so it can be unit tested.

import { BOARD_HEIGHT, BOARD_LIMITS, BOARD_WIDTH } from '@contract/board-rules';

/**
 * The logical drawing size (docs/product.md §9), the chat rooms' boards' too; the exported PNG
 * always has exactly this size.
 */
export const CANVAS_WIDTH = BOARD_WIDTH;
export const CANVAS_HEIGHT = BOARD_HEIGHT;
export const MIN_BRUSH_SIZE = BOARD_LIMITS.minSize;
export const MAX_BRUSH_SIZE = BOARD_LIMITS.maxSize;

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };
export type Rect = { left: number; top: number; width: number; height: number };

const LOGICAL: Size = { width: CANVAS_WIDTH, height: CANVAS_HEIGHT };

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Maps a pointer's client coordinates onto the logical canvas. The canvas is shown scaled to fit
 * narrow screens, so the on-screen box (`rect`) is usually smaller than the logical size.
 */
export function toCanvasPoint(
  clientX: number,
  clientY: number,
  rect: Rect,
  size: Size = LOGICAL,
): Point {
  // A box with no size (not laid out yet) maps one to one rather than dividing by zero.
  const scaleX = rect.width > 0 ? size.width / rect.width : 1;
  const scaleY = rect.height > 0 ? size.height / rect.height : 1;
  return {
    x: clamp((clientX - rect.left) * scaleX, 0, size.width),
    y: clamp((clientY - rect.top) * scaleY, 0, size.height),
  };
}

/** Backing-store size for a device pixel ratio, so lines stay crisp on high-DPI screens. */
export function backingStoreSize(
  devicePixelRatio: number,
  size: Size = LOGICAL,
): Size & { ratio: number } {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return scaledStore(size, ratio);
}

function scaledStore(size: Size, ratio: number): Size & { ratio: number } {
  return { width: Math.round(size.width * ratio), height: Math.round(size.height * ratio), ratio };
}

/**
 * The backing store of a canvas shown `shownWidth` CSS pixels wide: one store pixel per device
 * pixel it covers, never fewer than the logical size (the exported PNG's) nor more than
 * backingStoreSize's. On a phone the 700-wide board is shown about half as wide, and a store of
 * 700×DPR would be up to four times the pixels the screen shows, allocated and committed on the
 * main thread in tasks over 50 ms each (docs/decisions.md D87).
 */
export function shownBackingStoreSize(
  devicePixelRatio: number,
  shownWidth: number,
  size: Size = LOGICAL,
): Size & { ratio: number } {
  const full = backingStoreSize(devicePixelRatio, size).ratio;
  const shown =
    Number.isFinite(shownWidth) && shownWidth > 0 ? (shownWidth * full) / size.width : 0;
  return scaledStore(size, Math.min(full, Math.max(1, shown)));
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

export function clampBrushSize(value: number): number {
  if (!Number.isFinite(value)) return MIN_BRUSH_SIZE;
  return clamp(Math.round(value), MIN_BRUSH_SIZE, MAX_BRUSH_SIZE);
}
