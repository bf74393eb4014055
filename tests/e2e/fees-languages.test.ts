import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  callApi,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  seriousViolations,
  shot,
  signInTo,
  storedItem,
  TEACHER,
  toastShown,
} from './support/browser';
import { tr } from './support/catalogue';

// The portal's CSP rightly forbids injected scripts; these contexts let axe-core in.
const AXE = { bypassCSP: true };
const LANGUAGES = ['hi', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];
const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** A catalogue text as a pattern: each {placeholder} stands for any text. */
function pattern(text: string, whole = false) {
  const body = text
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(whole ? `^${body}$` : body);
}

/** Accounts whose own language a test chose, set back to the school's when it ends. */
const chosen = new Set<string>();

/**
 * Signs in in English, then opens every later page in `language`: the person's choice as the device stores it and,
 * where the server keeps one, as their profile says (so the session's answer does not put the school's back).
 */
async function chooseLanguage(page: Page, language: Language, tokenKey: string) {
  const token = (await storedItem(page, tokenKey)) ?? '';
  await callApi('/auth/profile', { method: 'PUT', body: { language }, token }).catch(() => undefined);
  chosen.add(token);
  await page.addInitScript((value) => window.localStorage.setItem('portal.language', value), language);
}

afterEach(async () => {
  for (const token of chosen) {
    await callApi('/auth/profile', { method: 'PUT', body: { language: null }, token }).catch(() => undefined);
  }
  chosen.clear();
});

async function expectPageIn(page: Page, language: Language, width: number) {
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Money as the screens show it: the school's currency, formatted by the browser's Intl in the language. */
function money(page: Page, language: Language, currency: string, amount: number) {
  return page.evaluate(
    ({ language, currency, amount }) =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(amount),
    { language, currency, amount },
  );
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the fees screen in Hindi and Arabic', () => {
  for (const language of LANGUAGES) {
    for (const [label, viewport] of VIEWPORTS) {
      test(`in ${language} at ${viewport.width} px, the dues and a payment taken from one read in the language, money in the school's currency`, async () => {
        const { context, page } = await openPage(browser, viewport, AXE);
        await signInTo(page);
        const token = (await storedItem(page, 'schoolToken')) ?? '';
        const school = await callApi<{ data: { currency: string } }>('/settings/school-info', { token });
        const currency = school.data.currency;
        await chooseLanguage(page, language, 'schoolToken');
        await page.goto('/fees');

        await page.getByRole('heading', { level: 1, name: tr(language, 'Fees') }).waitFor();
        await page.getByRole('tab', { name: tr(language, 'Dues') }).waitFor();
        await page.getByRole('tab', { name: tr(language, 'Receipts') }).waitFor();
        await page.getByText(tr(language, 'Students owing')).first().waitFor();
        // The year's billed total, large enough to show each language's grouping (Hindi writes lakhs: ₹85,60,300.00).
        const dues = await callApi<{ summary: { billed: number } }>('/fees/due?page=1&limit=1', { token });
        const billed = await money(page, language, currency, dues.summary.billed);
        await page.getByText(billed, { exact: true }).first().waitFor();
        const take = page.getByRole('button', { name: tr(language, 'Take payment') }).first();
        // The header's button and each due's row all say it in the language; none says it in English.
        await take.waitFor();
        expect(await page.getByRole('button', { name: 'Take payment', exact: true }).count()).toBe(0);
        await expectPageIn(page, language, viewport.width);
        await shot(page, { path: `/tmp/fees-languages-${language}-dues-${label}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);

        // A due's row opens the payment form with its fee ticked and its balance as the amount.
        await page
          .getByRole('button', { name: pattern(tr(language, 'Take payment of {0} from {1}')) })
          .first()
          .click();
        const form = page.getByRole('form', { name: tr(language, 'Take a payment') });
        await form.waitFor();
        // Only the chosen fee's amount is open, in the table (desktop) or the list (phone).
        const ticked = form
          .getByRole('textbox', { name: pattern(tr(language, 'Amount for {0}')) })
          .and(page.locator(':enabled:visible'));
        await ticked.first().waitFor();
        expect(await ticked.count()).toBe(1);
        const amount = Number(await ticked.inputValue());
        expect(amount).toBeGreaterThan(0);
        const total = await money(page, language, currency, amount);
        await form.getByText(tr(language, 'Total {total}', { total })).waitFor();
        const record = form.getByRole('button', { name: tr(language, 'Record payment of {total}', { total }) });
        await record.waitFor();
        await expectPageIn(page, language, viewport.width);
        await shot(page, { path: `/tmp/fees-languages-${language}-payment-${label}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);

        await record.click();
        await toastShown(page, tr(language, 'Payment recorded successfully'));
        await page.getByRole('heading', { name: pattern(tr(language, 'Receipt {0}'), true) }).waitFor();
        const paid = page.getByRole('region', { name: tr(language, 'Fees paid') });
        await paid.getByRole('columnheader', { name: tr(language, 'Still owed') }).waitFor();
        expect(await paid.getByText(total, { exact: true }).count()).toBeGreaterThan(0);
        await page.getByText(tr(language, 'Payment recorded. The receipt is ready to download or print.')).waitFor();
        await expectPageIn(page, language, viewport.width);
        await shot(page, { path: `/tmp/fees-languages-${language}-receipt-${label}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('the teacher dashboard in Hindi and Arabic', () => {
  for (const language of LANGUAGES) {
    for (const [label, viewport] of VIEWPORTS) {
      test(`in ${language} at ${viewport.width} px, the timetable, classes and attendance read in the language`, async () => {
        const { context, page } = await openPage(browser, viewport, AXE);
        await signInTo(page, '/teacher-dashboard', TEACHER);
        await chooseLanguage(page, language, 'teacherToken');
        await page.goto('/teacher-dashboard');

        const stored = JSON.parse((await storedItem(page, 'teacherData')) ?? '{}') as { name?: string };
        await page
          .getByRole('heading', { level: 1, name: tr(language, 'Welcome, {name}', { name: stored.name ?? '' }) })
          .waitFor();
        await page.getByText(tr(language, 'My classes and subjects')).first().waitFor();
        await page.getByText(tr(language, 'My attendance'), { exact: true }).waitFor();
        await page.getByText(tr(language, 'Half Day')).first().waitFor();
        await page.getByRole('tablist', { name: tr(language, 'Day of the week') }).waitFor();
        // The days are named by the browser's Intl in the language.
        const monday = await page.evaluate(
          (value) => new Intl.DateTimeFormat(value, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1)),
          language,
        );
        await page.getByRole('tab').filter({ hasText: monday }).waitFor();
        const text = (await page.locator('main').textContent()) ?? '';
        for (const english of ['Take attendance', 'My classes and subjects', 'My attendance', 'Half Day', 'Welcome,'])
          expect(text).not.toContain(english);
        await expectPageIn(page, language, viewport.width);
        await shot(page, { path: `/tmp/fees-languages-${language}-teacher-${label}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }
});
