import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
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
import { tr, typedDatePattern } from './support/catalogue';

// The portal's CSP rightly forbids injected scripts; these contexts let axe-core in.
const AXE = { bypassCSP: true };
const run = Date.now().toString(36);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await resetOwnLanguages();
  await browser?.close();
});

type Language = 'hi' | 'ar';

/** A page in `language`, chosen as the person's own language is kept on the device, signed in as the office. */
async function signedIn(language: Language, viewport: typeof DESKTOP) {
  const { context, page } = await openPage(browser, viewport, AXE);
  await signInTo(page, undefined, ADMIN, { language });
  return { context, page };
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectPageIn(page: Page, language: Language) {
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    language,
    language === 'ar' ? 'rtl' : 'ltr',
  ]);
}

describe.each(['hi', 'ar'] as const)('in %s', (language) => {
  // What the screens show, read from the catalogues the build uses.
  const students = (english: string, values: Record<string, string> = {}) => tr(language, english, values);
  const dates = students;

  test('the office enrols a student through the form, told what is missing, and finds them in the list', async () => {
    const { context, page } = await signedIn(language, DESKTOP);
    await page.goto('/students');
    await page.getByRole('heading', { level: 1, name: students('Student Records') }).waitFor();
    await expectPageIn(page, language);

    await page.getByRole('button', { name: students('Enrol Student'), exact: true }).click();
    const form = page.getByRole('dialog', { name: students('Enrol New Student') });
    await form.waitFor();
    await form.getByRole('button', { name: students('Enrol Student'), exact: true }).click();
    await toastShown(page, students('Please fill in all required fields'));
    await form.getByText(students('Name is required'), { exact: true }).waitFor();
    await form.getByText(students('Roll number is required'), { exact: true }).waitFor();
    await form
      .getByText(students('At least one parent or guardian with name, email and password is required'))
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: `/tmp/enrolment-${language}-errors-1440.png`, fullPage: true });

    const name = `Meera Joshi ${language} ${run}`;
    const father = students('Father');
    await form.getByRole('textbox', { name: students('Full Name'), exact: true }).fill(name);
    await form
      .getByRole('textbox', { name: students('Email'), exact: true })
      .fill(`meera.${language}.${run}@example.org`);
    await form.getByRole('textbox', { name: students('Password'), exact: true }).fill('meera-pw-1');
    await form.getByRole('textbox', { name: students('Phone'), exact: true }).fill('+91 98000 11111');
    // Typed day first, as both languages write dates, in Arabic with an Arabic keyboard's digits.
    const birth = form.getByRole('textbox', { name: students('Date of Birth') });
    expect(await birth.getAttribute('placeholder')).toBe(typedDatePattern(language));
    await birth.pressSequentially(language === 'ar' ? '٠٢/٠٥/٢٠١٣' : '2/5/2013');
    await birth.press('Tab');
    expect(await birth.inputValue()).toBe('02/05/2013');
    await choose(page, form, students('Gender'), students('Female'));
    // A class name stays left to right inside Arabic text, isolated by invisible marks.
    await form.getByRole('combobox', { name: students('Class'), exact: true }).click();
    await page.getByRole('option', { name: /^\W*8-A\W*$/ }).click();
    await form.getByRole('textbox', { name: students('Roll Number'), exact: true }).fill(`L${language}${run}`);
    await form
      .getByRole('textbox', { name: students("{who}'s Name", { who: father }), exact: true })
      .fill(`Arun ${run}`);
    await form
      .getByRole('textbox', { name: students("{who}'s Email", { who: father }), exact: true })
      .fill(`arun.${language}.${run}@example.org`);
    await form
      .getByRole('textbox', { name: students("{who}'s Password", { who: father }), exact: true })
      .fill('arun-pw-1');
    await form.getByRole('button', { name: students('Enrol Student'), exact: true }).click();
    const enrolled = students('Student enrolled successfully! {accounts}').replace('{accounts}', '').trim();
    await toastShown(page, enrolled);
    await form.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: students('Manage Students') }).click();
    await page.getByRole('searchbox', { name: students('Search') }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain(students('{relation}: {0}', { relation: father, 0: `Arun ${run}` }));
    expect(await row.textContent()).toContain(students('Active'));
    // The date of birth as saved: 2 May 2013, written by the student's page in the language.
    await row.getByRole('link', { name }).click();
    const born = await page.evaluate(
      (lang) =>
        new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(Date.UTC(2013, 4, 2)),
        ),
      language,
    );
    const details = page
      .locator('dt', { hasText: students('Date of birth') })
      .locator('xpath=following-sibling::dd[1]');
    expect(await details.textContent()).toBe(born);
    await page.goBack();
    await page.getByRole('columnheader', { name: students('Roll No.') }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: `/tmp/enrolment-${language}-list-1440.png`, fullPage: true });
    await context.close();
  });

  test('on a phone the enrolment form and the list read in the language', async () => {
    const { context, page } = await signedIn(language, PHONE);
    await page.goto('/students?tab=enrollment');
    const form = page.getByRole('form', { name: students('Enrol New Student') });
    await form.getByRole('button', { name: students('Enrol Student'), exact: true }).click();
    await form.getByText(students('Name is required'), { exact: true }).waitFor();
    await form.getByText(students('Class is required'), { exact: true }).waitFor();
    // Nothing wider than the screen: the longer words of the language wrap.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: `/tmp/enrolment-${language}-errors-390.png`, fullPage: true });

    await page.getByRole('tab', { name: students('Manage Students') }).click();
    await page
      .getByRole('list', { name: students('Students') })
      .getByRole('link')
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, { path: `/tmp/enrolment-${language}-list-390.png`, fullPage: true });
    await context.close();
  });

  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`the important dates screen at ${label} px: a date added on a day of the month`, async () => {
      const { context, page } = await signedIn(language, viewport);
      await page.goto('/important-dates');
      await page.getByRole('heading', { level: 1, name: dates('Important Dates') }).waitFor();
      await expectPageIn(page, language);
      await page.getByRole('tab', { name: dates('Month') }).click();
      // The weekday heads and the month come from the language's own calendar names.
      const sunday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2024, 0, 7)),
      );
      await page.locator(`th abbr[title="${sunday}"]`).waitFor();
      await page.locator('td button').nth(14).click();
      await page.getByRole('button', { name: dates('Add a date on this day') }).click();
      const form = page.getByRole('dialog', { name: dates('Add Important Date') });
      await form.getByRole('button', { name: dates('Create Date') }).click();
      await form.getByText(dates('Title is required'), { exact: true }).waitFor();
      await toastShown(page, dates('Validation failed: {messages}', { messages: dates('Title is required') }));
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, { path: `/tmp/important-dates-${language}-form-${label}.png` });

      const title = `Sports Day ${language} ${label} ${run}`;
      await form.getByRole('textbox', { name: dates('Title') }).fill(title);
      await form.getByRole('button', { name: dates('Create Date') }).click();
      await toastShown(page, dates('Important date created successfully'));
      await form.waitFor({ state: 'detached' });
      // Listed under the chosen day, below the month.
      const card = page.locator('section').getByTestId('important-date-card').filter({ hasText: title });
      await card.waitFor();
      expect(await card.textContent()).toContain(dates('All Classes'));
      expect(await card.textContent()).toContain(dates('{0} priority', { 0: dates('Medium') }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, { path: `/tmp/important-dates-${language}-month-${label}.png`, fullPage: true });
      await context.close();
    });
  }
});
