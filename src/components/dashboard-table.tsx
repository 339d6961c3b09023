import type { ReactNode } from 'react';

type Props = {
  /** The header row's cells (`<th scope="col">`). */
  head: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  /** Phones: tighter cells, so more columns fit a 375 px screen. */
  tightOnPhones?: boolean;
};

/**
 * A dashboard screen's table in its card; it scrolls sideways inside its frame on a narrow phone,
 * never the page.
 */
export function DashboardTable({ head, children, tightOnPhones = false }: Props) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200">
      <table className={tightOnPhones ? 'table max-sm:[&_td]:px-2 max-sm:[&_th]:px-2' : 'table'}>
        <thead>
          <tr className="bg-base-200/60 text-xs uppercase tracking-wider text-base-content/70">
            {head}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
