import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, callApi, DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo } from './support/browser';

let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  adminToken = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data.token;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The classroom's student list calls this page makes, by status, as they answer. */
function watchStudentList(page: Page) {
  const seen: { status: number; bytes: number; ifNoneMatch: boolean }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/students' || url.searchParams.get('limit') !== '1000') return;
    const body = response.status() === 200 ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
    const sent = await response.request().allHeaders();
    seen.push({ status: response.status(), bytes: body.length, ifNoneMatch: 'if-none-match' in sent });
  });
  return seen;
}

/** The side menu's link, or on a phone the drawer's: the way a person moves between screens. */
async function follow(page: Page, link: string) {
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: link, exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
  }
}

async function openAssignments(page: Page) {
  await follow(page, 'Classroom Management');
  await page.waitForURL('**/classes');
  await page.getByText('Loading classroom management...').waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: 'Student Assignments', exact: true }).click();
}

/** Away and back after the screen's lists have gone stale (30 s), so it asks the server again. */
async function leaveAndReturn(page: Page) {
  await follow(page, 'Dashboard');
  await page.clock.fastForward('00:31');
  await page.waitForURL('**/dashboard');
  await openAssignments(page);
}

describe('the classroom keeps the student list it holds until something in it changes', () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`a return to the screen is answered 304 and draws the same students; a change is drawn at once (${label} px)`, async () => {
      const { context, page } = await openPage(browser, viewport);
      const seen = watchStudentList(page);
      await page.clock.install();
      await signInTo(page);
      await openAssignments(page);
      const firstList = page.getByRole('list', { name: /^First students of / }).first();
      const first = firstList.getByRole('listitem').first();
      await first.waitFor();
      const name = (await first.locator('span').first().textContent())?.trim() ?? '';
      expect(name).not.toBe('');
      expect(seen).toEqual([{ status: 200, bytes: expect.any(Number), ifNoneMatch: false }]);

      await leaveAndReturn(page);
      await expect.poll(() => seen.length).toBe(2);
      expect(seen[1]).toEqual({ status: 304, bytes: 0, ifNoneMatch: true });
      await firstList.getByText(name, { exact: true }).waitFor();

      // The office renames the student elsewhere: the next visit gets the new list.
      const [student] = (
        await callApi<{ data: { _id: string; name: string }[] }>(
          `/students?search=${encodeURIComponent(name)}&limit=5`,
          { token: adminToken },
        )
      ).data.filter((s) => s.name === name);
      const renamed = `${name} ${label}`;
      await callApi(`/students/${student._id}`, { method: 'PUT', body: { name: renamed }, token: adminToken });
      try {
        await leaveAndReturn(page);
        await expect.poll(() => seen.length).toBe(3);
        expect(seen[2]).toMatchObject({ status: 200, ifNoneMatch: true });
        await firstList.getByText(renamed, { exact: true }).waitFor();
        await shot(page, { path: `/tmp/student-list-tags-${label}.png`, fullPage: false });
      } finally {
        await callApi(`/students/${student._id}`, { method: 'PUT', body: { name }, token: adminToken });
      }
      await context.close();
    });
  }
});
