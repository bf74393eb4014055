import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, baseURL, DESKTOP, launchBrowser, openPage, PHONE } from './support/browser';

const PAGES = [
  { path: '/login', heading: 'Sign in to your school portal' },
  { path: '/teacher-login', heading: 'Teacher sign in' },
  { path: '/student-login', heading: 'Student sign in' },
  { path: '/parent-login', heading: 'Parent sign in' },
  { path: '/forgot-password', heading: 'Forgot your password?' },
];

let browser: Browser;

/** Every element's computed style, custom properties aside (how the page is drawn), one entry per property. */
function computedLooks(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('body *')].flatMap((element, index) => {
        const style = getComputedStyle(element);
        return [...style]
          .filter((name) => !name.startsWith('--'))
          .map((name) => [`${index} ${element.tagName} ${name}`, style.getPropertyValue(name)]);
      }),
    ),
  );
}

/** The entries that differ between two looks of a page, each as `element property: before → after`. */
function changes(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before)
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key}: ${before[key]} → ${after[key]}`);
}

/** Adds the app's whole stylesheet (the one the portal fetches after sign-in) to the page. */
function addAppStylesheet(page: Page) {
  return page.evaluate(async () => {
    const assets = document.querySelector<HTMLMetaElement>('meta[name="portal-assets"]')?.content ?? '';
    const href = assets.split(' ').find((url) => url.endsWith('.css'));
    if (!href) throw new Error('the page names no app stylesheet');
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    const loaded = new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
    });
    document.head.append(link);
    await loaded;
  });
}

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
      // One inline script, the one that starts the page's own: the CSP admits it by its hash, and nothing else.
      const inline = await page.locator('script:not([src])').allTextContents();
      expect(inline).toHaveLength(1);
      const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
      const scriptSources = /script-src ([^;]*)/.exec(answer?.headers()['content-security-policy'] ?? '')?.[1];
      expect(scriptSources?.split(' ')).toEqual(["'self'", hash]);
      if (path !== '/forgot-password') expect(await page.locator('form').getAttribute('method')).toBe('post');
    }
    await context.close();
  });
});

describe('the stylesheet written into the pages', () => {
  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('cut to what they use, draws each as the whole app stylesheet does (%s)', async (_name, viewport) => {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    // The page as drawn, its own script held back.
    await page.route('**/assets/signIn-*.js', (route) => route.abort());
    for (const { path } of PAGES) {
      await page.goto(path);
      const cut = await computedLooks(page);
      expect(Object.keys(cut).length).toBeGreaterThan(10_000);
      await addAppStylesheet(page);
      expect(changes(cut, await computedLooks(page))).toEqual([]);
    }
    await context.close();
  });
});

describe("the page's behaviour comes after its first paint", () => {
  test('its script is fetched once the first text is on screen, and a form sent before it arrives is held and sent then', async () => {
    const { context, page } = await openPage(browser, PHONE);
    let arrive: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    let paintedBeforeAsked: boolean | undefined;
    await page.route('**/assets/signIn-*.js', async (route) => {
      paintedBeforeAsked = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      await arrived;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Held: the form does not post itself to the page, and what was typed stays.
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(ADMIN.email);
    expect(paintedBeforeAsked).toBe(true);
    arrive();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(posts).toEqual(['/api/users/login']);
    await context.close();
  });
});
