import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '../support/pdf';
import {
  DESKTOP,
  downloadedBytes,
  launchBrowser,
  openPage,
  PHONE,
  seriousViolations,
  shot,
  signInTo,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The columns the builder offers beyond its first four: with them the whole directory passes the lane's 1,500 cells. */
const MORE_COLUMNS = ['Gender', 'Date of birth', 'Admission no.', 'Parents', 'Email', 'Address', 'Status'];

describe('large reports on the Reports screen', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('Students Info is drawn a page of 50 at a time on a %s', async (label, viewport) => {
    const { context, page } = await openPage(browser, viewport, { bypassCSP: true });
    await signInTo(page, '/reports');
    await page.getByRole('tab', { name: 'Students Info Report' }).click();
    const table = page.getByRole('region', { name: /^Students information · / });
    await table.getByRole('columnheader', { name: 'Phone' }).waitFor();
    const summary = page.getByText(/^Showing 1–50 of [\d,]+ students$/);
    await summary.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(50);
    const firstOfPage = () => table.locator('tbody tr').first().textContent();
    const before = await firstOfPage();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(/^Showing 51–100 of [\d,]+ students$/).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(50);
    expect(await firstOfPage()).not.toBe(before);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: `/tmp/reports-students-info-paged-${label}.png`, fullPage: true });
    await context.close();
  });

  test('a large PDF is prepared in the background, its progress on the button, then downloaded', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signInTo(page, '/reports');
    await page.getByRole('tab', { name: 'Customised Reports' }).click();
    await page.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'PDF' }).click();
    for (const column of MORE_COLUMNS) await page.getByRole('checkbox', { name: column }).click({ force: true });
    const form = page.getByRole('form', { name: 'Custom report' });
    const generate = form.getByRole('button', { name: 'Generate report', exact: true });
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await generate.click();
    // The server answered 202: the button tells how far the file has come until the download starts.
    await form.getByRole('button', { name: /^Preparing… \d+%$/ }).waitFor();
    await shot(page, { path: '/tmp/reports-preparing-desktop.png' });
    const file = await download;
    expect(file.suggestedFilename()).toBe('students-information.pdf');
    const bytes = await downloadedBytes(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Students information');
    expect(text).toContain('Admission');
    await generate.waitFor();
    await context.close();
  });
});
