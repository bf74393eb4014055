import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  baseURL,
  callApi,
  DESKTOP,
  launchBrowser,
  PHONE,
  recordToasts,
  shot,
  TEACHER,
  toastShown,
  watchLiveConnections,
} from './support/browser';

/** The demo school's zone. */
const SCHOOL_ZONE = 'Asia/Kolkata';
const run = Date.now().toString(36);
const SUBJECT = `Robotics ${run}`;
/** After the demo's last period and the other suites' own periods, so the teacher is free and the period is theirs alone. */
const START = '18:00';
const END = '18:45';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

let browser: Browser;
/** The school's most recent weekday: the period is on that day, and the teacher's clock stands inside it. */
let day: string;

const dateIn = (timeZone: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

function recentWeekday(now = new Date()) {
  const date = new Date(`${dateIn(SCHOOL_ZONE, now)}T00:00:00Z`);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  day = recentWeekday();
  const admin = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN });
  const token = admin.data.token;
  const teacher = await callApi<{ data?: { teacher?: { _id: string } }; teacher?: { _id: string } }>(
    '/teachers/login',
    { method: 'POST', body: TEACHER },
  );
  const teacherId = (teacher.teacher ?? teacher.data?.teacher)?._id as string;
  // A class of its own (grades and sections the demo school and the other suites leave free).
  const classes = await callApi<{ data: { name: string; section: string }[] }>('/classes?limit=500', { token });
  const taken = new Set(classes.data.map((c) => `${c.name}-${c.section}`));
  const free = ['3', '4', '5']
    .flatMap((name) => ['D', 'C'].map((section) => ({ name, section })))
    .find((c) => !taken.has(`${c.name}-${c.section}`));
  if (!free) throw new Error('no free class name and section');
  const klass = await callApi<{ data: { _id: string } }>('/classes', {
    method: 'POST',
    token,
    body: { ...free, teacherId, capacity: 30 },
  });
  const classId = klass.data._id;
  const subject = await callApi<{ data: { _id: string } }>('/subjects', {
    method: 'POST',
    token,
    body: { name: SUBJECT, code: `ROB${run}`.slice(0, 20), classId, teacherId },
  });
  await callApi('/schedules', {
    method: 'POST',
    token,
    body: {
      teacherId,
      classId,
      subjectId: subject.data._id,
      dayOfWeek: WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()],
      startTime: START,
      endTime: END,
    },
  });
  for (const tag of ['a', 'b']) {
    await callApi('/students', {
      method: 'POST',
      token,
      body: {
        name: `Robot Pupil ${tag.toUpperCase()} ${run}`,
        classId,
        rollNumber: `${tag}${run}`.slice(0, 20),
        email: `robot.${tag}.${run}@example.org`,
        password: 'student-pw-1',
        phone: '+91 98765 43210',
        dateOfBirth: '2012-04-01',
        gender: 'female',
        address: { street: '12 Lake Road', city: 'Pune', state: 'MH', zipCode: '411001' },
        parentInfo: {
          fatherName: `Robot Father ${run}`,
          fatherPhone: '+91 90000 00001',
          fatherEmail: `robot.${tag}.father.${run}@example.org`,
          fatherPassword: 'father-pw-1',
        },
      },
    });
  }
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** A teacher's device whose clock stands ten minutes into the period, in the school's zone. */
async function teacherDevice(viewport: typeof DESKTOP) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    reducedMotion: 'reduce',
    timezoneId: SCHOOL_ZONE,
    locale: 'en-US',
  });
  await recordToasts(context);
  const page = await context.newPage();
  watchLiveConnections(page);
  await page.clock.setFixedTime(new Date(`${day}T18:10:00+05:30`));
  await page.goto('/teacher-login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(TEACHER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEACHER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/teacher-dashboard');
  return { context, page };
}

const periodRow = (page: Page): Locator =>
  page.getByRole('region', { name: 'Today’s timetable' }).locator('li').filter({ hasText: SUBJECT });

/** Whether the whole element lies inside the window. */
const inView = (row: Locator) =>
  row.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

/** 'Taken 9:12 AM' as the school's clock read at `instant`, with the day when it is not the period's. */
function takenText(instant: Date) {
  const time = new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_ZONE, hour: 'numeric', minute: '2-digit' }).format(
    instant,
  );
  const date = dateIn(SCHOOL_ZONE, instant);
  if (date === day) return `Taken ${time}`;
  const dayMonth = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  return `Taken ${time} on ${dayMonth}`;
}

describe("the teacher's timetable shows which registers are done", () => {
  test('the Now period is in view on a phone; saving its register marks it taken with the time, live on another device', async () => {
    const desk = await teacherDevice(DESKTOP);
    const deskRow = periodRow(desk.page);
    await deskRow.getByText('Not taken', { exact: true }).waitFor();
    await desk.page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });
    await shot(desk.page, { path: '/tmp/teacher-registers-desktop-before.png', fullPage: true });

    const phone = await teacherDevice(PHONE);
    const { page } = phone;
    const row = periodRow(page);
    await row.getByText('Now', { exact: true }).waitFor();
    await expect.poll(() => inView(row)).toBe(true);
    await shot(page, { path: '/tmp/teacher-registers-phone-now.png' });
    await row.getByText('Not taken', { exact: true }).waitFor();

    await row.getByRole('link', { name: new RegExp(`^Take attendance: ${SUBJECT}`) }).click();
    await page.waitForURL('**/teacher/register?**');
    await page.getByRole('heading', { level: 2, name: SUBJECT }).waitFor();
    const before = new Date();
    await page.getByRole('button', { name: 'Save register' }).click();
    await toastShown(page, 'Attendance marked successfully');
    const after = new Date();
    const expected = [takenText(before), takenText(after)];

    // The teacher's own dashboard shows it at once; the other device follows through the live room.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/teacher-dashboard');
    const badge = row.locator('[data-register="taken"]');
    await badge.waitFor();
    expect(expected).toContain(await badge.textContent());
    await row.getByRole('link', { name: new RegExp(`^View register: ${SUBJECT}`) }).waitFor();
    await page
      .getByText(/registers taken/)
      .first()
      .waitFor();
    await expect.poll(() => inView(row)).toBe(true);
    await shot(page, { path: '/tmp/teacher-registers-phone-taken.png' });

    const deskBadge = deskRow.locator('[data-register="taken"]');
    await deskBadge.waitFor({ timeout: 10_000 });
    expect(expected).toContain(await deskBadge.textContent());
    await shot(desk.page, { path: '/tmp/teacher-registers-desktop-taken.png', fullPage: true });

    await desk.context.close();
    await phone.context.close();
  });
});
