import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  baseURL,
  callApi,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  STUDENT,
  seriousViolations,
  shot,
  signInTo,
  TEACHER,
  toastShown,
} from './support/browser';

const PARENT = { email: 'parent@demo.school', password: 'demo1234' };

// A 1 × 1 PNG: the API proves a file's type by its first bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let staffToken: string;
let student: { _id: string; classId: string };
let studentToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // The demo teacher sets the homework when they teach a subject of the student's class; else the office does.
  const signedIn = await callApi<{ token: string; student: { _id: string; classId: { _id: string } } }>(
    '/students/login',
    { method: 'POST', body: STUDENT },
  );
  student = { _id: signedIn.student._id, classId: signedIn.student.classId._id };
  studentToken = signedIn.token;
  const admin = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN });
  staffToken = admin.data.token;
});

afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, account: { email: string; password: string }) {
  await signInTo(page, '/family', account);
  await page.getByTestId('child-class').waitFor();
}

/** Homework for the student's class, due `days` from the school's today at 17:00, out of 10 marks. */
async function setHomework(title: string, days: number) {
  const { data: overview } = await callApi<{ data: { today: string } }>(`/family/children/${student._id}/overview`, {
    token: studentToken,
  });
  const due = new Date(`${overview.today}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + days);
  const { data: subjects } = await callApi<{ data: { _id: string; name: string }[] }>(
    `/subjects?classId=${student.classId}&limit=100`,
    { token: staffToken },
  );
  const subject = subjects[0];
  const { data } = await callApi<{ data: { _id: string } }>('/homework', {
    method: 'POST',
    token: staffToken,
    body: {
      classId: student.classId,
      subjectId: subject._id,
      title,
      instructions: 'Read chapter 3.\nAnswer questions 1 to 5 in full sentences.',
      dueDate: due.toISOString().slice(0, 10),
      dueTime: '17:00',
      maxMarks: 10,
    },
  });
  return { id: data._id, subject: subject.name };
}

async function attach(homeworkId: string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), name);
  const response = await fetch(`${baseURL}/api/homework/${homeworkId}/files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${staffToken}`, Accept: 'application/json' },
    body: form,
  });
  expect(response.status).toBe(201);
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("a student's homework in the family portal", () => {
  test('a student hands in text and a picture, the teacher returns it, the student and a parent see the marks', async () => {
    const stamp = Date.now();
    const title = `Photosynthesis essay ${stamp}`;
    const { id } = await setHomework(title, 7);
    await attach(id, `worksheet-${stamp}.png`);
    // Work past due handed in now is late: the list says so.
    const lateTitle = `Late map work ${stamp}`;
    const late = await setHomework(lateTitle, -1);
    await callApi(`/homework/${late.id}/submission`, { method: 'PUT', token: studentToken, body: { text: 'Done' } });

    const { context, page } = await openPage(browser, PHONE, { bypassCSP: true });
    try {
      await signIn(page, STUDENT);
      const card = page.getByRole('region', { name: 'Homework' });
      await card.getByTestId('homework-counts').waitFor();
      await card.getByRole('link', { name: 'See all homework' }).click();
      await page.waitForURL(`**/family/${student._id}/homework`);
      await page.getByRole('heading', { level: 1, name: 'Homework' }).waitFor();

      // Pending: the new work, with its subject and due time on the school's clock.
      const item = page.getByRole('list', { name: 'Pending' }).getByRole('link').filter({ hasText: title });
      await item.waitFor();
      expect(await item.textContent()).toMatch(/Due .+, 5:00 PM/);
      expect(await noOverflow(page)).toBeLessThanOrEqual(PHONE.width);
      await shot(page, { path: '/tmp/family-homework-list-390.png', fullPage: true });

      // The late hand-in reads "Late" under Handed in.
      await page.getByRole('tab', { name: 'Handed in' }).click();
      const lateItem = page.getByRole('list', { name: 'Handed in' }).getByRole('link').filter({ hasText: lateTitle });
      await lateItem.getByText('Late', { exact: true }).waitFor();

      await page.getByRole('tab', { name: 'Pending' }).click();
      await item.click();
      const detail = page.getByTestId('homework-detail');
      await detail.getByRole('heading', { level: 1, name: title }).waitFor();
      await detail.getByText('Answer questions 1 to 5 in full sentences.').waitFor();
      await detail.getByRole('button', { name: `Download worksheet-${stamp}.png` }).waitFor();
      expect(await detail.getByTestId('hand-in-status').textContent()).toBe('Not handed in yet.');

      // A file the API refuses says why, and nothing is added.
      await detail.locator('input[type=file]').setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture at all'),
      });
      await detail.getByRole('alert').waitFor();
      expect(await detail.getByRole('list', { name: 'Your files' }).count()).toBe(0);

      await detail.getByRole('textbox', { name: 'Your answer' }).fill('Plants make sugar from light, water and air.');
      await detail.locator('input[type=file]').setInputFiles({
        name: `leaf-${stamp}.png`,
        mimeType: 'image/png',
        buffer: PNG,
      });
      await detail.getByRole('list', { name: 'Your files' }).getByText(`leaf-${stamp}.png`).waitFor();
      // A file added by mistake is taken out again before handing in.
      await detail.locator('input[type=file]').setInputFiles({
        name: `wrong-${stamp}.png`,
        mimeType: 'image/png',
        buffer: PNG,
      });
      await detail.getByRole('button', { name: `Remove wrong-${stamp}.png` }).click();
      await toastShown(page, 'File removed');
      await detail
        .getByRole('list', { name: 'Your files' })
        .getByText(`wrong-${stamp}.png`)
        .waitFor({ state: 'detached' });
      await detail.getByRole('list', { name: 'Your files' }).getByText(`leaf-${stamp}.png`).waitFor();
      await detail.getByRole('button', { name: 'Hand in', exact: true }).click();
      await toastShown(page, 'Work handed in successfully');
      await expect
        .poll(() => detail.getByTestId('hand-in-status').textContent(), { timeout: 10_000 })
        .toMatch(/^Handed in on /);
      await detail.getByText('Handed in', { exact: true }).waitFor();
      // Still changeable until it is returned.
      await detail.getByRole('button', { name: 'Hand in again' }).waitFor();
      expect(await noOverflow(page)).toBeLessThanOrEqual(PHONE.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, { path: '/tmp/family-homework-handed-in-390.png', fullPage: true });

      // The teacher returns it with marks and feedback: the open page shows them without a reload.
      await page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 20_000 });
      let reviewer = staffToken;
      try {
        const teacher = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: TEACHER });
        reviewer = teacher.data.token;
        await callApi(`/homework/${id}/submissions/${student._id}/review`, {
          method: 'PUT',
          token: reviewer,
          body: { marks: 8.5, feedback: 'Clear and well argued.', returned: true },
        });
      } catch {
        // The demo teacher does not teach this subject: the office returns it.
        await callApi(`/homework/${id}/submissions/${student._id}/review`, {
          method: 'PUT',
          token: staffToken,
          body: { marks: 8.5, feedback: 'Clear and well argued.', returned: true },
        });
      }
      const review = detail.getByTestId('homework-review');
      await review.waitFor({ timeout: 20_000 });
      expect((await review.textContent())?.replace(/\s+/g, ' ')).toContain('8.5 / 10');
      await review.getByText('Clear and well argued.').waitFor();
      expect(await detail.getByRole('button', { name: /^Hand in/ }).count()).toBe(0);
      await shot(page, { path: '/tmp/family-homework-returned-390.png', fullPage: true });
    } finally {
      await context.close();
    }

    // A parent of the student sees the same work, read-only.
    const parent = await openPage(browser, DESKTOP, { bypassCSP: true });
    try {
      await signIn(parent.page, PARENT);
      await parent.page.goto(`/family/${student._id}/homework?tab=returned`);
      const item = parent.page.getByRole('list', { name: 'Returned' }).getByRole('link').filter({ hasText: title });
      await item.waitFor();
      expect(await item.textContent()).toContain('Marks 8.5 / 10');
      await item.click();
      const detail = parent.page.getByTestId('homework-detail');
      await detail.getByRole('heading', { level: 1, name: title }).waitFor();
      await detail.getByTestId('homework-review').getByText('Clear and well argued.').waitFor();
      await detail.getByText('Plants make sugar from light, water and air.').waitFor();
      await detail.getByRole('list', { name: 'Files handed in' }).getByText(`leaf-${stamp}.png`).waitFor();
      expect(await detail.getByRole('textbox').count()).toBe(0);
      expect(await detail.getByRole('button', { name: /^Hand in/ }).count()).toBe(0);
      expect(await seriousViolations(parent.page)).toEqual([]);
      await shot(parent.page, { path: '/tmp/family-homework-parent-1440.png', fullPage: true });
    } finally {
      await parent.context.close();
    }
  });

  test('a student adds a task, moves it along and deletes it; a parent reads it', async () => {
    const title = `Revise fractions ${Date.now()}`;
    const { context, page } = await openPage(browser, PHONE);
    try {
      await signIn(page, STUDENT);
      await page.goto(`/family/${student._id}/homework?tab=tasks`);
      await page.getByRole('textbox', { name: 'Task' }).fill(title);
      await page.getByRole('button', { name: 'Add task' }).click();
      await toastShown(page, 'Task added successfully');
      const task = page.getByRole('listitem', { name: title });
      await task.getByText('Medium priority').waitFor();
      await task.getByRole('combobox', { name: `Status of ${title}` }).click();
      await page.getByRole('option', { name: 'In Progress' }).click();
      await toastShown(page, 'Task updated successfully');
      expect(await noOverflow(page)).toBeLessThanOrEqual(PHONE.width);
      await shot(page, { path: '/tmp/family-homework-tasks-390.png', fullPage: true });

      const parent = await callApi<{ token: string }>('/students/parents/login', { method: 'POST', body: PARENT });
      const seen = await callApi<{ data: { title: string; status: string }[] }>(
        `/homework/tasks?studentId=${student._id}&limit=200`,
        { token: parent.token },
      );
      expect(seen.data.find((t) => t.title === title)?.status).toBe('in_progress');

      await task.getByRole('button', { name: `Delete ${title}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Task' }).click();
      await toastShown(page, 'Task deleted successfully');
      await task.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
