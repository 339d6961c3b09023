import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { DownloadIcon, EraserIcon } from '@/components/icons';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  MAX_BRUSH_SIZE,
  MIN_BRUSH_SIZE,
  backingStoreSize,
  clampBrushSize,
  midpoint,
  toCanvasPoint,
  type Point,
  type Rect,
} from './canvas-geometry';
import { DOWNLOAD_FILE_NAME, downloadDataUrl, exportPng } from './export-png';

/** The six colours of docs/product.md §9. */
export const COLOURS = [
  { name: 'red', value: '#ef4444' },
  { name: 'green', value: '#16a34a' },
  { name: 'yellow', value: '#facc15' },
  { name: 'black', value: '#111827' },
  { name: 'blue', value: '#2244ee' },
  { name: 'purple', value: '#9333ea' },
] as const;

const BACKGROUND = '#ffffff';
const DEFAULT_COLOUR = COLOURS[3].value;
const DEFAULT_BRUSH_SIZE = 4;

type Stroke = { pointerId: number; rect: Rect; last: Point; lastMid: Point };

function paintBackground(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D) {
  // Fill the whole backing store, whatever the current scale.
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.restore();
}

/** Freehand drawing on a 700×500 white canvas with mouse, pen or touch (docs/product.md §2 Drawing). */
export function DrawingBoard() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokeRef = useRef<Stroke | null>(null);
  const [colour, setColour] = useState<string>(DEFAULT_COLOUR);
  const [brushSize, setBrushSize] = useState(DEFAULT_BRUSH_SIZE);
  const [exportFailed, setExportFailed] = useState(false);
  const sizeId = useId();

  const context = () => canvasRef.current?.getContext('2d') ?? null;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const { width, height, ratio } = backingStoreSize(window.devicePixelRatio);
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    paintBackground(canvas, ctx);
    // Draw in logical 700×500 units; the scale maps them onto the larger backing store.
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  }, []);

  const toPoint = (clientX: number, clientY: number, rect: Rect) =>
    toCanvasPoint(clientX, clientY, rect);

  const handlePointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const canvas = event.currentTarget;
    const ctx = context();
    if (!ctx) return;
    event.preventDefault();
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // Not supported (or the pointer is gone): drawing still works inside the canvas.
    }
    const rect = canvas.getBoundingClientRect();
    const point = toPoint(event.clientX, event.clientY, rect);
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    ctx.lineWidth = brushSize;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    // A tap without movement still leaves a dot.
    ctx.beginPath();
    ctx.arc(point.x, point.y, brushSize / 2, 0, Math.PI * 2);
    ctx.fill();
    strokeRef.current = { pointerId: event.pointerId, rect, last: point, lastMid: point };
  };

  const handlePointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = strokeRef.current;
    if (!stroke || stroke.pointerId !== event.pointerId) return;
    const ctx = context();
    if (!ctx) return;
    const native = event.nativeEvent;
    // Coalesced events carry the points the browser merged between frames: smoother curves.
    const coalesced =
      typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const samples = coalesced.length > 0 ? coalesced : [native];
    ctx.beginPath();
    ctx.moveTo(stroke.lastMid.x, stroke.lastMid.y);
    for (const sample of samples) {
      const point = toPoint(sample.clientX, sample.clientY, stroke.rect);
      const mid = midpoint(stroke.last, point);
      // Curving through the midpoints rounds off the corners between samples.
      ctx.quadraticCurveTo(stroke.last.x, stroke.last.y, mid.x, mid.y);
      stroke.last = point;
      stroke.lastMid = mid;
    }
    ctx.stroke();
  };

  const handlePointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = strokeRef.current;
    if (!stroke || stroke.pointerId !== event.pointerId) return;
    strokeRef.current = null;
    const ctx = context();
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(stroke.lastMid.x, stroke.lastMid.y);
      ctx.lineTo(stroke.last.x, stroke.last.y);
      ctx.stroke();
    }
    try {
      if (event.currentTarget.hasPointerCapture(event.pointerId))
        event.currentTarget.releasePointerCapture(event.pointerId);
    } catch {
      // Capture already gone.
    }
  };

  const handleClear = () => {
    strokeRef.current = null;
    const canvas = canvasRef.current;
    const ctx = context();
    if (canvas && ctx) paintBackground(canvas, ctx);
    setExportFailed(false);
  };

  const handleDownload = () => {
    const canvas = canvasRef.current;
    const url = canvas ? exportPng(canvas) : null;
    setExportFailed(url === null);
    if (url) downloadDataUrl(url, DOWNLOAD_FILE_NAME);
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-5 rounded-2xl border border-base-200 bg-base-100 p-4 shadow-sm sm:p-5 md:flex-row md:flex-wrap md:items-center md:justify-between">
        <fieldset>
          <legend className="mb-2 text-xs font-semibold uppercase tracking-wider text-base-content/70">
            Colour
          </legend>
          <div className="flex flex-wrap gap-2.5">
            {COLOURS.map((option) => {
              const selected = colour === option.value;
              return (
                <button
                  key={option.name}
                  type="button"
                  aria-label={`Colour ${option.name}`}
                  aria-pressed={selected}
                  title={option.name}
                  onClick={() => setColour(option.value)}
                  style={{ backgroundColor: option.value }}
                  className={`h-9 w-9 rounded-full border border-black/10 shadow-sm transition hover:scale-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 ${
                    selected ? 'ring-2 ring-base-content ring-offset-2 ring-offset-base-100' : ''
                  }`}
                />
              );
            })}
          </div>
        </fieldset>

        <div className="min-w-48 md:flex-1 md:max-w-64">
          <div className="mb-2 flex items-center justify-between">
            <label
              htmlFor={sizeId}
              className="text-xs font-semibold uppercase tracking-wider text-base-content/70"
            >
              Brush size
            </label>
            <output
              htmlFor={sizeId}
              className="flex items-center gap-2 text-xs font-semibold tabular-nums"
            >
              <span
                aria-hidden="true"
                className="inline-block rounded-full"
                style={{ width: brushSize + 2, height: brushSize + 2, backgroundColor: colour }}
              />
              {brushSize} px
            </output>
          </div>
          <input
            id={sizeId}
            type="range"
            min={MIN_BRUSH_SIZE}
            max={MAX_BRUSH_SIZE}
            step={1}
            value={brushSize}
            onChange={(event) => setBrushSize(clampBrushSize(Number(event.target.value)))}
            className="range range-primary range-sm"
          />
        </div>

        <div className="flex gap-2">
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
        </div>
      </div>

      {exportFailed && (
        <p role="alert" className="text-sm text-error">
          Your browser could not export the drawing.
        </p>
      )}

      <div className="rounded-2xl bg-base-200 p-2 shadow-inner sm:p-4">
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
    </div>
  );
}
