import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  callApi,
  launchBrowser,
  openPage,
  pathname,
  STUDENT,
  signInThroughForm,
  storedItem,
  toastShown,
} from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('school sign-in', () => {
  test('a school administrator signs in and lands on the dashboard', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    await page.getByText('Use the credentials provided by your school administrator', { exact: true }).waitFor();
    await page.getByText('Need help? Contact your school administrator', { exact: true }).waitFor();

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await toastShown(page, 'Login successful! Welcome to your school portal.');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await storedItem(page, 'schoolToken')).toBeTruthy();
    await context.close();
  });

  test('the show/hide toggle reveals and hides the password', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('secret-words');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await context.close();
  });

  test('each field shows its message on submit, and loses it when edited', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    const signIn = page.getByRole('button', { name: 'Sign In' });
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    const password = page.getByRole('textbox', { name: 'Password', exact: true });

    await signIn.click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');

    await email.fill('a');
    await page.getByText('Email is required').waitFor({ state: 'detached' });
    expect(await page.getByText('Password is required').isVisible()).toBe(true);

    await email.fill('not-an-address');
    await password.fill('12345');
    await signIn.click();
    await page.getByText('Email is invalid').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();

    await password.fill('123456');
    await page.getByText('Password must be at least 6 characters').waitFor({ state: 'detached' });
    expect(await page.getByText('Email is invalid').isVisible()).toBe(true);
    await email.fill('someone@school.example');
    await page.getByText('Email is invalid').waitFor({ state: 'detached' });

    expect(pathname(page)).toBe('/login');
    expect(await storedItem(page, 'schoolToken')).toBeNull();
    await context.close();
  });

  test('a wrong password shows the server message and stays on the sign-in screen', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    expect(pathname(page)).toBe('/login');
    expect(await page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
    expect(await storedItem(page, 'schoolToken')).toBeNull();
    await context.close();
  });

  test('a signed-out visitor is sent to sign in and then back to the page they asked for', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/classes');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/classes');

    await signInThroughForm(page, ADMIN, '/classes');
    await page.getByRole('heading', { level: 1, name: 'Classroom Management' }).waitFor();
    await context.close();
  });

  test('without a stored user the session check shows its waiting state, and a signed-in visitor skips sign-in', async () => {
    const { context, page } = await openPage(browser);
    // The portal opens with a page load that checks the new session once, storing the user again: let it finish.
    const checked = page.waitForResponse((response) => response.url().endsWith('/api/users/verify'));
    await signInThroughForm(page);
    await checked;
    // A device that signed in before the user was stored has nothing to draw: it waits for the check.
    await page.evaluate(() => window.localStorage.removeItem('schoolUser'));

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/users/verify', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/students');
    await page.getByText('Verifying access...').waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Student Records' }).waitFor();
    expect(await storedItem(page, 'schoolUser')).toContain('"role":"school_admin"');

    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  test('an invalid stored token is removed and the visitor signs in again', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    await page.evaluate(() => window.localStorage.setItem('schoolToken', 'not-a-real-token'));
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await storedItem(page, 'schoolToken')).toBeNull();
    await context.close();
  });

  test('an account that is not a school administrator sees Access Denied on an office page and can sign out', async () => {
    const { context, page } = await openPage(browser);
    // Every sign-in screen takes a student to the family portal; only a token put here by hand reaches this page.
    const answer = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: STUDENT });
    // Put on a page of the portal's origin that runs no script of its own: the sign-in page, finding a session on
    // the device, would open the dashboard itself, racing the test's own navigation.
    await page.goto('/api/health');
    await page.evaluate((token) => window.localStorage.setItem('schoolToken', token), answer.data.token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    await page.getByText("You don't have permission to access the school portal.").waitFor();
    await page.getByText('Only school administrators can access this portal.').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await toastShown(page, 'Logged out successfully');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedItem(page, 'schoolToken')).toBeNull();
    await context.close();
  });
});
