import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { SCHOOL_INFO_FIELDS } from '../../worker/modules/settings/fields';
import {
  ADMIN,
  baseURL,
  callApi,
  DESKTOP,
  launchBrowser,
  PHONE,
  recordToasts,
  seriousViolations,
  shot,
  signInThroughForm,
  toastShown,
} from './support/browser';
import { tr } from './support/catalogue';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A browser whose person reads `language` first, as a Hindi or Arabic speaker's would be set up. */
async function browserIn(language: string, viewport = DESKTOP, javaScriptEnabled = true) {
  const locale = language === 'hi' ? 'hi-IN' : language === 'ar' ? 'ar-SA' : 'en-US';
  // axe-core is added as an inline script: the page's CSP would refuse it.
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale,
    javaScriptEnabled,
    reducedMotion: 'reduce',
    bypassCSP: true,
  });
  await recordToasts(context);
  return { context, page: await context.newPage() };
}

/** The demo school's own language, as the office sets it in Settings. */
async function setSchoolLanguage(language: string) {
  const { data } = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN });
  const info = await callApi<{ data: Record<string, unknown> }>('/settings/school-info', { token: data.token });
  const body = Object.fromEntries(SCHOOL_INFO_FIELDS.map((field) => [field, info.data[field] ?? '']));
  await callApi('/settings/school-info', { method: 'PUT', token: data.token, body: { ...body, language } });
}

afterEach(async () => {
  await setSchoolLanguage('en');
});

const direction = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe.each([
  ['hi', 'ltr'],
  ['ar', 'rtl'],
])('signing in in %s', (language, dir) => {
  test('the sign-in pages arrive drawn in the browser’s language, before any script runs', async () => {
    const { context, page } = await browserIn(language, DESKTOP, false);
    const pages = [
      ['/login', 'Sign in to your school portal'],
      ['/teacher-login', 'Teacher sign in'],
      ['/forgot-password', 'Forgot your password?'],
    ];
    for (const [path, heading] of pages) {
      const answer = await page.goto(path as string);
      expect(answer?.headers()['content-language']).toBe(language);
      expect(await direction(page)).toEqual({ lang: language, dir });
      await page.getByRole('heading', { level: 1, name: tr(language, heading as string) }).waitFor();
      expect(await page.title()).toContain(tr(language, 'School Portal'));
    }
    await context.close();
  });

  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('an office user signs in, refused first, then welcomed in the language (%s)', async (label, viewport) => {
    // The school speaks it too: a person who chose no language of their own sees the school's once signed in.
    await setSchoolLanguage(language);
    const { context, page } = await browserIn(language, viewport);
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: tr(language, 'Email'), exact: true });
    await email.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // An empty form: each field says what it needs, in the language.
    await page.getByRole('button', { name: tr(language, 'Sign In') }).click();
    await expect.poll(() => page.getByText(tr(language, 'Email is required')).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(tr(language, 'Password is required')).isVisible()).toBe(true);
    await shot(page, { path: `/tmp/sign-in-${language}-${label}-refused.png` });

    await email.fill(ADMIN.email);
    await page.getByRole('textbox', { name: tr(language, 'Password'), exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: tr(language, 'Sign In') }).click();
    await toastShown(page, tr(language, 'Login successful! Welcome to your school portal.'));
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The portal opens in the same language and direction, its menu translated.
    await page.getByRole('heading', { level: 1, name: tr(language, 'Dashboard') }).waitFor();
    expect(await direction(page)).toEqual({ lang: language, dir });
    expect(await page.title()).toBe(tr(language, '{label} · School Portal', { label: tr(language, 'Dashboard') }));
    await shot(page, { path: `/tmp/sign-in-${language}-${label}-portal.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

test('a language chosen while the page is still checking the session stays chosen when the check answers', async () => {
  const { context, page } = await browserIn('en');
  await signInThroughForm(page);

  // The next page load's session check is answered by the server at once (no language of the person's own)
  // but reaches the page only after the person has chosen Arabic.
  let release = () => {};
  const chosen = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/users/verify', async (route) => {
    const response = await route.fetch();
    await chosen;
    await route.fulfill({ response });
  });
  const checked = page.waitForResponse((r) => r.url().endsWith('/api/users/verify'));
  await page.reload();
  await page.getByRole('button', { name: /Priya Sharma/ }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/auth/profile') && r.request().method() === 'PUT');
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  expect((await saved).status()).toBe(200);
  release();
  await checked;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  expect(await page.evaluate(() => window.localStorage.getItem('portal.language'))).toBe('ar');
  expect(await direction(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  await callApi('/auth/profile', {
    method: 'PUT',
    token: (await page.evaluate(() => window.localStorage.getItem('schoolToken'))) ?? '',
    body: { language: null },
  });
  await context.close();
});

test('a language chosen in the account menu is kept on the account and follows the person to the next sign-in', async () => {
  const { context, page } = await browserIn('en');
  await signInThroughForm(page);

  await page.getByRole('button', { name: /Priya Sharma/ }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/auth/profile') && r.request().method() === 'PUT');
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  expect((await saved).status()).toBe(200);
  await page
    .getByRole('link', { name: tr('ar', 'Dashboard') })
    .first()
    .waitFor();
  expect(await direction(page)).toEqual({ lang: 'ar', dir: 'rtl' });

  // Another device, whose browser reads English: the account's choice wins once signed in.
  const other = await browserIn('en');
  await signInThroughForm(other.page);
  await other.page
    .getByRole('link', { name: tr('ar', 'Dashboard') })
    .first()
    .waitFor();
  expect(await direction(other.page)).toEqual({ lang: 'ar', dir: 'rtl' });

  // Back to the school's language: English again, here and for the account.
  await page.getByRole('button', { name: /Priya Sharma/ }).click();
  const reset = page.waitForResponse((r) => r.url().endsWith('/api/auth/profile') && r.request().method() === 'PUT');
  await page.getByRole('menuitemradio', { name: tr('ar', "School's language ({0})", { 0: 'English' }) }).click();
  expect((await reset).status()).toBe(200);
  await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
  expect(await direction(page)).toEqual({ lang: 'en', dir: 'ltr' });
  await other.context.close();
  await context.close();
});
