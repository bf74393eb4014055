import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The PDF's text as poppler's pdftotext reads it back (layout kept, so a row's cells stay on one line). */
export function pdfText(bytes: Uint8Array) {
  const file = join(mkdtempSync(join(tmpdir(), 'pdf-')), 'document.pdf');
  writeFileSync(file, bytes);
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Writes the PDF where `PDF_OUT` points (a folder), to be rendered with pdftoppm and looked at. */
export function keepPdf(name: string, bytes: Uint8Array) {
  const dir = process.env.PDF_OUT;
  if (dir) writeFileSync(join(dir, `${name}.pdf`), bytes);
}

/** The fonts of a PDF as pdffonts lists them: name (without the subset tag), embedded, subset, ToUnicode. */
export function pdfFonts(bytes: Uint8Array) {
  const file = join(mkdtempSync(join(tmpdir(), 'pdf-')), 'document.pdf');
  writeFileSync(file, bytes);
  const lines = execFileSync('/usr/bin/pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return lines.map((line) => {
    const [name, ...rest] = line.split(/\s+/);
    const [emb, sub, uni] = rest.slice(-5, -2);
    return {
      name: name.replace(/^[A-Z]{6}\+/, ''),
      embedded: emb === 'yes',
      subset: sub === 'yes',
      unicode: uni === 'yes',
    };
  });
}
