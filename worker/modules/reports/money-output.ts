import type { Context } from 'hono';
import type { HonoEnv } from '../../lib/context';
import type { ReportFormat } from '../../lib/report-formats';
import type { ReportTable } from '../../lib/report-table';
import { ok } from '../../lib/respond';
import { fileAnswer } from './jobs';

/** The activity log's entity for every report run or export, so the Overview counts them in one place. */
export const REPORT_ENTITY = 'report';

/**
 * A report table as JSON, or as the file of the format asked, under a name made from the report and its period; a
 * large PDF or workbook is made in the background (202 with its job).
 */
export function reportAnswer(c: Context<HonoEnv>, table: ReportTable, format: ReportFormat, name: string) {
  if (format === 'json') return ok(c, table);
  return fileAnswer(c, table, format, name);
}
