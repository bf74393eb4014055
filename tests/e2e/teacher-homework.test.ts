import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  callApi,
  chooseOwnLanguage,
  DESKTOP,
  downloadedBytes,
  launchBrowser,
  openPage,
  PHONE,
  resetOwnLanguages,
  STUDENT,
  seriousViolations,
  shot,
  signInTo,
  TEACHER,
  toastShown,
} from './support/browser';

/** Rahul Verma (teacher@demo.school) teaches Mathematics in 8-A, the demo student Aarav Malhotra's class. */
const CLASS = '8-A';
const SUBJECT = 'Mathematics';
const PUPIL = 'Aarav Malhotra';
/** A one-page PDF small enough to build by hand, with the attempt's mark so its bytes are its own. */
const pdf = (stamp: string) =>
  Buffer.from(
    `%PDF-1.4\n% ${stamp}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/** Tomorrow in Pune, as the English date field is typed (MM/DD/YYYY): the hand-in is on time whenever this runs. */
function tomorrow() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const [y, m, d] = next.toISOString().slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

let browser: Browser;
/** The homework the first test sets (named anew on each attempt: a retry finds the first attempt's rows) and its place. */
let TITLE = '';
let homeworkSearch = '';

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await resetOwnLanguages();
  await browser?.close();
});

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The demo student hands work in over the API, as the family portal does. */
async function handIn(homeworkId: string, stamp: string) {
  const answer = await callApi<{ token?: string; data?: { token?: string } }>('/students/login', {
    method: 'POST',
    body: STUDENT,
  });
  const token = answer.token ?? answer.data?.token;
  await callApi(`/homework/${homeworkId}/submission`, {
    method: 'PUT',
    token,
    body: { text: `Worked answers, run ${stamp}: 3/4 + 1/8 = 7/8` },
  });
}

describe('teacher homework', () => {
  test('a teacher sets homework with a file, sees the hand-in live, marks and returns it, and sends the marks to the gradebook', async () => {
    const stamp = Date.now().toString(36);
    TITLE = `Fractions ${stamp}`;
    const FILE = `worksheet-${stamp}.pdf`;
    const { context, page } = await openPage(browser, DESKTOP, { bypassCSP: true });
    await signInTo(page, '/teacher-dashboard', TEACHER);
    await page.getByRole('link', { name: 'Homework', exact: true }).first().click();
    await page.waitForURL('**/teacher/homework**');
    await choose(page, 'Class', CLASS);
    // The teacher's only subject in the class is chosen for them.
    await page.getByRole('combobox', { name: 'Subject', exact: true }).filter({ hasText: SUBJECT }).waitFor();

    await page.getByRole('button', { name: 'Set homework' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Set homework' });
    await dialog.waitFor();
    // The API's checks are the form's: a title is needed.
    await dialog.getByRole('button', { name: 'Set homework' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await dialog
      .getByRole('textbox', { name: 'Instructions' })
      .fill('Exercise 4.2, questions 1 to 10. Show your working.');
    const due = dialog.getByRole('textbox', { name: 'Due date' });
    await due.fill(tomorrow());
    // Left with Tab: Enter would send the form.
    await due.press('Tab');
    const time = dialog.getByRole('textbox', { name: 'Due time' });
    await time.fill('5:30 PM');
    await time.press('Tab');
    await dialog.getByText('Marked', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Maximum marks' }).fill('20');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: pdf(stamp) });
    await dialog.getByRole('list', { name: 'Files to attach' }).getByText(FILE).waitFor();
    await shot(page, { path: '/tmp/teacher-homework-dialog.png' });
    await dialog.getByRole('button', { name: 'Set homework' }).click();
    await toastShown(page, 'Homework set successfully');

    // It opens: its file attached, every pupil of the class listed, none handed in yet.
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByRole('list', { name: 'Attachments' }).getByText(FILE).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${FILE}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(FILE);
    expect(Buffer.compare(await downloadedBytes(download), pdf(stamp))).toBe(0);
    // The wrong file attached is taken off again, once the teacher says yes: gone from the page and the homework.
    await page.getByRole('button', { name: `Remove ${FILE}` }).click();
    const question = page.getByRole('alertdialog', { name: 'Remove this file?' });
    await question.getByText(`${FILE} is taken off this homework for the whole class.`).waitFor();
    await shot(question, { path: '/tmp/teacher-homework-remove-file.png' });
    await question.getByRole('button', { name: 'Remove file' }).click();
    await toastShown(page, 'File removed');
    await question.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Attachments' }).waitFor({ state: 'detached' });
    await page.getByText('Marked out of 20').waitFor();
    const rows = page.getByTestId('roster-row');
    const pupil = rows.filter({ hasText: PUPIL });
    await pupil.getByText('Not handed in').waitFor();
    expect(await rows.count()).toBeGreaterThan(10);
    const url = new URL(page.url());
    const homeworkId = url.searchParams.get('homeworkId') ?? '';
    expect(homeworkId).not.toBe('');
    homeworkSearch = url.search;

    // Listed with its due time, status and hand-ins.
    await page.getByRole('button', { name: 'All homework' }).click();
    const listed = page.getByTestId('homework-row').filter({ hasText: TITLE });
    await listed.getByText(TITLE).waitFor();
    await listed.getByText('Active').waitFor();
    await listed.getByText(/^0 of \d+ handed in$/).waitFor();
    await shot(page, { path: '/tmp/teacher-homework-list.png', fullPage: true });
    await listed.getByRole('button').click();
    await pupil.getByText('Not handed in').waitFor();

    // The student hands in: the open roster shows it without a reload.
    await handIn(homeworkId, stamp);
    await pupil.getByText('Handed in', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText(/^1 of \d+ handed in/).waitFor();

    await pupil.getByRole('button').first().click();
    await pupil.getByText(`run ${stamp}`, { exact: false }).waitFor();
    const review = pupil.getByRole('form', { name: `Review of ${PUPIL}` });
    // Above the maximum is refused in the form.
    await review.getByRole('textbox', { name: 'Marks out of 20' }).fill('25');
    await review.getByRole('button', { name: 'Return', exact: true }).click();
    await review.getByRole('alert').filter({ hasText: 'Marks must be from 0 to 20' }).waitFor();
    await review.getByRole('textbox', { name: 'Marks out of 20' }).fill('17.5');
    await review.getByRole('textbox', { name: 'Feedback' }).fill('Well done: check question 7 again.');
    await shot(page, { path: '/tmp/teacher-homework-roster.png', fullPage: true });
    await review.getByRole('button', { name: 'Return', exact: true }).click();
    await toastShown(page, `Work returned to ${PUPIL}`);
    await pupil.getByText('Returned', { exact: true }).waitFor();
    await pupil.getByText('17.5 / 20').waitFor();

    await page.getByRole('button', { name: 'Send marks to the gradebook' }).click();
    const sent = page.getByRole('status').filter({ hasText: /Marks sent to the gradebook: assessment #\S+/ });
    await sent.waitFor();
    await sent.getByText('1 mark saved').waitFor();
    const assessmentId = /#(\S+)$/.exec((await sent.getByText(/assessment #/).textContent()) ?? '')?.[1] ?? '';

    // The gradebook holds the mark, in the assessment the screen named.
    const teacher = await callApi<{ token: string }>('/teachers/login', { method: 'POST', body: TEACHER });
    const sheet = await callApi<{
      data: {
        assessment: { title: string; type: string };
        students: { name: string; mark: { score: number } | null }[];
      };
    }>(`/grades/assessments/${assessmentId}/marks`, { token: teacher.token });
    expect(sheet.data.assessment).toMatchObject({ title: TITLE, type: 'homework' });
    expect(sheet.data.students.find((s) => s.name === PUPIL)?.mark?.score).toBe(17.5);

    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: '/tmp/teacher-homework-returned.png', fullPage: true });
    await context.close();
  });

  test('on a phone the list, the dialog and the roster fit the screen, in English and in Arabic', async () => {
    expect(homeworkSearch, 'the first test set the homework').not.toBe('');
    const { context, page } = await openPage(browser, PHONE, { bypassCSP: true });
    await signInTo(page, '/teacher-dashboard', TEACHER);
    await page.goto(`/teacher/homework${homeworkSearch}`);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByTestId('roster-row').filter({ hasText: PUPIL }).getByText('Returned', { exact: true }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: '/tmp/teacher-homework-phone-roster.png', fullPage: true });

    await page.getByRole('button', { name: 'All homework' }).click();
    await page.getByTestId('homework-row').first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, { path: '/tmp/teacher-homework-phone-list.png', fullPage: true });

    await page.getByRole('button', { name: 'Set homework' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Set homework' });
    await dialog.waitFor();
    await dialog.getByText('Marked', { exact: true }).click();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: '/tmp/teacher-homework-phone-dialog.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Right to left: the same roster in Arabic still fits.
    await page.goto(`/teacher/homework${homeworkSearch}`);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await chooseOwnLanguage(page, 'ar');
    await page.getByRole('heading', { name: TITLE }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText('مُعاد', { exact: true }).first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, { path: '/tmp/teacher-homework-phone-ar.png', fullPage: true });
    await chooseOwnLanguage(page, null);
    await context.close();
  });
});
