import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DownloadIcon } from '@/components/icons/download-icon';
import { EraserIcon } from '@/components/icons/eraser-icon';
import { RedoIcon } from '@/components/icons/redo-icon';
import { UndoIcon } from '@/components/icons/undo-icon';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  shownBackingStoreSize,
  toCanvasPoint,
  type Point,
  type Rect,
} from '@/lib/drawing/canvas-geometry';
import { DEFAULT_BRUSH_SIZE, DEFAULT_COLOUR, DrawingTools } from '@/components/drawing-tools';
import {
  DOWNLOAD_FILE_NAME,
  downloadDataUrl,
  exportPng,
  exportPngBlob,
} from '@/lib/drawing/export-png';
import { capturePointer, movePoints, releasePointer } from '@/lib/drawing/pointer';
import {
  paintBackground,
  paintDot,
  paintEnd,
  paintSegment,
  paintStroke,
  type PaintedStroke,
} from '@/lib/drawing/stroke-paint';
import { useHydratedValue } from '@/lib/use-hydrated';
import { ShareDrawing, type CourseRoomOption } from './components/share-drawing';
import { pendingShareOf, type PendingShare } from './pending-share';

/**
 * The stroke being drawn: its colour and size as it began (what its segments, its record and a
 * repaint of the grown backing store all use), every point so far, and where the pen is.
 */
type Stroke = PaintedStroke & {
  pointerId: number;
  rect: Rect;
  last: Point;
  lastMid: Point;
  points: [number, number][];
};

/** What Undo and Redo step through: a stroke drawn, or the canvas cleared. */
type Step = { kind: 'stroke'; stroke: PaintedStroke } | { kind: 'clear' };

/** The picture after `steps`: the strokes since the last clear. */
function visibleStrokes(steps: readonly Step[]): PaintedStroke[] {
  const strokes: PaintedStroke[] = [];
  for (const step of steps) {
    if (step.kind === 'clear') strokes.length = 0;
    else strokes.push(step.stroke);
  }
  return strokes;
}

/** Freehand drawing on a 700×500 white canvas with mouse, pen or touch (docs/product.md §2 Drawing). */
export function DrawingBoard({ courseRooms }: { courseRooms?: readonly CourseRoomOption[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokeRef = useRef<Stroke | null>(null);
  const [colour, setColour] = useState<string>(DEFAULT_COLOUR);
  const [brushSize, setBrushSize] = useState(DEFAULT_BRUSH_SIZE);
  const [exportFailed, setExportFailed] = useState(false);
  // Back from logging in to share: the drawing as the visitor left it (read once).
  const [restored] = useState<PendingShare | null>(() => pendingShareOf(location.state));
  // Undo takes back the last step (a stroke, or a Clear); Redo puts it back until a new step.
  const [done, setDone] = useState<Step[]>(() =>
    (restored?.strokes ?? []).map((stroke) => ({ kind: 'stroke', stroke })),
  );
  const [undone, setUndone] = useState<Step[]>([]);
  const restoredRef = useRef(restored);
  // The steps as last rendered, for repainting a backing store grown by a resize.
  const doneRef = useRef(done);
  // The scale the backing store was last set up with: null until it is.
  const storeRatioRef = useRef<number | null>(null);
  // The board is prerendered (docs/decisions.md D49): until the app has taken the page over, it
  // takes no input and says so, rather than losing what is drawn. A board the app draws is ready.
  const ready = useHydratedValue(true, false);

  const context = () => canvasRef.current?.getContext('2d') ?? null;

  useEffect(() => {
    doneRef.current = done;
  }, [done]);

  // The backing store has as many pixels as the screen shows of the canvas (never under
  // 700×500): one of 700×500×DPR, allocated and committed on a phone where the board is shown
  // half as wide, made the start's longest tasks (docs/decisions.md D87). A board shown wider
  // later (a phone turned, a window widened) gets a larger store, with the picture painted again.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const shown = canvas.getBoundingClientRect().width;
      const { width, height, ratio } = shownBackingStoreSize(window.devicePixelRatio, shown);
      if (storeRatioRef.current !== null && ratio <= storeRatioRef.current) return;
      storeRatioRef.current = ratio;
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      paintBackground(canvas, ctx);
      // Draw in logical 700×500 units; the scale maps them onto the larger backing store.
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      // The picture so far (at first, the drawing brought back from logging in), and a stroke
      // being drawn.
      for (const stroke of visibleStrokes(doneRef.current)) paintStroke(ctx, stroke);
      const drawing = strokeRef.current;
      if (drawing) paintStroke(ctx, drawing);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  // Once restored, the drawing lives in this screen: a reload must not bring the old one back.
  useEffect(() => {
    if (!restoredRef.current) return;
    restoredRef.current = null;
    void navigate(location.pathname, { replace: true, state: null });
  }, [navigate, location.pathname]);

  const toPoint = (clientX: number, clientY: number, rect: Rect) =>
    toCanvasPoint(clientX, clientY, rect);

  const handlePointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // One stroke at a time: a second finger landing does not replace the one drawing.
    if (strokeRef.current) return;
    const canvas = event.currentTarget;
    const ctx = context();
    if (!ctx) return;
    event.preventDefault();
    capturePointer(event);
    const rect = canvas.getBoundingClientRect();
    const point = toPoint(event.clientX, event.clientY, rect);
    paintDot(ctx, colour, brushSize, point);
    strokeRef.current = {
      pointerId: event.pointerId,
      color: colour,
      size: brushSize,
      rect,
      last: point,
      lastMid: point,
      points: [[point.x, point.y]],
    };
  };

  const handlePointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = strokeRef.current;
    if (!stroke || stroke.pointerId !== event.pointerId) return;
    const ctx = context();
    if (!ctx) return;
    const points = movePoints(event, stroke.rect);
    Object.assign(stroke, paintSegment(ctx, stroke.color, stroke.size, stroke, points));
    stroke.points.push(...points.map((point): [number, number] => [point.x, point.y]));
  };

  const handlePointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = strokeRef.current;
    if (!stroke || stroke.pointerId !== event.pointerId) return;
    strokeRef.current = null;
    const ctx = context();
    if (ctx) paintEnd(ctx, stroke.color, stroke.size, stroke);
    record({
      kind: 'stroke',
      stroke: { color: stroke.color, size: stroke.size, points: stroke.points },
    });
    releasePointer(event);
  };

  /** Paints the picture after `steps` afresh. */
  const repaint = (steps: readonly Step[]) => {
    const canvas = canvasRef.current;
    const ctx = context();
    if (!canvas || !ctx) return;
    paintBackground(canvas, ctx);
    for (const stroke of visibleStrokes(steps)) paintStroke(ctx, stroke);
  };

  const record = (step: Step) => {
    setDone((steps) => [...steps, step]);
    setUndone([]);
  };

  const handleClear = () => {
    strokeRef.current = null;
    const canvas = canvasRef.current;
    const ctx = context();
    if (canvas && ctx) paintBackground(canvas, ctx);
    setExportFailed(false);
    if (visibleStrokes(done).length > 0) record({ kind: 'clear' });
  };

  const undo = () => {
    const last = done.at(-1);
    if (!last || strokeRef.current) return;
    const steps = done.slice(0, -1);
    setDone(steps);
    setUndone((later) => [...later, last]);
    repaint(steps);
  };

  const redo = () => {
    const next = undone.at(-1);
    if (!next || strokeRef.current) return;
    const steps = [...done, next];
    setDone(steps);
    setUndone((later) => later.slice(0, -1));
    repaint(steps);
  };

  // Ctrl+Z (⌘Z) undoes, Ctrl+Shift+Z or Ctrl+Y redoes, as on a chat room's board.
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) undo();
    else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
    else return;
    event.preventDefault();
  };

  const handleDownload = () => {
    const canvas = canvasRef.current;
    const url = canvas ? exportPng(canvas) : null;
    setExportFailed(url === null);
    if (url) downloadDataUrl(url, DOWNLOAD_FILE_NAME);
  };

  return (
    <div
      className="flex flex-col gap-5"
      onKeyDown={handleKeyDown}
      inert={!ready}
      aria-busy={!ready}
    >
      <DrawingTools colour={colour} onColour={setColour} size={brushSize} onSize={setBrushSize}>
        <button
          type="button"
          onClick={undo}
          disabled={done.length === 0}
          aria-keyshortcuts="Control+Z"
          className="btn btn-outline flex-1 rounded-xl normal-case md:flex-none"
        >
          <UndoIcon className="h-4 w-4" />
          Undo
        </button>
        <button
          type="button"
          onClick={redo}
          disabled={undone.length === 0}
          aria-keyshortcuts="Control+Shift+Z Control+Y"
          className="btn btn-outline flex-1 rounded-xl normal-case md:flex-none"
        >
          <RedoIcon className="h-4 w-4" />
          Redo
        </button>
        <button
          type="button"
          onClick={handleClear}
          className="btn btn-outline flex-1 rounded-xl normal-case md:flex-none"
        >
          <EraserIcon className="h-4 w-4" />
          Clear
        </button>
        <button
          type="button"
          onClick={handleDownload}
          className="btn btn-primary flex-1 rounded-xl normal-case md:flex-none"
        >
          <DownloadIcon className="h-4 w-4" />
          Download
        </button>
      </DrawingTools>

      {exportFailed && (
        <p role="alert" className="text-sm text-error">
          Your browser could not export the drawing.
        </p>
      )}

      <div className="relative rounded-2xl bg-base-200 p-2 shadow-inner sm:p-4">
        {!ready && (
          <p className="absolute inset-0 z-10 flex items-center justify-center text-base-content/70">
            Getting the canvas ready…
          </p>
        )}
        <canvas
          ref={canvasRef}
          width={CANVAS_WIDTH}
          height={CANVAS_HEIGHT}
          role="img"
          aria-label="Drawing canvas"
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerEnd}
          onPointerLeave={handlePointerEnd}
          onPointerCancel={handlePointerEnd}
          // Fits narrow screens; pointer positions are mapped back to 700×500.
          style={{ touchAction: 'none', aspectRatio: `${CANVAS_WIDTH} / ${CANVAS_HEIGHT}` }}
          className="mx-auto block w-full max-w-[700px] cursor-crosshair rounded-xl bg-white shadow-md"
        />
      </div>

      <ShareDrawing
        strokes={visibleStrokes(done)}
        exportDrawing={async () => (canvasRef.current ? exportPngBlob(canvasRef.current) : null)}
        restoredRoom={restored?.room ?? null}
        courseRooms={courseRooms}
      />
    </div>
  );
}
