import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callApi, DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo, toastShown } from './support/browser';
import { makeOwnSchool, type OwnSchool } from './support/own-school';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openWizard(page: Page, school: OwnSchool) {
  await signInTo(page, '/settings?tab=year', school.admin);
  await page.getByRole('heading', { name: 'Start the next school year' }).waitFor();
}

const plan = (page: Page) => page.getByTestId('rollover-plan');

// The wizard plans the whole school, so each test (and each retry) makes a school of its own: in the shared
// demo school other files' classes and pupils would make conflicts of their own.
describe('the new school year', () => {
  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`the dry run shows the plan, and a conflict when a class has too few places (${size} px)`, async () => {
      const school = await makeOwnSchool();
      const { context, page } = await openPage(browser, viewport);
      await openWizard(page, school);
      await page.getByRole('button', { name: 'Check the plan' }).click();
      await plan(page).getByText('No conflicts').waitFor();
      // Two classes, each copied; 6-A's three pupils move on to 7-A, 7-A's two graduate.
      expect(await plan(page).getByText('Classes', { exact: true }).locator('..').textContent()).toContain('2');
      expect(await plan(page).getByText('Graduating', { exact: true }).locator('..').textContent()).toContain('2');
      await shot(page, { path: `/tmp/rollover-plan-${size}.png`, fullPage: true });

      // 7-A receives last year's 6-A: one place is too few.
      const places = plan(page).getByRole('spinbutton', { name: 'Places in 7-A next year' });
      await places.fill('1');
      await page.getByText('The choices changed since the plan was made').waitFor();
      expect(await page.getByRole('button', { name: /^Start / }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Check the plan' }).click();
      await plan(page).getByText('Resolve these before starting the year').waitFor();
      expect(await page.getByTestId('rollover-conflicts').textContent()).toContain(
        '7-A would hold 3 students but has 1 place.',
      );
      expect(await page.getByRole('button', { name: /^Start / }).isDisabled()).toBe(true);
      await shot(page, { path: `/tmp/rollover-conflicts-${size}.png`, fullPage: true });
      await context.close();
    });
  }

  test("the real run starts the year, and next year's classes are the ones listed", async () => {
    const school = await makeOwnSchool();
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await openWizard(page, school);
      await page.getByRole('button', { name: 'Check the plan' }).click();
      await plan(page).getByText('No conflicts').waitFor();
      await page.getByRole('button', { name: /^Start / }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: /^Start / })
        .click();
      const start = Number(school.academicYear.slice(0, 4)) + 1;
      const next = `${start}-${start + 1}`;
      await toastShown(page, `The school is now in ${next}`);
      await plan(page).getByText(`${next} has started`).waitFor();
      await shot(page, { path: '/tmp/rollover-done-1440.png', fullPage: true });
      const after = await callApi<{ data: { academicYear: string } }>('/settings/school-info', {
        token: school.token,
      });
      expect(after.data.academicYear).toBe(next);
      await page.goto('/classes');
      await page.getByRole('heading', { level: 1, name: 'Classroom Management' }).waitFor();
      await page.getByText('Class 7-A').first().waitFor();
      await shot(page, { path: '/tmp/rollover-classes-1440.png', fullPage: true });
    } finally {
      await context.close();
    }
  });
});
