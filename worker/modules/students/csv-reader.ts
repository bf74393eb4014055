import { AppError } from '../../lib/errors';

/** One record of a CSV file and the line it starts on (a quoted cell may span lines). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** Comma, or semicolon when the header has more of them (spreadsheets in many locales save that way). */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/**
 * RFC 4180 CSV: quoted cells with doubled quotes, CRLF or LF line ends, an optional byte-order mark.
 * Blank records are skipped; an unclosed quote is refused with its line.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += ch;
    }
  }
  if (quoted) throw new AppError(400, `Line ${quoteLine}: a quoted cell is never closed`);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** Header matching ignores case, spaces and punctuation: 'Date of birth', 'dateOfBirth' and 'DATE_OF_BIRTH' agree. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A cell as the person meant it: trimmed, line breaks inside it made spaces (every field is one line), and
 * without the quote mark our export puts before text a spreadsheet would run or split (`worker/lib/csv.ts`).
 */
export function cellValue(raw: string | undefined): string {
  const value = (raw ?? '').replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return /^'(?:[=+\-@]|.*[;|])/.test(value) ? value.slice(1) : value;
}
