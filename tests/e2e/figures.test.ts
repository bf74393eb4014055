import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo, storedItem } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A card's big number and its caption, after checking that neither spills out of the card. */
async function card(page: Page, label: string) {
  const region = page.getByRole('region', { name: label, exact: true });
  await region.locator('p[data-numeric]').waitFor();
  const spills = await region.evaluate((root) =>
    [root, ...root.querySelectorAll('p, h2')]
      .filter(
        (el) =>
          el.scrollWidth > el.clientWidth + 1 ||
          el.getBoundingClientRect().right > root.getBoundingClientRect().right + 1,
      )
      .map((el) => el.textContent),
  );
  expect(spills, `${label}: text wider than its card`).toEqual([]);
  return {
    value: ((await region.locator('p[data-numeric]').textContent()) ?? '').trim(),
    caption: ((await region.locator('p').last().textContent()) ?? '').trim(),
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

const int = (text: string) => Number(text.replace(/[^\d]/g, ''));

describe.each([
  ['1440 px', DESKTOP],
  ['390 px', PHONE],
])('the same figures on the dashboard, attendance and fees screens at %s', (width, viewport) => {
  test('students, attendance and fees agree with each other and with the API', async () => {
    const { context, page } = await openPage(browser, viewport);
    const noSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await signInTo(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const students = await card(page, 'Total Students');
    const fees = await card(page, 'Fee Collection');
    await noSidewaysScroll();
    await shot(page, { path: `/tmp/figures-dashboard-${width.replace(' ', '')}.png`, fullPage: true });

    await page.goto('/attendance');
    const active = await card(page, 'Active Students');
    const present = await card(page, 'Present Today');
    const absent = await card(page, 'Absent Today');
    await card(page, 'Attendance Rate');
    await noSidewaysScroll();
    await shot(page, { path: `/tmp/figures-attendance-${width.replace(' ', '')}.png`, fullPage: true });

    await page.goto('/fees');
    const billed = await card(page, 'Billed');
    const collected = await card(page, 'Collected');
    const outstanding = await card(page, 'Outstanding');
    const owing = await card(page, 'Students owing');
    await noSidewaysScroll();
    await shot(page, { path: `/tmp/figures-fees-${width.replace(' ', '')}.png`, fullPage: true });

    // Students: the dashboard's active count is the attendance screen's, and each active student is in one group.
    expect(students.caption).toBe(`${active.value} active`);
    const marked = /^([\d,]+) marked today, ([\d,]+) not marked yet$/.exec(active.caption);
    const late = /^Attended at least one period \(([\d,]+) late\)$/.exec(present.caption);
    const excused = /^Absent from every marked period; ([\d,]+) students? excused$/.exec(absent.caption);
    expect(marked && late && excused).toBeTruthy();
    const [markedN, notMarkedN, excusedN] = [int(marked?.[1] ?? ''), int(marked?.[2] ?? ''), int(excused?.[1] ?? '')];
    expect(int(present.value) + int(absent.value) + excusedN).toBe(markedN);
    expect(markedN + notMarkedN).toBe(int(active.value));

    // Fees: the dashboard's card is the fees screen's Collected, with its Billed, Outstanding and Students owing.
    expect(fees.value).toBe(collected.value);
    expect(fees.caption).toBe(
      `Paid of ${billed.value} billed; ${outstanding.value} owed by ${owing.value} ${owing.value === '1' ? 'student' : 'students'}`,
    );

    // And the API says the same.
    const day = (await api<{ data: Record<string, number> }>(page, '/attendance/summary')).data;
    expect([day.totalStudents, day.presentToday, day.absentToday, day.excusedToday, day.notMarkedToday]).toEqual([
      int(active.value),
      int(present.value),
      int(absent.value),
      excusedN,
      notMarkedN,
    ]);
    const summary = (await api<{ data: any }>(page, '/dashboard/summary')).data;
    expect(summary.cards.students.active).toBe(day.totalStudents);
    const last = summary.attendanceTrend.at(-1);
    if (last?.date === day.date)
      expect([last.present, last.absent, last.excused]).toEqual([day.presentToday, day.absentToday, day.excusedToday]);
    const dues = (await api<{ summary: Record<string, number> }>(page, '/fees/due')).summary;
    expect(summary.cards.fees).toEqual(
      dues
        ? expect.objectContaining({
            billed: dues.billed,
            collected: dues.collected,
            outstanding: dues.outstanding,
            studentsOwing: dues.studentsOwing,
          })
        : null,
    );
    expect(int(owing.value)).toBe(dues.studentsOwing);
    expect(int(collected.value) / 100).toBe(dues.collected);
    await context.close();
  });
});
