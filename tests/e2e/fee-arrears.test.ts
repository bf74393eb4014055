import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo, toastShown } from './support/browser';
import { makeRolledSchool, type RolledSchool } from './support/rolled-school';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const flat = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().innerText()) ?? '').replace(/\s+/g, ' ');

/** Aarav's father, through the parents' door (choosing his own password when the school asks him to). */
async function signInFather(page: Page, school: RolledSchool) {
  const tag = school.admin.email.slice('office-'.length, 'office-'.length + 8);
  await page.goto('/parent-login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`parent-0-${tag}@own-school.test`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(`parent-${tag}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const choose = page.getByRole('heading', { level: 1, name: 'Choose your own password' });
  await Promise.race([choose.waitFor(), page.waitForURL('**/family/**')]);
  if (await choose.isVisible()) {
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(`our family ${tag}`);
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(`our family ${tag}`);
    await page.getByRole('button', { name: 'Save password and continue' }).click();
  }
  await page.waitForURL('**/family/**');
}

// A school of the test's own is rolled over with Aarav owing all of last year's 1,200 and Kabir 700 of it.
describe("last year's arrears on screen", () => {
  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`the dashboard, dues list, fee page and family's fees show them with their year, and a payment's receipt names it (${size} px)`, async () => {
      const school = await makeRolledSchool('Arrears');
      const arrears = `${school.lastYear} arrears`;
      const aarav = school.students[0];
      const { context, page } = await openPage(browser, viewport);
      try {
        await signInTo(page, undefined, school.admin);
        // The dashboard's fee figures say how much of them is last year's.
        await page.getByTestId('fee-arrears-caption').waitFor();
        expect(await flat(page, 'fee-arrears-caption')).toBe(`incl. ₹1,900.00 arrears from ${school.lastYear}`);
        await shot(page, { path: `/tmp/arrears-dashboard-${size}.png` });

        // The dues list marks both pupils' rows with the year.
        await page.goto('/fees');
        const rows = page.getByRole(size === '1440' ? 'row' : 'listitem').filter({ hasText: arrears });
        await rows.first().waitFor();
        expect(await rows.count()).toBe(2);
        expect(await rows.filter({ hasText: 'Aarav Mehta' }).count()).toBe(1);
        expect(await rows.filter({ hasText: 'Kabir Singh' }).count()).toBe(1);
        await shot(page, { path: `/tmp/arrears-dues-${size}.png`, fullPage: true });

        // The student's fee page marks the fee with its year; a payment from it settles last year's instalment.
        await page.goto(`/students/${aarav._id}`);
        const fees = page.getByRole('region', { name: 'Tuition Fee' });
        await fees.getByText(arrears).waitFor();
        await fees.scrollIntoViewIfNeeded();
        await shot(page, { path: `/tmp/arrears-fee-page-${size}.png`, fullPage: true });
        await page.getByRole('link', { name: 'Take a payment' }).click();
        const form = page.getByRole('form', { name: 'Take a payment' });
        const amount = form.getByRole('textbox', { name: `Amount for Tuition Fee · ${arrears}` });
        await amount.waitFor();
        const tick = form.getByRole('checkbox', { name: `Tuition Fee · ${arrears}` });
        if (!(await tick.isChecked())) await tick.check({ force: true });
        await amount.fill('1200');
        await form.getByRole('button', { name: /^Record payment of / }).click();
        await toastShown(page, 'Payment recorded successfully');
        await page.getByRole('heading', { name: /^Receipt R-\d{6}$/ }).waitFor();
        await shot(page, { path: `/tmp/arrears-receipt-${size}.png`, fullPage: true });
        await page.getByRole('cell', { name: new RegExp(`^Tuition Fee .*· ${arrears}$`) }).waitFor();
        // Paid: only Kabir's is left.
        await page.goto('/');
        await page.getByTestId('fee-arrears-caption').waitFor();
        expect(await flat(page, 'fee-arrears-caption')).toBe(`incl. ₹700.00 arrears from ${school.lastYear}`);
      } finally {
        await context.close();
      }

      // The family's fees: the father sees last year's line, now paid, with its year, and the receipt naming it.
      const family = await openPage(browser, viewport);
      try {
        await signInFather(family.page, school);
        const line = family.page.getByRole('listitem').filter({ hasText: `Tuition Fee · ${arrears}` });
        await line.first().waitFor();
        await line.first().scrollIntoViewIfNeeded();
        await shot(family.page, { path: `/tmp/arrears-family-${size}.png`, fullPage: true });
      } finally {
        await family.context.close();
      }
    });
  }
});
