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
import { tr } from './support/catalogue';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await resetOwnLanguages();
  await browser?.close();
});

const stamp = Date.now().toString(36);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A translation with its {placeholders} standing for any text. */
const pattern = (text: string) => new RegExp(`^${escapeRegExp(text).replace(/\\\{\w+\\\}/g, '.+')}$`);

/** A signed-in office page whose every later load starts in `language`, as the person's own choice. */
async function officePage(viewport: typeof DESKTOP, language: string) {
  // The portal's CSP rightly forbids injected scripts; this context lets axe-core in.
  const { context, page } = await openPage(browser, viewport, { bypassCSP: true });
  await signInTo(page, undefined, ADMIN, { language });
  return { context, page };
}

async function settled(page: Page) {
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

describe.each([
  ['hi', 'ltr'],
  ['ar', 'rtl'],
])('the staff screens in %s', (language, direction) => {
  // What the screens show, read from the catalogues the build uses.
  const text = (english: string) => tr(language, english);

  test.each([DESKTOP, PHONE])(
    'the teachers list and the add-a-teacher form speak it at $width px',
    async (viewport) => {
      const { context, page } = await officePage(viewport, language);
      await page.goto('/employees?tab=teacher-mgmt');
      await page.getByRole('heading', { name: text('Employee Management'), exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      expect(await page.locator('html').getAttribute('dir')).toBe(direction);
      await page.getByRole('tab', { name: text('Teacher Management'), selected: true }).waitFor();
      await page.getByRole('heading', { name: pattern(text('All Teachers ({shownCount})')) }).waitFor();
      await settled(page);
      if (viewport === DESKTOP) {
        for (const column of ['Name', 'Email', 'Phone', 'Role', 'Status', 'Created'])
          await page.getByRole('columnheader', { name: text(column), exact: true }).waitFor();
      }
      expect(await seriousViolations(page), `teachers in ${language} at ${viewport.width}px`).toEqual([]);
      await shot(page, { path: `/tmp/staff-${language}-teachers-${viewport.width}.png`, fullPage: true });

      // The add-a-teacher form: its title, labels and the spec's refusal in the language.
      await page
        .getByRole('button', { name: text('Add Teacher'), exact: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: text('Add Teacher with Login Credentials') });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: text('Add Teacher'), exact: true }).click();
      await toastShown(page, text('Please fill in all required fields'));
      const name = `Meera Iyer ${language} ${viewport.width} ${stamp}`;
      await dialog.getByRole('textbox', { name: text('Full Name') }).fill(name);
      await dialog
        .getByRole('textbox', { name: text('Email') })
        .fill(`meera.${language}.${viewport.width}.${stamp}@example.org`);
      await dialog.getByRole('textbox', { name: text('Phone') }).fill('555-0199');
      await dialog.getByRole('textbox', { name: text('Password'), exact: true }).fill('first-day');
      await dialog.getByRole('textbox', { name: text('Confirm Password'), exact: true }).fill('first-day');
      expect(await seriousViolations(page), `add a teacher in ${language} at ${viewport.width}px`).toEqual([]);
      await shot(page, { path: `/tmp/staff-${language}-add-teacher-${viewport.width}.png` });
      await dialog.getByRole('button', { name: text('Add Teacher'), exact: true }).click();
      const added = page.getByRole('alertdialog', { name: text('Teacher added successfully!') });
      await added.waitFor();
      await added.getByRole('button', { name: text('Done') }).click();

      // The new row's date is written the language's way (Intl in that language), not the English way.
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      const expected = await page.evaluate(
        (chosen) => ({
          here: new Intl.DateTimeFormat(chosen, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date()),
          english: new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' }).format(
            new Date(),
          ),
        }),
        language,
      );
      expect(expected.here).not.toBe(expected.english);
      expect(await row.textContent()).toContain(expected.here);
      expect(await row.textContent()).not.toContain(expected.english);
      await context.close();
    },
    180_000,
  );

  test.each([DESKTOP, PHONE])(
    'Settings and its backups speak it at $width px',
    async (viewport) => {
      const { context, page } = await officePage(viewport, language);
      await page.goto('/settings');
      await page.getByRole('heading', { name: text('Settings'), exact: true }).waitFor();
      await page.getByRole('tab', { name: text('School information'), selected: true }).waitFor();
      await page.getByRole('textbox', { name: text('School name') }).waitFor();
      await page.getByRole('heading', { name: text('Academic calendar'), exact: true }).waitFor();
      // The year's first month is named the language's way.
      const month = page.getByRole('combobox', { name: text('Year starts in') });
      const months = await page.evaluate(
        (chosen) =>
          Array.from({ length: 12 }, (_, i) =>
            new Intl.DateTimeFormat(chosen, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, i, 1))),
          ),
        language,
      );
      expect(months).toContain((await month.textContent())?.trim());
      await settled(page);
      expect(await seriousViolations(page), `settings in ${language} at ${viewport.width}px`).toEqual([]);
      await shot(page, { path: `/tmp/staff-${language}-settings-${viewport.width}.png`, fullPage: true });

      await page.getByRole('tab', { name: text('Backups') }).click();
      await page.getByRole('heading', { name: text('Backups'), exact: true }).waitFor();
      await page.getByRole('button', { name: text('Create backup') }).waitFor();
      await settled(page);
      expect(await seriousViolations(page), `backups in ${language} at ${viewport.width}px`).toEqual([]);
      await shot(page, { path: `/tmp/staff-${language}-backups-${viewport.width}.png`, fullPage: true });
      await context.close();
    },
    180_000,
  );

  test.each([DESKTOP, PHONE])(
    'every other tab and the activity log read in it at $width px',
    async (viewport) => {
      const { context, page } = await officePage(viewport, language);
      const tabs = [
        ['overview', 'Overview', 'Distribution by Subject'],
        ['add-teachers', 'Add Teachers', 'How teachers sign in'],
        ['profiles', 'Profiles', null],
        ['attendance', 'Attendance', 'Overall Statistics'],
        ['staff', 'Staff', 'Staff Attendance'],
      ] as const;
      for (const [tab, name, heading] of tabs) {
        await page.goto(`/employees?tab=${tab}`);
        await page.getByRole('tab', { name: text(name), selected: true }).waitFor();
        if (heading) await page.getByRole('heading', { name: text(heading), exact: true }).waitFor();
        await settled(page);
        expect(await seriousViolations(page), `${tab} in ${language} at ${viewport.width}px`).toEqual([]);
        await shot(page, { path: `/tmp/staff-${language}-${tab}-${viewport.width}.png`, fullPage: true });
      }
      await page.goto('/settings?tab=activity');
      await page.getByRole('heading', { name: text('Activity log'), exact: true }).waitFor();
      await page.getByRole('combobox', { name: text('Record type') }).waitFor();
      await settled(page);
      expect(await seriousViolations(page), `activity log in ${language} at ${viewport.width}px`).toEqual([]);
      await shot(page, { path: `/tmp/staff-${language}-activity-${viewport.width}.png`, fullPage: true });
      await context.close();
    },
    180_000,
  );
});
