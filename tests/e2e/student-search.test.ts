import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, callApi, DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo } from './support/browser';

let browser: Browser;
/** A demo pupil, found by their full name. */
let pupil: { name: string; email: string };

beforeAll(async () => {
  const admin = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN });
  const list = await callApi<{ data: { name: string; email: string }[] }>(
    '/students?limit=1&status=active&view=cards',
    {
      token: admin.data.token,
    },
  );
  pupil = list.data[0];
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('Student Records search and the enrolment shortcut', () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`a search typed on the Overview shows the matching students, and stays in the address (${label} px)`, async () => {
      const { context, page } = await openPage(browser, viewport);
      await signInTo(page, '/students');
      await page.getByText('Total Students').waitFor();
      expect(await page.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');

      await page.getByRole('searchbox', { name: 'Search' }).fill(pupil.name);
      const list = page.getByRole('tabpanel', { name: 'Manage Students' });
      await list.getByText(pupil.email).filter({ visible: true }).first().waitFor();
      await page.getByText(/student\(s\) match the filters/).waitFor();
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(pupil.name);
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(pupil.name);
      expect(new URL(page.url()).searchParams.get('tab')).toBe('manage');
      await shot(page, { path: `/tmp/student-search-${label}.png`, fullPage: true });

      // The address alone brings the same list back.
      await page.reload();
      await list.getByText(pupil.email).filter({ visible: true }).first().waitFor();
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(pupil.name);
      await context.close();
    });

    test(`the dashboard's "Add New Student" opens the enrolment form (${label} px)`, async () => {
      const { context, page } = await openPage(browser, viewport);
      await signInTo(page);
      await page.getByRole('link', { name: 'Add New Student' }).click();
      const form = page.getByRole('dialog', { name: 'Enrol New Student' });
      await form.waitFor();
      await form.getByRole('textbox', { name: 'Full Name', exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/students');
      await shot(page, { path: `/tmp/student-enrol-shortcut-${label}.png` });

      // Closing the form leaves Student Records as it was, without the form in the address.
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });
      await expect.poll(() => new URL(page.url()).searchParams.has('enrol')).toBe(false);
      await page.getByText('Total Students').waitFor();
      await context.close();
    });
  }
});
