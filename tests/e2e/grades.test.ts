import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  callApi,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  resetOwnLanguages,
  shot,
  signInTo,
  TEACHER,
  toastShown,
} from './support/browser';

/** Rahul Verma (teacher@demo.school) teaches Mathematics in 9-A. */
const CLASS = '9-A';
const SUBJECT = 'Mathematics';
const TITLE = `Unit test ${Date.now().toString(36)}`;

let browser: Browser;
/** The sheet's place, for opening it straight from its address. */
let sheetSearch = '';

/** A term holding today and a test out of 25 for the class's Mathematics, made by the office through the API. */
async function assessmentOfToday() {
  const { data } = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN });
  const token = data.token;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const classes = await callApi<{ data: { _id: string; name: string; section: string }[] }>('/classes?limit=500', {
    token,
  });
  const klass = classes.data.find((c) => `${c.name}-${c.section}` === CLASS);
  if (!klass) throw new Error(`No class ${CLASS}`);
  const subjects = await callApi<{ data: { _id: string; name: string }[] }>(`/subjects?classId=${klass._id}`, {
    token,
  });
  const subject = subjects.data.find((s) => s.name === SUBJECT);
  if (!subject) throw new Error(`No ${SUBJECT} in ${CLASS}`);
  const terms = await callApi<{ data: { _id: string; startDate: string; endDate: string }[] }>('/grades/terms', {
    token,
  });
  let term = terms.data.find((x) => x.startDate <= today && x.endDate >= today);
  if (!term) {
    const year = Number(today.slice(0, 4));
    const body = { name: 'Whole year', startDate: `${year - 1}-12-01`, endDate: `${year}-11-30` };
    if (today > body.endDate) Object.assign(body, { startDate: `${year}-12-01`, endDate: `${year + 1}-11-30` });
    term = (
      await callApi<{ data: { _id: string; startDate: string; endDate: string } }>('/grades/terms', {
        method: 'POST',
        token,
        body,
      })
    ).data;
  }
  const made = await callApi<{ data: { _id: string } }>('/grades/assessments', {
    method: 'POST',
    token,
    body: {
      classId: klass._id,
      subjectId: subject._id,
      termId: term._id,
      title: TITLE,
      type: 'test',
      date: today,
      maxMarks: 25,
    },
  });
  sheetSearch = `classId=${klass._id}&subjectId=${subject._id}&assessmentId=${made.data._id}`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  await assessmentOfToday();
});

afterAll(async () => {
  await resetOwnLanguages();
  await browser?.close();
});

async function choose(page: Page, combobox: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** From the dashboard to the class's mark sheet of the test. */
async function openSheet(page: Page) {
  await page.getByRole('link', { name: 'Enter marks' }).click();
  await page.waitForURL('**/teacher/marks**');
  await choose(page, 'Class', CLASS);
  const subject = page.getByRole('combobox', { name: 'Subject', exact: true });
  if (!(await subject.textContent())?.includes(SUBJECT)) await choose(page, 'Subject', SUBJECT);
  await choose(page, 'Assessment', new RegExp(TITLE));
  await page.getByRole('heading', { name: TITLE }).waitFor();
  return page.getByTestId('mark-row');
}

describe('marks on a phone', () => {
  test('a teacher enters a class’s marks, one absent, is stopped above the maximum, and saves them all at once', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await signInTo(page, '/teacher-dashboard', TEACHER);
    const rows = await openSheet(page);
    expect(await rows.count()).toBeGreaterThan(3);
    const score = (i: number) => rows.nth(i).getByRole('textbox');
    await score(0).fill('23.5');
    await rows.nth(1).getByText('Absent', { exact: true }).click();
    await score(2).fill('30');
    await rows.nth(2).getByText('0 to 25').waitFor();
    const save = page.getByRole('button', { name: 'Save marks' });
    expect(await save.isDisabled()).toBe(true);
    await score(2).fill('19');
    await page.getByText('3 changes not saved yet').waitFor();
    // The save button stays within reach at the bottom of a phone's screen.
    const box = await save.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await shot(page, { path: '/tmp/grades-phone.png' });
    await save.click();
    await toastShown(page, 'Marks saved successfully');
    await page.reload();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    expect(await score(0).inputValue()).toBe('23.5');
    expect(await rows.nth(1).getByRole('radio', { name: 'Absent' }).isChecked()).toBe(true);
    expect(await score(2).inputValue()).toBe('19');
    await rows.nth(0).getByText('Grade A1').waitFor();
    await shot(page, { path: '/tmp/grades-phone-saved.png', fullPage: true });
    await context.close();
  });

  test('the same sheet on a desktop shows what was saved, one row a line', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signInTo(page, '/teacher-dashboard', TEACHER);
    const rows = await openSheet(page);
    await rows.nth(0).getByText('Grade A1').waitFor();
    const [first, second] = [await rows.nth(0).boundingBox(), await rows.nth(1).boundingBox()];
    // One line per student: the status choice and the number box beside the name.
    expect(first && second && second.y - first.y).toBeLessThan(80);
    await shot(page, { path: '/tmp/grades-desktop.png', fullPage: true });
    await context.close();
  });

  test('in Arabic the sheet reads right to left, its numbers and choices translated', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await signInTo(page, `/teacher/marks?${sheetSearch}`, TEACHER, { language: 'ar' });
    await page.getByRole('heading', { name: TITLE }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'حفظ الدرجات' }).waitFor();
    await page.getByTestId('mark-row').nth(1).getByText('غائب', { exact: true }).waitFor();
    await shot(page, { path: '/tmp/grades-phone-ar.png' });
    await context.close();
  });
});

/** Named anew by each attempt of the test that makes it: a retry must not find the first attempt's quiz too. */
let NEW_TITLE = '';

describe('assessments made where marks are entered', () => {
  test('on a phone a teacher creates a quiz beside the assessment picker, enters a mark, and cannot lower the maximum below it', async () => {
    NEW_TITLE = `Quiz ${Date.now().toString(36)}`;
    const { context, page } = await openPage(browser, PHONE);
    await signInTo(page, '/teacher-dashboard', TEACHER);
    await page.getByRole('link', { name: 'Enter marks' }).click();
    await choose(page, 'Class', CLASS);
    const subject = page.getByRole('combobox', { name: 'Subject', exact: true });
    if (!(await subject.textContent())?.includes(SUBJECT)) await choose(page, 'Subject', SUBJECT);
    await page.getByRole('button', { name: 'New assessment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill(NEW_TITLE);
    await choose(page, 'Type', 'Quiz');
    await dialog.getByRole('textbox', { name: 'Maximum marks' }).fill('20');
    // Today's date and the term holding it are filled in.
    expect(await dialog.getByRole('combobox', { name: 'Term' }).textContent()).not.toContain('Select a term');
    await shot(page, { path: '/tmp/grades-new-assessment-phone.png' });
    await dialog.getByRole('button', { name: 'Add assessment' }).click();
    await toastShown(page, 'Assessment added successfully');
    await page.getByRole('heading', { name: NEW_TITLE }).waitFor();
    // The sheet of the new assessment is open, in the address too.
    expect(new URL(page.url()).searchParams.get('assessmentId')).toMatch(/\d+/);

    const rows = page.getByTestId('mark-row');
    await rows.nth(0).getByRole('textbox').fill('18');
    await page.getByRole('button', { name: 'Save marks' }).click();
    await toastShown(page, 'Marks saved successfully');

    await page.getByRole('button', { name: 'Edit assessment' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByRole('textbox', { name: 'Maximum marks' }).fill('10');
    await edit.getByRole('button', { name: 'Save assessment' }).click();
    await edit
      .getByRole('alert')
      .filter({ hasText: 'Maximum marks cannot be less than a score already given' })
      .waitFor();
    await edit.getByRole('textbox', { name: 'Maximum marks' }).fill('25');
    await edit.getByRole('button', { name: 'Save assessment' }).click();
    await toastShown(page, 'Assessment updated successfully');
    await page.getByText(/^Out of 25 ·/).waitFor();
    await shot(page, { path: '/tmp/grades-new-assessment-sheet-phone.png', fullPage: true });
    await context.close();
  });

  test('the office finds it under Marks and deletes it, told how many marks go with it', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signInTo(page);
    await page.getByRole('link', { name: 'Marks', exact: true }).click();
    await page.waitForURL('**/marks**');
    await choose(page, 'Class', CLASS);
    await choose(page, 'Subject', SUBJECT);
    await choose(page, 'Assessment', new RegExp(NEW_TITLE));
    await page.getByRole('heading', { name: NEW_TITLE }).waitFor();
    expect(await page.getByTestId('mark-row').nth(0).getByRole('textbox').inputValue()).toBe('18');
    await shot(page, { path: '/tmp/grades-office-marks.png', fullPage: true });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('This assessment has 1 mark. Delete it and its marks?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Delete assessment' }).click();
    await toastShown(page, `Assessment ${NEW_TITLE} deleted`);
    expect(new URL(page.url()).searchParams.get('assessmentId')).toBeNull();
    await context.close();
  });

  test.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('on a %s a teacher deletes their own quiz and its marks after confirming', async (name, size) => {
    const title = `Spot quiz ${name} ${Date.now().toString(36)}`;
    const { context, page } = await openPage(browser, size);
    await signInTo(page, '/teacher-dashboard', TEACHER);
    await page.getByRole('link', { name: 'Enter marks' }).click();
    await choose(page, 'Class', CLASS);
    const subject = page.getByRole('combobox', { name: 'Subject', exact: true });
    if (!(await subject.textContent())?.includes(SUBJECT)) await choose(page, 'Subject', SUBJECT);
    await page.getByRole('button', { name: 'New assessment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await choose(page, 'Type', 'Quiz');
    await dialog.getByRole('textbox', { name: 'Maximum marks' }).fill('10');
    await dialog.getByRole('button', { name: 'Add assessment' }).click();
    await page.getByRole('heading', { name: title }).waitFor();
    const rows = page.getByTestId('mark-row');
    await rows.nth(0).getByRole('textbox').fill('7');
    await rows.nth(1).getByRole('textbox').fill('9');
    await page.getByRole('button', { name: 'Save marks' }).click();
    await toastShown(page, 'Marks saved successfully');

    if (name === 'desktop') {
      // While the term's report cards are out for the class, the teacher's sheet offers no Delete.
      const id = new URL(page.url()).searchParams.get('assessmentId')?.replace(/"/g, '');
      const { data } = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN });
      const one = await callApi<{ data: { class: { _id: string }; term: { _id: string } } }>(
        `/grades/assessments/${id}`,
        { token: data.token },
      );
      const publish = (published: boolean) =>
        callApi('/grades/publications', {
          method: 'PUT',
          token: data.token,
          body: { classId: one.data.class._id, termId: one.data.term._id, published },
        });
      await publish(true);
      try {
        await page.reload();
        await page.getByRole('button', { name: 'Edit assessment' }).waitFor();
        expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
      } finally {
        await publish(false);
      }
      await page.reload();
    }
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this assessment?' });
    await confirm.getByText('This assessment has 2 marks. Delete it and its marks?', { exact: true }).waitFor();
    await shot(page, { path: `/tmp/grades-teacher-delete-${name}.png` });
    // Cancel keeps it; confirming removes it and its marks.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete assessment' }).click();
    await toastShown(page, `Assessment ${title} deleted`);
    expect(new URL(page.url()).searchParams.get('assessmentId')).toBeNull();
    await page.getByRole('combobox', { name: 'Assessment', exact: true }).click();
    expect(await page.getByRole('option', { name: new RegExp(title) }).count()).toBe(0);
    await context.close();
  });
});
