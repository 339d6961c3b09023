/** A table column's heading: its label (read to screen readers only when `srOnly`) and classes. */
export type Column = { label: string; className?: string; srOnly?: boolean };

/** A header row's cells, one `<th scope="col">` per column, from the table's list of columns. */
export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return (
    <>
      {columns.map(({ label, className, srOnly }) => (
        <th key={label} scope="col" className={className}>
          {srOnly ? <span className="sr-only">{label}</span> : label}
        </th>
      ))}
    </>
  );
}
