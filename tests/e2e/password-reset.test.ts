import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  callApi,
  DESKTOP,
  launchBrowser,
  mailURL,
  openPage,
  PHONE,
  rememberSecrets,
  shot,
  signInThroughForm,
} from './support/browser';

let browser: Browser;
let adminToken: string;
const stamp = Date.now().toString(36);

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The newest e-mail the local catcher holds for this address, waiting for it to arrive. */
async function mailTo(email: string): Promise<CaughtMail> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${mailURL}/api/mails`)).json()) as CaughtMail[];
    const found = mails.find((mail) => mail.to.includes(email));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail reached ${email}`);
}

async function newTeacher(label: string) {
  const email = `reset.${label}.${stamp}@example.org`;
  await callApi('/teachers', {
    method: 'POST',
    token: adminToken,
    body: { name: `Meera Rao ${label}`, email, password: 'first-pw-123', phone: '555-0110' },
  });
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data.token;
});

afterAll(async () => {
  await browser?.close();
});

describe('a forgotten password', () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`is reset from the e-mailed link and the new one signs in (${label} px)`, async () => {
      const email = await newTeacher(label);
      const { context, page } = await openPage(browser, viewport);
      await page.goto('/teacher-login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.waitForURL((url) => url.pathname === '/forgot-password');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await shot(page, { path: `/tmp/reset-ask-${label}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('It works for 30 minutes.').waitFor();
      await shot(page, { path: `/tmp/reset-asked-${label}.png`, fullPage: true });

      const mail = await mailTo(email);
      expect(mail.subject).toContain('Reset your password');
      const link = /https?:\/\/\S+\/reset-password#[\w.-]+/.exec(mail.text)?.[0];
      expect(link, mail.text).toBeTruthy();
      expect(mail.html).toContain(link);
      rememberSecrets(link?.split('#')[1]);

      await page.goto(link as string);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      // The token leaves the address bar at once.
      await expect.poll(() => page.url()).not.toContain('#');
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('password');
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('password');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('This password is too common').waitFor();
      const chosen = `a blue kite over ${label} hills`;
      rememberSecrets(chosen);
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(chosen);
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(chosen);
      await shot(page, { path: `/tmp/reset-choose-${label}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByRole('heading', { name: 'Password changed' }).waitFor();
      await shot(page, { path: `/tmp/reset-done-${label}.png`, fullPage: true });

      // The link works once (opened afresh: from the same page it would only change the fragment).
      await page.goto('about:blank');
      await page.goto(link as string);
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(`${chosen} again`);
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(`${chosen} again`);
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
      await shot(page, { path: `/tmp/reset-used-${label}.png`, fullPage: true });

      await page.goto('/teacher-login');
      await signIn(page, email, 'first-pw-123');
      await page.getByRole('alert').filter({ hasText: /./ }).waitFor();
      await signIn(page, email, chosen);
      await page.waitForURL((url) => !url.pathname.endsWith('login'));
      await context.close();
    });
  }
});

describe('the System Status card', () => {
  test('shows e-mail and push as configured, each with its last delivery (1440 and 390 px)', async () => {
    for (const [label, viewport] of [
      ['1440', DESKTOP],
      ['390', PHONE],
    ] as const) {
      const { context, page } = await openPage(browser, viewport);
      await signInThroughForm(page);
      const email = page.getByRole('listitem').filter({ hasText: 'Email Service' });
      await email.getByText(/Active|Retrying|Failures/).waitFor();
      await expect(email.textContent()).resolves.toMatch(/Last delivery|Nothing sent yet/);
      // npm start makes a local VAPID pair, so push is configured too.
      const push = page.getByRole('listitem').filter({ hasText: 'Push Notifications' });
      await push.getByText(/Active|Retrying|Failures/).waitFor();
      await expect(push.textContent()).resolves.toMatch(/Last delivery|Nothing sent yet/);
      await push.scrollIntoViewIfNeeded();
      await shot(page, { path: `/tmp/system-status-${label}.png` });
      await context.close();
    }
  });
});
