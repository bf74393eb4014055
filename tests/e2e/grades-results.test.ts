import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  callApi,
  chooseOwnLanguage,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  resetOwnLanguages,
  seriousViolations,
  shot,
  signInTo,
  toastShown,
} from './support/browser';

const PARENT = { email: 'parent@demo.school', password: 'demo1234' };

interface Child {
  _id: string;
  name: string;
  classId: { _id: string; name: string; section: string } | null;
}

let browser: Browser;
let adminToken: string;
let child: Child;
let termId: string;
/** A term of its own far from today's, so it overlaps no other test's. */
const YEAR = 2040 + Math.floor(Math.random() * 50);
const TERM = `Term ${YEAR}`;

const publish = (published: boolean) =>
  callApi('/grades/publications', {
    method: 'PUT',
    token: adminToken,
    body: { classId: child.classId?._id, termId, published },
  });

/** The parent's first child scores 42 of 50 (84.0 %, A2) in an exam of their class's first subject in TERM. */
beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data.token;
  const parent = await callApi<{ parent: { children: Child[] } }>('/students/parents/login', {
    method: 'POST',
    body: PARENT,
  });
  child = parent.parent.children.find((c) => c.classId) as Child;
  const classId = child.classId?._id as string;
  const subjects = await callApi<{ data: { _id: string }[] }>(`/subjects?classId=${classId}`, { token: adminToken });
  // A classmate's 30 of 50 makes the subject's mean (72.0 %) differ from its highest and lowest.
  const pupils = await callApi<{ data: { _id: string }[] }>(`/students?classId=${classId}&limit=5`, {
    token: adminToken,
  });
  const classmate = pupils.data.find((p) => p._id !== child._id)?._id as string;
  termId = (
    await callApi<{ data: { _id: string } }>('/grades/terms', {
      method: 'POST',
      token: adminToken,
      body: { name: TERM, startDate: `${YEAR}-04-01`, endDate: `${YEAR}-09-30` },
    })
  ).data._id;
  const made = await callApi<{ data: { _id: string } }>('/grades/assessments', {
    method: 'POST',
    token: adminToken,
    body: {
      classId,
      subjectId: subjects.data[0]._id,
      termId,
      title: 'Half-yearly',
      type: 'exam',
      date: `${YEAR}-09-10`,
      maxMarks: 50,
    },
  });
  await callApi(`/grades/assessments/${made.data._id}/marks`, {
    method: 'PUT',
    token: adminToken,
    body: {
      marks: [
        { studentId: child._id, status: 'scored', score: 42 },
        { studentId: classmate, status: 'scored', score: 30 },
      ],
    },
  });
});

afterAll(async () => {
  await resetOwnLanguages();
  await browser?.close();
});

async function signInParent(page: Page) {
  await signInTo(page, `/family/${child._id}`, PARENT);
}

interface Results {
  subjects: { name: string; statistics: { mean: number | null } }[];
  summary: { students: number; withResults: number; meanPercent: number | null; meanGpa: number | null };
}

/** The class and term are chosen above the tabs, once for all of them. */
async function chooseClassAndTerm(page: Page) {
  await page.goto('/student-progress');
  await page.getByRole('combobox', { name: 'Class', exact: true }).click();
  await page.getByRole('option', { name: `${child.classId?.name}-${child.classId?.section}` }).click();
  await page.getByRole('combobox', { name: 'Term', exact: true }).click();
  await page.getByRole('option', { name: TERM }).click();
}

async function card(page: Page, label: string) {
  const region = page.getByRole('region', { name: label, exact: true });
  await region.locator('p[data-numeric]').waitFor();
  return ((await region.locator('p[data-numeric]').textContent()) ?? '').trim();
}

async function openReportCards(page: Page) {
  await page.goto('/student-progress');
  await page.getByRole('tab', { name: 'Progress Reports' }).click();
  await page.getByRole('combobox', { name: 'Class', exact: true }).click();
  await page.getByRole('option', { name: `${child.classId?.name}-${child.classId?.section}` }).click();
  await page.getByRole('combobox', { name: 'Term', exact: true }).click();
  await page.getByRole('option', { name: TERM }).click();
  await page
    .getByRole('region', { name: new RegExp(`Results of .*${TERM}`) })
    .getByText(child.name)
    .waitFor();
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('results and report cards', () => {
  test('a parent on a phone sees a term’s results appear the moment the office publishes them, and downloads the card', async () => {
    const { context, page } = await openPage(browser, PHONE, { bypassCSP: true });
    await signInParent(page);
    const results = page.getByRole('region', { name: 'Results' });
    await results.waitFor();
    expect(await results.getByRole('heading', { name: TERM }).count()).toBe(0);
    // The page hears the publishing only once its live connection is open.
    await page.getByRole('status', { name: 'Live updates on' }).waitFor();
    await publish(true);
    await toastShown(page, 'New results published');
    const term = results.getByRole('region', { name: TERM });
    await term.getByText('Overall 84.0% · grade A2').waitFor();
    await term.scrollIntoViewIfNeeded();
    expect(await noSideScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: '/tmp/results-family-phone.png' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      term.getByRole('button', { name: `Download report card of ${TERM}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^report-card-.*\.pdf$/);
    await context.close();
  });

  test('the office withdraws and publishes a class’s report cards on a desktop and downloads the class’s file', async () => {
    const { context, page } = await openPage(browser, DESKTOP, { bypassCSP: true });
    await signInTo(page);
    await openReportCards(page);
    await page
      .getByRole('region', { name: new RegExp(`Results of .*${TERM}`) })
      .getByText('84.0%')
      .waitFor();
    // Withdrawing asks first: Cancel leaves the cards with the families.
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Withdraw these report cards?' });
    const asked = confirm.getByText('will no longer see the', { exact: false });
    const className = `${child.classId?.name}-${child.classId?.section}`;
    expect((await asked.textContent())?.replace(/[\u2066-\u2069]/g, '')).toBe(
      `Families of ${className} will no longer see the ${TERM} results and report cards. You can publish them again later.`,
    );
    await shot(page, { path: '/tmp/results-withdraw-confirm-desktop.png' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await page.getByRole('tabpanel', { name: 'Progress Reports' }).getByText('Not published').count()).toBe(0);
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await confirm.getByRole('button', { name: 'Withdraw report cards' }).click();
    await toastShown(page, 'Report cards withdrawn successfully');
    await page.getByRole('tabpanel', { name: 'Progress Reports' }).getByText('Not published').waitFor();
    await page.getByRole('button', { name: 'Publish report cards' }).click();
    await toastShown(page, 'Report cards published successfully');
    await page.getByText(/^Published /).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: '/tmp/results-office-desktop.png', fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download class report cards' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await context.close();
  });

  test('the Overview shows the class’s figures and Academic Progress each subject’s average, at 1440 and 390 px', async () => {
    const results = (
      await callApi<{ data: Results }>(`/grades/results?classId=${child.classId?._id}&termId=${termId}`, {
        token: adminToken,
      })
    ).data;
    const { summary } = results;
    const published = (
      await callApi<{ data: { termId: string }[] }>(`/grades/publications?classId=${child.classId?._id}`, {
        token: adminToken,
      })
    ).data.some((p) => p.termId === termId);
    expect(summary.withResults).toBeGreaterThan(0);
    const className = `${child.classId?.name}-${child.classId?.section}`;
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { context, page } = await openPage(browser, viewport, { bypassCSP: true });
      await signInTo(page);
      await chooseClassAndTerm(page);
      await page
        .getByRole('region', { name: 'Students', exact: true })
        .getByText(/with marks this term/)
        .waitFor();
      expect(await card(page, 'Students')).toBe(String(summary.students));
      expect(await card(page, 'Class average')).toBe(`${summary.meanPercent?.toFixed(1)}%`);
      expect(await card(page, 'Average GPA')).toBe(summary.meanGpa?.toFixed(2));
      expect(await card(page, 'Report cards')).toBe(published ? 'Published' : 'Not published');
      expect(
        await page
          .getByRole('main')
          .getByText(/preview|sample/i)
          .count(),
      ).toBe(0);
      expect(await page.getByRole('tab', { name: /Activities|Goals/ }).count()).toBe(0);
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, { path: `/tmp/progress-overview-${name}.png`, fullPage: true });

      await page.getByRole('tab', { name: 'Academic Progress' }).click();
      const bySubject = page.getByRole('table', { name: `Average percentage by subject, ${className}, ${TERM}` });
      await bySubject.waitFor({ state: 'attached' });
      const marked = results.subjects.filter((s) => s.statistics.mean != null);
      expect(marked.length).toBeGreaterThan(0);
      expect(await bySubject.locator('tbody tr').count()).toBe(marked.length);
      for (const subject of marked) {
        const row = bySubject.locator('tbody tr', {
          has: page.getByRole('rowheader', { name: subject.name, exact: true }),
        });
        expect((await row.locator('td').textContent())?.trim()).toBe(`${subject.statistics.mean?.toFixed(1)}%`);
      }
      const byTerm = page.getByRole('table', { name: `Class average by term, ${className}` });
      await byTerm.waitFor({ state: 'attached' });
      expect((await byTerm.locator('tbody tr').last().textContent())?.trim()).toBe(
        `${TERM}${summary.meanPercent?.toFixed(1)}%`,
      );
      await page.locator('canvas').first().waitFor();
      expect(await noSideScroll(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, { path: `/tmp/progress-academic-${name}.png`, fullPage: true });
      await context.close();
    }
  });

  test('the office’s tab reads right to left in Arabic on a phone, and the family’s results in Hindi', async () => {
    const office = await openPage(browser, PHONE);
    await signInTo(office.page, '/student-progress', ADMIN, { language: 'ar' });
    await office.page.getByRole('tab', { name: 'تقارير التقدم' }).click();
    await office.page.getByRole('button', { name: 'تنزيل بطاقات تقرير الصف' }).waitFor();
    expect(await office.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await noSideScroll(office.page)).toBe(true);
    await shot(office.page, { path: '/tmp/results-office-phone-ar.png', fullPage: true });
    await office.page.getByRole('tab', { name: 'التقدم الأكاديمي' }).click();
    await office.page.getByText('المتوسطات حسب المادة').waitFor();
    expect(await noSideScroll(office.page)).toBe(true);
    await shot(office.page, { path: '/tmp/progress-academic-phone-ar.png', fullPage: true });
    await office.context.close();

    const family = await openPage(browser, PHONE);
    await signInParent(family.page);
    await chooseOwnLanguage(family.page, 'hi');
    const results = family.page.getByRole('region', { name: 'परिणाम' });
    await results.getByRole('button', { name: `${TERM} का प्रगति पत्र डाउनलोड करें` }).waitFor();
    await results.scrollIntoViewIfNeeded();
    await shot(family.page, { path: '/tmp/results-family-phone-hi.png' });
    await family.context.close();
    await publish(false);
  });
});
