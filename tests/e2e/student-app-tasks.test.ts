import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  callApi,
  chooseOwnLanguage,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  rememberSecrets,
  seriousViolations,
  shot,
  signInTo,
} from './support/browser';
import { tr } from './support/catalogue';
import { makeOwnSchool, type OwnSchool } from './support/own-school';

// axe-core is injected: the portal's CSP rightly forbids that otherwise.
const AXE = { bypassCSP: true };
const CARDS = ['Assignments', 'Pending', 'Completed', 'Overdue'] as const;
type Figures = Record<(typeof CARDS)[number], number>;

let browser: Browser;
let school: OwnSchool;
/** The homework this file sets and the class's size, once set. */
let made: { open: string; past: string; students: number };

/** A day `offset` days from today in the own school's zone (Asia/Kolkata). */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + offset * 86_400_000));

const int = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The four cards' numbers as the screen shows them. */
async function figures(page: Page): Promise<Figures> {
  const read = async (label: string) => {
    const card = page.getByRole('region', { name: label, exact: true });
    await card.locator('p[data-numeric]').waitFor();
    return int((await card.locator('p[data-numeric]').textContent()) ?? '');
  };
  return {
    Assignments: await read('Assignments'),
    Pending: await read('Pending'),
    Completed: await read('Completed'),
    Overdue: await read('Overdue'),
  };
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

/** Picks `option` (a class's label is isolated for right-to-left text: matched by its letters) in a select. */
async function choose(page: Page, combobox: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the office’s Student App Tasks screen', () => {
  test('shows the homework set and handed in over the API: cards, Assignments, Submissions and Reports', async () => {
    // A school of this attempt's own: a retry starts from an empty one again.
    school = await makeOwnSchool('Homework');
    const { token, classes } = school;
    const tag = randomUUID().slice(0, 8);
    const teachers = await callApi<{ data: { _id: string }[] }>('/teachers', { token });
    const subject = await callApi<{ data: { _id: string } }>('/subjects', {
      method: 'POST',
      token,
      body: { name: 'Mathematics', classId: classes['6-A'], teacherId: teachers.data[0]._id },
    });
    // A pupil of 6-A of the test's own, who signs in to hand work in.
    const pupil = { email: `hand-in-${tag}@own-school.test`, password: `Hand-in-${tag}` };
    rememberSecrets(pupil.password);
    await callApi('/students', {
      method: 'POST',
      token,
      body: {
        name: 'Zoya Qureshi',
        classId: classes['6-A'],
        rollNumber: '9',
        email: pupil.email,
        password: pupil.password,
        requirePasswordChange: false,
        phone: '+91 98765 43219',
        dateOfBirth: '2013-06-01',
        gender: 'female',
        address: { street: '3 Hill Road', city: 'Pune', state: 'MH', zipCode: '411001' },
        parentInfo: {
          motherName: 'Sana Qureshi',
          motherPhone: '+91 90000 00009',
          motherEmail: `hand-in-parent-${tag}@own-school.test`,
          motherPassword: `Parent-${tag}`,
        },
      },
    });
    const student = await callApi<{ data: { token: string } }>('/students/login', { method: 'POST', body: pupil });

    const { context, page } = await openPage(browser, DESKTOP, AXE);
    await signInTo(page, '/student-app-tasks', school.admin);
    await page.getByRole('heading', { level: 1, name: 'Assignments & Homework' }).waitFor();
    const before = await figures(page);
    // The school has no homework yet: the screen says what sets it.
    await page.getByRole('heading', { name: 'No homework set yet' }).waitFor();
    expect(await page.getByText('preview', { exact: false }).count()).toBe(0);
    await shot(page, { path: '/tmp/student-app-tasks-empty-1440.png', fullPage: true });

    // Homework due tomorrow and homework due yesterday, each handed in by the one pupil.
    const set = async (title: string, dueDate: string) =>
      (
        await callApi<{ data: { _id: string; counts: { students: number } } }>('/homework', {
          method: 'POST',
          token,
          body: {
            classId: classes['6-A'],
            subjectId: subject.data._id,
            title,
            dueDate,
            dueTime: '17:00',
            maxMarks: 10,
          },
        })
      ).data;
    const open = `Fractions ${tag}`;
    const past = `Decimals ${tag}`;
    const first = await set(open, day(1));
    const second = await set(past, day(-1));
    for (const id of [first._id, second._id])
      await callApi(`/homework/${id}/submission`, { method: 'PUT', token: student.data.token, body: { text: 'Done' } });
    made = { open, past, students: second.counts.students };
    expect(made.students).toBe(4);

    // The cards move by exactly that: two set; the open one still expects the other three pupils' work; the past
    // one is overdue (one of four handed in).
    await page.reload();
    await expect
      .poll(() => figures(page), { timeout: 15_000 })
      .toEqual({
        Assignments: before.Assignments + 2,
        Pending: before.Pending + made.students - 1,
        Completed: before.Completed,
        Overdue: before.Overdue + 1,
      });
    const recent = page.getByRole('list', { name: 'Recent homework' });
    await recent.getByText(open, { exact: true }).waitFor();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: '/tmp/student-app-tasks-overview-1440.png', fullPage: true });

    // Assignments: each with its class, teacher, due time and hand-ins.
    await page.getByRole('tab', { name: 'Assignments', exact: true }).click();
    const table = page.getByRole('region', { name: 'Assignments', exact: true });
    const row = table.getByRole('row').filter({ hasText: past });
    await row.waitFor();
    expect(await row.textContent()).toContain(`1 of ${made.students}`);
    expect(await row.textContent()).toContain('Overdue');
    expect(await row.textContent()).toContain('Meera Office');
    await choose(page, 'Status', 'Active');
    await table.getByRole('row').filter({ hasText: open }).waitFor();
    await expect.poll(() => table.getByRole('row').filter({ hasText: past }).count()).toBe(0);
    await shot(page, { path: '/tmp/student-app-tasks-assignments-1440.png', fullPage: true });
    await choose(page, 'Status', 'All statuses');
    await row.getByRole('button', { name: `Hand-ins of ${past}` }).click();

    // Its roster: the pupil handed in late, the three others are overdue.
    const roster = page.getByRole('region', { name: `Hand-ins of ${past}` });
    const mine = roster.getByRole('row').filter({ hasText: 'Zoya Qureshi' });
    await mine.waitFor();
    expect(await mine.textContent()).toContain('Submitted');
    expect(await mine.textContent()).toContain('Late');
    expect(await roster.getByRole('row').filter({ hasText: 'Overdue' }).count()).toBe(3);
    await choose(page, 'Hand-in', 'Overdue');
    await expect.poll(() => roster.getByRole('row').filter({ hasText: 'Zoya Qureshi' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: '/tmp/student-app-tasks-submissions-1440.png', fullPage: true });

    // Tasks: the pupil's own to-do.
    await callApi('/homework/tasks', {
      method: 'POST',
      token: student.data.token,
      body: { title: `Revise tables ${tag}`, priority: 'high', status: 'in_progress' },
    });
    await page.getByRole('tab', { name: 'Tasks', exact: true }).click();
    const task = page
      .getByRole('region', { name: 'Tasks', exact: true })
      .getByRole('row')
      .filter({
        hasText: `Revise tables ${tag}`,
      });
    await task.waitFor();
    expect(await task.textContent()).toContain('Zoya Qureshi');
    expect(await task.textContent()).toContain('High');
    expect(await task.textContent()).toContain('In Progress');
    await shot(page, { path: '/tmp/student-app-tasks-tasks-1440.png', fullPage: true });

    // Reports: 6-A's Mathematics rate of the homework past due, one of four.
    await page.getByRole('tab', { name: 'Reports', exact: true }).click();
    await choose(page, 'Class', /^\W*6-A\W*$/);
    const rates = page.getByRole('region', { name: 'Submission rates by class and subject' });
    const sixA = rates.getByRole('row').filter({ hasText: 'Mathematics' });
    await expect.poll(async () => (await sixA.textContent()) ?? '').toContain('25%');
    expect(await sixA.textContent()).toContain(`2 of ${made.students * 2}`);
    const overdue = page.getByRole('region', { name: 'Students overdue' });
    expect(await overdue.getByRole('row').count()).toBe(4);
    expect(await overdue.getByRole('row').filter({ hasText: 'Zoya Qureshi' }).count()).toBe(0);
    await page.getByRole('img', { name: /^Hand-in rate per class and subject/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: '/tmp/student-app-tasks-reports-1440.png', fullPage: true });
    await context.close();
  });

  test.each(['en', 'ar'] as const)(
    'fits a phone in %s, every tab, with no serious accessibility fault',
    async (language) => {
      expect(made, 'the first test sets the homework').toBeTruthy();
      const { context, page } = await openPage(browser, PHONE, AXE);
      await signInTo(page, undefined, school.admin);
      if (language !== 'en') await chooseOwnLanguage(page, language);
      await page.goto('/student-app-tasks');
      await page.getByRole('heading', { level: 1, name: tr(language, 'Assignments & Homework') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await page
        .getByRole('list', { name: tr(language, 'Recent homework') })
        .getByText(made.past, { exact: true })
        .waitFor();
      for (const tab of ['Overview', 'Assignments', 'Tasks', 'Submissions', 'Reports']) {
        await page.getByRole('tab', { name: tr(language, tab), exact: true }).click();
        await page.getByRole('tabpanel').waitFor();
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        await noSidewaysScroll(page);
        expect(await seriousViolations(page), `${tab} in ${language}`).toEqual([]);
        await shot(page, { path: `/tmp/student-app-tasks-${tab.toLowerCase()}-${language}-390.png`, fullPage: true });
      }
      if (language !== 'en') await chooseOwnLanguage(page, null);
      await context.close();
    },
  );
});
