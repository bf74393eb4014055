import { csvCell, toCsv } from '../csv';
import type { ReportTable } from '../report-table';

/** A cell as a spreadsheet reads it: money with its two decimals, the rest as it is. */
function cellOf(table: ReportTable, index: number, value: string | number | null) {
  if (value === null) return '';
  return table.columns[index]?.kind === 'money' && typeof value === 'number' ? value.toFixed(2) : value;
}

/** The table as CSV: a header of the column labels, the rows, then the totals row; cells under `csv.ts`'s rules. */
export function reportCsv(table: ReportTable): string {
  const rows = table.totals ? [...table.rows, table.totals] : table.rows;
  return toCsv(
    table.columns.map((c) => c.label),
    rows.map((row) => row.map((value, i) => cellOf(table, i, value))),
  );
}

/** One CSV line (CRLF ended) of cells, for reports written as they are read (`csvLines`). */
export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
