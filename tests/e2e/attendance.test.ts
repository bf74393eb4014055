import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  baseURL,
  DESKTOP,
  launchBrowser,
  PHONE,
  recordToasts,
  signInTo,
  TEACHER,
  toastShown,
  watchLiveConnections,
} from './support/browser';

const ZONE = 'Asia/Kolkata';
/** Rahul Verma (teacher@demo.school) teaches Mathematics here; other suites lean on 8-A, so this one does not. */
const CLASS = '10-B';
const SUBJECT = 'Mathematics';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The school's most recent weekday in its own zone: a weekend opens Friday's register. */
function registerDay(now = new Date()) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now);
  const day = new Date(`${today}T00:00:00Z`);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  const iso = day.toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, typed: `${m}/${d}/${y}` };
}

/** A page in the school's zone, so 'today' on screen is the school's today. */
async function openPage(viewport: typeof DESKTOP) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    reducedMotion: 'reduce',
    timezoneId: ZONE,
    locale: 'en-US',
  });
  await recordToasts(context);
  const page = await context.newPage();
  watchLiveConnections(page);
  return { context, page };
}

async function choose(page: Page, scope: Page | Locator, combobox: string, option: string) {
  await scope.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function setDate(scope: Page | Locator, typed: string) {
  const input = scope.getByRole('textbox', { name: 'Date', exact: true });
  await input.fill(typed);
  await input.press('Enter');
}

/** How long a live change may take to show on a loaded machine: a bound, not a speed the test measures. */
const LIVE_MS = 10_000;

describe('attendance', () => {
  test('a teacher takes the register on a phone and the office sees it live on /attendance', async () => {
    const day = registerDay();

    // The office: /attendance with the class and day selected, connected to the school's room.
    const office = await openPage(DESKTOP);
    await signInTo(office.page);
    await office.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Attendance Management' })
      .click();
    await office.page.waitForURL('**/attendance');
    await office.page.getByRole('heading', { level: 1, name: 'Attendance Management' }).waitFor();
    await office.page.getByText('Select a Class', { exact: true }).waitFor();
    await choose(office.page, office.page, 'Class', CLASS);
    await setDate(office.page, day.typed);
    await office.page.waitForURL((url) => url.searchParams.get('classId') !== null);
    await office.page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });

    // The teacher, on a phone: sign in, open the register, pick the period.
    const phone = await openPage(PHONE);
    const { page } = phone;
    await page.goto('/teacher-login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(TEACHER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEACHER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/teacher-dashboard');
    await page.goto('/teacher/register');
    await page.getByRole('heading', { level: 2, name: 'Choose the period' }).waitFor();
    await choose(page, page, 'Class', CLASS);
    // A teacher with one subject in the class gets it chosen for them.
    await page.getByRole('combobox', { name: 'Subject', exact: true }).filter({ hasText: SUBJECT }).waitFor();
    await setDate(page, day.typed);
    await page.waitForURL((url) => url.searchParams.get('subjectId') !== null);
    await page.getByRole('heading', { level: 2, name: SUBJECT }).waitFor();

    const rows = page.locator('li[data-student]');
    await rows.first().waitFor();
    const size = await rows.count();
    expect(size).toBeGreaterThan(3);

    // Everyone starts present (a register taken earlier today is set back to that first); the teacher changes only three students.
    const allPresent = page.getByRole('button', { name: 'All present' });
    if (await allPresent.isEnabled()) await allPresent.click();
    await page.getByText(`${size} present · 0 absent · 0 late`, { exact: true }).waitFor();
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      names.push((await rows.nth(i).locator('span[id]').first().textContent()) ?? '');
    }
    const row = (name: string) => page.getByRole('listitem', { name, exact: true });
    await row(names[0]).getByText('Absent', { exact: true }).click();
    await row(names[1]).getByText('Absent', { exact: true }).click();
    await row(names[2]).getByText('Late', { exact: true }).click();
    // A register of this class taken earlier today (another test's) may have left the pupil a remark: "All present"
    // sets back the marks, not the remarks, so the remark box may already be open.
    const remark = row(names[2]).getByRole('textbox', { name: `Remark for ${names[2]}` });
    if (!(await remark.isVisible()))
      await row(names[2])
        .getByRole('button', { name: `Add a remark for ${names[2]}` })
        .click();
    await remark.fill('Bus was late');
    expect(await row(names[0]).getByRole('radio', { name: 'Absent' }).isChecked()).toBe(true);
    await page.getByText(`${size - 3} present · 2 absent · 1 late`, { exact: true }).waitFor();

    // Phone-first: no sideways scrolling, and the one action sits at the bottom, under the thumb.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const save = page.getByRole('button', { name: 'Save register' });
    const box = await save.boundingBox();
    if (!box) throw new Error('The save button is not on screen');
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.y).toBeGreaterThan(PHONE.height - 160);
    expect(box.height).toBeGreaterThanOrEqual(44);

    await save.click();
    await toastShown(page, 'Attendance marked successfully');

    // The office sees it without reloading: nothing on its screen asks again by itself, so only the live event can
    // bring the marks. How fast events arrive is the bench's to measure (one event to 500 sockets).
    await toastShown(office.page, `Attendance updated for ${size} students`, { timeout: LIVE_MS });
    const mark = (name: string) =>
      office.page.getByRole('article', { name, exact: true }).getByRole('listitem').filter({ hasText: SUBJECT });
    await mark(names[0]).filter({ hasText: 'Absent' }).waitFor({ timeout: LIVE_MS });
    await mark(names[1]).filter({ hasText: 'Absent' }).waitFor({ timeout: LIVE_MS });
    await mark(names[2]).filter({ hasText: 'Late' }).filter({ hasText: 'Bus was late' }).waitFor({ timeout: LIVE_MS });

    // Opened again, the register says it was taken and shows the marks just saved.
    await page.reload();
    await page.getByText(/^Already taken at .+, you can correct it$/).waitFor();
    expect(await row(names[1]).getByRole('radio', { name: 'Absent' }).isChecked()).toBe(true);
    expect(await row(names[2]).getByRole('radio', { name: 'Late' }).isChecked()).toBe(true);

    await office.context.close();
    await phone.context.close();
  });
});
