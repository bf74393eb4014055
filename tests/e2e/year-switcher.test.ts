import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callApi, DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo } from './support/browser';
import { makeOwnSchool, markedAssessment, type OwnSchool } from './support/own-school';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Today in the own school's zone (Asia/Kolkata), as the registers date it. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/**
 * A school of the test's own with a year of records: a register of 6-A taken today (Diya absent), a payment of
 * 500 towards 6-A's tuition, and Aarav's 42 of 50 in a term's exam; then rolled over into the next year.
 */
async function rolledSchool(): Promise<OwnSchool & { next: string }> {
  const school = await makeOwnSchool('Years');
  const { token, classes, students, fee } = school;
  const first = Number(school.academicYear.slice(0, 4));
  const teachers = await callApi<{ data: { _id: string }[] }>('/teachers', { token });
  const subject = await callApi<{ data: { _id: string } }>('/subjects', {
    method: 'POST',
    token,
    body: { name: 'Mathematics', classId: classes['6-A'], teacherId: teachers.data[0]._id },
  });
  const sixA = students.filter((s) => s.classLabel === '6-A');
  await callApi('/attendance/bulk', {
    method: 'POST',
    token,
    body: {
      classId: classes['6-A'],
      subjectId: subject.data._id,
      date: today(),
      records: sixA.map((s) => ({ studentId: s._id, status: s.name === 'Diya Kapoor' ? 'absent' : 'present' })),
    },
  });
  await callApi('/fees/collections', {
    method: 'POST',
    token,
    body: { studentId: sixA[0]._id, structureId: fee.structureId, instalment: 1, amount: 500, method: 'cash' },
  });
  await markedAssessment(token, {
    classId: classes['6-A'],
    subjectId: subject.data._id,
    first,
    title: 'Half-yearly',
    type: 'exam',
    date: `${first}-09-10`,
    marks: [{ studentId: sixA[0]._id, score: 42 }],
  });
  const next = `${first + 1}-${first + 2}`;
  await callApi('/years/rollover', {
    method: 'POST',
    token,
    body: { name: next, startsOn: `${first + 1}-04-01`, endsOn: `${first + 2}-03-31` },
  });
  return { ...school, next };
}

/** The year select: in the top bar on a desktop, in the menu drawer on a phone (which this opens). */
async function switcher(page: Page, phone: boolean) {
  if (!phone) return page.getByTestId('year-switcher-bar').getByRole('combobox', { name: 'School year' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('dialog').getByRole('combobox', { name: 'School year' });
}
const banner = (page: Page) => page.getByTestId('year-banner');

async function choose(page: Page, combobox: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('the year switcher', () => {
  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`last year's classes, attendance, fees and results stay readable after a rollover (${size} px)`, async () => {
      const school = await rolledSchool();
      const past = school.academicYear;
      const { context, page } = await openPage(browser, viewport);
      try {
        await signInTo(page, undefined, school.admin);
        const phone = viewport.width < 768;
        const select = await switcher(page, phone);
        await select.filter({ hasText: school.next }).waitFor();
        expect(await banner(page).count()).toBe(0);
        // It fits its place without pushing the page sideways.
        const box = await select.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
        if (phone) await shot(page, { path: `/tmp/years-drawer-${size}.png` });

        await select.click();
        await page.getByRole('option', { name: past, exact: true }).click();
        if (phone) await page.keyboard.press('Escape');
        await banner(page).getByText(`You are viewing ${past}, a past year: read-only`).waitFor();
        // Last year's five pupils, all on its roll (two of them have since graduated).
        await page.getByText('5 active', { exact: true }).waitFor();
        await shot(page, { path: `/tmp/years-dashboard-${size}.png` });

        // The students overview counts last year's classes: 6-A had three pupils, 7-A two.
        await page.goto('/students');
        await page.getByText('Class 6-A').first().waitFor();
        const perClass = await page.getByText(/^Class [67]-A$/).allTextContents();
        expect(perClass).toEqual(['Class 6-A', 'Class 7-A']);
        await banner(page).waitFor();
        await shot(page, { path: `/tmp/years-students-${size}.png`, fullPage: true });

        // Attendance: last year's 6-A on the day its register was taken.
        await page.goto('/attendance');
        await choose(page, 'Class', /6-A/);
        await page.getByText('Diya Kapoor').first().waitFor();
        await page.getByText('Aarav Mehta').first().waitFor();
        await shot(page, { path: `/tmp/years-attendance-${size}.png`, fullPage: true });

        // Fees: last year's structure with what was paid towards it.
        await page.goto('/fees?tab=structures');
        await page.getByRole('tab', { name: 'Structures' }).click();
        const rows = page.getByRole('row').filter({ hasText: 'Tuition Fee' });
        await rows
          .filter({ hasText: past })
          .filter({ hasText: /500\.00/ })
          .waitFor();
        // Only last year's structure: its copy for the new year is not listed.
        expect(await rows.filter({ hasText: school.next }).count()).toBe(0);
        await shot(page, { path: `/tmp/years-fees-${size}.png`, fullPage: true });

        // Results: last year's 6-A in its term.
        await page.goto('/student-progress');
        await choose(page, 'Class', /6-A/);
        await choose(page, 'Term', 'Term 1');
        // The class's three pupils of that year, though they have moved on; Aarav's 42 of 50 its only mark.
        const figure = async (label: string) => {
          const value = page.getByRole('region', { name: label, exact: true }).locator('p[data-numeric]');
          await value.waitFor();
          return (await value.textContent())?.trim();
        };
        await page
          .getByRole('region', { name: 'Students', exact: true })
          .getByText(/with marks this term/)
          .waitFor();
        expect(await figure('Students')).toBe('3');
        expect(await figure('Class average')).toBe('84.0%');
        await shot(page, { path: `/tmp/years-results-${size}.png`, fullPage: true });

        // And back: the banner goes, the current year's classes return.
        await banner(page)
          .getByRole('button', { name: `Back to ${school.next}` })
          .click();
        await banner(page).waitFor({ state: 'detached' });
        await (await switcher(page, phone)).filter({ hasText: school.next }).waitFor();
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});

/**
 * The rolled school with a fee of this year too: next year's 7-A (where 6-A's pupils went) pays a Lab Fee of 800.00,
 * and Aarav has paid 300.00 of it. So last year collected 500.00 (its tuition), this year 800.00 (the tuition's
 * 500.00 is still inside this year's figures, as its unpaid rest is owed as arrears, plus the Lab Fee's 300.00).
 */
async function rolledSchoolWithThisYearsFee() {
  const school = await rolledSchool();
  const { token } = school;
  const classes = await callApi<{ data: { _id: string; name: string }[] }>('/classes', { token });
  const sevenA = classes.data.find((c) => c.name === '7');
  const category = await callApi<{ data: { _id: string } }>('/fees/categories', {
    method: 'POST',
    token,
    body: { name: 'Lab Fee' },
  });
  const dueDate = `${school.next.slice(0, 4)}-06-15`;
  const fee = await callApi<{ data: { _id: string } }>('/fees/structures', {
    method: 'POST',
    token,
    body: { classId: sevenA?._id, categoryId: category.data._id, amount: 800, dueDate },
  });
  const aarav = school.students.find((s) => s.classLabel === '6-A');
  await callApi('/fees/receipts', {
    method: 'POST',
    token,
    body: {
      studentId: aarav?._id,
      method: 'cash',
      items: [{ structureId: fee.data._id, instalment: 1, amount: 300 }],
    },
  });
  return school;
}

describe("the year switcher and the office's money", () => {
  test("switching the year changes the dashboard's fee and attendance figures and the dues list", async () => {
    const school = await rolledSchoolWithThisYearsFee();
    const past = school.academicYear;
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await signInTo(page, undefined, school.admin);
      const feeCard = page.getByRole('region', { name: 'Fee Collection', exact: true });
      const collected = feeCard.locator('[data-numeric]');
      // This year: the tuition's 500.00 (owed on as arrears) and the Lab Fee's 300.00; today's registers shown.
      await collected.filter({ hasText: /800\.00/ }).waitFor();
      await page.locator('#registers-card-title').waitFor();

      const select = await switcher(page, false);
      await select.click();
      await page.getByRole('option', { name: past, exact: true }).click();
      await banner(page).waitFor();
      // Last year: its tuition alone, and its attendance over the year in place of today's registers.
      await collected.filter({ hasText: /500\.00/ }).waitFor();
      await page.getByText(`66.7% over ${past}`).waitFor();
      expect(await page.locator('#registers-card-title').count()).toBe(0);
      await page.getByText(new RegExp(`last six school days of ${past}`)).waitFor();
      await shot(page, { path: '/tmp/years-dashboard-money-1440.png', fullPage: true });

      // The dues list: last year's tuition only, each instalment marked as that year's arrears.
      await page.goto('/fees');
      const rows = page.getByRole('row');
      await rows.filter({ hasText: 'Tuition Fee' }).first().waitFor();
      expect(await rows.filter({ hasText: 'Lab Fee' }).count()).toBe(0);
      expect(await rows.filter({ hasText: 'Tuition Fee' }).count()).toBe(3);
      // Its Billed card says whose fees it counts: that year's, not "this year's".
      await page.getByText(new RegExp(`^The fees of ${past}, billed to \\d+ students?$`)).waitFor();
      expect(await page.getByText("This year's fees owed by").count()).toBe(0);
      await shot(page, { path: '/tmp/years-dues-1440.png', fullPage: true });

      // Back to this year: this year's Lab Fee is listed beside the arrears.
      await banner(page)
        .getByRole('button', { name: `Back to ${school.next}` })
        .click();
      await banner(page).waitFor({ state: 'detached' });
      await rows.filter({ hasText: 'Lab Fee' }).first().waitFor();
      expect(await rows.filter({ hasText: 'Tuition Fee' }).count()).toBe(3);
      await page.getByText(/^This year's fees owed by \d+ active students?$/).waitFor();
    } finally {
      await context.close();
    }

    // The same past year on a phone.
    const phone = await openPage(browser, PHONE);
    try {
      await signInTo(phone.page, undefined, school.admin);
      const select = await switcher(phone.page, true);
      await select.click();
      await phone.page.getByRole('option', { name: past, exact: true }).click();
      await phone.page.keyboard.press('Escape');
      await banner(phone.page).waitFor();
      await phone.page.getByText(`66.7% over ${past}`).waitFor();
      await shot(phone.page, { path: '/tmp/years-dashboard-money-390.png', fullPage: true });
      await phone.page.goto('/fees');
      await phone.page.getByText(`${past} arrears`).filter({ visible: true }).first().waitFor();
      expect(await phone.page.getByText('Lab Fee').filter({ visible: true }).count()).toBe(0);
      await shot(phone.page, { path: '/tmp/years-dues-390.png', fullPage: true });
    } finally {
      await phone.context.close();
    }
  }, 120_000);
});
