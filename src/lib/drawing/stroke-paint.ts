import { midpoint, type Point } from './canvas-geometry';

/** What a stroke paints: its colour, brush size and points (logical 700×500 units). */
export type PaintedStroke = {
  color: string;
  size: number;
  points: readonly (readonly [number, number])[];
};

const BACKGROUND = '#ffffff';

/** Fills the whole backing store white, whatever the current scale. */
export function paintBackground(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.restore();
}

function setPen(ctx: CanvasRenderingContext2D, color: string, size: number): void {
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = size;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
}

/** A tap without movement still leaves a dot. */
export function paintDot(ctx: CanvasRenderingContext2D, color: string, size: number, at: Point) {
  setPen(ctx, color, size);
  ctx.beginPath();
  ctx.arc(at.x, at.y, size / 2, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * The curve from `from` (the last midpoint drawn) through `points`, each segment curving through
 * the midpoints between samples, which rounds off the corners; returns where it ended (the last
 * point and midpoint), for the next piece of the same stroke.
 */
export function paintSegment(
  ctx: CanvasRenderingContext2D,
  color: string,
  size: number,
  from: { last: Point; lastMid: Point },
  points: readonly Point[],
): { last: Point; lastMid: Point } {
  setPen(ctx, color, size);
  let { last, lastMid } = from;
  ctx.beginPath();
  ctx.moveTo(lastMid.x, lastMid.y);
  for (const point of points) {
    const mid = midpoint(last, point);
    ctx.quadraticCurveTo(last.x, last.y, mid.x, mid.y);
    last = point;
    lastMid = mid;
  }
  ctx.stroke();
  return { last, lastMid };
}

/** The line from the last midpoint to the stroke's last point: a stroke's end. */
export function paintEnd(
  ctx: CanvasRenderingContext2D,
  color: string,
  size: number,
  at: { last: Point; lastMid: Point },
): void {
  setPen(ctx, color, size);
  ctx.beginPath();
  ctx.moveTo(at.lastMid.x, at.lastMid.y);
  ctx.lineTo(at.last.x, at.last.y);
  ctx.stroke();
}

const toPoint = ([x, y]: readonly [number, number]): Point => ({ x, y });

/** A whole stroke, as its drawer saw it drawn: the dot, the curve, the end. */
export function paintStroke(ctx: CanvasRenderingContext2D, stroke: PaintedStroke): void {
  const [first, ...rest] = stroke.points.map(toPoint);
  if (!first) return;
  paintDot(ctx, stroke.color, stroke.size, first);
  if (rest.length === 0) return;
  const end = paintSegment(ctx, stroke.color, stroke.size, { last: first, lastMid: first }, rest);
  paintEnd(ctx, stroke.color, stroke.size, end);
}
