import {
  beginText,
  endText,
  moveText,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  setFillingRgbColor,
  setFontAndSize,
  setStrokingRgbColor,
  showText,
} from 'pdf-lib';

/** The advance of the ₹ glyph in thousandths of the font size (Helvetica's figures are 556). */
export const RUPEE_WIDTH = 600;

// The sign drawn with lines: two bars, the bowl, the leg. Stroked in the text's colour (set before each run).
const GLYPH = (weight: number) => `${RUPEE_WIDTH} 0 d0
${weight} w 0 J 1 j
40 690 m 560 690 l S
40 540 m 560 540 l S
1 J
230 690 m 470 690 480 390 230 390 c 70 390 l 450 10 l S
`;

// Maps the one code of the font to U+20B9, so text extraction and search read "₹".
const TO_UNICODE = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<00> <FF>
endcodespacerange
1 beginbfchar
<01> <20B9>
endbfchar
endcmap
CMapName currentdict /CMap defineresource pop
end
end
`;

/**
 * The 14 standard PDF fonts have no "₹" (WinAnsi predates it) and no font file ships with the Worker, so the
 * sign is a one-glyph Type 3 font: drawn as vector strokes, read back as U+20B9 through its ToUnicode map.
 */
export function rupeeFont(doc: PDFDocument, weight: 'regular' | 'bold') {
  const context = doc.context;
  const glyph = context.register(context.stream(GLYPH(weight === 'bold' ? 95 : 68)));
  const toUnicode = context.register(context.stream(TO_UNICODE));
  const font = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, -60, RUPEE_WIDTH, 760],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: { rupee: glyph },
      Encoding: { Type: 'Encoding', Differences: [1, PDFName.of('rupee')] },
      FirstChar: 1,
      LastChar: 1,
      Widths: [RUPEE_WIDTH],
      Resources: {},
      ToUnicode: toUnicode,
    }),
  );
  const names = new WeakMap<PDFPage, PDFName>();
  return {
    /** Draws one "₹" with its left edge at x on the baseline y; answers its width. */
    draw(page: PDFPage, x: number, y: number, size: number, color: RGB) {
      let name = names.get(page);
      if (!name) {
        name = page.node.newFontDictionary(`Rupee${weight}`, font);
        names.set(page, name);
      }
      page.pushOperators(
        pushGraphicsState(),
        setFillingRgbColor(color.red, color.green, color.blue),
        setStrokingRgbColor(color.red, color.green, color.blue),
        beginText(),
        setFontAndSize(name, size),
        moveText(x, y),
        showText(PDFHexString.of('01')),
        endText(),
        popGraphicsState(),
      );
      return (RUPEE_WIDTH * size) / 1000;
    },
  };
}
