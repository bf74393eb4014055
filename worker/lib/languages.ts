import { type Language, languages } from '../db/languages';

/** The languages the portal ships in (the schema's list); English is the source every other is translated from. */
export const LANGUAGES = languages;
export type { Language };
export const SOURCE_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The first shipped language of an `Accept-Language` header, by its weights (`hi-IN` counts as `hi`). */
export function acceptedLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { base: tag.toLowerCase().split('-')[0], weight: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? null;
}

/** The language a page of this browser last showed (the `lang` cookie the client keeps), if any. */
export function cookieLanguage(header: string | null | undefined): Language | null {
  const value = /(?:^|;\s*)lang=([^;]*)/.exec(header ?? '')?.[1];
  return isLanguage(value) ? value : null;
}
