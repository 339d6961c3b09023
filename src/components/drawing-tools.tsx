import { useId, type ReactNode } from 'react';
import { BOARD_COLOURS, type BoardColour } from '@contract/board-rules';
import { MAX_BRUSH_SIZE, MIN_BRUSH_SIZE, clampBrushSize } from '@/lib/drawing/canvas-geometry';

export const DEFAULT_COLOUR: BoardColour = BOARD_COLOURS[3].value;
export const DEFAULT_BRUSH_SIZE = 4;

type Props = {
  colour: string;
  onColour: (colour: BoardColour) => void;
  size: number;
  onSize: (size: number) => void;
  /** The actions at the end of the bar (Clear, Download, Undo…). */
  children: ReactNode;
  /** A narrower bar (the chat room's board beside the messages). */
  compact?: boolean;
};

/** The six colours, the brush size and the board's actions: /drawing's bar and each room board's. */
export function DrawingTools({ colour, onColour, size, onSize, children, compact = false }: Props) {
  const sizeId = useId();
  const layout = compact
    ? 'flex flex-col gap-4'
    : 'flex flex-col gap-5 md:flex-row md:flex-wrap md:items-center md:justify-between';
  return (
    <div
      className={`${layout} rounded-2xl border border-base-200 bg-base-100 p-4 shadow-sm sm:p-5`}
    >
      <fieldset>
        <legend className="mb-2 text-xs font-semibold uppercase tracking-wider text-base-content/70">
          Colour
        </legend>
        <div className="flex flex-wrap gap-2.5">
          {BOARD_COLOURS.map((option) => {
            const selected = colour === option.value;
            return (
              <button
                key={option.name}
                type="button"
                aria-label={`Colour ${option.name}`}
                aria-pressed={selected}
                title={option.name}
                onClick={() => onColour(option.value)}
                style={{ backgroundColor: option.value }}
                className={`h-9 w-9 rounded-full border border-black/10 shadow-sm transition hover:scale-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 ${
                  selected ? 'ring-2 ring-base-content ring-offset-2 ring-offset-base-100' : ''
                }`}
              />
            );
          })}
        </div>
      </fieldset>

      <div className={compact ? '' : 'min-w-48 md:max-w-64 md:flex-1'}>
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
              style={{ width: size + 2, height: size + 2, backgroundColor: colour }}
            />
            {size} px
          </output>
        </div>
        <input
          id={sizeId}
          type="range"
          min={MIN_BRUSH_SIZE}
          max={MAX_BRUSH_SIZE}
          step={1}
          value={size}
          onChange={(event) => onSize(clampBrushSize(Number(event.target.value)))}
          className="range range-primary range-sm"
        />
      </div>

      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}
