import { PNG } from 'pngjs';
import { BOARD_HEIGHT, BOARD_WIDTH, type Stroke } from '../../contract/board';

// The board's image of compacted strokes, in plain JavaScript (no canvas library on the server):
// strokes are painted as the web app paints them (src/lib/drawing/stroke-paint.ts: a dot,
// then curves through the midpoints of the samples, round caps and joins), with a one-pixel
// soft edge, onto a transparent 700 × 500 RGBA picture kept as a PNG data URL (pngjs's codec).

const DATA_URL_PREFIX = 'data:image/png;base64,';

/** A board-sized RGBA picture (straight alpha), row by row. */
export type BoardPixels = Uint8ClampedArray;

export function blankBoard(): BoardPixels {
  return new Uint8ClampedArray(BOARD_WIDTH * BOARD_HEIGHT * 4);
}

type Point = { x: number; y: number };
type Segment = [Point, Point];

const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** The quadratic curve from `from` through control `control` to `to`, as short lines. */
function flattenQuadratic(from: Point, control: Point, to: Point, out: Segment[]): void {
  const length =
    Math.hypot(control.x - from.x, control.y - from.y) +
    Math.hypot(to.x - control.x, to.y - control.y);
  const steps = Math.max(1, Math.ceil(length / 2));
  let previous = from;
  for (let i = 1; i <= steps; i += 1) {
    const t = i / steps;
    const u = 1 - t;
    const point = {
      x: u * u * from.x + 2 * u * t * control.x + t * t * to.x,
      y: u * u * from.y + 2 * u * t * control.y + t * t * to.y,
    };
    out.push([previous, point]);
    previous = point;
  }
}

/** The stroke's path as the web app draws it: the lines it is made of (a dot is a zero line). */
function strokeSegments(points: Stroke['points']): Segment[] {
  const [first, ...rest] = significant(points);
  if (!first) return [];
  const segments: Segment[] = [[first, first]];
  let last = first;
  let lastMid = first;
  for (const point of rest) {
    const next = mid(last, point);
    flattenQuadratic(lastMid, last, next, segments);
    last = point;
    lastMid = next;
  }
  if (rest.length > 0) segments.push([lastMid, last]);
  return segments;
}

/** Squared distance from (px, py) to the segment a–b. */
function squaredDistanceToSegment(px: number, py: number, [a, b]: Segment): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / lengthSquared));
  const ex = px - (a.x + t * dx);
  const ey = py - (a.y + t * dy);
  return ex * ex + ey * ey;
}

/**
 * The samples worth drawing through: one less than a pixel from the last one kept changes
 * nothing visible, and would cost a line each (a client may send up to 2,000 at a pixel apart).
 */
function significant(points: Stroke['points']): Point[] {
  const kept: Point[] = [];
  let last: Point | undefined;
  points.forEach(([x, y], index) => {
    const isLast = index === points.length - 1;
    if (last && !isLast && (x - last.x) ** 2 + (y - last.y) ** 2 < 1) return;
    last = { x, y };
    kept.push(last);
  });
  return kept;
}

function parseColour(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** How long painting runs before it lets the event loop serve everything else. */
const SLICE_MS = 10;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Paints the strokes, in order, onto `pixels`. Each stroke is one layer (its coverage, the most
 * of any of its lines at each pixel), laid over what is there: a stroke crossing itself is not
 * darker where it does, as on a canvas. Hundreds of long strokes take a while: it yields to the
 * event loop every SLICE_MS, so the process keeps answering meanwhile.
 */
export async function paintStrokes(
  pixels: BoardPixels,
  strokes: readonly Pick<Stroke, 'color' | 'size' | 'points'>[],
): Promise<void> {
  const coverage = new Float32Array(BOARD_WIDTH * BOARD_HEIGHT);
  let sliceStart = performance.now();
  for (const stroke of strokes) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    paintStroke(pixels, coverage, stroke);
  }
}

/** One stroke; `coverage` is all 0 before and after. */
function paintStroke(
  pixels: BoardPixels,
  coverage: Float32Array,
  stroke: Pick<Stroke, 'color' | 'size' | 'points'>,
): void {
  const radius = stroke.size / 2;
  const reach = radius + 1;
  // Pixels nearer than `inner` are covered, farther than `outer` not; between, a soft edge.
  const inner = Math.max(0, radius - 0.5) ** 2;
  const outer = (radius + 0.5) ** 2;
  let minX = BOARD_WIDTH;
  let minY = BOARD_HEIGHT;
  let maxX = -1;
  let maxY = -1;
  for (const segment of strokeSegments(stroke.points)) {
    const [a, b] = segment;
    const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - reach));
    const x1 = Math.min(BOARD_WIDTH - 1, Math.ceil(Math.max(a.x, b.x) + reach));
    const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - reach));
    const y1 = Math.min(BOARD_HEIGHT - 1, Math.ceil(Math.max(a.y, b.y) + reach));
    for (let y = y0; y <= y1; y += 1) {
      for (let x = x0; x <= x1; x += 1) {
        const at = y * BOARD_WIDTH + x;
        const before = coverage[at] ?? 0;
        if (before === 1) continue;
        // Pixel centres; a soft edge one pixel wide.
        const squared = squaredDistanceToSegment(x + 0.5, y + 0.5, segment);
        if (squared >= outer) continue;
        const cover = squared <= inner ? 1 : Math.min(1, radius + 0.5 - Math.sqrt(squared));
        if (cover > before) coverage[at] = cover;
      }
    }
    minX = Math.min(minX, x0);
    minY = Math.min(minY, y0);
    maxX = Math.max(maxX, x1);
    maxY = Math.max(maxY, y1);
  }
  const [red, green, blue] = parseColour(stroke.color);
  for (let y = minY; y <= maxY; y += 1) {
    for (let x = minX; x <= maxX; x += 1) {
      const at = y * BOARD_WIDTH + x;
      const alpha = coverage[at] ?? 0;
      if (alpha === 0) continue;
      coverage[at] = 0;
      blend(pixels, at * 4, red, green, blue, alpha);
    }
  }
}

/** Source-over of a colour at `alpha` onto the straight-alpha pixel at `offset`. */
function blend(
  pixels: BoardPixels,
  offset: number,
  red: number,
  green: number,
  blue: number,
  alpha: number,
): void {
  // No closure here: this runs for every pixel painted.
  const below = ((pixels[offset + 3] ?? 0) / 255) * (1 - alpha);
  const out = alpha + below;
  pixels[offset] = (red * alpha + (pixels[offset] ?? 0) * below) / out;
  pixels[offset + 1] = (green * alpha + (pixels[offset + 1] ?? 0) * below) / out;
  pixels[offset + 2] = (blue * alpha + (pixels[offset + 2] ?? 0) * below) / out;
  pixels[offset + 3] = out * 255;
}

/** The picture as a PNG data URL (8-bit RGBA, each row filtered `Sub`). */
export function encodeBoardImage(pixels: BoardPixels): string {
  const png = PNG.sync.write(
    {
      width: BOARD_WIDTH,
      height: BOARD_HEIGHT,
      data: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength),
    },
    // Sub: each byte less the one a pixel to its left, so runs of a colour become 0s; deflate's
    // default strategy at its best level (pngjs's own default is run-length only).
    { colorType: 6, inputColorType: 6, filterType: 1, deflateLevel: 9, deflateStrategy: 0 },
  );
  return DATA_URL_PREFIX + png.toString('base64');
}

/**
 * The picture of a data URL `encodeBoardImage` made (any 8-bit RGBA, non-interlaced PNG of the
 * board's size); throws on anything else.
 */
export function decodeBoardImage(dataUrl: string): BoardPixels {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) throw new Error('not a PNG data URL');
  const png = PNG.sync.read(Buffer.from(dataUrl.slice(DATA_URL_PREFIX.length), 'base64'));
  if (
    png.width !== BOARD_WIDTH ||
    png.height !== BOARD_HEIGHT ||
    png.depth !== 8 ||
    png.colorType !== 6 ||
    png.interlace
  ) {
    throw new Error('not a board-sized 8-bit RGBA PNG');
  }
  return new Uint8ClampedArray(png.data);
}
