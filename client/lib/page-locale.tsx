import { LocaleProvider } from '@ark-ui/react/locale';
import { type ReactNode, useEffect, useState } from 'react';

/** The page's direction as <html dir> says; parts drawn before their Ark code arrives carry it as Ark's do. */
export function pageDir(): 'ltr' | 'rtl' {
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}

/** The locale Ark's parts speak: the page's own 'en' keeps Ark's default 'en-US', so English dates read as ever. */
export const pageLocale = () => {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang && lang !== 'en' ? lang : 'en-US';
};

/** Gives Ark's parts the page's language, and with it their direction, following <html lang> as it changes. */
export function PageLocale({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState(pageLocale);
  useEffect(() => {
    const watch = new MutationObserver(() => setLocale(pageLocale()));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    return () => watch.disconnect();
  }, []);
  return <LocaleProvider locale={locale}>{children}</LocaleProvider>;
}
