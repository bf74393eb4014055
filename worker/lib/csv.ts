/**
 * CSV that opens cleanly in a spreadsheet: UTF-8 with a byte-order mark, CRLF rows, every cell quoted.
 * Pure text functions: the browser builds its CSVs (credentials lists) with the same `toCsv`.
 */

/**
 * A cell a spreadsheet could run as a formula, or split: one starting with = + - @, a tab or a CR (OWASP), or
 * holding ; or | (many locales split on ;, and | opens DDE). It gets a leading ' inside the quotes.
 */
const DANGEROUS = /^[=+\-@\t\r]|[;|]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (DANGEROUS.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function csvResponse(filename: string, csv: string): Response {
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    },
  });
}
