import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

// jsdom has no canvas: a small 2D-context fake that records what the board does with it.
type Call = {
  name: string;
  args: unknown[];
  strokeStyle: string;
  fillStyle: string;
  lineWidth: number;
};

export class FakeContext {
  calls: Call[] = [];
  strokeStyle = '#000000';
  fillStyle = '#000000';
  lineWidth = 1;
  lineCap = 'butt';
  lineJoin = 'miter';
  constructor(readonly canvas: HTMLCanvasElement) {}
  private record(name: string, args: unknown[]) {
    this.calls.push({
      name,
      args,
      strokeStyle: this.strokeStyle,
      fillStyle: this.fillStyle,
      lineWidth: this.lineWidth,
    });
  }
  beginPath() {
    this.record('beginPath', []);
  }
  moveTo(...args: number[]) {
    this.record('moveTo', args);
  }
  lineTo(...args: number[]) {
    this.record('lineTo', args);
  }
  quadraticCurveTo(...args: number[]) {
    this.record('quadraticCurveTo', args);
  }
  arc(...args: number[]) {
    this.record('arc', args);
  }
  stroke() {
    this.record('stroke', []);
  }
  fill() {
    this.record('fill', []);
  }
  fillRect(...args: number[]) {
    this.record('fillRect', args);
  }
  clearRect(...args: number[]) {
    this.record('clearRect', args);
  }
  setTransform(...args: number[]) {
    this.record('setTransform', args);
  }
  save() {
    this.record('save', []);
  }
  restore() {
    this.record('restore', []);
  }
  drawImage(...args: unknown[]) {
    this.record('drawImage', args);
  }
  named(name: string) {
    return this.calls.filter((call) => call.name === name);
  }
}

/**
 * Gives every canvas a FakeContext (jsdom has none) until vi.restoreAllMocks(); returns them by
 * canvas, filled in as the screen asks for them.
 */
export function installFakeCanvas(): Map<HTMLCanvasElement, FakeContext> {
  const contexts = new Map<HTMLCanvasElement, FakeContext>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    let ctx = contexts.get(this);
    if (!ctx) {
      ctx = new FakeContext(this);
      contexts.set(this, ctx);
    }
    return ctx as unknown as CanvasRenderingContext2D;
  });
  return contexts;
}

/** The pointer that draws: a mouse by default, or a finger or a pen (each its own pointer id). */
export type DrawingPointer = { pointerType: 'mouse' | 'touch' | 'pen'; pointerId: number };
const MOUSE: DrawingPointer = { pointerType: 'mouse', pointerId: 1 };

/** A stroke through `points` (client coordinates) by `pointer`, ended by `end`. */
export function drawOn(
  canvas: HTMLCanvasElement,
  points: [number, number][],
  end: 'pointerUp' | 'pointerLeave' | 'pointerCancel' = 'pointerUp',
  pointer: DrawingPointer = MOUSE,
) {
  const [first, ...rest] = points;
  if (!first) return;
  // A finger or a pen touching down reports button 0, as the mouse's main button does.
  fireEvent.pointerDown(canvas, { ...pointer, button: 0, clientX: first[0], clientY: first[1] });
  for (const [clientX, clientY] of rest)
    fireEvent.pointerMove(canvas, { ...pointer, clientX, clientY });
  const last = points.at(-1) ?? first;
  fireEvent[end](canvas, { ...pointer, clientX: last[0], clientY: last[1] });
}
