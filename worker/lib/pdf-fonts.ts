import { create, type Font } from 'fontkit';

/**
 * The Noto faces PDFs print with: the per-script files of the `@fontsource` packages, served as static assets
 * under /fonts/ (copied there by the build) and read at run time, so none of them weighs on the Worker's bundle.
 * A face is loaded only when a document holds a character of its ranges; the first face listed wins.
 */
export const FONT_FACES = [
  {
    pkg: '@fontsource/noto-sans',
    name: 'noto-sans-latin',
    ranges:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
  {
    pkg: '@fontsource/noto-sans',
    name: 'noto-sans-latin-ext',
    ranges:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  },
  {
    pkg: '@fontsource/noto-sans',
    name: 'noto-sans-vietnamese',
    ranges:
      'U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB',
  },
  {
    pkg: '@fontsource/noto-sans',
    name: 'noto-sans-cyrillic',
    ranges: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
  },
  {
    pkg: '@fontsource/noto-sans',
    name: 'noto-sans-cyrillic-ext',
    ranges: 'U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F',
  },
  {
    pkg: '@fontsource/noto-sans',
    name: 'noto-sans-greek',
    ranges: 'U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF',
  },
  { pkg: '@fontsource/noto-sans', name: 'noto-sans-greek-ext', ranges: 'U+1F00-1FFF' },
  {
    pkg: '@fontsource/noto-sans',
    name: 'noto-sans-devanagari',
    ranges: 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF',
  },
  {
    pkg: '@fontsource/noto-sans-tamil',
    name: 'noto-sans-tamil-tamil',
    ranges: 'U+0964-0965,U+0B82-0BFA,U+200C-200D,U+20B9,U+25CC',
  },
  {
    pkg: '@fontsource/noto-sans-arabic',
    name: 'noto-sans-arabic-arabic',
    ranges:
      'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC',
  },
] as const;

export const FONT_WEIGHTS = [400, 700] as const;

/** The asset file of a face in a weight, e.g. `noto-sans-latin-700-normal.woff`. */
export const fontFile = (name: string, weight: number) => `${name}-${weight}-normal.woff`;

/** Answers a font file's bytes by its name under /fonts/, or null when it cannot be had. */
export type FontSource = (file: string) => Promise<Uint8Array | null>;

/** Fonts from the Worker's static assets. */
export function assetFonts(assets: { fetch(input: string): Promise<Response> } | undefined): FontSource {
  return async (file) => {
    if (!assets) return null;
    const response = await assets.fetch(`https://assets.invalid/fonts/${file}`);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  };
}

const parsedRanges = FONT_FACES.map((face) =>
  face.ranges.split(',').map((range) => {
    const [from, to = from] = range.slice(2).split('-');
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)] as const;
  }),
);

/** The index of the first face whose ranges hold the code point, or -1. */
export function faceFor(codePoint: number): number {
  return parsedRanges.findIndex((ranges) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to));
}

export interface LoadedFace {
  index: number;
  font: Font;
  rtl: boolean;
}

// Parsed once per isolate (and source): parsing a face costs more than shaping a page with it.
const parsedBySource = new WeakMap<FontSource, Map<string, Promise<Font | null>>>();

/** The faces (in one weight) that the text needs, parsed; the Latin face is always among them. */
export async function loadFaces(source: FontSource, text: string, weight: number): Promise<LoadedFace[]> {
  const wanted = new Set<number>([0]);
  for (const ch of text) {
    const index = faceFor(ch.codePointAt(0) ?? 0);
    if (index >= 0) wanted.add(index);
  }
  const cache = parsedBySource.get(source) ?? new Map<string, Promise<Font | null>>();
  parsedBySource.set(source, cache);
  const faces = await Promise.all(
    [...wanted]
      .sort((a, b) => a - b)
      .map(async (index) => {
        const file = fontFile(FONT_FACES[index].name, weight);
        let font = cache.get(file);
        if (!font) {
          font = source(file).then(async (bytes) =>
            bytes ? (create((await woffToSfnt(bytes)) as Buffer) as Font) : null,
          );
          cache.set(file, font);
          font.then((f) => f ?? cache.delete(file)).catch(() => cache.delete(file));
        }
        const loaded = await font;
        return loaded ? { index, font: loaded, rtl: FONT_FACES[index].name.includes('arabic') } : null;
      }),
  );
  if (!faces[0]) throw new Error('The PDF fonts cannot be read');
  return faces.filter((face): face is LoadedFace => face !== null);
}

/**
 * Unpacks a WOFF file into the plain TrueType it wraps. fontkit reads WOFF itself but inflates a whole table at
 * every glyph it reads, which made a receipt take hundreds of milliseconds; unpacked once, glyphs are slices.
 */
export async function woffToSfnt(woff: Uint8Array): Promise<Uint8Array> {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) return woff; // not 'wOFF': already a plain font
  const count = view.getUint16(12);
  const tables = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const at = 44 + i * 20;
      const [offset, compressed, length] = [view.getUint32(at + 4), view.getUint32(at + 8), view.getUint32(at + 12)];
      const packed = woff.subarray(offset, offset + compressed);
      const data = compressed < length ? await inflate(packed) : packed;
      return { tag: view.getUint32(at), checksum: view.getUint32(at + 16), data };
    }),
  );
  const headerSize = 12 + 16 * count;
  const total = tables.reduce((size, t) => size + Math.ceil(t.data.length / 4) * 4, headerSize);
  const out = new Uint8Array(total);
  const sfnt = new DataView(out.buffer);
  const power = 2 ** Math.floor(Math.log2(count));
  sfnt.setUint32(0, view.getUint32(4));
  sfnt.setUint16(4, count);
  sfnt.setUint16(6, power * 16);
  sfnt.setUint16(8, Math.log2(power));
  sfnt.setUint16(10, count * 16 - power * 16);
  let offset = headerSize;
  for (const [i, t] of tables.entries()) {
    const record = 12 + i * 16;
    sfnt.setUint32(record, t.tag);
    sfnt.setUint32(record + 4, t.checksum);
    sfnt.setUint32(record + 8, offset);
    sfnt.setUint32(record + 12, t.data.length);
    out.set(t.data, offset);
    offset += Math.ceil(t.data.length / 4) * 4;
  }
  return out;
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
