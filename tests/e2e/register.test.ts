import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  baseURL,
  DESKTOP,
  launchBrowser,
  PHONE,
  recordToasts,
  shot,
  signInTo,
  TEACHER,
  toastShown,
  watchLiveConnections,
} from './support/browser';

/** The demo school's zone. */
const SCHOOL_ZONE = 'Asia/Kolkata';
/** Rahul Verma (teacher@demo.school) teaches Mathematics here; no other suite marks this class. */
const CLASS = '9-A';
const SUBJECT = 'Mathematics';
/** The office's subject list names the teacher too. */
const OFFICE_SUBJECT = 'Mathematics (Rahul Verma)';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const dateIn = (timeZone: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

/**
 * A zone whose calendar date differs from the school's right now: Honolulu (UTC-10) is a day behind Kolkata
 * until 15:30 there, Kiritimati (UTC+14) a day ahead from 15:30 on.
 */
function farZone() {
  for (const zone of ['Pacific/Honolulu', 'Pacific/Kiritimati']) {
    if (dateIn(zone) !== dateIn(SCHOOL_ZONE)) return zone;
  }
  throw new Error('No zone differs from the school’s date');
}

/** The school's most recent weekday: a weekend opens Friday's register. */
function registerDay(now = new Date()) {
  const day = new Date(`${dateIn(SCHOOL_ZONE, now)}T00:00:00Z`);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

async function openPage(viewport: typeof DESKTOP, timezoneId: string) {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce', timezoneId, locale: 'en-US' });
  await recordToasts(context);
  const page = await context.newPage();
  watchLiveConnections(page);
  return { context, page };
}

/** `2026-11-26` as the register shows it on this page ('Thursday, November 26, 2026'). */
function longDateOn(page: Page, iso: string) {
  return page.evaluate((value) => {
    const [y, m, d] = value.split('-').map(Number);
    return new Intl.DateTimeFormat(undefined, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(y, m - 1, d));
  }, iso);
}

/** The device's own calendar date, as the page sees it. */
function deviceDate(page: Page) {
  return page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const row = (page: Page, name: string): Locator => page.getByRole('listitem', { name, exact: true });
const isMarked = (page: Page, name: string, status: string) =>
  row(page, name).getByRole('radio', { name: status, exact: true }).isChecked();

describe('class register', () => {
  test("opens on the school's date on a device in a far time zone, for the office and the teacher", async () => {
    const zone = farZone();
    const schoolDate = dateIn(SCHOOL_ZONE);

    const office = await openPage(DESKTOP, zone);
    await signInTo(office.page);
    expect(await deviceDate(office.page)).not.toBe(schoolDate);
    // The dashboard's clock reads the school's date as well.
    const clockDate = office.page.getByTestId('dashboard-clock').locator('xpath=following-sibling::span');
    expect(await clockDate.textContent()).toBe(await longDateOn(office.page, schoolDate));
    await office.page.goto('/attendance/register');
    await office.page.getByRole('heading', { level: 2, name: 'Choose the period' }).waitFor();
    const expected = await longDateOn(office.page, schoolDate);
    await office.page.getByText(expected, { exact: true }).waitFor();
    await choose(office.page, 'Class', CLASS);
    const registerCall = office.page.waitForRequest((request) => request.url().includes('/api/attendance/register?'));
    await choose(office.page, 'Subject', OFFICE_SUBJECT);
    expect(new URL((await registerCall).url()).searchParams.get('date')).toBe(schoolDate);
    await shot(office.page, { path: '/tmp/register-far-zone-office.png', fullPage: true });

    const phone = await openPage(PHONE, zone);
    await signInTo(phone.page, '/teacher-dashboard', TEACHER);
    await phone.page
      .getByText(await longDateOn(phone.page, schoolDate), { exact: true })
      .first()
      .waitFor();
    await phone.page.goto('/teacher/register');
    await phone.page.getByRole('heading', { level: 2, name: 'Choose the period' }).waitFor();
    await phone.page.getByText(await longDateOn(phone.page, schoolDate), { exact: true }).waitFor();
    await shot(phone.page, { path: '/tmp/register-far-zone-teacher.png', fullPage: true });

    await office.context.close();
    await phone.context.close();
  });

  test('marks saved on one register show up on the other, and unsaved edits there are kept', async () => {
    const day = registerDay();
    const office = await openPage(DESKTOP, SCHOOL_ZONE);
    await signInTo(office.page, '/attendance/register');
    await choose(office.page, 'Class', CLASS);
    await choose(office.page, 'Subject', OFFICE_SUBJECT);
    await office.page.waitForURL((url) => url.searchParams.get('subjectId') !== null);
    const search = new URL(office.page.url()).searchParams;
    search.set('date', day);
    await office.page.goto(`/attendance/register?${search}`);
    await office.page.getByRole('heading', { level: 2, name: SUBJECT }).waitFor();
    await office.page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });

    const phone = await openPage(PHONE, SCHOOL_ZONE);
    const { page } = phone;
    await signInTo(page, '/teacher-dashboard', TEACHER);
    await page.goto(`/teacher/register?${search}`);
    await page.getByRole('heading', { level: 2, name: SUBJECT }).waitFor();
    await page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });

    const rows = office.page.locator('li[data-student]');
    await rows.first().waitFor();
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) names.push((await rows.nth(i).locator('span[id]').first().textContent()) ?? '');

    // The office excuses three students (unless already so): the teacher's page follows without a reload.
    for (const name of names) await row(office.page, name).getByText('Excused', { exact: true }).click();
    const save = office.page.getByRole('button', { name: 'Save register' });
    if (await save.isEnabled()) {
      await save.click();
      await toastShown(office.page, 'Attendance marked successfully');
    }
    for (const name of names) await expect.poll(() => isMarked(page, name, 'Excused')).toBe(true);

    // The teacher changes one student and does not save; the office then marks another late.
    await row(page, names[0]).getByText('Absent', { exact: true }).click();
    await page.getByText('1 change not saved yet', { exact: true }).waitFor();
    await row(office.page, names[1]).getByText('Late', { exact: true }).click();
    await save.click();
    await toastShown(office.page, 'Attendance marked successfully');

    // Brought by the live event alone (the teacher's screen does not ask again); how fast is the bench's to measure.
    await expect.poll(() => isMarked(page, names[1], 'Late')).toBe(true);
    expect(await isMarked(page, names[0], 'Absent')).toBe(true);
    expect(await isMarked(page, names[2], 'Excused')).toBe(true);
    await page.getByText('1 change not saved yet', { exact: true }).waitFor();
    await shot(page, { path: '/tmp/register-live-teacher.png', fullPage: true });

    // The teacher's save reaches the office the same way.
    await page.getByRole('button', { name: 'Save register' }).click();
    await toastShown(page, 'Attendance marked successfully');
    await expect.poll(() => isMarked(office.page, names[0], 'Absent')).toBe(true);
    expect(await isMarked(office.page, names[1], 'Late')).toBe(true);
    await shot(office.page, { path: '/tmp/register-live-office.png', fullPage: true });

    await office.context.close();
    await phone.context.close();
  });
});
