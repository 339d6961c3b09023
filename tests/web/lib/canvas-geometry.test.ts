import { describe, expect, it } from 'vitest';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  backingStoreSize,
  shownBackingStoreSize,
  clampBrushSize,
  midpoint,
  toCanvasPoint,
} from '@/lib/drawing/canvas-geometry';

describe('canvas geometry', () => {
  it('maps client coordinates one to one when the canvas is shown at full size', () => {
    const rect = { left: 100, top: 50, width: 700, height: 500 };
    expect(toCanvasPoint(100, 50, rect)).toEqual({ x: 0, y: 0 });
    expect(toCanvasPoint(450, 300, rect)).toEqual({ x: 350, y: 250 });
    expect(toCanvasPoint(800, 550, rect)).toEqual({ x: 700, y: 500 });
  });

  it('scales back to 700×500 when the canvas is shrunk to fit a phone', () => {
    // 343 px wide on a 375 px screen, aspect ratio 7:5.
    const rect = { left: 16, top: 200, width: 343, height: 245 };
    expect(toCanvasPoint(16 + 171.5, 200 + 122.5, rect)).toEqual({ x: 350, y: 250 });
    expect(toCanvasPoint(16 + 343, 200 + 245, rect)).toEqual({ x: CANVAS_WIDTH, y: CANVAS_HEIGHT });
  });

  it('clamps points outside the canvas to its edges (pointer capture keeps reporting them)', () => {
    const rect = { left: 0, top: 0, width: 350, height: 250 };
    expect(toCanvasPoint(-20, 400, rect)).toEqual({ x: 0, y: 500 });
  });

  it('does not divide by zero for a canvas that is not laid out', () => {
    expect(toCanvasPoint(30, 40, { left: 0, top: 0, width: 0, height: 0 })).toEqual({
      x: 30,
      y: 40,
    });
  });

  it('sizes the backing store by the device pixel ratio', () => {
    expect(backingStoreSize(1)).toEqual({ width: 700, height: 500, ratio: 1 });
    expect(backingStoreSize(2)).toEqual({ width: 1400, height: 1000, ratio: 2 });
    expect(backingStoreSize(1.5)).toEqual({ width: 1050, height: 750, ratio: 1.5 });
    expect(backingStoreSize(0)).toEqual({ width: 700, height: 500, ratio: 1 });
    expect(backingStoreSize(Number.NaN)).toEqual({ width: 700, height: 500, ratio: 1 });
  });

  it('sizes a shown board by the device pixels it covers, from the logical size to the full one', () => {
    // A phone: 364 CSS pixels at 1.75 cover 637 device pixels, fewer than the logical 700.
    expect(shownBackingStoreSize(1.75, 364)).toEqual({ width: 700, height: 500, ratio: 1 });
    // 364 at 2.625 (955.5 device pixels).
    expect(shownBackingStoreSize(2.625, 364)).toEqual({ width: 956, height: 683, ratio: 1.365 });
    // Shown at full width: the whole device pixel ratio, as backingStoreSize.
    expect(shownBackingStoreSize(2, 700)).toEqual({ width: 1400, height: 1000, ratio: 2 });
    expect(shownBackingStoreSize(1, 700)).toEqual({ width: 700, height: 500, ratio: 1 });
    // Not laid out yet, or an odd ratio: never under the logical size, never over the full one.
    expect(shownBackingStoreSize(2, 0)).toEqual({ width: 700, height: 500, ratio: 1 });
    expect(shownBackingStoreSize(2, 2000)).toEqual({ width: 1400, height: 1000, ratio: 2 });
    expect(shownBackingStoreSize(0.5, 700)).toEqual(backingStoreSize(0.5));
  });

  it('finds midpoints and keeps brush sizes within 1–10', () => {
    expect(midpoint({ x: 0, y: 10 }, { x: 20, y: 30 })).toEqual({ x: 10, y: 20 });
    expect(clampBrushSize(0)).toBe(1);
    expect(clampBrushSize(4.4)).toBe(4);
    expect(clampBrushSize(99)).toBe(10);
    expect(clampBrushSize(Number.NaN)).toBe(1);
  });
});
