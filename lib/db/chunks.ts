/**
 * Rows in slices for multi-row statements (createMany and the like), so one statement stays well
 * under PostgreSQL's 65,535 bind parameters whatever the number of columns.
 */
export function chunks<T>(rows: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
