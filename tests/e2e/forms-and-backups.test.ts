import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DESKTOP,
  downloadedBytes,
  launchBrowser,
  openPage,
  PHONE,
  shot,
  signInTo,
  toast,
  toastShown,
} from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const run = Date.now().toString(36);

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** True when the element is inside the visible part of the window. */
const inView = (selector: ReturnType<Page['locator']>) =>
  selector.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('forms say what they need (%s)', (size, viewport) => {
  test('the enrolment form marks required parent fields, labels the address for India, and shows a server refusal beside its field', async () => {
    const { context, page } = await openPage(browser, viewport);
    await signInTo(page, '/students');
    await page.getByRole('heading', { level: 1, name: 'Student Records' }).waitFor();
    await page.getByRole('button', { name: 'Enrol Student' }).first().click();
    const form = page.getByRole('dialog', { name: 'Enrol New Student' });
    await form.waitFor();

    // The demo school is in Asia/Kolkata: a PIN code and a State, no Zip Code.
    await form.getByRole('textbox', { name: 'PIN code', exact: true }).waitFor();
    await form.getByRole('textbox', { name: 'State', exact: true }).waitFor();
    expect(await form.getByText(/zip code/i).count()).toBe(0);
    // One parent is required: the father's name and email carry the mark until another parent is filled in.
    const marked = (label: string) =>
      form.locator('label', { hasText: label }).locator('[data-part="required-indicator"]').count();
    expect(await marked("Father's Name")).toBe(1);
    expect(await marked("Father's Email")).toBe(1);
    expect(await marked("Mother's Name")).toBe(0);

    // A student email that is already an account: the server's 409 shows under Email, which is scrolled to.
    await form.getByRole('textbox', { name: 'Full Name', exact: true }).fill(`Kavya Rao ${run}`);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('student@demo.school');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('kavya-pw-1');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+91 98000 22222');
    await form.getByLabel('Date of Birth').fill('2013-06-02');
    await choose(page, form, 'Gender', 'Female');
    await choose(page, form, 'Class', '8-A');
    await form.getByRole('textbox', { name: 'Roll Number', exact: true }).fill(`K${run}`);
    await form.getByRole('textbox', { name: "Father's Name", exact: true }).fill(`Ravi Rao ${run}`);
    await form.getByRole('textbox', { name: "Father's Email", exact: true }).fill(`ravi.${run}.${size}@example.org`);
    await form.getByRole('textbox', { name: "Father's Password", exact: true }).fill('ravi-pw-1');
    await form.getByRole('button', { name: 'Enrol Student' }).click();
    const emailRefusal = "A user with this email already exists (student's email)";
    await form.getByText(emailRefusal, { exact: true }).first().waitFor();
    // The toast says what the server said: a refusal, not a validation failure.
    expect(await toast(page, emailRefusal).first().textContent()).not.toContain('Validation failed');
    const email = form.getByRole('textbox', { name: 'Email', exact: true });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    // The form moves to the refused field on the frame after it draws the refusal: focused and brought into view.
    await expect.poll(() => email.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => inView(email)).toBe(true);
    await shot(page, { path: `/tmp/forms-enrol-refusal-${size}.png` });

    // A roll number taken in the class: beside Roll Number.
    await email.fill(`kavya.${run}.${size}@example.org`);
    await form.getByRole('textbox', { name: 'Roll Number', exact: true }).fill('1');
    await form.getByRole('button', { name: 'Enrol Student' }).click();
    await form.getByText('Roll number 1 is already used in class 8-A', { exact: true }).first().waitFor();
    const roll = form.getByRole('textbox', { name: 'Roll Number', exact: true });
    expect(await roll.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => roll.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => inView(roll)).toBe(true);
    await context.close();
  });

  test('the menu marks no screen as a preview any more, and every screen is titled as the menu names it', async () => {
    const { context, page } = await openPage(browser, viewport);
    await signInTo(page);
    const openMenu = async () => {
      if (viewport === PHONE) await page.getByRole('button', { name: 'Open menu' }).click();
      return page.getByRole('navigation', { name: 'Main' }).last();
    };
    const nav = await openMenu();
    await nav.getByRole('link', { name: 'Assignments & Homework', exact: true }).waitFor();
    for (const label of ['Reports', 'Student Performance Reports']) {
      await nav.getByRole('link', { name: label, exact: true }).waitFor();
    }
    expect(await nav.getByText('Preview', { exact: true }).count()).toBe(0);
    if (viewport === DESKTOP) await shot(page, { path: `/tmp/forms-menu-${size}.png` });
    const labels = await nav.getByRole('link').evaluateAll((links) =>
      links.map((link) => ({
        href: new URL((link as HTMLAnchorElement).href).pathname,
        label: (link.querySelector('span')?.textContent ?? '').trim(),
      })),
    );
    expect(labels.length).toBeGreaterThanOrEqual(11);
    for (const { href, label } of labels) {
      await page.goto(href);
      await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
      expect({ href, title: await page.title() }).toEqual({ href, title: `${label} · School Portal` });
    }
    await context.close();
  });
});

describe('the school keeps its own copy', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('a backup downloads as a file, and a restore from a file asks for one (%s)', async (size, viewport) => {
    const { context, page } = await openPage(browser, viewport);
    await signInTo(page, '/settings?tab=backups');
    await page.getByRole('heading', { name: 'Backups', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create backup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create backup' });
    await dialog.getByRole('textbox', { name: 'Note' }).fill(`Copy ${run} ${size}`);
    await dialog.getByRole('button', { name: 'Create backup' }).click();
    await toastShown(page, 'Backup created successfully');
    const row = page.getByRole('row').filter({ hasText: `Copy ${run} ${size}` });
    await row.waitFor();

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Download the backup of / }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^school-backup-[\d-]+\.json\.gz$/);
    // A gzip file: its first two bytes say so.
    expect([...(await downloadedBytes(file)).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    await shot(page, { path: `/tmp/forms-backups-${size}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Restore from a file…' }).click();
    const restore = page.getByRole('alertdialog', { name: 'Restore from a file' });
    await restore.waitFor();
    await restore.getByRole('button', { name: 'Restore from file' }).click();
    await restore.getByText('Choose a backup file first').waitFor();
    // A file that is not a backup is refused with the server's words, and nothing is restored.
    await restore
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.json.gz', mimeType: 'application/gzip', buffer: Buffer.from('not a backup') });
    await restore.getByText('notes.json.gz').waitFor();
    await restore.getByRole('button', { name: 'Restore from file' }).click();
    await restore.getByText('The backup file is damaged and cannot be restored').waitFor();
    await shot(page, { path: `/tmp/forms-restore-file-${size}.png` });
    await restore.getByRole('button', { name: 'Cancel' }).click();
    await restore.waitFor({ state: 'detached' });
    await context.close();
  });
});
