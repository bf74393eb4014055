import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callApi, DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo } from './support/browser';
import { makeRolledSchool } from './support/rolled-school';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

// Each test rolls a school of its own over, never the shared demo school.
describe("a student's years at the school", () => {
  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`the profile shows last year's class, attendance, term result and arrears beside this year (${size} px)`, async () => {
      const school = await makeRolledSchool();
      const aarav = school.students[0];
      const { data: scale } = await callApi<{ data: { bands: { grade: string; minPercent: number }[] } }>(
        '/grades/scale',
        { token: school.token },
      );
      const grade = scale.bands.find((b) => 80 >= b.minPercent)?.grade;
      const { context, page } = await openPage(browser, viewport);
      try {
        await signInTo(page, `/students/${aarav._id}`, school.admin);
        const card = page.getByTestId('student-years');
        const years = card.getByTestId('student-year');
        await years.first().waitFor();
        expect(await years.count()).toBe(2);
        const now = card.getByRole('listitem', { name: school.thisYear });
        const last = card.getByRole('listitem', { name: school.lastYear });
        // Newest first: this year in 7-A with nothing marked yet.
        expect(await years.first().getAttribute('aria-label')).toBe(school.thisYear);
        const nowText = (await now.innerText()).replace(/\s+/g, ' ');
        expect(nowText).toContain('Current');
        expect(nowText).toContain('7-A');
        expect(nowText).toContain('No marks');
        expect(nowText).toContain('No results');
        // Last year: 6-A, roll 1, promoted; present, absent and late once (2 of 3 count); 40 of 50 in Term 1.
        const lastText = (await last.innerText()).replace(/\s+/g, ' ');
        expect(lastText).toContain('6-A · Roll 1');
        expect(lastText).toContain('Promoted');
        expect(lastText).toContain('66.7% present');
        expect(lastText).toContain('Present 1 · Absent 1 · Late 1 · Excused 0');
        expect(lastText).toContain(`Term 1 80% · ${grade}`);
        // Nothing of the 1,200 fee paid: all of it owed as arrears.
        expect(lastText).toMatch(/Billed ₹1,200\.00 Paid ₹0\.00 Owed as arrears ₹1,200\.00/);
        await card.scrollIntoViewIfNeeded();
        await shot(page, { path: `/tmp/student-years-${size}.png`, fullPage: true });
        await card.screenshot({ path: `/tmp/student-years-card-${size}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      } finally {
        await context.close();
      }
    });
  }
});
