import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, seriousViolations, signInTo } from './support/browser';

// The portal's CSP rightly forbids injected scripts; these contexts let axe-core in.
const AXE = { bypassCSP: true };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('accessibility', () => {
  test('the sign-in screen, with its error messages shown, has no serious or critical violation', async () => {
    const { context, page } = await openPage(browser, DESKTOP, AXE);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  test('the teacher sign-in screen has no serious or critical violation', async () => {
    const { context, page } = await openPage(browser, DESKTOP, AXE);
    await page.goto('/teacher-login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  test('the dashboard, with its user menu open, has no serious or critical violation', async () => {
    const { context, page } = await openPage(browser, DESKTOP, AXE);
    await signInTo(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /school admin/ }).click();
    await page.getByRole('menu').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  test('the dashboard on a phone, with the drawer open, has no serious or critical violation', async () => {
    const { context, page } = await openPage(browser, PHONE, AXE);
    await signInTo(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
