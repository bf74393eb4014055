import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  callApi,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  pathname,
  STUDENT,
  signInThroughForm,
  storedItem,
  TEACHER,
} from './support/browser';

const PARENT = { email: 'parent@demo.school', password: 'demo1234' };
const SCREENS = [
  { path: '/login', button: 'Sign In' },
  { path: '/teacher-login', button: 'Sign in' },
  { path: '/student-login', button: 'Sign in' },
  { path: '/parent-login', button: 'Sign in' },
] as const;
type Screen = (typeof SCREENS)[number];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signInAt(page: Page, screen: Screen, account: { email: string; password: string }) {
  await page.goto(screen.path);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: screen.button }).click();
}

const [adminDoor, teacherDoor, studentDoor, parentDoor] = SCREENS;

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('one door for everyone (%s)', (_name, viewport) => {
  test("a parent signs in at the office's /login and lands in the family portal", async () => {
    const { context, page } = await openPage(browser, viewport);
    await signInAt(page, adminDoor, PARENT);
    await page.waitForURL((url) => url.pathname.startsWith('/family/'));
    await page.getByTestId('child-class').waitFor();
    expect(await storedItem(page, 'parentToken')).toBeTruthy();
    expect(await storedItem(page, 'schoolToken')).toBeNull();
    expect(await page.getByText('Access Denied').count()).toBe(0);
    await context.close();
  });

  test('a teacher signs in at /login and lands on the teacher dashboard', async () => {
    const { context, page } = await openPage(browser, viewport);
    await signInAt(page, adminDoor, TEACHER);
    await page.waitForURL('**/teacher-dashboard');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Welcome,' }).waitFor();
    expect(JSON.parse((await storedItem(page, 'teacherData')) ?? '{}').email).toBe(TEACHER.email);
    expect(await storedItem(page, 'schoolToken')).toBeNull();
    await context.close();
  });

  test('an administrator signs in at the student sign-in and lands on the dashboard', async () => {
    const { context, page } = await openPage(browser, viewport);
    await signInAt(page, studentDoor, ADMIN);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await storedItem(page, 'schoolToken')).toBeTruthy();
    expect(await storedItem(page, 'studentToken')).toBeNull();
    await context.close();
  });

  test('a parent signs in at /teacher-login and lands in the family portal', async () => {
    const { context, page } = await openPage(browser, viewport);
    await signInAt(page, teacherDoor, PARENT);
    await page.waitForURL((url) => url.pathname.startsWith('/family/'));
    await page.getByTestId('child-class').waitFor();
    expect(await storedItem(page, 'teacherToken')).toBeNull();
    await context.close();
  });

  test('a wrong password shows its message beside the form, still there 5 s later, until the next try', async () => {
    const { context, page } = await openPage(browser, viewport);
    await signInAt(page, parentDoor, { email: 'nobody.at.this.door@demo.school', password: 'not-the-password' });
    const form = page.locator('form');
    const alert = form.getByRole('alert');
    await alert.filter({ hasText: 'Invalid credentials' }).waitFor();
    await page.waitForTimeout(5_000);
    expect(await alert.textContent()).toContain('Invalid credentials');
    expect(pathname(page)).toBe('/parent-login');
    // The next try starts clean: the message goes as it is sent.
    await page.route('**/api/users/login', () => {});
    await page.getByRole('button', { name: 'Sign in' }).click();
    await alert.filter({ hasText: 'Invalid credentials' }).waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('Forgot your password?', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('every sign-in screen links to who resets a password, and back (%s)', async (_name, viewport) => {
    const { context, page } = await openPage(browser, viewport);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.waitForURL((url) => url.pathname === '/forgot-password');
      await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
      // The page asks for the email a link goes to, and says who helps those without one.
      await page.getByText('We will send you a link to choose a new password.', { exact: false }).waitFor();
      await page.getByRole('textbox', { name: 'Email', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Send reset link' }).waitFor();
      await page
        .getByText('Ask the school office: they can give you a temporary password.', { exact: false })
        .waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await page.waitForURL((url) => url.pathname === screen.path);
    }
    await context.close();
  });
});

describe('no blank flash', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'a reload of /dashboard draws the frame and its menu before the session check answers (%s)',
    async (_name, viewport) => {
      const { context, page } = await openPage(browser, viewport);
      await signInThroughForm(page);
      // Notes whether the blank waiting screen ever shows during the reload.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.body?.textContent?.includes('Verifying access')) document.documentElement.dataset.blank = 'seen';
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let checks = 0;
      await page.route('**/api/users/verify', async (route) => {
        checks += 1;
        await held;
        await route.continue();
      });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await page.getByText('Greenwood International School').first().waitFor();
      if (viewport === DESKTOP) await page.getByRole('navigation', { name: 'Main' }).waitFor();
      else await page.getByRole('button', { name: 'Open menu' }).waitFor();
      expect(checks).toBe(1);
      expect(await page.evaluate(() => document.documentElement.dataset.blank ?? 'never')).toBe('never');
      release();
      await context.close();
    },
  );

  test('a stored session the server refuses signs out once the check answers', async () => {
    const { context, page } = await openPage(browser);
    await signInThroughForm(page);
    await page.route('**/api/users/verify', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"success":false,"error":"Invalid token"}',
      }),
    );
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedItem(page, 'schoolToken')).toBeNull();
    expect(await storedItem(page, 'schoolUser')).toBeNull();
    await context.close();
  });

  test("Access Denied still meets a non-administrator's session on an office page", async () => {
    const { context, page } = await openPage(browser);
    const answer = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: STUDENT });
    // Put on a page of the portal's origin that runs no script: the sign-in page would open the dashboard itself.
    await page.goto('/api/health');
    await page.evaluate((token) => window.localStorage.setItem('schoolToken', token), answer.data.token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    await page.getByText('Only school administrators can access this portal.').waitFor();
    await context.close();
  });
});
