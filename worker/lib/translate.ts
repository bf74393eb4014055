import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { ar } from '../locales/ar';
import { hi } from '../locales/hi';
import type { Language } from './languages';

/**
 * The Worker's own texts in Hindi and Arabic. Each is written once, in English, where it is thrown; the
 * catalogues (`worker/locales`) key its translation by that English with `{name}` for each value written into
 * it, and an answer's text is matched against them on the way out. English answers pass untouched.
 */
const CATALOGUES: Record<Exclude<Language, 'en'>, Record<string, string>> = { hi, ar };

interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
}

let templates: Template[] | null = null;
const instances = new Map<Language, I18n>();

const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** The catalogue's templates with values, most specific first (the longest fixed text wins). */
function templatesOf(): Template[] {
  templates ??= Object.keys(hi)
    .filter((key) => key.includes('{'))
    .map((key) => {
      const names = [...key.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const source = key
        .split(/\{\w+\}/)
        .map(literal)
        .join('(.+?)');
      return { key, names, pattern: new RegExp(`^${source}$`, 's') };
    })
    .sort((a, b) => b.key.replace(/\{\w+\}/g, '').length - a.key.replace(/\{\w+\}/g, '').length);
  return templates;
}

function i18nOf(language: Exclude<Language, 'en'>): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: CATALOGUES[language] } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(language, i18n);
  }
  return i18n;
}

/** The catalogue's translation of one whole text: its own key, else (`templates`) a template it fills, else null. */
function lookup(text: string, language: Exclude<Language, 'en'>, templates = true): string | null {
  const catalogue = CATALOGUES[language];
  const i18n = i18nOf(language);
  if (Object.hasOwn(catalogue, text)) return i18n._(text);
  if (!templates) return null;
  for (const { key, names, pattern } of templatesOf()) {
    const match = pattern.exec(text);
    if (!match) continue;
    // A value that is itself a catalogued word (a field's label) reads in the same language.
    const values = Object.fromEntries(
      names.map((name, i) => {
        const value = match[i + 1];
        return [name, Object.hasOwn(catalogue, value) ? i18n._(value) : value];
      }),
    );
    return i18n._(key, values);
  }
  return null;
}

/**
 * An English text of the Worker in the given language; a text no catalogue knows stays as it is. A text made of
 * sentences put together ('Class deleted successfully. 2 schedule(s) removed.') is translated sentence by sentence
 * before any template is tried on the whole, so that no template's value swallows a sentence.
 */
export function translate(text: string, language: Language): string {
  if (language === 'en') return text;
  const exact = lookup(text, language, false);
  if (exact !== null) return exact;
  const sentences = text.split(/(?<=[.!?])\s+/);
  if (sentences.length > 1) {
    const translated = sentences.map((sentence) => lookup(sentence, language));
    if (translated.every((sentence) => sentence !== null)) return translated.join(' ');
  }
  return lookup(text, language) ?? text;
}
