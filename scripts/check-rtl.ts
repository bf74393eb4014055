/**
 * `npm run lint` runs this after Biome: the client's styles are direction-neutral, so a right-to-left page (Arabic)
 * mirrors through logical properties. A physical left/right property, a text alignment or float to a side, or a
 * pointing icon without `mirrorInRtl` is named with its line. A line may keep one with a `physical:` comment saying why.
 * Exits 1 when any is found.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const SCANNED = ['client', 'scripts/lib/prerender-sign-in.ts', 'panda.config.ts'];

const SIDE = 'Left|Right';
const RULES: [RegExp, string][] = [
  [
    new RegExp(
      String.raw`(?<![\w$.'"-])(ml|mr|pl|pr|left|right|roundedLeft|roundedRight|inset(?:${SIDE})|(?:margin|padding|scrollMargin|scrollPadding)(?:${SIDE})|border(?:${SIDE})\w*|border(?:Top|Bottom)(?:${SIDE})Radius|rounded(?:Top|Bottom)(?:${SIDE}))\s*:(?!\s*css\()`,
    ),
    'a physical side: use ms/me, ps/pe, insetInlineStart/End, borderInlineStart/End, roundedStart/End',
  ],
  [
    new RegExp(
      String.raw`\s(ml|mr|pl|pr|left|right|(?:margin|padding|inset)(?:${SIDE})|border(?:${SIDE})\w*|rounded(?:${SIDE}))=["{]`,
    ),
    'a physical side as a style prop: use ms/me, ps/pe, insetInlineStart/End, borderInlineStart/End',
  ],
  [/textAlign\s*[:=]\s*(\{[^}]*)?['"](left|right)['"]/, "textAlign to a side: use 'start' or 'end'"],
  [/float\s*[:=]\s*\{?['"](left|right)['"]/, "float to a side: use 'inline-start' or 'inline-end'"],
  [
    /(?<![\w-])(margin|padding|border|scroll-margin|scroll-padding|inset)-(left|right)[\w-]*\s*:|\b(text-align|float)\s*:\s*(left|right)\b/,
    'a physical side in CSS text: use the logical property',
  ],
  [
    /<(ChevronLeft|ChevronRight|ArrowLeft|ArrowRight|PanelLeft\w*|PanelRight\w*|ChevronsLeft|ChevronsRight)\b(?![^>]*mirrorInRtl)/,
    'an icon that points the way: give it className={mirrorInRtl}',
  ],
];

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => {
    const inner = join(path, name);
    if (statSync(inner).isDirectory()) return files(inner);
    return /\.(tsx?|css|html)$/.test(name) && !name.endsWith('.gen.ts') ? [inner] : [];
  });
}

/** What is wrong with one line of a style source, or null. Comments and lines marked `physical:` pass. */
export function rtlProblem(line: string): string | null {
  const code = line.trim();
  if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*') || /\bphysical:/.test(line)) return null;
  for (const [pattern, advice] of RULES) if (pattern.test(line)) return advice;
  return null;
}

export function rtlProblems(): string[] {
  const found: string[] = [];
  for (const base of SCANNED) {
    for (const path of files(join(root, base))) {
      const name = relative(root, path).split(sep).join('/');
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const problem = rtlProblem(line);
          if (problem) found.push(`${name}:${index + 1}: ${problem}\n    ${line.trim()}`);
        });
    }
  }
  return found;
}

if (process.argv[1]?.endsWith('check-rtl.ts')) {
  const problems = rtlProblems();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${problems.length} line(s) would not mirror right to left (scripts/check-rtl.ts).`);
    process.exit(1);
  }
  console.log('Styles are direction-neutral.');
}
