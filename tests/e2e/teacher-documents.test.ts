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
  TEACHER,
  toastShown,
} from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);

/** A one-page PDF small enough to build by hand, with this run's mark so its bytes are its own. */
const PDF = Buffer.from(
  `%PDF-1.4\n% ${stamp}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
);

/** The demo teacher's row in the teachers table, found by their email. */
async function demoTeacherRow(page: Page) {
  await page.goto('/employees?tab=teacher-mgmt');
  await page.getByRole('heading', { name: /^All Teachers \(\d+\)$/ }).waitFor();
  await page.getByRole('searchbox', { name: 'Search teachers' }).fill(TEACHER.email);
  const row = page.getByRole('row').filter({ hasText: TEACHER.email });
  await row.waitFor();
  return row;
}

describe('teacher documents', () => {
  test('an administrator uploads, downloads and deletes a teacher document from the teachers table', async () => {
    const { context, page } = await openPage(browser);
    await signInTo(page);
    const row = await demoTeacherRow(page);
    await row.getByRole('button', { name: /^Documents of / }).click();
    const dialog = page.getByRole('dialog', { name: /^Documents of / });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Choose file' }).waitFor();

    // The same rules as a student's documents, checked before anything is sent.
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
    await toastShown(page, 'Only PDF, PNG and JPEG files are allowed');
    await input.setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(10_000_001, 0x25),
    });
    await toastShown(page, 'File is larger than 10 MB');

    const fileName = `contract-${stamp}.pdf`;
    await input.setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
    await toastShown(page, 'Document uploaded successfully');
    const item = dialog.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: fileName });
    await item.waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: `Download ${fileName}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(fileName);
    expect(Buffer.compare(await downloadedBytes(download), PDF)).toBe(0);

    await item.getByRole('button', { name: `Delete ${fileName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete document?' });
    await confirm.getByRole('button', { name: 'Delete Document' }).click();
    await toastShown(page, 'Document deleted successfully');
    await confirm.waitFor({ state: 'detached' });
    await dialog.getByText(fileName).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Choose file' }).waitFor();

    // Gone for good: opened afresh, the list does not have it.
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: /^Documents of / }).click();
    await dialog.getByText('No documents yet.').waitFor();
    expect(await dialog.getByText(fileName).count()).toBe(0);
    await context.close();
  });

  test('the documents open from the table and a profile card on a phone and a desktop, fit the screen and pass axe', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      // The portal's CSP rightly forbids injected scripts; this context lets axe-core in.
      const { context, page } = await openPage(browser, viewport, { bypassCSP: true });
      await signInTo(page);
      const row = await demoTeacherRow(page);
      await row.getByRole('button', { name: /^Documents of / }).waitFor();
      await shot(page, { path: `/tmp/teacher-documents-table-${label}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.getByRole('tab', { name: 'Profiles' }).click();
      await page.getByRole('searchbox', { name: 'Search teachers' }).fill(TEACHER.email);
      const card = page.getByRole('listitem').filter({ hasText: TEACHER.email });
      await card.getByRole('button', { name: /^Documents of / }).click();
      const dialog = page.getByRole('dialog', { name: /^Documents of / });
      const fileName = `id-proof-${label}-${stamp}.pdf`;
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
      await toastShown(page, 'Document uploaded successfully');
      await dialog.getByText(fileName).waitFor();
      await shot(page, { path: `/tmp/teacher-documents-${label}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(page), label).toEqual([]);

      await dialog.getByRole('button', { name: `Delete ${fileName}` }).click();
      await page
        .getByRole('alertdialog', { name: 'Delete document?' })
        .getByRole('button', { name: 'Delete Document' })
        .click();
      await toastShown(page, 'Document deleted successfully');
      await dialog.getByText(fileName).waitFor({ state: 'detached' });
      await context.close();
    }
  });
});
