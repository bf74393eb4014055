import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { academicYearOf } from '../../worker/lib/academic-year';
import { dateInZone } from '../../worker/lib/time';
import { DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo, toastShown } from './support/browser';

/** The demo school is in Pune and its year starts in April. */
const todayInPune = () => dateInZone(new Date(), 'Asia/Kolkata');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the school year', () => {
  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`settings show the month the year starts, and the suggested year follows it (${size} px)`, async () => {
      const { context, page } = await openPage(browser, viewport);
      await signInTo(page, '/settings');
      const form = page.getByRole('form', { name: 'School information' });
      const month = form.getByRole('combobox', { name: 'Year starts in' });
      const year = form.getByRole('textbox', { name: 'Academic year' });
      await month.waitFor();
      expect((await month.textContent())?.trim()).toBe('April');
      expect(await year.inputValue()).toBe(academicYearOf(todayInPune(), 4));
      await shot(page, { path: `/tmp/school-year-settings-${size}.png`, fullPage: true });

      await month.click();
      await page.getByRole('option', { name: 'September' }).click();
      expect((await month.textContent())?.trim()).toBe('September');
      expect(await year.inputValue()).toBe(academicYearOf(todayInPune(), 9));
      await shot(page, { path: `/tmp/school-year-settings-september-${size}.png`, fullPage: true });
      // A year of its own stays possible; the form says which year today falls in.
      await year.fill('2024-2025');
      await form
        .getByText(`Today falls in ${academicYearOf(todayInPune(), 9)} for a year that starts in September.`)
        .waitFor();
      // Left unsaved: other suites count on the demo school's settings.
      await form.getByRole('button', { name: 'Discard' }).click();
      expect((await month.textContent())?.trim()).toBe('April');
      await context.close();
    });

    test(`a receipt paid today names the current academic year (${size} px)`, async () => {
      const { context, page } = await openPage(browser, viewport);
      await signInTo(page, '/fees');
      await page.getByRole('heading', { level: 1, name: 'Fees' }).waitFor();
      await page
        .getByRole('button', { name: /^Take payment of .+ from / })
        .first()
        .click();
      const form = page.getByRole('form', { name: 'Take a payment' });
      const amounts = form.getByRole('textbox', { name: /^Amount for / });
      await amounts.first().waitFor();
      // One fee, a small part of it, whatever the form ticked to begin with.
      const boxes = form.locator('[data-scope="checkbox"][data-part="control"]:visible');
      for (let i = 0; i < (await boxes.count()); i++) {
        const checked = (await boxes.nth(i).getAttribute('data-state')) === 'checked';
        if (checked !== (i === 0)) await boxes.nth(i).click();
      }
      await amounts.first().fill('10.00');
      await form.getByRole('button', { name: /^Record payment/ }).click();
      await toastShown(page, 'Payment recorded successfully');
      await page.getByRole('heading', { name: /^Receipt R-\d{6}$/ }).waitFor();
      await page.getByText(`· Academic year ${academicYearOf(todayInPune(), 4)}`).waitFor();
      await shot(page, { path: `/tmp/school-year-receipt-${size}.png`, fullPage: true });
      await context.close();
    });
  }
});
