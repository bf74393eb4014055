import { i18n, type Messages } from '@lingui/core';
import { compileIcu } from './icu';
import { browserLanguage, isLanguage, type Language, RIGHT_TO_LEFT, SOURCE_LANGUAGE } from './languages';
import { STORAGE_KEYS, storage } from './storage';

export { i18n };

type Loaders = Partial<Record<Language, () => Promise<{ messages: Messages }>>>;

/** Every catalogue a loaded module registered (`addCatalog`), so a change of language reloads them all. */
const catalogs = new Map<string, Loaders>();
const loaded = new Set<string>();
const pending = new Set<Promise<void>>();
const listeners = new Set<() => void>();

/**
 * The language a page starts in: the person's own choice, else their school's default, else the browser's
 * first language the portal ships in, else English. The first two are stored on the device by the sign-in and
 * session answers (`rememberLanguages`), so the first screen draws in the right language without a request.
 */
export function startingLanguage(): Language {
  const own = storage.get(STORAGE_KEYS.language);
  if (isLanguage(own)) return own;
  const school = storage.get(STORAGE_KEYS.schoolLanguage);
  if (isLanguage(school)) return school;
  const browser = typeof navigator === 'undefined' ? null : browserLanguage(navigator.languages);
  return browser ?? SOURCE_LANGUAGE;
}

function loadCatalog(language: Language, name: string, loaders: Loaders): Promise<void> {
  const key = `${name}:${language}`;
  const load = loaders[language];
  if (loaded.has(key) || !load) return Promise.resolve();
  const loading = load().then(({ messages }) => {
    i18n.load(language, messages);
    loaded.add(key);
  });
  pending.add(loading);
  void loading.finally(() => pending.delete(loading));
  return loading;
}

/**
 * Called by each catalogue module as it is first imported (the build adds the import to every module that uses a
 * message): the chosen language starts loading at once; screens wait with `catalogsReady`. English needs none.
 */
export function addCatalog(name: string, loaders: Loaders) {
  catalogs.set(name, loaders);
  void loadCatalog(currentLanguage(), name, loaders);
}

/**
 * Resolves once every catalogue registered so far is in, in the current language. The app waits on it before its
 * first draw, and each screen's chunk before it is shown (`withCatalogs`, added by scripts/lib/lingui-vite.ts).
 */
export async function catalogsReady(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** A lazily loaded module, handed on once the messages its imports registered are in. */
export const withCatalogs = <T>(module: T): Promise<T> => catalogsReady().then(() => module);

/**
 * A name from the records ('8-A', '2026-2027', 'Transport Fee · Apr 2026') set apart inside a right-to-left
 * sentence, so its Latin letters, digits and dashes keep their order; left-to-right text is left as it is.
 */
export const isolate = (text: string) => (RIGHT_TO_LEFT.has(currentLanguage()) ? `\u2068${text}\u2069` : text);

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : SOURCE_LANGUAGE);

/** The page's `lang` and `dir`, and a cookie so the sign-in pages the server draws come in the same language. */
function markPage(language: Language) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, read by the Worker to pick the sign-in page.
  document.cookie = `lang=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** Loads every registered catalogue in `language`, then switches every screen to it. */
export async function activateLanguage(language: Language) {
  await Promise.all([...catalogs].map(([name, loaders]) => loadCatalog(language, name, loaders)));
  if (i18n.locale !== language) i18n.activate(language);
  markPage(language);
  for (const listener of listeners) listener();
}

/**
 * What the server says of the signed-in person: their own choice (null = follow the school) and the school's
 * default. Stored for the next page load, and the screens switch when the language they give changes.
 */
export function rememberLanguages({ own, school }: { own?: string | null; school?: string | null }) {
  if (own !== undefined) {
    if (isLanguage(own)) storage.set(STORAGE_KEYS.language, own);
    else storage.remove(STORAGE_KEYS.language);
  }
  if (school !== undefined) {
    if (isLanguage(school)) storage.set(STORAGE_KEYS.schoolLanguage, school);
    else storage.remove(STORAGE_KEYS.schoolLanguage);
  }
  const next = startingLanguage();
  if (next !== currentLanguage()) void activateLanguage(next);
}

export function onLanguageChange(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// English texts stay in the code beside their ids, compiled when first shown; other languages come compiled.
i18n.setMessagesCompiler(compileIcu);
i18n.load(SOURCE_LANGUAGE, {});
i18n.activate(startingLanguage());
markPage(currentLanguage());
