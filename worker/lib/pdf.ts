import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

/** The standard PDF fonts speak WinAnsi only; other characters are written as '?' rather than failing. */
function printable(text: string): string {
  return text.normalize('NFC').replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
}

export interface PdfLine {
  label?: string;
  value: string;
  bold?: boolean;
}

/** A one-page A4 document: title, subtitle, then label/value lines and an optional footer. Used for receipts and certificates. */
export async function simplePdf(input: {
  title: string;
  heading: string;
  subheading?: string;
  lines: PdfLine[];
  footer?: string;
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(input.title));
  doc.setProducer('School portal');
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.11, 0.13, 0.18);
  const muted = rgb(0.42, 0.45, 0.5);
  let y = 780;
  const write = (text: string, x: number, size: number, font: PDFFont, color = ink) =>
    page.drawText(printable(text), { x, y, size, font, color, maxWidth: 495 });

  write(input.heading, 50, 20, bold);
  y -= 22;
  if (input.subheading) {
    write(input.subheading, 50, 11, regular, muted);
    y -= 18;
  }
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 1, color: rgb(0.85, 0.86, 0.88) });
  y -= 30;
  write(input.title, 50, 15, bold);
  y -= 28;
  for (const line of input.lines) {
    if (line.label) write(line.label, 50, 11, regular, muted);
    write(line.value, line.label ? 220 : 50, 11, line.bold ? bold : regular);
    y -= 20;
  }
  if (input.footer) {
    y = 80;
    write(input.footer, 50, 9, regular, muted);
  }
  return doc.save();
}

export function pdfResponse(filename: string, bytes: Uint8Array): Response {
  return new Response(bytes, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    },
  });
}
