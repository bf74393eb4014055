import type { ReportColumn, ReportTable } from '../report-table';
import { PART_ROWS, type PartDone } from './parts';
import { zip } from './zip';

/**
 * A real .xlsx (Office Open XML) of one sheet: title and subtitle above a bold header row that stays in view, the
 * rows, then a bold totals row. Texts are inline strings, never formulas, so a cell such as `=1+1` is shown as
 * typed. Numbers stay numbers (percent one decimal, money two).
 */
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

// Characters XML 1.0 cannot carry (controls other than tab, newline and return) are dropped.
const xmlText = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: those are what is removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

// Styles (cellXfs order): 0 plain, 1 bold, 2 one decimal, 3 two decimals, 4 bold one decimal, 5 bold two decimals, 6 title.
const STYLES = `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="0.0"/></numFmts><fonts count="3"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="14"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/><xf numFmtId="2" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/><xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

function cell(ref: string, value: string | number | null, column: ReportColumn | undefined, bold: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' && Number.isFinite(value)) {
    const kind = column?.kind;
    const style = kind === 'percent' ? (bold ? 4 : 2) : kind === 'money' ? (bold ? 5 : 3) : bold ? 1 : 0;
    return `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;
  }
  return `<c r="${ref}" t="inlineStr"${bold ? ' s="1"' : ''}><is><t xml:space="preserve">${xmlText(String(value))}</t></is></c>`;
}

function row(
  index: number,
  values: (string | number | null)[],
  columns: ReportColumn[],
  style: 'plain' | 'bold' | 'title',
) {
  const cells = values
    .map((v, i) =>
      style === 'title'
        ? `<c r="${columnName(i)}${index}" t="inlineStr" s="6"><is><t xml:space="preserve">${xmlText(String(v ?? ''))}</t></is></c>`
        : cell(`${columnName(i)}${index}`, v, columns[i], style === 'bold'),
    )
    .join('');
  return `<row r="${index}">${cells}</row>`;
}

/** The sheet's XML: widths from the longest text of each column (within 6 and 40 characters). */
async function sheet(table: ReportTable, onPart?: PartDone): Promise<string> {
  const { columns } = table;
  const lines: string[] = [];
  let r = 1;
  lines.push(row(r++, [table.title], columns, 'title'));
  if (table.subtitle) lines.push(row(r++, [table.subtitle], columns, 'plain'));
  r++;
  const headerRow = r;
  lines.push(
    row(
      r++,
      columns.map((c) => c.label),
      columns,
      'bold',
    ),
  );
  for (const [n, values] of table.rows.entries()) {
    lines.push(row(r++, values, columns, 'plain'));
    if (onPart && n % PART_ROWS === PART_ROWS - 1) await onPart();
  }
  if (table.totals) lines.push(row(r++, table.totals, columns, 'bold'));
  const widths = columns.map((c, i) => {
    const longest = Math.max(c.label.length, ...table.rows.map((v) => String(v[i] ?? '').length));
    return `<col min="${i + 1}" max="${i + 1}" width="${Math.min(40, Math.max(6, longest + 2))}" customWidth="1"/>`;
  });
  const pane = `<sheetViews><sheetView workbookViewId="0"><pane xSplit="0" ySplit="${headerRow}" topLeftCell="A${headerRow + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`;
  return `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">${pane}<cols>${widths.join('')}</cols><sheetData>${lines.join('')}</sheetData></worksheet>`;
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
const sheetName = (title: string) => (title.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Report').slice(0, 31);

/** The workbook; `onPart` hears of each `PART_ROWS` rows written, for a job's progress. */
export async function reportXlsx(table: ReportTable, onPart?: PartDone): Promise<Uint8Array> {
  const bytes = await zip([
    {
      name: '[Content_Types].xml',
      data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${xmlText(sheetName(table.title))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: await sheet(table, onPart) },
    { name: 'xl/styles.xml', data: STYLES },
  ]);
  return bytes;
}
