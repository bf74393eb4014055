import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DESKTOP,
  downloadedBytes,
  launchBrowser,
  openPage,
  PHONE,
  seriousViolations,
  shot,
  signInTo,
  storedItem,
  toastShown,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A report call with the page's own token, as the screen reads it. */
async function fetchReport(page: Page, path: string) {
  const token = await storedItem(page, 'schoolToken');
  return page.evaluate(
    async ([bearer, url]) => (await (await fetch(url, { headers: { Authorization: `Bearer ${bearer}` } })).json()).data,
    [token, `/api${path}`] as const,
  );
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the Reports screen from the school’s data', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('the Overview and Fee Collection on a %s', async (label, viewport) => {
    const { context, page } = await openPage(browser, viewport, { bypassCSP: true });
    await signInTo(page, '/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    // The Overview's figures are the server's, read once more here.
    const overview = await fetchReport(page, '/reports/overview');
    const students = page.getByRole('region', { name: 'Students', exact: true });
    await students.locator('[data-numeric]').waitFor();
    expect((await students.locator('[data-numeric]').textContent())?.trim()).toBe(
      new Intl.NumberFormat('en').format(overview.students.active),
    );
    const fees = page.getByRole('table', { name: 'Fees due and collected per month' });
    await fees.waitFor({ state: 'attached' });
    expect(await fees.locator('tbody tr').count()).toBe(12);
    expect(await page.getByText(/sample/i).count()).toBe(0);
    expect(await noSideScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: `/tmp/reports-overview-${label}.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Fee Collection Report' }).click();
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Payment method' }).click();
    const table = page.getByRole('region', { name: /^Fee collection · / });
    await table.getByRole('columnheader', { name: 'Payment method' }).waitFor();
    const report = await fetchReport(page, `/reports/fees/collection?groupBy=method`);
    const last = table.locator('tbody tr').last();
    expect((await last.locator('td, th').first().textContent())?.trim()).toBe('Total');
    expect(await table.locator('tbody tr').count()).toBe(report.rows.length + 1);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, { path: `/tmp/reports-fee-collection-${label}.png`, fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^fee-collection-.*\.csv$/);
    const csv = (await downloadedBytes(download)).toString('utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toMatch(/^"Payment method","Payments","Students","Collected \(\w{3}\)"$/);

    await page.getByRole('tab', { name: 'Accounts Report' }).click();
    const accounts = page.getByRole('region', { name: /^Accounts · / });
    await accounts.getByRole('columnheader', { name: /^Outstanding/ }).waitFor();
    expect(await accounts.locator('tbody tr').count()).toBe(13);
    await shot(page, { path: `/tmp/reports-accounts-${label}.png`, fullPage: true });
    await context.close();
  });

  test('Students Info with the columns chosen, and a custom report saved, run and deleted', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signInTo(page, '/reports');
    await page.getByRole('tab', { name: 'Students Info Report' }).click();
    const table = page.getByRole('region', { name: /^Students information · / });
    await table.getByRole('columnheader', { name: 'Phone' }).waitFor();
    await page.getByRole('checkbox', { name: 'Phone' }).click({ force: true });
    await page.getByRole('checkbox', { name: 'Email' }).click({ force: true });
    await table.getByRole('columnheader', { name: 'Email' }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Roll number',
      'Name',
      'Class',
      'Gender',
      'Admission number',
      'Parents',
      'Email',
    ]);
    await shot(page, { path: '/tmp/reports-students-info-desktop.png', fullPage: true });

    await page.getByRole('tab', { name: 'Customised Reports' }).click();
    const name = `Class phones ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Save as' }).fill(name);
    await page.getByRole('button', { name: 'Save report' }).click();
    await toastShown(page, 'Report saved');
    const saved = page.getByRole('list', { name: 'Saved reports' });
    await saved.getByText(name).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      saved.getByRole('button', { name: `Run ${name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('students-information.csv');
    await shot(page, { path: '/tmp/reports-custom-desktop.png', fullPage: true });
    // Deleting asks first: cancelled, the report stays; confirmed, it goes.
    await saved.getByRole('button', { name: `Delete ${name}` }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Delete this saved report?' });
    await confirm.getByText(`“${name}” will no longer be offered to run again.`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await saved.getByText(name).count()).toBe(1);
    await saved.getByRole('button', { name: `Delete ${name}` }).click();
    confirm = page.getByRole('alertdialog', { name: 'Delete this saved report?' });
    await confirm.getByRole('button', { name: 'Delete saved report' }).click();
    await toastShown(page, 'Saved report deleted');
    await saved.getByText(name).waitFor({ state: 'detached' });
    await context.close();
  });
});
