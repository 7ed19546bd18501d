/**
 * A table's column headings, aligned with their cells: each at the start edge (a `th` is
 * centred by default), and an actions column at the end, named for screen readers only.
 */
export function TableHead({ columns, actions }: { columns: readonly string[]; actions?: string }) {
  return (
    <thead className="text-xs tracking-wide text-muted uppercase">
      <tr>
        {columns.map((name) => (
          <th key={name} scope="col" className="py-2 pe-4 text-start font-medium">
            {name}
          </th>
        ))}
        {actions ? (
          <th scope="col" className="py-2 text-end font-medium">
            <span className="sr-only">{actions}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
