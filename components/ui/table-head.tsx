import type { ReactNode } from "react";

/** A table's header row: each column's heading with its own class (alignment, the last column's spacing). */
export function TableHead({ columns, className, rowClassName }: { columns: [label: ReactNode, className: string][]; className?: string; rowClassName?: string }) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map(([label, cellClass], i) => (
          <th key={i} scope="col" className={cellClass}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
