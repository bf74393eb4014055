import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The portal's message catalogues. English is the source language (the texts written in the code); the build keeps
 * only ids in the code and each language's texts in its catalogues, English inside the screens' own chunks. Each feature of `client/features/` has catalogues of
 * its own, loaded only with its screens; everything else (components, lib, routes, sign-in) shares `client/locales/`.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi', 'ar'],
  fallbackLocales: { default: 'en' },
  orderBy: 'message',
  // Origins without line numbers: a translator sees where a text is shown, and moving code does not churn the files.
  format: formatter({ lineNumbers: false, customHeaderAttributes: { 'POT-Creation-Date': '' } }),
  catalogs: [
    {
      path: '<rootDir>/client/features/{name}/locales/{locale}',
      include: ['<rootDir>/client/features/{name}/'],
    },
    {
      path: '<rootDir>/client/locales/{locale}',
      include: [
        '<rootDir>/client/components/',
        '<rootDir>/client/lib/',
        '<rootDir>/client/routes/',
        '<rootDir>/client/sign-in/',
        '<rootDir>/client/main.tsx',
        '<rootDir>/client/router.tsx',
      ],
    },
  ],
});
