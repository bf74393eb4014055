import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { packageFonts } from '../../scripts/lib/pdf-fonts';
import { reportCsv } from '../../worker/lib/report-formats/csv';
import { reportPdf } from '../../worker/lib/report-formats/pdf';
import { reportXlsx } from '../../worker/lib/report-formats/xlsx';
import type { ReportTable } from '../../worker/lib/report-table';
import { keepPdf, pdfText } from '../support/pdf';

const HINDI = 'क्षत्रिय श्रीनिवास';
const ARABIC = 'محمد عبد الله';

function grid(rows: number): ReportTable {
  const days = Array.from({ length: 22 }, (_, i) => ({ key: `d${i + 1}`, label: String(i + 1) }));
  return {
    title: 'Students monthly attendance — Class 8-A — November 2026',
    subtitle: 'Hillside School · 22 school days',
    columns: [
      { key: 'roll', label: 'Roll', kind: 'text' },
      { key: 'name', label: 'Name' },
      ...days,
      { key: 'present', label: 'Present', kind: 'number' },
      { key: 'percent', label: '%', kind: 'percent' },
    ],
    rows: Array.from({ length: rows }, (_, i) => [
      String(i + 1),
      i === 0 ? HINDI : i === 1 ? ARABIC : i === 2 ? '=HYPERLINK("http://x")' : `Student ${i + 1}`,
      ...days.map((_, d) => (d % 7 === 3 ? 'A' : 'P')),
      19,
      86.4,
    ]),
    totals: ['', 'Present each day', ...days.map(() => rows), rows * 19, 86.4],
  };
}

const unzipList = (bytes: Uint8Array) => {
  const file = join(mkdtempSync(join(tmpdir(), 'xlsx-')), 'report.xlsx');
  writeFileSync(file, bytes);
  return execFileSync('/usr/bin/unzip', ['-t', file], { encoding: 'utf8' });
};

describe('report formats', () => {
  it('CSV: a header of the labels, the rows, the totals last, cells under the formula rules', () => {
    const csv = reportCsv(grid(3));
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^"Roll","Name","1","2",/);
    expect(lines[1]).toContain(`"${HINDI}"`);
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[4]).toMatch(/^"","Present each day","3",/);
  });

  it('xlsx: a zip every reader accepts, a sheet a spreadsheet parser reads back cell by cell', async () => {
    const bytes = await reportXlsx(grid(40));
    expect(unzipList(bytes)).toMatch(/No errors detected/);
    const book = XLSX.read(bytes, { type: 'array' });
    expect(book.SheetNames).toEqual(['Students monthly attendance — C']);
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1, blankrows: false });
    expect(rows[0]).toEqual(['Students monthly attendance — Class 8-A — November 2026']);
    expect(rows[1]).toEqual(['Hillside School · 22 school days']);
    expect(rows[2].slice(0, 4)).toEqual(['Roll', 'Name', '1', '2']);
    expect(rows[3][1]).toBe(HINDI);
    expect(rows[4][1]).toBe(ARABIC);
    // A text that looks like a formula stays text: no formula in the cell.
    expect(sheet.B7.v).toBe('=HYPERLINK("http://x")');
    expect(sheet.B7.f).toBeUndefined();
    expect(sheet.B7.t).toBe('s');
    // Numbers stay numbers; the totals row is the last.
    expect(sheet.Y5).toMatchObject({ t: 'n', v: 19 });
    expect(sheet.Z5).toMatchObject({ t: 'n', v: 86.4 });
    expect(rows).toHaveLength(3 + 40 + 1);
    expect(rows.at(-1)?.[1]).toBe('Present each day');
    expect(rows.at(-1)?.[24]).toBe(40 * 19);
  });

  it('PDF: landscape, the header row on every page, Devanagari and Arabic names read back', async () => {
    const bytes = await reportPdf(grid(60), packageFonts);
    keepPdf('report-grid', bytes);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect(width).toBeGreaterThan(height);
    const text = pdfText(bytes);
    expect(text).toContain('Students monthly attendance — Class 8-A — November 2026');
    expect(text).toContain(HINDI);
    expect(text).toContain(ARABIC);
    expect(text).toContain('Student 60');
    expect(text).toContain('Present each day');
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(doc.getPageCount());
    for (const page of pages) expect(page).toMatch(/Roll\s+Name\s+1\s+2\s+3/);
  });
});
