import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, callApi, DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo, toastShown } from './support/browser';

const run = Date.now().toString(36);
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data.token;
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** A teacher of this run and viewport alone, so lanes and a retry never share their choices. */
async function newTeacher(label: string) {
  const account = { email: `notify.teacher.${label}.${run}@example.org`, password: 'teacher-pw-123' };
  await callApi('/teachers', {
    method: 'POST',
    token: adminToken,
    body: { name: `Kavya Nair ${label}`, email: account.email, password: account.password, phone: '555-0120' },
  });
  return account;
}

async function teacherSignIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/teacher-login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/teacher-dashboard');
}

describe("staff's notifications", () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`a teacher turns off announcement e-mails from the account menu, and it stays so after a reload (${label} px)`, async () => {
      const account = await newTeacher(label);
      const { context, page } = await openPage(browser, viewport);
      try {
        await teacherSignIn(page, account);
        await page.getByRole('button', { name: /Kavya Nair/ }).click();
        await page.getByRole('menuitem', { name: 'Notifications' }).click();
        await page.waitForURL('**/teacher/notifications');
        await expect.poll(() => page.title()).toBe('Notifications · School Portal');
        const card = page.getByRole('region', { name: 'How messages reach you' });
        const announcements = card.getByRole('group', { name: 'Announcements' });
        await announcements.getByText('By e-mail', { exact: true }).waitFor();
        // Absence alerts go to families: a teacher chooses for announcements only.
        expect(await card.getByRole('group', { name: 'Absence alerts' }).count()).toBe(0);
        await announcements.getByText('By e-mail', { exact: true }).click();
        await card.getByRole('button', { name: 'Save choices' }).click();
        await toastShown(page, 'Notification choices saved');
        await shot(page, { path: `/tmp/staff-notifications-teacher-${label}.png`, fullPage: true });

        await page.reload();
        const email = page
          .getByRole('region', { name: 'How messages reach you' })
          .getByRole('group', { name: 'Announcements' })
          .getByRole('checkbox', { name: 'By e-mail' });
        await email.waitFor({ state: 'attached' });
        expect(await email.isChecked()).toBe(false);
        const push = page.getByRole('group', { name: 'Announcements' }).getByRole('checkbox', { name: /phones/ });
        expect(await push.isChecked()).toBe(true);
        const login = await callApi<{ token?: string; data?: { token: string } }>('/teachers/login', {
          method: 'POST',
          body: account,
        });
        const token = (login.token ?? login.data?.token) as string;
        const saved = await callApi<{ data: unknown }>('/messages/choices', { token });
        expect(saved.data).toEqual({
          announcements: { email: false, push: true },
          alerts: { email: true, push: true },
          reminders: { email: true, push: true },
        });

        // The teacher's Messages page leads here too.
        await page.goto('/teacher/messages');
        await page.getByRole('link', { name: 'Notifications' }).click();
        await page.waitForURL('**/teacher/notifications');
      } finally {
        await context.close();
      }
    });
  }

  test('the office opens its own page from the account menu and from Messages (1440 and 390 px)', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await openPage(browser, viewport);
      try {
        await signInTo(page);
        await page.getByRole('button', { name: /Priya Sharma/ }).click();
        await page.getByRole('menuitem', { name: 'Notifications' }).click();
        await page.waitForURL('**/notifications');
        await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
        const card = page.getByRole('region', { name: 'How messages reach you' });
        await card.getByRole('group', { name: 'Announcements' }).getByText('By e-mail', { exact: true }).waitFor();
        expect(await card.getByRole('group', { name: 'Absence alerts' }).count()).toBe(0);
        await shot(page, { path: `/tmp/staff-notifications-office-${viewport.width}.png`, fullPage: true });
        await page.goto('/messages');
        await page.getByRole('link', { name: 'Notifications' }).click();
        await page.waitForURL('**/notifications');
      } finally {
        await context.close();
      }
    }
  });
});
