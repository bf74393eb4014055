import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  callApi,
  downloadedBytes,
  launchBrowser,
  openPage,
  pathname,
  signInTo,
  storedItem,
  toastShown,
} from './support/browser';
import { makeOwnSchool } from './support/own-school';

interface Summary {
  currency: string;
  cards: {
    students: { total: number; active: number };
    employees: { total: number };
    classes: { total: number; subjects: number };
    fees: { collected: number; billed: number; outstanding: number; studentsOwing: number };
  };
}

/** GET /api/dashboard/summary with the page's own token, as the dashboard itself reads it. */
async function fetchSummary(page: Page): Promise<Summary> {
  const token = await storedItem(page, 'schoolToken');
  return page.evaluate(async (bearer) => {
    const response = await fetch('/api/dashboard/summary', { headers: { Authorization: `Bearer ${bearer}` } });
    return (await response.json()).data;
  }, token);
}

/** A summary card's big number and its secondary line. */
async function card(page: Page, label: string) {
  const region = page.getByRole('region', { name: label, exact: true });
  await region.locator('[data-numeric]').waitFor();
  return {
    value: (await region.locator('[data-numeric]').textContent())?.trim(),
    help: (await region.locator('p').last().textContent())?.trim(),
  };
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('dashboard', () => {
  test('the four cards show what GET /api/dashboard/summary says, and the demo school has its 200 students (other suites may have enrolled more)', async () => {
    const { context, page } = await openPage(browser);
    await signInTo(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const summary = await fetchSummary(page);
    const count = (n: number) => page.evaluate((value) => value.toLocaleString(), n);

    const students = await card(page, 'Total Students');
    expect(students.value).toBe(await count(summary.cards.students.total));
    expect(Number((students.value ?? '').replace(/\D/g, ''))).toBeGreaterThanOrEqual(200);
    expect(students.help).toBe(`${await count(summary.cards.students.active)} active`);

    const employees = await card(page, 'Total Employees');
    expect(employees.value).toBe(await count(summary.cards.employees.total));

    const classes = await card(page, 'Total Classes');
    expect(classes.value).toBe(await count(summary.cards.classes.total));
    expect(classes.help).toBe(`${await count(summary.cards.classes.subjects)} subjects`);

    const fees = await card(page, 'Fee Collection');
    const collected = await page.evaluate(
      ({ amount, currency }) =>
        new Intl.NumberFormat(undefined, {
          style: 'currency',
          currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(amount),
      { amount: summary.cards.fees.collected, currency: summary.currency },
    );
    expect(fees.value).toBe(collected);
    const money = (amount: number) =>
      page.evaluate(
        ({ amount, currency }) =>
          new Intl.NumberFormat(undefined, {
            style: 'currency',
            currency,
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(amount),
        { amount, currency: summary.currency },
      );
    const { billed, outstanding, studentsOwing } = summary.cards.fees;
    expect(fees.help).toBe(
      `Paid of ${await money(billed)} billed; ${await money(outstanding)} owed by ${await count(studentsOwing)} students`,
    );

    // The clock ticks every second.
    const clock = page.getByTestId('dashboard-clock');
    const first = await clock.getAttribute('datetime');
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="dashboard-clock"]')?.getAttribute('datetime') !== before,
      first,
    );
    await context.close();
  });
});

describe('fees', () => {
  test('a payment taken from the dues list issues a receipt whose download is a PDF', async () => {
    const { context, page } = await openPage(browser);
    await signInTo(page, '/fees');
    await page.getByRole('heading', { level: 1, name: 'Fees' }).waitFor();

    const firstDue = page.getByRole('button', { name: /^Take payment of .+ from / }).first();
    const [, category, studentName] = /^Take payment of (.+) from (.+)$/.exec(
      (await firstDue.getAttribute('aria-label')) ?? '',
    ) as string[];
    await firstDue.click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'payments');

    const form = page.getByRole('form', { name: 'Take a payment' });
    await form.getByRole('combobox', { name: 'Student' }).filter({ hasText: studentName }).waitFor();
    const amounts = form.getByRole('textbox', { name: /^Amount for / });
    await amounts.first().waitFor();
    expect(await amounts.first().inputValue()).toMatch(/^\d+\.\d{2}$/);

    // Only the fee of the row chosen, and only part of it.
    expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(1);
    await form.getByRole('textbox', { name: `Amount for ${category}` }).fill('99999999');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await form
      .getByText(/^Amount exceeds the balance due \([A-Z]{3} [\d,]+\.\d{2}\)$/)
      .filter({ visible: true })
      .waitFor();
    await form.getByRole('textbox', { name: `Amount for ${category}` }).fill('250.50');
    await form.getByRole('button', { name: 'Record payment' }).click();

    await toastShown(page, 'Payment recorded successfully');
    const heading = page.getByRole('heading', { name: /^Receipt R-\d{6}$/ });
    await heading.waitFor();
    expect(await page.getByText(studentName, { exact: true }).count()).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download receipt' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await downloadedBytes(download);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The receipt is listed, newest first.
    const receiptNumber = ((await heading.textContent()) ?? '').replace('Receipt ', '');
    await page.getByRole('button', { name: 'All receipts' }).click();
    await page.getByRole('cell', { name: receiptNumber, exact: true }).waitFor();
    await context.close();
  });
});

describe('settings', () => {
  test('changing the school name updates the top bar, now and after a reload', async () => {
    const { context, page } = await openPage(browser);
    await signInTo(page, '/settings');
    const form = page.getByRole('form', { name: 'School information' });
    const name = form.getByRole('textbox', { name: 'School name' });
    await name.waitFor();
    const original = await name.inputValue();
    const banner = page.getByRole('banner');
    expect(await banner.textContent()).toContain(original);

    const renamed = `Greenwood Test School ${Date.now().toString(36)}`;
    await name.fill(renamed);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await toastShown(page, 'School information updated successfully');
    await banner.getByText(renamed, { exact: true }).waitFor();

    await page.reload();
    await banner.getByText(renamed, { exact: true }).waitFor();

    // A field the server refuses shows its message under the field.
    await form.getByRole('textbox', { name: 'Academic year' }).fill('2024-2026');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Academic year must span two consecutive years').waitFor();

    await form.getByRole('button', { name: 'Discard' }).click();
    await name.fill(original);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await banner.getByText(original, { exact: true }).waitFor();
    await context.close();
  });

  test('a backup created appears in the list, and restoring one asks first', async () => {
    // A school of the test's own: a restore ends every session of its school, and takes longer the more it holds.
    const school = await makeOwnSchool('Backups');
    const { context, page } = await openPage(browser);
    await signInTo(page, '/settings?tab=backups', school.admin);
    await page.getByRole('heading', { name: 'Backups', exact: true }).waitFor();

    const note = `Before the e2e run ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Create backup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create backup' });
    await dialog.getByRole('textbox', { name: 'Note' }).fill(note);
    await dialog.getByRole('button', { name: 'Create backup' }).click();
    await toastShown(page, 'Backup created successfully');
    const row = page.getByRole('row').filter({ hasText: note });
    await row.waitFor();

    await row.getByRole('button', { name: /^Restore the backup of / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore this backup?' });
    await confirm.getByText(/current data will be replaced by the backup's/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    // Restoring ends every session of the school; this screen keeps the fresh one the answer carries.
    const before = await storedItem(page, 'schoolToken');
    await row.getByRole('button', { name: /^Restore the backup of / }).click();
    await confirm.getByRole('button', { name: 'Restore backup' }).click();
    await toastShown(page, 'Backup restored successfully');
    const after = await storedItem(page, 'schoolToken');
    expect(after).not.toBe(before);
    await expect(callApi('/settings/school-info', { token: before ?? '' })).rejects.toThrow(/answered 401/);
    await callApi('/settings/school-info', { token: after ?? '' });
    await page.reload();
    await page.getByRole('heading', { name: 'Backups', exact: true }).waitFor();
    expect(pathname(page)).toBe('/settings');
    await context.close();
  });
});
