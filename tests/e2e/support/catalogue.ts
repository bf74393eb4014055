import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import PO from 'pofile';

const client = resolve(import.meta.dirname, '../../../client');

/** One feature's catalogue in `language`: each plain English text and its translation (ICU left as written). */
export function featureCatalogue(feature: string, language: string): Map<string, string> {
  const file = join(client, 'features', feature, 'locales', `${language}.po`);
  const items = PO.parse(readFileSync(file, 'utf8')).items.filter((item) => item.msgid && !item.msgctxt);
  return new Map(items.map((item) => [item.msgid, item.msgstr.join('')]));
}

function catalogueFiles(dir: string, language: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : catalogueFiles(path, language);
    return name === `${language}.po` ? [path] : [];
  });
}

const cache = new Map<string, Map<string, string>>();
/** A text written with a context ('Paid' as an instalment status) is its own message, apart from the plain one. */
const key = (english: string, context?: string) => (context ? `${context}\u0004${english}` : english);

/** Every English text of the client's catalogues with its translation in `language` (ICU left as written). */
function catalogue(language: string): Map<string, string> {
  let messages = cache.get(language);
  if (!messages) {
    messages = new Map();
    for (const file of catalogueFiles(client, language)) {
      for (const item of PO.parse(readFileSync(file, 'utf8')).items) {
        const text = item.msgstr.join('');
        if (item.msgid && text) messages.set(key(item.msgid, item.msgctxt), text);
      }
    }
    cache.set(language, messages);
  }
  return messages;
}

/**
 * What a screen shows for an English text in `language`, read from the catalogues the build uses, with `{name}`
 * values filled in; English gives the text back. Tests compare with it, never with a copy of the translation.
 */
export function tr(
  language: string,
  english: string,
  values: Record<string, string | number> = {},
  context?: string,
): string {
  const text = language === 'en' ? english : catalogue(language).get(key(english, context));
  if (text === undefined) throw new Error(`No ${language} text for "${english}" in the catalogues`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The pattern a date field shows in `language`: its parts' words from the catalogue, in the order Intl writes them. */
export function typedDatePattern(language: string): string {
  const words: Record<string, string> = {
    day: tr(language, 'dd', {}, 'the day in a date pattern such as mm/dd/yyyy'),
    month: tr(language, 'mm', {}, 'the month in a date pattern such as mm/dd/yyyy'),
    year: tr(language, 'yyyy', {}, 'the year in a date pattern such as mm/dd/yyyy'),
  };
  const parts = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language).formatToParts(new Date(2026, 10, 27));
  return parts
    .filter((part) => part.type in words)
    .map((part) => words[part.type])
    .join('/');
}
