import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseURL, DESKTOP, launchBrowser, PHONE } from './support/browser';

const PAGES = [
  { path: '/login', heading: 'Sign in to your school portal' },
  { path: '/teacher-login', heading: 'Teacher sign in' },
  { path: '/student-login', heading: 'Student sign in' },
  { path: '/parent-login', heading: 'Parent sign in' },
  { path: '/forgot-password', heading: 'Forgot your password?' },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the sign-in pages arrive drawn', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('each shows its screen, styled and in Inter, before any script runs (%s)', async (_name, viewport) => {
    const context = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, heading } of PAGES) {
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(200);
      const title = page.getByRole('heading', { level: 1, name: heading });
      await title.waitFor();
      const look = await title.evaluate((element) => {
        const style = getComputedStyle(element);
        return { weight: style.fontWeight, family: style.fontFamily, size: style.fontSize };
      });
      expect(look).toEqual({ weight: '600', family: expect.stringMatching(/^"?Inter Variable/), size: '24px' });
      expect(await page.evaluate(() => document.fonts.check('600 24px "Inter Variable"', 'Sign in'))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      // The page's own script is a file: the CSP forbids inline ones.
      expect(await page.locator('script:not([src])').count()).toBe(0);
      if (path !== '/forgot-password') expect(await page.locator('form').getAttribute('method')).toBe('post');
    }
    await context.close();
  });
});
