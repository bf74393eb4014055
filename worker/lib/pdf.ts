import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from 'pdf-lib';
import { RUPEE_WIDTH, rupeeFont } from './pdf-rupee';

export const INK = rgb(0.11, 0.13, 0.18);
export const MUTED = rgb(0.42, 0.45, 0.5);
export const RULE = rgb(0.85, 0.86, 0.88);

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: RGB;
  /** 'right': x is where the text ends. */
  align?: 'left' | 'right';
}

/**
 * An A4 page with Helvetica. Characters the standard fonts lack are written as '?' rather than failing, except
 * "₹", which has a font of its own (`pdf-rupee.ts`).
 */
export async function pdfSheet(title: string) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const rupee = { regular: rupeeFont(doc, 'regular'), bold: rupeeFont(doc, 'bold') };
  const known = new Set(fonts.regular.getCharacterSet());
  const printable = (text: string) =>
    Array.from(text.normalize('NFC'), (ch) => (ch === '₹' || known.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('');
  doc.setTitle(printable(title).replace(/₹/g, 'Rs.'));
  doc.setProducer('School portal');

  const runs = (text: string) => printable(text).split(/(₹)/).filter(Boolean);
  const widthOf = (text: string, size = 11, bold = false) =>
    runs(text).reduce(
      (w, run) => w + (run === '₹' ? (RUPEE_WIDTH * size) / 1000 : font(bold).widthOfTextAtSize(run, size)),
      0,
    );
  const font = (bold: boolean): PDFFont => (bold ? fonts.bold : fonts.regular);

  /** Writes one line of text at (x, y); answers its width. */
  const text = (value: string, x: number, y: number, style: TextStyle = {}) => {
    const { size = 11, bold = false, color = INK } = style;
    const width = widthOf(value, size, bold);
    let left = style.align === 'right' ? x - width : x;
    for (const run of runs(value)) {
      if (run === '₹') left += rupee[bold ? 'bold' : 'regular'].draw(page, left, y, size, color);
      else {
        page.drawText(run, { x: left, y, size, font: font(bold), color });
        left += font(bold).widthOfTextAtSize(run, size);
      }
    }
    return width;
  };

  /** Splits text into lines no wider than `width`, at spaces. */
  const wrap = (value: string, width: number, size = 11, bold = false) => {
    const lines: string[] = [];
    let current = '';
    for (const word of value.split(/\s+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word;
      if (current && widthOf(next, size, bold) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    return lines;
  };

  const rule = (y: number, from = 50, to = 545, color = RULE) =>
    page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness: 1, color });

  /** Whether every character of the text can be drawn as itself. */
  const canPrint = (value: string) => printable(value) === value.normalize('NFC');

  return { doc, page: page as PDFPage, text, widthOf, wrap, rule, canPrint, save: () => doc.save() };
}

export interface PdfLine {
  label?: string;
  value: string;
  bold?: boolean;
}

/** A one-page A4 document: title, subtitle, then label/value lines and an optional footer. Used for certificates. */
export async function simplePdf(input: {
  title: string;
  heading: string;
  subheading?: string;
  lines: PdfLine[];
  footer?: string;
}): Promise<Uint8Array> {
  const sheet = await pdfSheet(input.title);
  let y = 780;
  sheet.text(input.heading, 50, y, { size: 20, bold: true });
  y -= 22;
  if (input.subheading) {
    sheet.text(input.subheading, 50, y, { color: MUTED });
    y -= 18;
  }
  sheet.rule(y);
  y -= 30;
  sheet.text(input.title, 50, y, { size: 15, bold: true });
  y -= 28;
  for (const line of input.lines) {
    if (line.label) sheet.text(line.label, 50, y, { color: MUTED });
    const x = line.label ? 220 : 50;
    const wrapped = sheet.wrap(line.value, 545 - x, 11, line.bold);
    for (const [i, part] of wrapped.entries()) sheet.text(part, x, y - i * 15, { bold: line.bold });
    y -= 20 + 15 * Math.max(0, wrapped.length - 1);
  }
  if (input.footer) sheet.text(input.footer, 50, 80, { size: 9, color: MUTED });
  return sheet.save();
}

export function pdfResponse(filename: string, bytes: Uint8Array): Response {
  return new Response(bytes, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    },
  });
}
