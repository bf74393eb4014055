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
  storedItem,
} from './support/browser';
import { tr } from './support/catalogue';

// The portal's CSP rightly forbids injected scripts; these contexts let axe-core in.
const AXE = { bypassCSP: true };

interface Summary {
  data: {
    cards: { students: { total: number }; classes: { total: number } };
    attendanceTrend: { date: string; present: number }[];
    feeCollectionByMonth: { month: string }[];
  };
}

/** The API's answer with the page's own token. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await storedItem(page, 'schoolToken');
  return page.evaluate(
    async ({ path, bearer }) => {
      const response = await fetch(`/api${path}`, { headers: { Authorization: `Bearer ${bearer}` } });
      return (await response.json()) as never;
    },
    { path, bearer: token },
  );
}

/**
 * What a reader sees reaching past the window's edges: not inside a box that scrolls or clips it (a tab strip
 * scrolls sideways), nor hidden for screen readers only (a chart's data table).
 */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const clipped = (el: Element) => {
      if (getComputedStyle(el).clip !== 'auto') return true;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible' || getComputedStyle(up).clip !== 'auto') return true;
      }
      return false;
    };
    return [...document.querySelectorAll('main *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > window.innerWidth + 1 || box.left < -1) && !clipped(el);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').slice(0, 60)}`);
  });

const text = async (page: Page, selector: string) =>
  (await page.locator(selector).allInnerTexts()).map((value) => value.trim());

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await resetOwnLanguages();
  await browser?.close();
});

describe.each([
  ['hi', 'ltr'],
  ['ar', 'rtl'],
])('the dashboard and the classroom screen in %s', (language, direction) => {
  /** The catalogues' translation, checked to be one (a missing one would make the test pass on English). */
  const shown = (english: string) => {
    const translated = tr(language, english);
    expect(translated).not.toBe(english);
    return translated;
  };

  test.each([
    ['1440', DESKTOP],
    ['390', PHONE],
  ])(
    'at %s px: texts from the catalogue, figures in the language, no serious axe violation',
    async (width, viewport) => {
      const { context, page } = await openPage(browser, viewport, AXE);
      await signInTo(page, '/dashboard', ADMIN, { language });

      await page.getByRole('heading', { level: 1, name: shown('Dashboard') }).waitFor();
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        language,
        direction,
      ]);
      for (const title of ['Quick Actions', 'System Status', 'Recent Students', 'Recent Complaints']) {
        await page.getByText(shown(title), { exact: true }).first().waitFor();
      }

      // The figures: the cards' numbers and the charts' tables in the language's own Intl format.
      const summary = (await api<Summary>(page, '/dashboard/summary')).data;
      const formats = await page.evaluate(
        ({ chosen, total, days, months }) => ({
          total: new Intl.NumberFormat(chosen).format(total),
          days: days.map((day) =>
            new Intl.DateTimeFormat(chosen, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(
              new Date(`${day.date}T00:00:00Z`),
            ),
          ),
          present: days.map((day) => new Intl.NumberFormat(chosen).format(day.present)),
          months: months.map((month) =>
            new Intl.DateTimeFormat(chosen, { month: 'short', timeZone: 'UTC' }).format(
              new Date(`${month.month}-01T00:00:00Z`),
            ),
          ),
        }),
        {
          chosen: language,
          total: summary.cards.students.total,
          days: summary.attendanceTrend,
          months: summary.feeCollectionByMonth,
        },
      );
      const students = page.getByRole('region', { name: shown('Total Students'), exact: true });
      await students.locator('p[data-numeric]').waitFor();
      expect((await students.locator('p[data-numeric]').textContent())?.trim()).toBe(formats.total);

      const trend = `table:has(caption:text-is("${shown('Attendance on the last six school days')}"))`;
      await page.locator(trend).waitFor({ state: 'attached' });
      expect(await page.locator(`${trend} thead th`).allTextContents()).toEqual([
        shown('Date'),
        shown('Students present'),
        shown('Students absent'),
      ]);
      expect(await page.locator(`${trend} tbody th`).allTextContents()).toEqual(formats.days);
      const presentCells = await page
        .locator(`${trend} tbody tr`)
        .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent ?? ''));
      expect(presentCells).toEqual(formats.present);
      const fees = `table:has(caption:text-is("${shown('Payments received per month')}"))`;
      expect(await page.locator(`${fees} thead th`).allTextContents()).toEqual([shown('Month'), shown('Received')]);
      expect(await page.locator(`${fees} tbody th`).allTextContents()).toEqual(formats.months);

      const main = (await text(page, 'main')).join('\n');
      for (const english of [
        'Quick Actions',
        'Recent Students',
        'System Status',
        'Total Students',
        'Attendance Trend',
      ]) {
        expect(main, `"${english}" left in English`).not.toContain(english);
      }
      await shot(page, { path: `/tmp/dashboard-${language}-${width}.png`, fullPage: true });
      expect(await overflowing(page)).toEqual([]);
      // Nor does anything hidden (the charts' tables for screen readers) make the page scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(page)).toEqual([]);
      // Even a table wider than the screen (longer headings than today's) stays inside its hidden box.
      const widest = await page.evaluate(() => {
        for (const th of document.querySelectorAll('main figure table th[scope="col"]')) th.append('—'.repeat(120));
        return Math.max(...[...document.querySelectorAll('main figure table')].map((table) => table.scrollWidth));
      });
      expect(widest).toBeGreaterThan(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The classroom screen: its heading, tabs and the class table's headers.
      await page.goto('/classes');
      await page.getByRole('heading', { level: 1, name: shown('Classroom Management') }).waitFor();
      await page.getByText(shown('Loading classroom management...')).waitFor({ state: 'detached' });
      const tabs = page.getByRole('tablist', { name: shown('Classroom management') });
      expect((await tabs.getByRole('tab').allInnerTexts()).map((tab) => tab.trim())).toEqual(
        [
          'Class Overview',
          'Manage Classes',
          'Student Assignments',
          'Teacher Assignments',
          'Class Schedule',
          'Subject Allocation',
        ].map((tab) => shown(tab)),
      );
      await page.getByRole('region', { name: shown('Total Classes'), exact: true }).waitFor();
      await shot(page, { path: `/tmp/classes-${language}-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await tabs.getByRole('tab', { name: shown('Manage Classes') }).click();
      await page
        .getByRole('tabpanel')
        .getByRole('heading', { name: shown('Manage Classes') })
        .waitFor();
      const headers = await page.getByRole('columnheader').allInnerTexts();
      expect(headers.map((header) => header.trim()).filter(Boolean)).toEqual(
        ['Class', 'Section', 'Teacher', 'Students', 'Capacity', 'Room', 'Actions'].map((header) => shown(header)),
      );
      const firstEdit = page.getByRole('button', {
        name: new RegExp(`^${shown('Edit class {label}').split('{label}')[0]}`),
      });
      await firstEdit.first().waitFor();
      await shot(page, { path: `/tmp/classes-manage-${language}-${width}.png`, fullPage: true });
      expect(await overflowing(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      // The class form, sent empty: its labels and the validation messages in the language.
      await page
        .getByRole('button', { name: shown('Add New Class'), exact: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: shown('Add New Class') });
      await dialog.getByRole('button', { name: shown('Create Class') }).click();
      await dialog.getByText(shown('Capacity is required')).waitFor();
      await dialog.getByRole('spinbutton', { name: shown('Capacity') }).waitFor();
      await shot(page, { path: `/tmp/classes-form-${language}-${width}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
