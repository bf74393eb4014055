import type { ReportTable } from '../report-table';

/** A PDF or workbook made for a job is made in parts of this many rows, then one last part that saves and stores the file. */
export const PART_ROWS = 250;

/** Told when one more part of a file is done. */
export type PartDone = () => Promise<void>;

/** How many parts the file of `table` is made in: each `PART_ROWS` rows drawn, then the file saved and stored. */
export function partsOf(table: ReportTable): number {
  return Math.floor(table.rows.length / PART_ROWS) + 1;
}
