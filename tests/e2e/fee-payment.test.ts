import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo, toastShown } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

describe('taking a payment from a due', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`at ${viewport.width} px, "Take payment" ticks only that fee, shows its total before saving, then the receipt`, async () => {
      const { context, page } = await openPage(browser, viewport);
      await signInTo(page, '/fees');
      const take = page.getByRole('button', { name: /^Take payment of .+ from / }).first();
      await take.waitFor();
      const [, category, studentName] = /^Take payment of (.+) from (.+)$/.exec(
        (await take.getAttribute('aria-label')) ?? '',
      ) as string[];
      await take.click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'payments');

      const form = page.getByRole('form', { name: 'Take a payment' });
      await form.getByRole('combobox', { name: 'Student' }).filter({ hasText: studentName }).waitFor();
      const amounts = form.getByRole('textbox', { name: /^Amount for / });
      await amounts.first().waitFor();
      // The student owes several fees; only the chosen row is ticked, and only its amount counts.
      expect(await amounts.count()).toBeGreaterThan(1);
      const ticked = form.getByRole('checkbox', { checked: true });
      expect(await ticked.count()).toBe(1);
      expect(await form.getByRole('checkbox', { name: category, checked: true }).count()).toBe(1);
      const amount = Number(await form.getByRole('textbox', { name: `Amount for ${category}` }).inputValue());
      const total = await form.getByText(/^Total /).textContent();
      expect(Number(total?.replace(/[^\d.]/g, ''))).toBe(amount);
      const money = (total ?? '').replace('Total ', '');
      const record = form.getByRole('button', { name: `Record payment of ${money}` });
      await record.waitFor();
      await shot(page, { path: `/tmp/fee-payment-form-${label}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The payer starts as a parent's name; the office writes whoever paid.
      const payer = form.getByRole('textbox', { name: 'Received from' });
      expect(await payer.inputValue()).not.toBe('');
      await payer.fill('Mohan Uncle');
      await form.getByRole('textbox', { name: 'Remarks' }).fill('Paid at the office counter');
      await record.click();
      await toastShown(page, 'Payment recorded successfully');
      await page.getByRole('heading', { name: /^Receipt R-\d{6}$/ }).waitFor();
      const paidRows = page.getByRole('region', { name: 'Fees paid' }).getByRole('row');
      expect(await paidRows.count()).toBe(3); // header, the one fee, total
      await page.getByText('Mohan Uncle').first().waitFor();
      await page.getByText('Paid at the office counter').waitFor();
      await shot(page, { path: `/tmp/fee-payment-receipt-${label}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // The fees paid show whole, with what is still owed, without scrolling sideways.
      const paidTable = page.getByRole('region', { name: 'Fees paid' });
      expect(await paidTable.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
      await paidTable.getByRole('columnheader', { name: 'Still owed' }).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download receipt' }).click(),
      ]);
      const saved = `/tmp/fee-payment-receipt-${label}.pdf`;
      await download.saveAs(saved);
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', saved, '-'], {
        encoding: 'utf8',
      });
      const today = new Date();
      expect(text).toMatch(/Received from\s+Mohan Uncle/);
      expect(text).toContain(studentName);
      expect(text).toMatch(
        new RegExp(`${category}\\s+\\d{1,2} [A-Z][a-z]{2} \\d{4}\\s+${money.replace(/[.$]/g, '\\$&')}`),
      );
      expect(text).toMatch(/Payment method\s+Cash/);
      expect(text).toContain(`${MONTHS[today.getUTCMonth()]} ${today.getUTCFullYear()}`);
      expect(text).toMatch(/Remarks\s+Paid at the office counter/);
      await context.close();
    });
  }
});
