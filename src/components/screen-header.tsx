import type { ReactNode } from 'react';

type Props = {
  /** The small label over the heading (the menu's name for the screen). */
  eyebrow: string;
  headingId: string;
  heading: ReactNode;
  /** Read again in the background: a small spinner beside the heading. */
  refreshing?: boolean;
  /** Under the heading (a period, a count). */
  note?: ReactNode;
  /** At the right (a menu, a button). */
  children?: ReactNode;
};

/** A dashboard screen's heading: its menu name above, a spinner while it is read again. */
export function ScreenHeader({ eyebrow, headingId, heading, refreshing, note, children }: Props) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
        <h1 id={headingId} className="mt-1 text-2xl font-bold tracking-tight">
          {heading}
        </h1>
        {note}
      </div>
      {(refreshing || children) && (
        <div className="flex items-end gap-3">
          {refreshing && (
            <span className="loading loading-spinner loading-sm text-primary" aria-hidden="true" />
          )}
          {children}
        </div>
      )}
    </header>
  );
}
