import type { ReactNode } from 'react';

type Props = {
  /** The small label over the heading (the menu's name for the screen). */
  eyebrow: string;
  /** The heading's id: the screen's section is labelled by it. */
  headingId: string;
  heading: ReactNode;
  /** Read again in the background: a small spinner beside the heading. */
  refreshing?: boolean;
  /** Under the heading (a period, a count). */
  note?: ReactNode;
  /** At the right of the heading (a menu, a button). */
  actions?: ReactNode;
  /** The screen's content, under its heading. */
  children: ReactNode;
};

/**
 * A dashboard screen: a section labelled by its heading, the menu's name above the heading, a
 * spinner while it is read again, then the content.
 */
export function DashboardScreen({
  eyebrow,
  headingId,
  heading,
  refreshing,
  note,
  actions,
  children,
}: Props) {
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
          <h1 id={headingId} className="mt-1 text-2xl font-bold tracking-tight">
            {heading}
          </h1>
          {note}
        </div>
        {(refreshing || actions) && (
          <div className="flex items-end gap-3">
            {refreshing && (
              <span
                className="loading loading-spinner loading-sm text-primary"
                aria-hidden="true"
              />
            )}
            {actions}
          </div>
        )}
      </header>
      {children}
    </section>
  );
}
