import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  callApi,
  launchBrowser,
  openPage,
  pathname,
  rememberSecrets,
  signInTo,
  toastShown,
  toastsGone,
} from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const run = Date.now().toString(36);

/** A one-page PDF small enough to build by hand. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function csvFile(name: string, rows: string[]) {
  const header = 'Name,Email,Phone,Gender,Date of birth,Class,Roll number,Father name,Father email';
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${rows.join('\n')}\n`) };
}

describe('student records', () => {
  test('enrol with a parent, find by search, edit, upload a document, import a CSV', async () => {
    const { context, page } = await openPage(browser);
    await signInTo(page, '/students');
    await page.getByRole('heading', { level: 1, name: 'Student Records' }).waitFor();
    await page.getByText('Total Students').waitFor();

    // Enrol through the modal: the student and a father, who gets a parent account.
    await page.getByRole('button', { name: 'Enrol Student' }).click();
    const form = page.getByRole('dialog', { name: 'Enrol New Student' });
    await form.waitFor();
    const name = `Meera Joshi ${run}`;
    await form.getByRole('button', { name: 'Enrol Student' }).click();
    await toastShown(page, 'Please fill in all required fields');
    await form.getByText('Name is required').waitFor();

    await form.getByRole('textbox', { name: 'Full Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`meera.${run}@example.org`);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('meera-pw-1');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+91 98000 11111');
    await form.getByLabel('Date of Birth').fill('2013-05-02');
    await choose(page, form, 'Gender', 'Female');
    await choose(page, form, 'Class', '8-A');
    await form.getByRole('textbox', { name: 'Roll Number', exact: true }).fill(`E${run}`);
    await form.getByRole('textbox', { name: "Father's Name", exact: true }).fill(`Arun Joshi ${run}`);
    await form.getByRole('textbox', { name: "Father's Email", exact: true }).fill(`arun.${run}@example.org`);
    await form.getByRole('textbox', { name: "Father's Password", exact: true }).fill('arun-pw-1');

    // The server's family rules run in the form before anything is sent: two parents cannot share an email.
    const enrolCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/students') enrolCalls.push('sent');
    });
    await form.getByRole('textbox', { name: "Mother's Name", exact: true }).fill(`Asha Joshi ${run}`);
    await form.getByRole('textbox', { name: "Mother's Email", exact: true }).fill(`ARUN.${run}@example.org`);
    await form.getByRole('button', { name: 'Enrol Student' }).click();
    await form.getByText('Mother and father need different emails').waitFor();
    expect(enrolCalls).toEqual([]);
    await form.getByRole('textbox', { name: "Mother's Name", exact: true }).fill('');
    await form.getByRole('textbox', { name: "Mother's Email", exact: true }).fill('');

    await form.getByRole('button', { name: 'Enrol Student' }).click();
    await toastShown(page, 'Student enrolled successfully! 1 parent account(s) created.');
    await form.waitFor({ state: 'detached' });
    // The form asked (its default) for new passwords at first sign-in: the office typed these.
    for (const [path, email, password] of [
      ['/students/login', `meera.${run}@example.org`, 'meera-pw-1'],
      ['/students/parents/login', `arun.${run}@example.org`, 'arun-pw-1'],
    ]) {
      const signedIn = await callApi<{ mustChangePassword: boolean }>(path, {
        method: 'POST',
        body: { email, password },
      });
      expect(signedIn.mustChangePassword).toBe(true);
    }

    // Find them by search in the manage table.
    await page.getByRole('tab', { name: 'Manage Students' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`meera.${run}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain(`Father: Arun Joshi ${run}`);
    expect(await page.getByRole('row').count()).toBe(2);

    // Edit: name, class and roll number only.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Student' });
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByText('Name is required').waitFor();
    await toastShown(page, 'Please fill in all required fields');
    const renamed = `Meera R. Joshi ${run}`;
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
    await choose(page, edit, 'Class', '9-B');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Student updated successfully!');
    const updated = page.getByRole('row').filter({ hasText: renamed });
    await updated.waitFor();
    expect(await updated.textContent()).toContain('9-B');

    // The profile: upload a PDF, see it listed.
    await updated.getByRole('link', { name: renamed }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/students/'));
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
    await page.getByText(`Arun Joshi ${run}`).waitFor();
    await page.getByText('No documents yet.').waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'birth-certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
    await toastShown(page, 'Document uploaded successfully');
    await page.getByRole('list', { name: 'Documents' }).getByText('birth-certificate.pdf').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download birth-certificate.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('birth-certificate.pdf');

    // Import: a file with one bad row is refused with its line named; a good one goes in.
    await page.getByRole('link', { name: 'Back to Student Records' }).click();
    await page.waitForURL((url) => url.pathname === '/students');
    await toastsGone(page);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Students' });
    await dialog.waitFor();
    const good = [
      `Kabir Rao ${run},kabir.${run}@example.org,555-1,male,2013-01-15,8-A,K1${run},Vikram Rao,vikram.${run}@example.org`,
      `Leela Rao ${run},leela.${run}@example.org,555-2,female,2014-03-09,7-B,L1${run},Vikram Rao,vikram.${run}@example.org`,
    ];
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(
        csvFile('bad.csv', [
          good[0],
          `Bad Row ${run},not-an-email,555-3,male,2013-01-15,8-A,B1${run},P,p.${run}@example.org`,
        ]),
      );
    await dialog.getByText('1 problem found. Nothing was imported.').waitFor();
    const problem = dialog.getByRole('row').filter({ hasText: 'Line 3' });
    await problem.waitFor();
    expect(await problem.textContent()).toContain('Email is invalid');
    expect(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);

    await dialog.locator('input[type="file"]').setInputFiles(csvFile('good.csv', good));
    await dialog.getByText('Ready to import 2 students').waitFor();
    await dialog.getByRole('button', { name: 'Import 2 students' }).click();
    await toastShown(page, '2 student(s) imported successfully');
    // Two students and their one new parent: three accounts, each with its own password.
    const passwords = await dialog.getByTestId('temporary-password').allTextContents();
    rememberSecrets(...passwords);
    expect(passwords).toHaveLength(3);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z2-9]{14}$/);
    expect(new Set(passwords).size).toBe(3);
    const credentials = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download credentials (CSV)' }).click();
    expect((await credentials).suggestedFilename()).toBe('student-import-credentials.csv');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('tab', { name: 'Manage Students' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`leela.${run}`);
    await page
      .getByRole('row')
      .filter({ hasText: `Leela Rao ${run}` })
      .waitFor();
    expect(pathname(page)).toBe('/students');
    await context.close();
  });
});
