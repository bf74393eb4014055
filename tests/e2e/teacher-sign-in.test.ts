import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, pathname, storedItem, TEACHER, toastShown } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('teacher sign-in', () => {
  test('empty fields are refused with a toast', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/teacher-login');
    await page.getByText('Employee Management, New Recruitment').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toastShown(page, 'Please fill in all fields');

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(TEACHER.email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toastShown(page, 'Please fill in all fields');
    expect(pathname(page)).toBe('/teacher-login');
    await context.close();
  });

  test('a teacher signs in, lands on the teacher dashboard, and is stored apart from the school session', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/teacher-login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(TEACHER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEACHER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await toastShown(page, 'Login successful!');
    await page.waitForURL('**/teacher-dashboard');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.filter({ hasText: 'Welcome,' }).waitFor();

    expect(await storedItem(page, 'teacherToken')).toBeTruthy();
    expect(await storedItem(page, 'schoolToken')).toBeNull();
    const teacherData = JSON.parse((await storedItem(page, 'teacherData')) ?? '{}');
    expect(teacherData.email).toBe(TEACHER.email);
    expect(await heading.textContent()).toContain(teacherData.name);

    // The school portal does not accept the teacher's token.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');

    await page.goto('/teacher-dashboard');
    await page.getByRole('button', { name: new RegExp(teacherData.name) }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await toastShown(page, 'Logged out successfully');
    await page.waitForURL('**/teacher-login');
    expect(await storedItem(page, 'teacherToken')).toBeNull();
    expect(await storedItem(page, 'teacherData')).toBeNull();
    await context.close();
  });

  test("a press on the account button opens the menu even when the menu's code arrives between press and release", async () => {
    const { context, page } = await openPage(browser);
    // The menu's code is held back until the press has begun, then let through before the release.
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    let asked = false;
    await page.route('**/assets/account-menu-popup-*.js', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto('/teacher-login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(TEACHER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEACHER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/teacher-dashboard');
    const account = page.getByRole('button', { name: /Rahul Verma/ });
    // The browser, idle, asks for the code by itself; the press starts while it is still on its way.
    await expect.poll(() => asked, { timeout: 10_000 }).toBe(true);
    const box = await account.boundingBox();
    if (!box) throw new Error('The account button is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    letThrough();
    await page.waitForResponse('**/assets/account-menu-popup-*.js');
    await page.waitForTimeout(300);
    await page.mouse.up();
    await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor({ timeout: 5_000 });
    await context.close();
  });

  test('the teacher dashboard needs a teacher token', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/teacher-dashboard');
    await page.waitForURL('**/teacher-login');
    await page.getByRole('heading', { level: 1, name: 'Teacher sign in' }).waitFor();
    await context.close();
  });
});
