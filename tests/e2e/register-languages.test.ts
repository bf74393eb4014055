import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  TEACHER,
  toastShown,
} from './support/browser';
import { featureCatalogue, tr } from './support/catalogue';

/** Taking a register and reading a child's page in Hindi and in Arabic: the screens' texts are the catalogues'. */

type Language = 'hi' | 'ar';
type Feature = 'attendance' | 'family';

const PARENT = { email: 'parent@demo.school', password: 'demo1234' };
const ZONE = 'Asia/Kolkata';
/** Classes other suites mark: this one takes another of the teacher's classes. */
const TAKEN_ELSEWHERE = new Set(['9-A', '10-B', '8-A']);
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

/** The catalogue's plain English texts whose translation differs: none may stand alone on a line of the page. */
async function englishLeft(page: Page, feature: Feature, language: Language, scope = 'body') {
  const english = [...featureCatalogue(feature, language)]
    .filter(([id, text]) => id && !id.includes('{') && !id.includes('<') && text !== id)
    .map(([id]) => id);
  const lines = new Set(
    // biome-ignore lint/performance/useDomNodeTextContent: the lines as drawn, one text per line, is what is read.
    (await page.locator(scope).first().innerText())
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return english.filter((id) => lines.has(id));
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await resetOwnLanguages();
  await browser?.close();
});

/** A signed-in page switched to the language, as a person who chose it: the choice is kept on the device. */
async function signedIn(
  viewport: typeof DESKTOP,
  language: Language,
  account: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, viewport, { bypassCSP: true });
  await signInTo(page, undefined, account, { language });
  return { context, page };
}

/** The school's most recent weekday: a weekend opens Friday's register. */
function registerDay(now = new Date()) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now);
  const day = new Date(`${today}T00:00:00Z`);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** Opens a select's list; a press landing while its look-alike is being replaced is tried again. */
async function openList(page: Page, combobox: string) {
  for (let attempt = 0; ; attempt += 1) {
    await page.getByRole('combobox', { name: combobox, exact: true }).click();
    const shown = await page
      .getByRole('option')
      .first()
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    if (attempt === 3) throw new Error(`The ${combobox} list did not open`);
  }
}

async function choose(page: Page, combobox: string, option: string | RegExp) {
  await openList(page, combobox);
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * On an open register in the language: marks the first student absent and the second late, checks the counts
 * line, saves and waits for the success toast. Answers the class chosen.
 */
async function takeRegister(
  page: Page,
  language: Language,
  path: string,
  klass: string | null,
  shotName: string,
  // Each run marks other students, so its save always changes the register.
  first: number,
) {
  // The office's menu around the register is another screen's; the teacher's page is the register's own.
  const scope = path.startsWith('/teacher') ? 'body' : 'main';
  const a = (id: string, values?: Record<string, string | number>) => tr(language, id, values);
  await page.goto(`${path}?date=${registerDay()}`);
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    language,
    language === 'ar' ? 'rtl' : 'ltr',
  ]);
  await page.getByRole('heading', { level: 2, name: a('Choose the period') }).waitFor();
  let chosen = klass;
  if (!chosen) {
    await openList(page, a('Class'));
    // A class's name is kept apart from right-to-left text by invisible isolates around it.
    const names = (await page.getByRole('option').allTextContents()).map((name) =>
      name.replace(/[\u2066-\u2069]/g, '').trim(),
    );
    chosen = names.find((name) => !TAKEN_ELSEWHERE.has(name)) ?? names[0];
    await page
      .getByRole('option', { name: new RegExp(`^\\W*${chosen}\\W*$`) })
      .first()
      .click();
  } else {
    await choose(page, a('Class'), new RegExp(`^\\W*${chosen}\\W*$`));
  }
  // A teacher with one subject in the class gets it chosen; the office picks the first (never chosen for it).
  const chosenSubject =
    scope === 'body' &&
    (await page
      .waitForURL((url) => url.searchParams.get('subjectId') !== null, { timeout: 3_000 })
      .then(() => true)
      .catch(() => false));
  if (!chosenSubject) await choose(page, a('Subject'), /./);
  await page.waitForURL((url) => url.searchParams.get('subjectId') !== null);

  const rows = page.locator('li[data-student]');
  await rows.first().waitFor();
  const size = await rows.count();
  expect(size).toBeGreaterThan(first + 2);
  await page.getByRole('heading', { level: 2, name: a('Students ({studentCount})', { studentCount: size }) }).waitFor();
  // A second attempt after a save finds these marks already kept: the next students are marked, so the save changes.
  const kept = async (row: number, status: string) =>
    rows
      .nth(row)
      .getByRole('radio', { name: a(status) })
      .isChecked();
  if ((await kept(first, 'Absent')) && (await kept(first + 1, 'Late'))) first += 1;
  expect(size).toBeGreaterThan(first + 2);
  const allPresent = page.getByRole('button', { name: a('All present') });
  if (await allPresent.isEnabled()) await allPresent.click();
  await rows.nth(first).getByText(a('Absent'), { exact: true }).click();
  await rows
    .nth(first + 1)
    .getByText(a('Late'), { exact: true })
    .click();
  expect(
    await rows
      .nth(first)
      .getByRole('radio', { name: a('Absent') })
      .isChecked(),
  ).toBe(true);
  expect(
    await rows
      .nth(first + 1)
      .getByRole('radio', { name: a('Late') })
      .isChecked(),
  ).toBe(true);
  const counts = [
    a('{present} present', { present: size - 2 }),
    a('{absent} absent', { absent: 1 }),
    a('{late} late', { late: 1 }),
  ].join(' · ');
  await page.getByText(counts, { exact: true }).waitFor();

  await page.getByRole('button', { name: a('Save register') }).click();
  await toastShown(page, a('Attendance marked successfully'));
  await shot(page, { path: `${SHOTS}/register-${shotName}-saved.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  expect(await englishLeft(page, 'attendance', language, scope)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, { path: `${SHOTS}/register-${shotName}.png`, fullPage: true });

  return chosen;
}

describe.each(['hi', 'ar'] as const)('in %s', (language) => {
  test('a teacher on a phone and the office on a desktop take a register, the success said in the language', async () => {
    const teacher = await signedIn(PHONE, language, TEACHER);
    const klass = await takeRegister(
      teacher.page,
      language,
      '/teacher/register',
      null,
      `teacher-${language}-390`,
      language === 'hi' ? 0 : 4,
    );
    await teacher.context.close();

    const office = await signedIn(DESKTOP, language, ADMIN);
    await takeRegister(
      office.page,
      language,
      '/attendance/register',
      klass,
      `office-${language}-1440`,
      language === 'hi' ? 2 : 6,
    );
    // The office's attendance screen, in the language too.
    const a = (id: string) => tr(language, id);
    await office.page.goto('/attendance');
    await office.page.getByRole('heading', { level: 1, name: a('Attendance Management') }).waitFor();
    await office.page.getByRole('heading', { name: a('Registers not yet taken') }).waitFor();
    expect(await englishLeft(office.page, 'attendance', language, 'main')).toEqual([]);
    expect(await seriousViolations(office.page)).toEqual([]);
    await shot(office.page, { path: `${SHOTS}/attendance-${language}-1440.png`, fullPage: true });
    await office.context.close();
  });

  test.each([
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const)('a parent reads a child page at %s px', async (width, viewport) => {
    const f = (id: string, values?: Record<string, string | number>) => tr(language, id, values);
    const { context, page } = await signedIn(viewport, language, PARENT);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    const hello = f('Hello, {first}')
      .split('{first}')[0]
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${hello}`) }).waitFor();
    for (const title of ['Today', 'This month', 'Timetable', 'Upcoming dates', 'Fees']) {
      await page.getByRole('region', { name: f(title) }).waitFor();
    }
    await page.getByText(f('Class teacher'), { exact: true }).waitFor();
    await page.getByRole('navigation', { name: f('Your children') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await englishLeft(page, 'family', language)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, { path: `${SHOTS}/family-${language}-${width}.png`, fullPage: true });
    await context.close();
  });
});
