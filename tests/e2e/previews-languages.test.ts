import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  resetOwnLanguages,
  seriousViolations,
  shot,
  signInTo,
} from './support/browser';
import { tr } from './support/catalogue';

// The portal's CSP rightly forbids injected scripts; these contexts let axe-core in.
const AXE = { bypassCSP: true };
const LANGUAGES = ['hi', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];

/** Month names and numbers as the browser's Intl writes them in `language`. */
const months = (page: Page, language: Language, monthIndexes: number[]) =>
  page.evaluate(
    ([lang, indexes]) =>
      indexes.map((m) =>
        new Intl.DateTimeFormat(lang, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2025, m, 1)),
      ),
    [language, monthIndexes] as const,
  );
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await resetOwnLanguages();
  await browser?.close();
});

/** Signs in (in English), then opens `path` with `language` chosen on this device. */
async function openIn(language: Language, viewport: typeof DESKTOP, path: string) {
  const opened = await openPage(browser, viewport, AXE);
  await signInTo(opened.page, path, ADMIN, { language });
  await opened.page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  return opened;
}

/** The page's main content, hidden chart tables included. */
const mainText = async (page: Page) => (await page.locator('main').textContent()) ?? '';

/** No English text of the catalogue that differs in translation is left in the page's main content. */
async function englishLeft(page: Page, english: string[]) {
  const text = await mainText(page);
  return english.filter((phrase) => text.includes(phrase));
}

describe.each(LANGUAGES)('the preview screens in %s', (language) => {
  const dir = language === 'ar' ? 'rtl' : 'ltr';

  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'reports on a %s: the Overview and Fee Collection from the school’s data, in the language',
    async (label, viewport) => {
      const { context, page } = await openIn(language, viewport, '/reports');
      await page.getByRole('heading', { level: 1, name: tr(language, 'Reports') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
      await page.getByRole('heading', { name: tr(language, 'Fees due and collected') }).waitFor();
      const fees = page.getByRole('table', { name: tr(language, 'Fees due and collected per month') });
      await fees.waitFor({ state: 'attached' });
      expect(await fees.locator('tbody th').count()).toBe(12);
      expect(await fees.locator('thead th').allTextContents()).toEqual([
        tr(language, 'Month'),
        tr(language, 'Due'),
        tr(language, 'Collected'),
      ]);
      const april = (await months(page, language, [3]))[0];
      expect(await fees.locator('tbody th').first().textContent()).toBe(april);
      expect(
        await englishLeft(page, [
          'Overview',
          'Generate report',
          'Fees due and collected',
          'Reports run this month',
          'Apr',
        ]),
      ).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, { path: `/tmp/previews-reports-${language}-${label}.png`, fullPage: true });

      await page.getByRole('tab', { name: tr(language, 'Fee Collection Report') }).click();
      // The table's title and headers are the server's, worded in the language the screen asks in.
      const server = { hi: ['फ़ीस संग्रह', 'भुगतान'], ar: ['تحصيل الرسوم', 'المدفوعات'] }[language];
      const rows = page.getByRole('region', { name: new RegExp(`^${server[0]} · `) });
      await rows.getByRole('columnheader', { name: server[1], exact: true }).waitFor();
      expect(await englishLeft(page, ['Download CSV', 'Group by', 'Payments', 'Total'])).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, { path: `/tmp/previews-reports-fees-${language}-${label}.png`, fullPage: true });
      await context.close();
    },
  );
});
