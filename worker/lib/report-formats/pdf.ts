import { MUTED, pdfSheet, RULE } from '../pdf';
import type { FontSource } from '../pdf-fonts';
import type { ReportTable } from '../report-table';
import { PART_ROWS, type PartDone } from './parts';

const MARGIN = 30;
const PAD = 3;

const shown = (value: string | number | null) =>
  value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value;

/**
 * The table on A4 pages, landscape when it is wider than a portrait page allows: the title and subtitle, then the
 * header row, repeated at the top of every page, the rows and a bold totals row. The type shrinks (to 5.5 pt) to
 * fit the columns across; a text still too wide for its column is cut with "…". Any script, right to left too.
 * `onPart` hears of each `PART_ROWS` rows drawn, for a job's progress.
 */
export async function reportPdf(
  table: ReportTable,
  fonts: FontSource,
  { rtl = false, onPart }: { rtl?: boolean; onPart?: PartDone } = {},
): Promise<Uint8Array> {
  const header = table.columns.map((c) => c.label);
  const body = table.totals ? [...table.rows, table.totals] : table.rows;
  const texts = body.map((r) => r.map(shown));
  const sample = [table.title, table.subtitle ?? '', ...header, ...texts.flat()].join('\n');
  const landscape = table.columns.length > 8;
  const sheet = await pdfSheet(table.title, fonts, sample, { rtl, landscape });
  const [pageWidth, pageHeight] = landscape ? [841.89, 595.28] : [595.28, 841.89];
  const usable = pageWidth - 2 * MARGIN;

  // Natural widths at 10 pt; the type is scaled so that they fit, down to 5.5 pt.
  const natural = table.columns.map((_, i) =>
    Math.max(
      sheet.widthOf(header[i], 10, true),
      ...texts.map((r, n) => sheet.widthOf(r[i] ?? '', 10, n === texts.length - 1 && !!table.totals)),
    ),
  );
  const totalNatural = natural.reduce((a, b) => a + b + 2 * PAD, 0);
  const size = Math.max(5.5, Math.min(9, (10 * usable) / totalNatural));
  let widths = natural.map((w) => (w * size) / 10 + 2 * PAD);
  const sum = widths.reduce((a, b) => a + b, 0);
  if (sum > usable) {
    // The text columns give up the room that is missing, in proportion to their width.
    const textual = table.columns.map((c) => !c.kind || c.kind === 'text');
    const textWidth = widths.reduce((a, w, i) => a + (textual[i] ? w : 0), 0);
    const scale = Math.max(0.2, 1 - (sum - usable) / Math.max(textWidth, 1));
    widths = widths.map((w, i) => (textual[i] ? w * scale : w));
  } else widths = widths.map((w) => w + (usable - sum) / widths.length);
  const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const line = size * 1.7;

  const cut = (value: string, width: number, bold: boolean) => {
    if (sheet.widthOf(value, size, bold) <= width) return value;
    const chars = Array.from(value);
    while (chars.length > 1 && sheet.widthOf(`${chars.join('')}…`, size, bold) > width) chars.pop();
    return `${chars.join('')}…`;
  };
  const drawRow = (values: string[], y: number, bold: boolean) => {
    for (const [i, value] of values.entries()) {
      const kind = table.columns[i]?.kind;
      const numeric = kind === 'number' || kind === 'percent' || kind === 'money';
      const text = cut(value, widths[i] - 2 * PAD, bold);
      if (numeric) sheet.text(text, lefts[i] + widths[i] - PAD, y, { size, bold, align: 'right' });
      else sheet.text(text, lefts[i] + PAD, y, { size, bold });
    }
  };

  let page = 1;
  let y = pageHeight - MARGIN - 14;
  sheet.text(table.title, MARGIN, y, { size: 14, bold: true });
  y -= 16;
  if (table.subtitle) {
    sheet.text(table.subtitle, MARGIN, y, { size: 9, color: MUTED });
    y -= 14;
  }
  const headerAt = (top: number) => {
    drawRow(header, top - size, true);
    sheet.rule(top - line + 2, MARGIN, pageWidth - MARGIN);
    return top - line;
  };
  y = headerAt(y - 4);
  for (const [n, values] of texts.entries()) {
    if (y - line < MARGIN + 12) {
      sheet.text(`${page}`, pageWidth - MARGIN, MARGIN - 10, { size: 7, color: MUTED, align: 'right' });
      sheet.newPage();
      page++;
      y = headerAt(pageHeight - MARGIN);
    }
    const isTotals = !!table.totals && n === texts.length - 1;
    if (isTotals) sheet.rule(y - 1, MARGIN, pageWidth - MARGIN);
    drawRow(values, y - size - 1, isTotals);
    y -= line;
    if (!isTotals && n % 5 === 4) sheet.rule(y + 1, MARGIN, pageWidth - MARGIN, RULE);
    if (onPart && !isTotals && n % PART_ROWS === PART_ROWS - 1) await onPart();
  }
  sheet.text(`${page}`, pageWidth - MARGIN, MARGIN - 10, { size: 7, color: MUTED, align: 'right' });
  return sheet.save();
}
