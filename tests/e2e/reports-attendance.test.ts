import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  DESKTOP,
  downloadedBytes,
  launchBrowser,
  openPage,
  PHONE,
  resetOwnLanguages,
  seriousViolations,
  shot,
  signInTo,
} from './support/browser';
import { tr } from './support/catalogue';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await resetOwnLanguages();
  await browser?.close();
});

// The portal's CSP rightly forbids injected scripts; these contexts let axe-core in.
const AXE = { bypassCSP: true };

/**
 * A class of the demo school's own, chosen; answers its label. Other browser tests add classes of their own (with no
 * registers) to the same school, and some of them sort first.
 */
async function chooseDemoClass(page: Page, language = 'en') {
  await page.getByRole('combobox', { name: tr(language, 'Class'), exact: true }).click();
  const option = page.getByRole('option', { name: /8\W*-\W*A/ }).first();
  const label = ((await option.textContent()) ?? '').trim();
  await option.click();
  return label;
}

/** Saves the file a click downloads; answers its name and text. */
async function downloaded(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: await downloadedBytes(file) };
}

describe('the attendance reports', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'a class’s month on a %s: the grid, its totals, its first columns in view, three downloads',
    async (label, viewport) => {
      const { context, page } = await openPage(browser, viewport, AXE);
      await signInTo(page, '/reports');
      await page.getByRole('tab', { name: 'Students Monthly Attendance Report' }).click();
      await page.getByRole('heading', { name: 'Choose a class' }).waitFor();
      expect(await page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
      const klass = await chooseDemoClass(page);
      const table = page.getByRole('table', { name: new RegExp(`^Students monthly attendance — Class ${klass} — `) });
      await table.waitFor();
      const headers = await table.locator('thead th').allTextContents();
      expect(headers.slice(0, 2)).toEqual(['Roll', 'Name']);
      expect(headers.slice(-5)).toEqual(['Present', 'Absent', 'Late', 'Excused', '%']);
      // The demo school's registers of this month: the pupils' rows hold day marks.
      const marks = (await table.locator('tbody td').allTextContents()).filter((c) => ['P', 'A', 'L', 'E'].includes(c));
      expect(marks.length).toBeGreaterThan(0);
      expect(await table.locator('tfoot').textContent()).toContain('Present each day');

      // Scrolled sideways, the name stays where it was.
      // Measured in one step against the scroller, so nothing else redrawing the page in between can move it.
      const moved = await table.evaluate((element) => {
        const scroller = element.parentElement as HTMLElement;
        const name = element.querySelector('tbody tr th') as HTMLElement;
        const left = () => name.getBoundingClientRect().left - scroller.getBoundingClientRect().left;
        const before = left();
        scroller.scrollLeft = scroller.scrollWidth;
        return { by: Math.abs(left() - before), scrolled: scroller.scrollLeft };
      });
      expect(moved.scrolled).toBeGreaterThan(0);
      expect(moved.by).toBeLessThan(0.5);
      if (label === 'phone') {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(390);
      }
      await table.evaluate((element) => {
        (element.parentElement as HTMLElement).scrollLeft = 0;
      });
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, { path: `/tmp/reports-attendance-${label}.png`, fullPage: true });

      const csv = await downloaded(page, 'Download CSV');
      expect(csv.name).toMatch(/^attendance-.+-\d{4}-\d{2}\.csv$/);
      const lines = csv.bytes
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toMatch(/^"Roll","Name","1",/);
      expect(lines).toHaveLength(1 + (await table.locator('tbody tr').count()) + 1);
      const xlsx = await downloaded(page, 'Download Excel');
      expect(xlsx.name).toMatch(/\.xlsx$/);
      expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
      const pdf = await downloaded(page, 'Download PDF');
      expect(pdf.name).toMatch(/\.pdf$/);
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      if (label === 'desktop') {
        const school = await downloaded(page, 'Whole school (CSV)');
        expect(school.name).toMatch(/^school-attendance-\d{4}-\d{2}\.csv$/);
        expect(school.bytes.toString('utf8')).toContain(`"${klass}"`);
      }

      await page.getByRole('tab', { name: 'Staff Monthly Attendance Report' }).click();
      const staff = page.getByRole('table', { name: /^Staff monthly attendance — / });
      await staff.waitFor();
      expect(await staff.locator('tbody').textContent()).toContain('Teacher');
      await shot(page, { path: `/tmp/reports-staff-${label}.png`, fullPage: true });
      await context.close();
    },
  );

  test.each(['hi', 'ar'] as const)(
    'the class’s month in %s: the screen’s texts and the report’s own',
    async (language) => {
      for (const [label, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const { context, page } = await openPage(browser, viewport, AXE);
        await signInTo(page, '/reports', ADMIN, { language });
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
        await page.getByRole('tab', { name: tr(language, 'Students Monthly Attendance Report') }).click();
        await page.getByRole('heading', { name: tr(language, 'Choose a class') }).waitFor();
        await chooseDemoClass(page, language);
        const title = language === 'hi' ? 'विद्यार्थियों की मासिक उपस्थिति' : 'الحضور الشهري للطلاب';
        const table = page.getByRole('table', { name: new RegExp(`^${title}`) });
        await table.waitFor();
        await page.getByRole('button', { name: tr(language, 'Download {label}', { label: 'PDF' }) }).waitFor();
        await page.getByRole('button', { name: tr(language, 'Whole school (CSV)') }).waitFor();
        const main = (await page.locator('main').textContent()) ?? '';
        for (const english of ['Choose a class', 'Whole school', 'Present each day', 'Roll'])
          expect(main).not.toContain(english);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, { path: `/tmp/reports-attendance-${language}-${label}.png`, fullPage: true });
        await context.close();
      }
    },
  );
});
