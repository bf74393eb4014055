import { PDFDocument, type PDFPage, type RGB, rgb } from 'pdf-lib';
import { type FontSource, loadFaces } from './pdf-fonts';
import { typesetter } from './pdf-text';

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
 * An A4 page that prints any script the Noto faces cover (`pdf-fonts.ts`). `sample` holds every text the page
 * will show (names, addresses, amounts): only the faces its characters need are loaded. A character no face has
 * prints as '?'.
 */
export async function pdfSheet(
  title: string,
  fonts: FontSource,
  sample: string,
  { rtl = false, landscape = false } = {},
) {
  const all = `${title}${sample}`;
  const [regular, bold, doc] = await Promise.all([
    loadFaces(fonts, all, 400),
    loadFaces(fonts, all, 700),
    PDFDocument.create(),
  ]);
  const [width, height] = landscape ? [841.89, 595.28] : [595.28, 841.89];
  let page = doc.addPage([width, height]);
  const type = typesetter(doc, { regular, bold });
  doc.setTitle(title);
  doc.setProducer('School portal');

  const widthOf = (value: string, size = 11, isBold = false) => type.widthOf(value, size, isBold);

  /** Writes one line of text at (x, y); answers its width. A right-to-left page mirrors x and the alignment. */
  const text = (value: string, x: number, y: number, style: TextStyle = {}) => {
    const { size = 11, bold: isBold = false, color = INK } = style;
    const ending = rtl ? style.align !== 'right' : style.align === 'right';
    const at = rtl ? width - x : x;
    const left = ending ? at - widthOf(value, size, isBold) : at;
    return type.draw(page, value, left, y, size, isBold, color);
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
    page.drawLine({
      start: { x: rtl ? width - to : from, y },
      end: { x: rtl ? width - from : to, y },
      thickness: 1,
      color,
    });

  const save = () => {
    type.finish();
    return doc.save();
  };

  /** Starts another page: what is drawn from now on goes there (a class's report cards, a page each). */
  const newPage = () => {
    page = doc.addPage([width, height]);
    return page as PDFPage;
  };

  return { doc, page: page as PDFPage, text, widthOf, wrap, rule, canPrint: type.canPrint, save, newPage };
}

export interface PdfLine {
  label?: string;
  value: string;
  bold?: boolean;
}

/** A one-page A4 document: title, subtitle, then label/value lines and an optional footer. Used for certificates. */
export async function simplePdf(input: {
  fonts: FontSource;
  title: string;
  heading: string;
  subheading?: string;
  lines: PdfLine[];
  footer?: string;
  /** Arabic: the page mirrored, labels on the right. */
  rtl?: boolean;
}): Promise<Uint8Array> {
  const sample = [input.heading, input.subheading, input.footer, ...input.lines.flatMap((l) => [l.label, l.value])];
  const sheet = await pdfSheet(input.title, input.fonts, sample.join('\n'), { rtl: input.rtl });
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
