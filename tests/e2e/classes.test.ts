import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, PHONE, signInTo, toast, toastShown } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

// Grades 11 and 12 are free in the demo school; section E is never used by its seed.
const CLASS = '12-E';
const SPARE_CLASS = '11-E';
const TEACHER = 'Rahul Verma';
const SUBJECT = 'Robotics';

async function choose(page: Page, scope: Page | Locator, combobox: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

async function openScreen(page: Page, viaMenu = true) {
  await signInTo(page);
  if (viaMenu) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Classroom Management' }).click();
    await page.waitForURL('**/classes');
  } else {
    await page.goto('/classes');
  }
  await page.getByRole('heading', { level: 1, name: 'Classroom Management' }).waitFor();
  await page.getByText('Loading classroom management...').waitFor({ state: 'detached' });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

async function createClass(page: Page, grade: string, section: string, capacity: string) {
  await page.getByRole('button', { name: 'Add New Class', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Class' });
  await dialog.waitFor();
  await choose(page, dialog, 'Class', `Class ${grade}`);
  await choose(page, dialog, 'Section', `Section ${section}`);
  await choose(page, dialog, 'Class Teacher', new RegExp(`^${TEACHER}`));
  await dialog.getByRole('spinbutton', { name: 'Capacity' }).fill(capacity);
  await dialog.getByRole('textbox', { name: 'Room' }).fill(`R-${grade}${section}`);
  await dialog.getByRole('button', { name: 'Create Class' }).click();
  await toastShown(page, 'Class created successfully');
  await dialog.waitFor({ state: 'detached' });
}

/** Opens the timetable form and fills it for the new class. */
async function fillSchedule(page: Page, day: string, start: string, end: string) {
  await page.getByRole('button', { name: 'Add Schedule', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Schedule' });
  await dialog.waitFor();
  // Class and subject wait for the choices before them.
  expect(await dialog.getByRole('combobox', { name: 'Class', exact: true }).isDisabled()).toBe(true);
  expect(await dialog.getByRole('combobox', { name: 'Subject', exact: true }).isDisabled()).toBe(true);
  await choose(page, dialog, 'Teacher', TEACHER);
  await choose(page, dialog, 'Class', `Class ${CLASS}`);
  await choose(page, dialog, 'Subject', `${SUBJECT} (ROB-12E)`);
  await choose(page, dialog, 'Day', day);
  await dialog.getByLabel('Start Time').fill(start);
  await dialog.getByLabel('End Time').fill(end);
  return dialog;
}

describe('classroom management', () => {
  test('create a class, add a subject, assign two students, schedule it, see a clash refused, delete a class', async () => {
    const { context, page } = await openPage(browser);
    await openScreen(page);
    await openTab(page, 'Manage Classes');

    // The form names what is missing before anything is sent.
    await page.getByRole('button', { name: 'Add New Class', exact: true }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add New Class' });
    await dialog.getByRole('button', { name: 'Create Class' }).click();
    await toastShown(page, 'Please fill in all required fields');
    await dialog.getByText('Capacity is required').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await createClass(page, '12', 'E', '30');
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit class ${CLASS}` }) });
    await row.waitFor();
    expect(await row.textContent()).toContain(TEACHER);
    expect(await row.textContent()).toContain('0/30');

    // A subject for the class, taught by its class teacher.
    await row.getByRole('button', { name: `Manage subjects of ${CLASS}` }).click();
    dialog = page.getByRole('dialog', { name: `Manage Subjects · Class ${CLASS}` });
    await dialog.getByText('No subjects in this class yet').waitFor();
    await dialog.getByRole('textbox', { name: 'Subject Name' }).fill(SUBJECT);
    await choose(page, dialog, 'Teacher', TEACHER);
    await dialog.getByRole('button', { name: 'Add Subject' }).click();
    await toastShown(page, 'Subject created successfully');
    const subjects = dialog.getByRole('list', { name: `Subjects of ${CLASS}` });
    await subjects.getByText(SUBJECT, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Give it a code through the subject-allocation edit, so the timetable can name it.
    await openTab(page, 'Subject Allocation');
    const search = page.getByRole('searchbox', { name: 'Search classes, teachers, or students' });
    await search.fill(SUBJECT);
    await page.getByRole('button', { name: `Edit subject ${SUBJECT} of ${CLASS}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Subject' });
    await dialog.getByRole('textbox', { name: 'Code' }).fill('ROB-12E');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Subject updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'ROB-12E' }).waitFor();
    await search.fill('');

    // Two students move into the class.
    await openTab(page, 'Manage Classes');
    await row.getByRole('button', { name: `View students of ${CLASS}` }).click();
    dialog = page.getByRole('dialog', { name: `Manage Students · Class ${CLASS}` });
    const current = dialog.getByRole('list', { name: `Students of ${CLASS}` });
    const available = dialog.getByRole('list', { name: 'Available students' });
    const assigned: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      // Students whose roll number the class already uses cannot move in, and say so.
      const button = available.locator('button:enabled', { hasText: 'Assign' }).first();
      const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Assign /, '');
      await button.click();
      await current.getByText(name, { exact: true }).waitFor();
      await toastShown(page, 'Student assigned to class successfully');
      assigned.push(name);
    }
    expect(assigned[0]).not.toBe(assigned[1]);
    await dialog.getByText(`Current students (2)`).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('2/30').waitFor();

    // The preview on the Student Assignments tab lists them too.
    await openTab(page, 'Student Assignments');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Class ${CLASS}` }) });
    for (const name of assigned) await card.getByText(name, { exact: true }).waitFor();

    // Editing the capacity down to the class's size turns its badge red.
    await openTab(page, 'Manage Classes');
    await row.getByRole('button', { name: `Edit class ${CLASS}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Class' });
    await dialog.getByRole('spinbutton', { name: 'Capacity' }).fill('2');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Class updated successfully');
    await dialog.waitFor({ state: 'detached' });
    const badge = row.getByText('2/2');
    await badge.waitFor();
    expect(await badge.getAttribute('data-tone')).toBe('danger');

    // A period after the demo school's last one, then an overlapping one for the same teacher.
    await openTab(page, 'Class Schedule');
    dialog = await fillSchedule(page, 'Friday', '15:30', '16:15');
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    await toastShown(page, 'Schedule created successfully');
    await dialog.waitFor({ state: 'detached' });
    await search.fill(CLASS);
    const slot = page.getByRole('row').filter({ hasText: SUBJECT });
    await slot.waitFor();
    expect(await slot.textContent()).toContain('15:30–16:15');

    dialog = await fillSchedule(page, 'Friday', '15:45', '16:30');
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    const clash = toast(page, 'Failed to create schedule');
    await clash.waitFor();
    expect(await clash.textContent()).toContain(
      `Teacher clash: ${TEACHER} already teaches ${CLASS} ${SUBJECT} on Friday 15:30-16:15`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('row').filter({ hasText: SUBJECT }).count()).toBe(1);

    // A class that still has students is kept, with the reason.
    await search.fill('');
    await openTab(page, 'Manage Classes');
    await row.getByRole('button', { name: `Delete class ${CLASS}` }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Delete class' });
    await confirm.getByText('Are you sure you want to delete this class?').waitFor();
    await confirm.getByRole('button', { name: 'Delete Class' }).click();
    const refused = toast(page, 'Failed to delete class');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('This class still has 2 student(s)');
    await row.waitFor();

    // An empty class goes once the question is confirmed.
    await createClass(page, '11', 'E', '25');
    const spare = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Edit class ${SPARE_CLASS}` }) });
    await spare.getByRole('button', { name: `Delete class ${SPARE_CLASS}` }).click();
    confirm = page.getByRole('alertdialog', { name: 'Delete class' });
    await confirm.getByText('Are you sure you want to delete this class?').waitFor();
    await confirm.getByRole('button', { name: 'Delete Class' }).click();
    await toastShown(page, 'Class deleted successfully');
    await spare.waitFor({ state: 'detached' });
    await row.waitFor();
    await context.close();
  });

  test('on a phone the tables become cards and nothing scrolls sideways', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await openScreen(page, false);
    for (const tab of ['Manage Classes', 'Teacher Assignments', 'Class Schedule', 'Subject Allocation']) {
      await openTab(page, tab);
      await page.getByRole('tabpanel', { name: tab }).getByRole('row').nth(1).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, tab).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
