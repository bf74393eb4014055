import type { FontSource } from '../pdf-fonts';
import type { ReportTable } from '../report-table';
import { reportCsv } from './csv';
import type { ReportFormat } from './format';
import { reportPdf } from './pdf';
import { reportXlsx } from './xlsx';

export { formatQuery, type ReportFormat, reportFormats } from './format';

const TYPES: Record<Exclude<ReportFormat, 'json'>, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** A download's headers: its type, and a file name of safe characters only. */
export function downloadHeaders(format: Exclude<ReportFormat, 'json'>, name: string): Record<string, string> {
  return {
    'Content-Type': TYPES[format],
    'Content-Disposition': `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}.${format}"`,
    'Cache-Control': 'no-store',
  };
}

/** The table as a file of `format` (never json: the route answers that itself). */
export async function reportFile(
  table: ReportTable,
  format: Exclude<ReportFormat, 'json'>,
  name: string,
  options: { fonts: FontSource; rtl?: boolean },
): Promise<Response> {
  const body =
    format === 'csv'
      ? reportCsv(table)
      : format === 'xlsx'
        ? await reportXlsx(table)
        : await reportPdf(table, options.fonts, { rtl: options.rtl });
  return new Response(body, { headers: downloadHeaders(format, name) });
}
