import type { PointerEvent as ReactPointerEvent } from 'react';
import { toCanvasPoint, type Point, type Rect } from './canvas-geometry';

type CanvasPointerEvent = ReactPointerEvent<HTMLCanvasElement>;

/** Keeps the stroke's pointer on the canvas until it is lifted, even outside it. */
export function capturePointer(event: CanvasPointerEvent): void {
  try {
    event.currentTarget.setPointerCapture(event.pointerId);
  } catch {
    // Not supported (or the pointer is gone): drawing still works inside the canvas.
  }
}

export function releasePointer(event: CanvasPointerEvent): void {
  try {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  } catch {
    // Capture already gone.
  }
}

/**
 * The move's points on the 700×500 canvas shown in `rect`: the coalesced events carry the points
 * the browser merged between frames (smoother curves), else the event's own.
 */
export function movePoints(event: CanvasPointerEvent, rect: Rect): Point[] {
  const native = event.nativeEvent;
  const coalesced =
    typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
  return (coalesced.length > 0 ? coalesced : [native]).map((sample) =>
    toCanvasPoint(sample.clientX, sample.clientY, rect),
  );
}
