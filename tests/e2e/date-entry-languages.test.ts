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
  toastShown,
} from './support/browser';
import { tr, typedDatePattern } from './support/catalogue';

/** The date field in Hindi and in Arabic: the language's pattern shown, a date typed in it, that day on screen. */

const ZONE = 'Asia/Kolkata';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await resetOwnLanguages();
  await browser?.close();
});

/** A weekday a week or more before today in the school's zone, `YYYY-MM-DD`: not the field's starting day. */
function earlierSchoolDay() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 8);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** How each language's field writes a day (both day first), and what a person of that language might type. */
const WAYS = {
  hi: {
    shown: (iso: string) => iso.split('-').reverse().join('/'),
    // One-digit day and month, dashes between: read all the same.
    typed: (iso: string) => {
      const [year, month, day] = iso.split('-');
      return `${Number(day)}-${Number(month)}-${year}`;
    },
  },
  ar: {
    shown: (iso: string) => iso.split('-').reverse().join('/'),
    // The digits of an Arabic keyboard.
    typed: (iso: string) =>
      iso
        .split('-')
        .reverse()
        .join('/')
        .replace(/\d/g, (digit) => ARABIC_INDIC[Number(digit)] ?? digit),
  },
} as const;

async function signedIn(language: 'hi' | 'ar', viewport = DESKTOP) {
  const { context, page } = await openPage(browser, viewport);
  await signInTo(page, undefined, ADMIN, { language });
  return { context, page };
}

/** What the attendance screen names its table with for a day, formatted by the page itself. */
function longDate(page: Page, iso: string, language: string) {
  return page.evaluate(
    ([day, lang]) => {
      const [y, m, d] = (day as string).split('-').map(Number);
      return new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(y as number, (m as number) - 1, d),
      );
    },
    [iso, language],
  );
}

describe.each(['hi', 'ar'] as const)('in %s', (language) => {
  const way = WAYS[language];
  const pattern = typedDatePattern(language);

  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`at ${label} px the attendance date is typed day first and the screen shows that day`, async () => {
      const { context, page } = await signedIn(language, viewport);
      await page.goto('/attendance');
      await page.getByRole('heading', { level: 1, name: tr(language, 'Attendance Management') }).waitFor();
      const field = page.getByRole('textbox', { name: tr(language, 'Date'), exact: true });
      // The field drawn before the calendar's code arrives shows the same pattern as the calendar's own.
      expect(await field.getAttribute('placeholder')).toBe(pattern);
      await page.getByRole('combobox', { name: tr(language, 'Class'), exact: true }).click();
      const option = page.getByRole('option', { name: /^\W*7-B\W*$/ });
      // The class reads 7-B on screen in every direction: the 7 is drawn to the left of the B.
      const drawn = await option.evaluate((element) => {
        const text = element.querySelector('[data-part="item-text"]') ?? element;
        const node = [...text.childNodes].find((child) => child.nodeType === Node.TEXT_NODE) as Text;
        const at = (char: string) => {
          const range = document.createRange();
          const index = node.data.indexOf(char);
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          return range.getBoundingClientRect().x;
        };
        return { seven: at('7'), b: at('B') };
      });
      expect(drawn.seven).toBeLessThan(drawn.b);
      await option.click();

      const day = earlierSchoolDay();
      await field.click();
      await field.press('ControlOrMeta+a');
      await field.press('Backspace');
      expect(await field.getAttribute('placeholder')).toBe(pattern);
      await shot(page, { path: `${SHOTS}/date-entry-${language}-pattern-${label}.png` });
      await page.keyboard.type(way.typed(day));
      // Shown as typed, in Latin digits and the language's separator.
      expect(await field.inputValue()).toBe(
        way
          .typed(day)
          .replace(/[٠-٩]/g, (d) => String(ARABIC_INDIC.indexOf(d)))
          .replace(/-/g, '/'),
      );
      await field.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('date') === day);
      const section = page.getByRole('region', {
        name: tr(language, 'Student attendance on {longDate}', { longDate: await longDate(page, day, language) }),
      });
      await section.waitFor();
      await page.keyboard.press('Tab');
      expect(await field.inputValue()).toBe(way.shown(day));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The calendar opens on that day.
      await page
        .getByRole('button', { name: tr(language, 'Open calendar') })
        .first()
        .click();
      const chosen = page.locator(
        '[data-scope="date-picker"][data-part="table-cell-trigger"][data-view="day"][data-selected]',
      );
      await chosen.waitFor();
      expect(await chosen.textContent()).toBe(String(Number(day.slice(8))));
      await shot(page, { path: `${SHOTS}/date-entry-${language}-${label}.png` });
      await page.keyboard.press('Escape');

      // Loaded again at that day, the field is written the same way from its first draw.
      await page.reload();
      await section.waitFor();
      expect(await field.inputValue()).toBe(way.shown(day));
      await context.close();
    });
  }

  test('an important date takes its times as the language writes them, and shows them so when edited', async () => {
    const { context, page } = await signedIn(language);
    await page.goto('/important-dates');
    await page.getByRole('heading', { level: 1, name: tr(language, 'Important Dates') }).waitFor();
    await page.getByRole('button', { name: tr(language, 'Add Date'), exact: true }).click();
    let dialog = page.getByRole('dialog', { name: tr(language, 'Add Important Date') });
    await dialog.waitFor();
    const title = `Science fair ${language} ${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: tr(language, 'Title') }).fill(title);
    const day = `${earlierSchoolDay().slice(0, 8)}20`;
    const date = dialog.getByRole('textbox', { name: tr(language, 'Date'), exact: true });
    await date.pressSequentially(way.typed(day));
    await date.press('Enter');
    expect(await date.inputValue()).toBe(way.shown(day));
    const [afternoon, half, clock] = await page.evaluate(
      (lang) =>
        [
          [14, 30],
          [15, 45],
          [9, 0],
        ].map(([h, m]) =>
          new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
            .format(new Date(Date.UTC(2000, 0, 1, h, m)))
            .replace(/[\u00a0\u202f]/g, ' '),
        ),
      language,
    );
    const start = dialog.getByRole('textbox', { name: tr(language, 'Start Time') });
    const end = dialog.getByRole('textbox', { name: tr(language, 'End Time') });
    // The example shows the language's clock: 12-hour, with its own word for the afternoon.
    expect(await start.getAttribute('placeholder')).toBe(clock);
    await start.pressSequentially(afternoon as string);
    await end.pressSequentially('15:45');
    await end.press('Tab');
    expect(await end.inputValue()).toBe(half);
    expect(await start.inputValue()).toBe(afternoon);
    if (language === 'ar') await shot(page, { path: `${SHOTS}/date-entry-ar-times-1440.png` });
    await dialog.getByRole('button', { name: tr(language, 'Create Date') }).click();
    await toastShown(page, tr(language, 'Important date created successfully'));
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: tr(language, 'Edit {0}', { 0: title }), exact: true }).click();
    dialog = page.getByRole('dialog', { name: tr(language, 'Edit Important Date') });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: tr(language, 'Start Time') }).inputValue()).toBe(afternoon);
    expect(await dialog.getByRole('textbox', { name: tr(language, 'End Time') }).inputValue()).toBe(half);
    await context.close();
  });

  test('a transfer certificate takes its leaving date typed day first and lists that day', async () => {
    const run = `${language}${Date.now().toString(36)}`;
    const token = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data
      .token;
    const classes = await callApi<{ data: { _id: string }[] }>('/classes?limit=500', { token });
    const student = await callApi<{ data: { _id: string } }>('/students', {
      method: 'POST',
      token,
      body: {
        name: `Leaving Pupil ${run}`,
        classId: classes.data[0]?._id,
        rollNumber: `tc${run}`.slice(0, 20),
        email: `leaving.${run}@example.org`,
        password: 'student-pw-1',
        phone: '+91 98765 43210',
        dateOfBirth: '2012-04-01',
        admissionDate: '2020-04-01',
        gender: 'female',
        parentInfo: {
          fatherName: `Leaving Father ${run}`,
          fatherEmail: `leaving.father.${run}@example.org`,
          fatherPassword: 'father-pw-1',
        },
      },
    });
    const { context, page } = await signedIn(language);
    await page.goto(`/students/${student.data._id}`);
    await page.getByRole('button', { name: tr(language, 'Issue Transfer Certificate') }).click();
    const dialog = page.getByRole('dialog', { name: tr(language, 'Issue Transfer Certificate') });
    await dialog.getByRole('textbox', { name: tr(language, 'Reason for leaving') }).fill('Moving city');
    const leaving = dialog.getByRole('textbox', { name: tr(language, 'Leaving date') });
    expect(await leaving.getAttribute('placeholder')).toBe(pattern);
    const day = earlierSchoolDay();
    await leaving.pressSequentially(way.typed(day));
    await leaving.press('Tab');
    expect(await leaving.inputValue()).toBe(way.shown(day));
    await shot(page, { path: `${SHOTS}/date-entry-${language}-certificate-1440.png` });
    await dialog.getByRole('button', { name: tr(language, 'Issue Certificate') }).click();
    await toastShown(page, tr(language, 'Transfer certificate issued successfully'));
    const written = await page.evaluate(
      ([iso, lang]) =>
        new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${iso}T00:00:00Z`),
        ),
      [day, language],
    );
    const listed = page.getByRole('list', { name: tr(language, 'Transfer certificates') });
    await listed.getByText(written).waitFor();
    await context.close();
  });

  test('a date typed before the calendar code arrives is read the same way, and kept when the code lands', async () => {
    const { context, page } = await signedIn(language);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/date-picker-body-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/attendance');
    await page.getByRole('combobox', { name: tr(language, 'Class'), exact: true }).click();
    await page.getByRole('option', { name: /^\W*7-B\W*$/ }).click();
    const field = page.getByRole('textbox', { name: tr(language, 'Date'), exact: true });
    await field.click();
    await field.press('ControlOrMeta+a');
    await field.press('Backspace');
    // Still the field drawn before the calendar's code: Ark's input has an id of its own.
    expect(await field.getAttribute('id')).not.toMatch(/^datepicker/);
    const day = earlierSchoolDay();
    await page.keyboard.type(way.typed(day));
    await field.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('date') === day);
    expect(await field.inputValue()).toBe(way.shown(day));
    release();
    await page.keyboard.press('Tab');
    await page.locator('input[id^="datepicker"][data-part="input"]').waitFor();
    expect(await field.inputValue()).toBe(way.shown(day));
    expect(new URL(page.url()).searchParams.get('date')).toBe(day);
    await context.close();
  });
});
