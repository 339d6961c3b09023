import type { ReactNode } from 'react';
import { ColumnHeads, type Column } from './column-heads';

type Props = {
  /** The table's columns, as its header row names them. */
  columns: readonly Column[];
  /** The body's rows. */
  children: ReactNode;
  /** Phones: tighter cells, so more columns fit a 375 px screen. */
  tightOnPhones?: boolean;
};

/**
 * A dashboard screen's table in its card; it scrolls sideways inside its frame on a narrow phone,
 * never the page.
 */
export function DashboardTable({ columns, children, tightOnPhones = false }: Props) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200">
      <table className={tightOnPhones ? 'table max-sm:[&_td]:px-2 max-sm:[&_th]:px-2' : 'table'}>
        <thead>
          <tr className="bg-base-200/60 text-xs uppercase tracking-wider text-base-content/70">
            <ColumnHeads columns={columns} />
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
