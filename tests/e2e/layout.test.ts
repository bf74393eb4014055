import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, PHONE, pathname, signInThroughForm, storedItem, toastShown } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('portal layout', () => {
  test('the side menu shows its four groups, which collapse, and the top bar shows school and user', async () => {
    const { context, page } = await openPage(browser);
    await signInThroughForm(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const group of [
      'Campus Management',
      'Student Management',
      'HR and Administration',
      'Analytics and Reporting',
    ]) {
      await nav.getByRole('button', { name: group }).waitFor();
    }
    const link = nav.getByRole('link', { name: 'Important Dates' });
    expect(await link.isVisible()).toBe(true);
    await nav.getByRole('button', { name: 'Campus Management' }).click();
    await link.waitFor({ state: 'hidden' });
    await nav.getByRole('button', { name: 'Campus Management' }).click();
    await link.click();
    await page.waitForURL('**/important-dates');
    await page.getByText('Manage school events, holidays, exams, and important deadlines', { exact: true }).waitFor();

    const banner = page.getByRole('banner');
    expect(await banner.getByText('school admin', { exact: true }).isVisible()).toBe(true);
    expect(await banner.textContent()).not.toContain('school_admin');

    await page.getByRole('button', { name: 'Collapse side menu' }).click();
    await page.getByRole('button', { name: 'Expand side menu' }).waitFor();
    expect(await nav.getByRole('button', { name: 'Campus Management' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Student Records' }).click();
    await page.waitForURL('**/students');
    await context.close();
  });

  test('on a phone the menu is a drawer that closes on a backdrop tap and when a link is chosen', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await signInThroughForm(page);
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await openMenu.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    await openMenu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Student Records' }).waitFor();

    // Tap the dimmed area to the right of the drawer.
    await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
    await drawer.waitFor({ state: 'detached' });
    expect(pathname(page)).toBe('/dashboard');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Reports', exact: true }).click();
    await page.waitForURL('**/reports');
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await context.close();
  });

  test('signing out from the user menu returns to sign-in, and protected pages ask again', async () => {
    const { context, page } = await openPage(browser);
    await signInThroughForm(page);
    await page.getByRole('button', { name: /school admin/ }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.textContent()).toContain('admin@demo.school');
    await menu.getByRole('menuitem', { name: 'Sign Out' }).click();

    await toastShown(page, 'Logged out successfully');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedItem(page, 'schoolToken')).toBeNull();

    await page.goto('/attendance');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/attendance');
    await context.close();
  });
});
