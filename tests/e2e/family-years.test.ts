import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callApi, DESKTOP, launchBrowser, openPage, PHONE, rememberSecrets, shot } from './support/browser';
import { makeRolledSchool } from './support/rolled-school';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signInAsParent(page: Page, account: { email: string; password: string }) {
  await page.goto('/parent-login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The school gave the parent a password to replace at the first sign-in.
  await page.getByRole('heading', { name: 'Choose your own password' }).waitFor();
  const own = `${account.password}-own`;
  rememberSecrets(own);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(own);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(own);
  await page.getByRole('button', { name: 'Save password and continue' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/family/'));
  await page.getByTestId('child-class').waitFor();
}

const text = async (page: Page, year: string) =>
  (await page.getByTestId('student-years').getByRole('listitem', { name: year }).innerText()).replace(/\s+/g, ' ');

// Each test rolls a school of its own over, never the shared demo school.
describe("a child's years in the family portal", () => {
  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`a parent sees last year's class, attendance and arrears, and its term once published (${size} px)`, async () => {
      const school = await makeRolledSchool('Family years');
      const { data: scale } = await callApi<{ data: { bands: { grade: string; minPercent: number }[] } }>(
        '/grades/scale',
        { token: school.token },
      );
      const grade = scale.bands.find((b) => 80 >= b.minPercent)?.grade;
      const { context, page } = await openPage(browser, viewport);
      try {
        await signInAsParent(page, school.family);
        const card = page.getByTestId('student-years');
        await card.getByTestId('student-year').first().waitFor();
        expect(await card.getByTestId('student-year').count()).toBe(2);
        const now = await text(page, school.thisYear);
        expect(now).toContain('Current');
        expect(now).toContain('7-A');
        // Last year as the office sees it, but Term 1's report cards are not published: no result shown.
        let last = await text(page, school.lastYear);
        expect(last).toContain('6-A · Roll 1');
        expect(last).toContain('Promoted');
        expect(last).toContain('66.7% present');
        expect(last).toMatch(/Billed ₹1,200\.00 Paid ₹0\.00 Owed as arrears ₹1,200\.00/);
        expect(last).toContain('No results');

        // The office publishes last year's Term 1 for 6-A: the family sees its result on the next visit.
        await callApi('/grades/publications', {
          method: 'PUT',
          token: school.token,
          body: { classId: school.classes['6-A'], termId: school.termId, published: true },
        });
        await page.reload();
        await card.getByTestId('student-year').first().waitFor();
        last = await text(page, school.lastYear);
        expect(last).toContain(`Term 1 80% · ${grade}`);

        await card.scrollIntoViewIfNeeded();
        await shot(page, { path: `/tmp/family-years-${size}.png`, fullPage: true });
        await card.screenshot({ path: `/tmp/family-years-card-${size}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      } finally {
        await context.close();
      }
    });
  }
});
