import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, PHONE, signInTo, toastShown } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A day of the current month (the screen opens on it), as the form's input takes it and as the API stores it. */
function dayThisMonth(day: number) {
  const now = new Date();
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  return { typed: `${mm}/${dd}/${now.getFullYear()}`, iso: `${now.getFullYear()}-${mm}-${dd}` };
}

const suffix = Date.now().toString(36);
const HOLIDAY = `Founders Day ${suffix}`;
const EXAM = `Science Exam ${suffix}`;
const EXAM_REVISED = `Science Exam (Revised) ${suffix}`;

async function choose(page: Page, scope: Page | ReturnType<Page['getByRole']>, combobox: string, option: string) {
  await scope.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function card(page: Page, title: string) {
  return page.getByRole('article', { name: title, exact: true });
}

async function openScreen(page: Page) {
  await signInTo(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Important Dates' }).click();
  await page.waitForURL('**/important-dates');
  await page.getByRole('heading', { level: 1, name: 'Important Dates' }).waitFor();
}

describe('important dates', () => {
  test('add a holiday for all classes and an exam for one class, filter by type, edit and delete', async () => {
    const { context, page } = await openPage(browser);
    await openScreen(page);
    await page.getByText('Manage school events, holidays, exams, and important deadlines', { exact: true }).waitFor();

    // A holiday for every class.
    await page.getByRole('button', { name: 'Add Date', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Important Date' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create Date' }).click();
    await toastShown(page, 'Validation failed: Title is required, Date is required');

    await dialog.getByRole('textbox', { name: 'Title' }).fill(HOLIDAY);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('The school celebrates its founding.');
    const holidayDay = dayThisMonth(14);
    await dialog.getByRole('textbox', { name: 'Date' }).fill(holidayDay.typed);
    await dialog.getByRole('textbox', { name: 'Date' }).press('Enter');
    await choose(page, dialog, 'Event Type', 'Holiday');
    await choose(page, dialog, 'Priority', 'High');
    await dialog.getByRole('button', { name: 'Create Date' }).click();
    await toastShown(page, 'Important date created successfully');
    await dialog.waitFor({ state: 'detached' });
    const holiday = card(page, HOLIDAY);
    await holiday.waitFor();
    expect(await holiday.textContent()).toContain('All Classes');
    expect(await holiday.textContent()).toContain('Holiday');
    expect(await holiday.textContent()).toContain('High priority');

    // An exam for one class, with times (first in the wrong order).
    await page.getByRole('button', { name: 'Add Date', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Add Important Date' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(EXAM);
    const examDay = dayThisMonth(16);
    await dialog.getByRole('textbox', { name: 'Date' }).fill(examDay.typed);
    await dialog.getByRole('textbox', { name: 'Date' }).press('Enter');
    await choose(page, dialog, 'Event Type', 'Exam');
    await dialog.getByLabel('Start Time').fill('11:00');
    await dialog.getByLabel('End Time').fill('09:00');
    await dialog.getByLabel('Location').fill('Science Lab');
    await dialog.locator('label', { hasText: 'Apply to all classes' }).click();
    await dialog.locator('label', { hasText: '8-A' }).click();
    await dialog.getByRole('button', { name: 'Create Date' }).click();
    await toastShown(page, 'Validation failed: End time must be after start time');
    await dialog.getByLabel('Start Time').fill('09:00');
    await dialog.getByLabel('End Time').fill('11:00');
    await dialog.getByRole('button', { name: 'Create Date' }).click();
    await toastShown(page, 'Important date created successfully');
    const exam = card(page, EXAM);
    await exam.waitFor();
    const examText = await exam.textContent();
    expect(examText).toContain('1 Class(es)');
    expect(examText).toContain('8-A');
    expect(examText).toContain('9:00 AM – 11:00 AM');
    expect(examText).toContain('Science Lab');

    // Filter by type, then search by title.
    await choose(page, page, 'Type', 'Exam');
    await holiday.waitFor({ state: 'detached' });
    expect(await exam.isVisible()).toBe(true);
    await choose(page, page, 'Type', 'All Types');
    await holiday.waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`founders DAY ${suffix}`);
    await exam.waitFor({ state: 'detached' });
    expect(await holiday.isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await exam.waitFor();

    // Edit the exam.
    await page.getByRole('button', { name: `Edit ${EXAM}`, exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Important Date' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(EXAM);
    // Typed on a 24-hour clock, shown as English writes a time.
    expect(await dialog.getByLabel('Start Time').inputValue()).toBe('9:00 AM');
    await dialog.getByRole('textbox', { name: 'Title' }).fill(EXAM_REVISED);
    await dialog.getByRole('button', { name: 'Update Date' }).click();
    await toastShown(page, 'Important date updated successfully');
    await card(page, EXAM_REVISED).waitFor();
    expect(await exam.count()).toBe(0);

    // Delete the holiday, after the question.
    await page.getByRole('button', { name: `Delete ${HOLIDAY}`, exact: true }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText('Are you sure you want to delete this important date?').waitFor();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastShown(page, 'Important date deleted successfully');
    await holiday.waitFor({ state: 'detached' });
    expect(await card(page, EXAM_REVISED).isVisible()).toBe(true);

    // The month grid shows the exam on its day.
    await page.getByRole('tab', { name: 'Month' }).click();
    const examDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${examDay.iso}T00:00:00Z`),
    );
    await page.getByRole('button', { name: new RegExp(`^${examDate}: \\d+ important date\\(s\\)$`) }).click();
    await card(page, EXAM_REVISED).waitFor();
    await context.close();
  });

  test('on a phone the empty state offers to add the first date', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await signInTo(page, '/important-dates');
    await page.getByRole('searchbox', { name: 'Search' }).fill('no date is called this');
    await page.getByRole('heading', { name: 'No Important Dates' }).waitFor();
    await page.getByText('No important dates found for the selected criteria.').waitFor();
    await page.getByRole('button', { name: 'Add First Date' }).click();
    await page.getByRole('dialog', { name: 'Add Important Date' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Add Important Date' }).waitFor({ state: 'detached' });
    await context.close();
  });
});
