import type { Font, Glyph, GlyphRun } from 'fontkit';
import {
  beginText,
  endText,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFOperator,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from 'pdf-lib';
import { faceFor, type LoadedFace } from './pdf-fonts';

const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();
const utf16Hex = (text: string) => Array.from({ length: text.length }, (_, i) => hex4(text.charCodeAt(i))).join('');
// Whitespace and punctuation take the face of the text around them; marks stay with their base letter.
const NEUTRAL = /^[\p{Z}\p{P}\s]$/u;
const MARK = /^[\p{M}\u200c\u200d]$/u;

const span = (properties: string) => PDFOperator.of('BDC' as never, [PDFName.of('Span'), properties]);

/**
 * fontkit keeps one glyph object per id, with the letters of its first use: a glyph shared by two letters (final
 * heh and final teh marbuta) would read back as the first. Shaping with fresh glyph objects names the right one.
 */
function shape(font: Font, text: string): GlyphRun {
  const shared = font as unknown as { _glyphs: Record<number, Glyph> };
  const kept = shared._glyphs;
  shared._glyphs = {};
  try {
    return font.layout(text);
  } finally {
    shared._glyphs = kept;
  }
}

/** One face embedded in one document: the glyphs it drew, renumbered into a subset of the face. */
interface Embedded {
  face: LoadedFace;
  key: string;
  ref: PDFRef;
  subset: { includeGlyph(glyph: Glyph): number; encode(): Uint8Array };
  /** Each glyph drawn, with the text its first use stood for (fontkit shares one glyph object per id). */
  used: Map<number, { glyph: Glyph; text: string }>;
}

interface Run {
  embedded: Embedded;
  text: string;
  shaped: GlyphRun;
}

/**
 * Shapes text with the document's faces (OpenType substitution and positioning, through fontkit: conjuncts,
 * reordered vowel signs, Arabic joining and right-to-left order) and draws the glyphs by id with fonts embedded
 * as subsets (Type0, Identity-H), so any script prints and `pdftotext` reads back what was written.
 */
export function typesetter(doc: PDFDocument, faces: { regular: LoadedFace[]; bold: LoadedFace[] }) {
  const embedded = new Map<LoadedFace, Embedded>();
  const runsCache = new Map<string, Run[]>();

  const embed = (face: LoadedFace): Embedded => {
    let found = embedded.get(face);
    if (!found) {
      const subset = face.font.createSubset() as unknown as Embedded['subset'];
      found = { face, key: `N${embedded.size + 1}`, ref: doc.context.nextRef(), subset, used: new Map() };
      embedded.set(face, found);
    }
    return found;
  };

  /** Splits text into runs of one face each, and shapes each run. */
  const runs = (value: string, bold: boolean): Run[] => {
    const cacheKey = `${bold ? 'b' : 'r'}${value}`;
    const cached = runsCache.get(cacheKey);
    if (cached) return cached;
    const list = bold ? faces.bold : faces.regular;
    const has = (face: LoadedFace | undefined, cp: number) => !!face && face.font.hasGlyphForCodePoint(cp);
    const chars = Array.from(value.normalize('NFC'));
    const points = chars.map((ch) => ch.codePointAt(0) ?? 0);
    const strong = chars.map((ch, i) => {
      if (NEUTRAL.test(ch) || MARK.test(ch)) return undefined;
      const preferred = list.find((f) => f.index === faceFor(points[i]));
      return has(preferred, points[i]) ? preferred : list.find((f) => has(f, points[i]));
    });
    const chosen: (LoadedFace | undefined)[] = [];
    let previous: LoadedFace | undefined;
    for (const [i, ch] of chars.entries()) {
      let face = strong[i];
      if (!face && MARK.test(ch) && has(previous, points[i])) face = previous;
      else if (!face) {
        const next = strong.slice(i + 1).find(Boolean);
        // A space between two Arabic words belongs to their right-to-left run; one before Latin does not.
        if (previous && has(previous, points[i]) && (!previous.rtl || next === previous)) face = previous;
        else face = list.find((f) => !f.rtl && has(f, points[i]));
      }
      chosen.push(face);
      if (face && strong[i]) previous = face;
    }
    const result: Run[] = [];
    let start = 0;
    for (let i = 1; i <= chars.length; i++) {
      if (i < chars.length && chosen[i] === chosen[start]) continue;
      const face = chosen[start] ?? list[0];
      const text = chosen[start] ? chars.slice(start, i).join('') : '?'.repeat(i - start);
      result.push({ embedded: embed(face), text, shaped: shape(face.font, text) });
      start = i;
    }
    runsCache.set(cacheKey, result);
    return result;
  };

  const runWidth = (run: Run, size: number) =>
    (run.shaped.positions.reduce((w, p) => w + p.xAdvance, 0) * size) / run.embedded.face.font.unitsPerEm;

  /** The width of the text at a size, in points. */
  const widthOf = (value: string, size: number, bold: boolean) =>
    runs(value, bold).reduce((w, run) => w + runWidth(run, size), 0);

  /** Whether every character has a glyph in some face. */
  const canPrint = (value: string) =>
    Array.from(value).every((ch) => faces.regular.some((f) => f.font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0)));

  /** Draws the text with its left end at (x, y). */
  const draw = (page: PDFPage, value: string, x: number, y: number, size: number, bold: boolean, color: RGB) => {
    const ops: PDFOperator[] = [pushGraphicsState(), setFillingColor(color)];
    let left = x;
    for (const run of runs(value, bold)) {
      const { embedded: e, shaped } = run;
      const scale = size / e.face.font.unitsPerEm;
      page.node.setFontDictionary(PDFName.of(e.key), e.ref);
      // Left-to-right runs carry their text, since reordered glyphs (Indic vowel signs) read back out of order;
      // a right-to-left run is read back from its glyphs, which readers reorder themselves.
      ops.push(
        e.face.rtl
          ? PDFOperator.of('BMC' as never, [PDFName.of('Span')])
          : span(`<< /ActualText <FEFF${utf16Hex(run.text)}> >>`),
        beginText(),
        setFontAndSize(e.key, size),
      );
      for (const [i, glyph] of shaped.glyphs.entries()) {
        const p = shaped.positions[i];
        const id = e.subset.includeGlyph(glyph);
        const text = String.fromCodePoint(...glyph.codePoints);
        const first = e.used.get(id);
        if (!first) e.used.set(id, { glyph, text });
        const matrix = setTextMatrix(1, 0, 0, 1, left + p.xOffset * scale, y + p.yOffset * scale);
        const shown = showText(PDFHexString.of(hex4(id)));
        // One glyph may stand for several letters (Arabic final heh and teh marbuta): the map names the first.
        if (first && text && first.text !== text) {
          ops.push(span(`<< /ActualText <FEFF${utf16Hex(text)}> >>`), matrix, shown, PDFOperator.of('EMC' as never));
        } else ops.push(matrix, shown);
        left += p.xAdvance * scale;
      }
      ops.push(endText(), PDFOperator.of('EMC' as never));
    }
    ops.push(popGraphicsState());
    page.pushOperators(...ops);
    return left - x;
  };

  /** Writes every embedded face into the document; call once, before saving. */
  const finish = () => {
    for (const e of embedded.values()) writeFont(doc, e);
  };

  return { widthOf, draw, canPrint, finish };
}

function writeFont(doc: PDFDocument, e: Embedded) {
  const { context } = doc;
  const font: Font = e.face.font;
  const bytes = e.subset.encode();
  const scale = 1000 / font.unitsPerEm;
  // A subset's name starts with six capitals of its own (ISO 32000 9.6.4).
  const n = Number(e.key.slice(1)) + e.face.index * 26;
  const baseName = `NOTO${String.fromCharCode(65 + (Math.floor(n / 26) % 26), 65 + (n % 26))}+${font.postscriptName}`;
  const file = context.register(context.flateStream(bytes, { Length1: bytes.length }));
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: baseName,
      Flags: 4,
      FontBBox: [font.bbox.minX, font.bbox.minY, font.bbox.maxX, font.bbox.maxY].map((v) => Math.round(v * scale)),
      ItalicAngle: 0,
      Ascent: Math.round(font.ascent * scale),
      Descent: Math.round(font.descent * scale),
      CapHeight: Math.round((font.capHeight || font.ascent) * scale),
      StemV: 80,
      FontFile2: file,
    }),
  );
  const sorted = [...e.used].sort((a, b) => a[0] - b[0]);
  const widths = sorted.flatMap(([id, { glyph }]) => [id, [Math.round(glyph.advanceWidth * scale)]]);
  const cidFont = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: baseName,
      CIDSystemInfo: {
        Registry: PDFHexString.fromText('Adobe'),
        Ordering: PDFHexString.fromText('Identity'),
        Supplement: 0,
      },
      FontDescriptor: descriptor,
      W: widths,
      CIDToGIDMap: 'Identity',
    }),
  );
  const toUnicode = context.register(context.flateStream(new TextEncoder().encode(unicodeMap(sorted))));
  context.assign(
    e.ref,
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: baseName,
      Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: toUnicode,
    }),
  );
}

/** The ToUnicode CMap: each glyph to the characters it stands for (a ligature to several). */
function unicodeMap(glyphs: [number, { text: string }][]) {
  const entries = glyphs.filter(([, { text }]) => text).map(([id, { text }]) => `<${hex4(id)}> <${utf16Hex(text)}>`);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
