import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, callApi, DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo, TEACHER } from './support/browser';

/** The demo school's zone. */
const SCHOOL_ZONE = 'Asia/Kolkata';
const run = Date.now().toString(36);
const SUBJECT = `Astronomy ${run}`;
/**
 * A period already begun, so the card counts it as not taken: after the demo's last period and the other suites'
 * own periods in the evening (the teacher is free then), or just after midnight when the suite runs before it.
 */
const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: SCHOOL_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
}).format(new Date());
const [START, END] = clock >= '17:45' ? ['17:00', '17:45'] : ['00:00', '00:15'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_ZONE }).format(new Date());
const weekday = WEEKDAYS[new Date(`${today}T00:00:00Z`).getUTCDay()];
/** Saturdays and Sundays have no timetable, so there is no register to wait for. */
const schoolDay = weekday !== 'Saturday' && weekday !== 'Sunday';

let browser: Browser;
let adminToken: string;
let teacherToken: string;
let classId: string;
let subjectId: string;
let studentId: string;
let label: string;

beforeAll(async () => {
  adminToken = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data.token;
  const teacher = await callApi<{
    token?: string;
    data?: { token: string; teacher?: { _id: string } };
    teacher?: { _id: string };
  }>('/teachers/login', { method: 'POST', body: TEACHER });
  teacherToken = (teacher.token ?? teacher.data?.token) as string;
  const teacherId = (teacher.teacher ?? teacher.data?.teacher)?._id as string;
  const classes = await callApi<{ data: { name: string; section: string }[] }>('/classes?limit=500', {
    token: adminToken,
  });
  const used = new Set(classes.data.map((c) => `${c.name}-${c.section}`));
  const free = ['1', '2']
    .flatMap((name) => ['E', 'F'].map((section) => ({ name, section })))
    .find((c) => !used.has(`${c.name}-${c.section}`));
  if (!free) throw new Error('no free class name and section');
  label = `${free.name}-${free.section} · ${SUBJECT}`;
  classId = (
    await callApi<{ data: { _id: string } }>('/classes', {
      method: 'POST',
      token: adminToken,
      body: { ...free, teacherId, capacity: 30 },
    })
  ).data._id;
  subjectId = (
    await callApi<{ data: { _id: string } }>('/subjects', {
      method: 'POST',
      token: adminToken,
      body: { name: SUBJECT, code: `AST${run}`.slice(0, 20), classId, teacherId },
    })
  ).data._id;
  if (schoolDay)
    await callApi('/schedules', {
      method: 'POST',
      token: adminToken,
      body: { teacherId, classId, subjectId, dayOfWeek: weekday, startTime: START, endTime: END },
    });
  studentId = (
    await callApi<{ data: { _id: string } }>('/students', {
      method: 'POST',
      token: adminToken,
      body: {
        name: `Star Pupil ${run}`,
        classId,
        rollNumber: `s${run}`.slice(0, 20),
        email: `star.${run}@example.org`,
        password: 'student-pw-1',
        phone: '+91 98765 43210',
        dateOfBirth: '2012-04-01',
        gender: 'female',
        address: { street: '12 Lake Road', city: 'Pune', state: 'MH', zipCode: '411001' },
        parentInfo: {
          fatherName: `Star Father ${run}`,
          fatherPhone: '+91 90000 00001',
          fatherEmail: `star.father.${run}@example.org`,
          fatherPassword: 'father-pw-1',
        },
      },
    })
  ).data._id;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** The teacher takes the period's register (as their own screen would); answers the mark's id. */
async function takeRegister() {
  const answer = await callApi<{ data: { records: { _id: string }[] } }>('/attendance/bulk', {
    method: 'POST',
    token: teacherToken,
    body: { classId, subjectId, date: today, records: [{ studentId, status: 'present' }] },
  });
  return answer.data.records[0]._id;
}

async function cardOf(page: Page) {
  const card = page.locator('[aria-labelledby="registers-card-title"]');
  await card.waitFor();
  return card;
}

describe('registers not yet taken', () => {
  test.skipIf(!schoolDay).each([
    ['/attendance', DESKTOP],
    ['/dashboard', PHONE],
  ] as const)('the card on %s drops a period the moment its teacher takes the register', async (path, viewport) => {
    const { context, page } = await openPage(browser, viewport);
    await signInTo(page, path);
    await page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });
    const card = await cardOf(page);
    const period = card.getByRole('listitem').filter({ hasText: label });
    await period.waitFor();
    await expect(period.textContent()).resolves.toContain('Rahul Verma');
    await expect(period.getByText('Later').or(period.getByText('Not taken')).count()).resolves.toBe(1);
    await shot(page, { path: `/tmp/registers-card-${viewport.width}-before.png` });

    const markId = await takeRegister();
    try {
      await period.waitFor({ state: 'detached', timeout: 10_000 });
      await card.getByRole('button', { name: 'Taken', exact: true }).click();
      // The latest taken comes first.
      const taken = card.getByRole('listitem').first();
      await expect(taken.textContent()).resolves.toContain(label);
      await expect(taken.textContent()).resolves.toMatch(/Taken \d{1,2}:\d{2}.* by Rahul Verma/);
      if (path === '/attendance') expect(page.url()).toContain('registers=taken');
      await shot(page, { path: `/tmp/registers-card-${viewport.width}-after.png` });
    } finally {
      // The next viewport starts from a register not taken again: its one mark removed, the register goes too.
      await callApi(`/attendance/${markId}`, { method: 'DELETE', token: adminToken });
      await context.close();
    }
  });
});

describe('registers not yet taken, one mark at a time', () => {
  test.skipIf(!schoolDay).each([
    ['/attendance', PHONE],
    ['/dashboard', DESKTOP],
  ] as const)(
    'the card on %s drops a period for one mark given and brings it back when the mark is deleted',
    async (path, viewport) => {
      const { context, page } = await openPage(browser, viewport);
      let markId: string | undefined;
      try {
        await signInTo(page, path);
        await page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });
        const card = await cardOf(page);
        const period = card.getByRole('listitem').filter({ hasText: label });
        await period.waitFor();

        const answer = await callApi<{ data: { _id: string } }>('/attendance', {
          method: 'POST',
          token: teacherToken,
          body: { studentId, classId, subjectId, date: today, status: 'late' },
        });
        markId = answer.data._id;
        await period.waitFor({ state: 'detached', timeout: 10_000 });
        if (path === '/attendance') await page.getByText('Attendance updated for 1 student', { exact: true }).waitFor();
        await shot(page, { path: `/tmp/registers-card-one-mark-${viewport.width}-taken.png` });

        await callApi(`/attendance/${markId}`, { method: 'DELETE', token: adminToken });
        markId = undefined;
        await period.waitFor({ timeout: 10_000 });
        await shot(page, { path: `/tmp/registers-card-one-mark-${viewport.width}-back.png` });
      } finally {
        if (markId) await callApi(`/attendance/${markId}`, { method: 'DELETE', token: adminToken });
        await context.close();
      }
    },
  );
});
