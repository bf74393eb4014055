import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  callApi,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  seriousViolations,
  storedItem,
  toastShown,
} from './support/browser';

let browser: Browser;
let adminToken: string;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data.token;
});

afterAll(async () => {
  await browser?.close();
});

async function fillSignIn(page: Page, email: string, password: string, button: 'Sign in' | 'Sign In') {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: button }).click();
}

const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** The texts that describe a field (its hint or its error), read once the field is marked invalid. */
async function describedBy(page: Page, input: Locator) {
  await page.waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await input.elementHandle());
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

describe('a temporary password', () => {
  test('a parent signing in with one chooses their own before the family home opens', async () => {
    // The office enrols a child and issues the father a temporary password.
    const classes = await callApi<{ data: { _id: string }[] }>('/classes', { token: adminToken });
    const enrolled = await callApi<{ data: { _id: string; name: string } }>('/students', {
      method: 'POST',
      token: adminToken,
      body: {
        name: `Tara Iyer ${stamp}`,
        classId: classes.data[0]._id,
        rollNumber: `T${stamp}`,
        email: `tara.${stamp}@example.org`,
        password: 'tara-pw-1',
        phone: '555-0100',
        dateOfBirth: '2014-02-03',
        gender: 'female',
        parentInfo: {
          fatherName: 'Vikram Iyer',
          fatherEmail: `vikram.${stamp}@example.org`,
          fatherPassword: 'vik-pw-1',
        },
      },
    });
    const issued = await callApi<{ data: { credentials: { email: string; temporaryPassword: string }[] } }>(
      `/students/${enrolled.data._id}/temporary-passwords`,
      { method: 'POST', token: adminToken, body: { accounts: ['father'] } },
    );
    const { email, temporaryPassword } = issued.data.credentials[0];

    // The portal's CSP rightly forbids injected scripts; this context lets axe-core in.
    const { context, page } = await openPage(browser, PHONE, { bypassCSP: true });
    await page.goto('/parent-login');
    await fillSignIn(page, email, temporaryPassword, 'Sign in');
    await page.getByRole('heading', { level: 1, name: 'Choose your own password' }).waitFor();
    // Nothing is kept on the device until the new password is saved.
    expect(await storedItem(page, 'parentToken')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/parent-login');

    // The rule is shown before anything is typed.
    await page.getByText('At least 8 characters, and not a common password.').waitFor();
    const save = page.getByRole('button', { name: 'Save password and continue' });
    await save.click();
    await page.getByText('New password is required').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await field(page, 'New password').fill('short');
    await save.click();
    await page.getByText('Use at least 8 characters.').waitFor();
    // A common password is refused on the device, with the message beside the field, before anything is sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/profile')) sent.push(request.method());
    });
    await field(page, 'New password').fill('password1');
    await field(page, 'Confirm new password').fill('password1');
    await save.click();
    expect(await describedBy(page, field(page, 'New password'))).toContain(
      'This password is too common. Choose one that is harder to guess.',
    );
    expect(sent).toEqual([]);
    await field(page, 'New password').fill(temporaryPassword);
    await save.click();
    await page.getByText('Choose a password different from the current one').waitFor();
    await field(page, 'New password').fill('our family password');
    await field(page, 'Confirm new password').fill('our family passwort');
    await save.click();
    await page.getByText('Passwords do not match').waitFor();
    await field(page, 'Confirm new password').fill('our family password');
    await save.click();

    await toastShown(page, 'Password changed');
    await page.waitForURL('**/family**');
    await page.getByText(`Tara Iyer ${stamp}`).first().waitFor();
    expect(await storedItem(page, 'parentToken')).toBeTruthy();

    // The temporary password is gone; the chosen one opens the home directly.
    await page.getByRole('button', { name: /Parent/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/parent-login');
    await fillSignIn(page, email, temporaryPassword, 'Sign in');
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    await fillSignIn(page, email, 'our family password', 'Sign in');
    await page.waitForURL('**/family**');
    await context.close();
  });
});

describe('Change password', () => {
  test('a teacher changes theirs from the account menu and stays signed in', async () => {
    const teacherEmail = `meera.${stamp}@example.org`;
    await callApi('/auth/create-teacher', {
      method: 'POST',
      token: adminToken,
      body: { name: `Meera Pillai ${stamp}`, email: teacherEmail, password: 'meera-pw-1', phone: '555-0101' },
    });
    const { context, page } = await openPage(browser, DESKTOP, { bypassCSP: true });
    await page.goto('/teacher-login');
    await fillSignIn(page, teacherEmail, 'meera-pw-1', 'Sign in');
    await page.waitForURL('**/teacher-dashboard');
    const before = await storedItem(page, 'teacherToken');

    await page.getByRole('button', { name: /Meera Pillai/ }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await field(dialog, 'Current password').fill('not-my-password');
    await field(dialog, 'New password').fill('meera-new-pw');
    await field(dialog, 'Confirm new password').fill('meera-new-pw');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('Current password is incorrect').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await field(dialog, 'Current password').fill('meera-pw-1');
    await field(dialog, 'New password').fill('Sunshine1');
    await field(dialog, 'Confirm new password').fill('Sunshine1');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('This password is too common. Choose one that is harder to guess.').waitFor();
    await field(dialog, 'New password').fill('meera-new-pw');
    await field(dialog, 'Confirm new password').fill('meera-new-pw');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await toastShown(page, 'Password changed');
    await dialog.waitFor({ state: 'hidden' });

    // This device keeps working with the new session; the old token was revoked.
    const after = await storedItem(page, 'teacherToken');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Welcome, Meera Pillai/ }).waitFor();
    const old = await fetch(new URL('/api/auth/profile', page.url()), {
      headers: { Authorization: `Bearer ${before}` },
    });
    expect(old.status).toBe(401);
    const signedIn = await fetch(new URL('/api/teachers/login', page.url()), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: teacherEmail, password: 'meera-new-pw' }),
    });
    expect(signedIn.status).toBe(200);
    await context.close();
  });
});
