import { isLanguage, type Language } from '../../worker/lib/languages';

/** The languages the portal ships in (the Worker's list): English is the source, every other has complete catalogues. */
export { isLanguage, LANGUAGES, type Language, SOURCE_LANGUAGE } from '../../worker/lib/languages';

/** Each language's name in itself, as a language menu lists it. */
// i18n-ignore: each name is written in its own language, whatever the page's.
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', ar: 'العربية' };

/** Languages written right to left: the page's `dir` follows, and logical CSS properties mirror the layout. */
export const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set<Language>(['ar']);

/** The first of the browser's languages the portal ships in (`hi-IN` counts as `hi`). */
export function browserLanguage(preferred: readonly string[] | undefined): Language | null {
  for (const tag of preferred ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}
