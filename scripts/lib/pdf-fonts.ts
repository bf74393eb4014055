import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FONT_FACES, FONT_WEIGHTS, type FontSource, fontFile } from '../../worker/lib/pdf-fonts';

const require = createRequire(import.meta.url);

/** Every PDF font file, by its asset name, with where it lies in node_modules. */
export function pdfFontFiles(): { file: string; path: string }[] {
  return FONT_FACES.flatMap((face) => {
    const folder = join(dirname(require.resolve(`${face.pkg}/package.json`)), 'files');
    return FONT_WEIGHTS.map((weight) => {
      const file = fontFile(face.name, weight);
      return { file, path: join(folder, file) };
    });
  });
}

/** The fonts straight from their packages, for Node (tests and scripts). */
export const packageFonts: FontSource = async (file) => {
  const found = pdfFontFiles().find((f) => f.file === file);
  return found ? new Uint8Array(readFileSync(found.path)) : null;
};

/** Copies the fonts into a folder the Worker serves as static assets (`<dir>/fonts/`). */
export function copyPdfFonts(dir: string) {
  mkdirSync(join(dir, 'fonts'), { recursive: true });
  for (const { file, path } of pdfFontFiles()) copyFileSync(path, join(dir, 'fonts', file));
}
