import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, STUDENT, storedItem } from './support/browser';

const PARENT = { email: 'parent@demo.school', password: 'demo1234' };
const SCHOOL = 'Greenwood International School';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, path: string, account: { email: string; password: string }) {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/family/'));
  await page.getByTestId('child-class').waitFor();
}

/** Notes whether the blank waiting screen ever shows during the next page loads. */
async function watchForBlank(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Verifying access')) document.documentElement.dataset.blank = 'seen';
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Holds the family session check (profile and children) until `release` is called. */
async function holdSessionCheck(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const checks: string[] = [];
  for (const path of ['**/api/auth/profile', '**/api/family/children']) {
    await page.route(path, async (route) => {
      checks.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
  }
  return { release, checks };
}

describe('the family portal draws before its session check answers', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('a parent reloading their child page sees the bar and the page at once (%s)', async (_name, viewport) => {
    const { context, page } = await openPage(browser, viewport);
    await signIn(page, '/parent-login', PARENT);
    const parentName = JSON.parse((await storedItem(page, 'parentData')) ?? '{}').name as string;
    await watchForBlank(page);
    const { release, checks } = await holdSessionCheck(page);

    await page.reload();
    await page.getByRole('banner').getByText(SCHOOL).waitFor();
    await page.getByRole('heading', { level: 1, name: `Hello, ${parentName.split(' ')[0]}` }).waitFor();
    await page.getByRole('button', { name: new RegExp(parentName) }).waitFor();
    expect(checks.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.dataset.blank ?? 'never')).toBe('never');

    release();
    await page.getByTestId('child-class').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.blank ?? 'never')).toBe('never');
    await context.close();
  });

  test('a student opening /family is drawn from the device too', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await signIn(page, '/student-login', STUDENT);
    await watchForBlank(page);
    const { release } = await holdSessionCheck(page);
    await page.goto('/family');
    await page.waitForURL((url) => url.pathname.startsWith('/family/'));
    await page.getByRole('banner').getByText(SCHOOL).waitFor();
    await page.getByRole('heading', { level: 1, name: /^Hello, / }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.blank ?? 'never')).toBe('never');
    release();
    await context.close();
  });

  test('a stored family session the server refuses signs out to its sign-in once the check answers', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, '/parent-login', PARENT);
    await page.route('**/api/auth/profile', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"success":false,"error":"Invalid token"}',
      }),
    );
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/parent-login');
    expect(await storedItem(page, 'parentToken')).toBeNull();
    expect(await storedItem(page, 'parentData')).toBeNull();
    await context.close();
  });
});
