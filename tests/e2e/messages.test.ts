import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  callApi,
  chooseOwnLanguage,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  seriousViolations,
  shot,
  signInTo,
  TEACHER,
  toastShown,
} from './support/browser';
import { tr } from './support/catalogue';

const PARENT = { email: 'parent@demo.school', password: 'demo1234' };
type ClassRef = { _id: string; name: string; section: string };

let browser: Browser;
/** The class of the demo parent's first child, and a parent of a class none of their children is in. */
let klass: ClassRef;
let stranger: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN });
  const token = admin.data.token;
  const parent = await callApi<{ parent: { children: { classId: ClassRef | null }[] } }>('/students/parents/login', {
    method: 'POST',
    body: PARENT,
  });
  const theirs = new Set(parent.parent.children.map((c) => c.classId?._id));
  klass = parent.parent.children[0].classId as ClassRef;
  const classes = await callApi<{ data: ClassRef[] }>('/classes?limit=500', { token });
  const others = classes.data.filter((c) => !theirs.has(c._id));
  // A parent whose children are all outside the class written to (some families have children in two classes).
  for (const other of others) {
    const pupils = await callApi<{ data: { _id: string }[] }>(`/students?classId=${other._id}&limit=3`, { token });
    for (const pupil of pupils.data) {
      const record = await callApi<{ data: { parents: { email: string }[] } }>(`/students/${pupil._id}`, { token });
      const candidate = { email: record.data.parents[0]?.email ?? '', password: 'demo1234' };
      if (!candidate.email) continue;
      const family = await callApi<{ parent: { children: { classId: ClassRef | null }[] } }>(
        '/students/parents/login',
        { method: 'POST', body: candidate },
      );
      if (family.parent.children.every((c) => c.classId?._id !== klass._id)) {
        stranger = candidate;
        return;
      }
    }
  }
  throw new Error('no parent outside the class');
});

afterAll(async () => {
  await browser?.close();
});

async function familySignIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/parent-login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/family/'));
  await page.getByTestId('messages-link').waitFor();
}

describe('messages', () => {
  test('the office writes to a class’s parents; one of them sees it arrive live, opens it, and the badge clears', async () => {
    const parent = await openPage(browser, PHONE, { bypassCSP: true });
    const outsider = await openPage(browser, PHONE);
    const office = await openPage(browser, DESKTOP, { bypassCSP: true });
    await familySignIn(parent.page, PARENT);
    await familySignIn(outsider.page, stranger);
    const badge = (page: Page) => page.getByTestId('unread-badge');
    expect(await badge(parent.page).count()).toBe(0);

    await signInTo(office.page);
    await office.page.getByRole('button', { name: 'Send Notification' }).click();
    const dialog = office.page.getByRole('dialog', { name: 'New message' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Send to', exact: true }).click();
    await office.page.getByRole('option', { name: 'Parents of a class', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Class', exact: true }).click();
    await office.page.getByRole('option', { name: new RegExp(`^\\W*${klass.name}-${klass.section}\\W*$`) }).click();
    await dialog.getByRole('textbox', { name: 'Subject line' }).fill('Parents’ evening on Friday');
    await dialog
      .getByRole('textbox', { name: 'Message' })
      .fill('Please come to the school hall at 5 pm.\nTea is served.');
    await shot(office.page, { path: '/tmp/messages-composer-desktop.png' });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await toastShown(office.page, 'Message sent to');
    await dialog.waitFor({ state: 'hidden' });

    // Live: the badge appears on the parent's phone without a reload.
    await expect.poll(() => badge(parent.page).textContent(), { timeout: 10_000 }).toBe('1');
    await shot(parent.page, { path: '/tmp/messages-family-badge-phone.png' });
    await parent.page.getByTestId('messages-link').click();
    await parent.page.waitForURL('**/family/messages');
    const row = parent.page.getByTestId('inbox-list').getByRole('button', { name: /Parents’ evening on Friday/ });
    await row.waitFor();
    expect(await row.getAttribute('data-unread')).toBe('true');
    await shot(parent.page, { path: '/tmp/messages-family-inbox-phone.png' });
    expect(await seriousViolations(parent.page)).toEqual([]);
    await row.click();
    const opened = parent.page.getByRole('dialog', { name: 'Parents’ evening on Friday' });
    await opened.getByText('Tea is served.').waitFor();
    await shot(parent.page, { path: '/tmp/messages-family-open-phone.png' });
    await expect.poll(() => badge(parent.page).count(), { timeout: 10_000 }).toBe(0);
    await opened.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => row.getAttribute('data-unread')).toBeNull();

    // A parent of another class got nothing.
    expect(await badge(outsider.page).count()).toBe(0);
    await outsider.page.getByTestId('messages-link').click();
    await outsider.page.getByText('No messages yet').waitFor();

    // The office's own screen lists it as sent, with how many it reached.
    await office.page.goto('/messages');
    await office.page.getByRole('tab', { name: 'Sent' }).click();
    await office.page.getByTestId('sent-list').getByText('Parents’ evening on Friday').waitFor();
    await shot(office.page, { path: '/tmp/messages-office-sent-desktop.png' });
    expect(await seriousViolations(office.page)).toEqual([]);
    await office.page.setViewportSize(PHONE);
    await shot(office.page, { path: '/tmp/messages-office-sent-phone.png' });
    await parent.page.setViewportSize(DESKTOP);
    await shot(parent.page, { path: '/tmp/messages-family-inbox-desktop.png' });
    for (const opened of [parent, outsider, office]) await opened.context.close();
  });

  test.each(['hi', 'ar'])('the family inbox reads in %s on a phone and on a desktop', async (language) => {
    const { context, page } = await openPage(browser, PHONE);
    await familySignIn(page, PARENT);
    await chooseOwnLanguage(page, language);
    try {
      await page.goto('/family/messages');
      await page.getByRole('heading', { level: 1, name: tr(language, 'Messages') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await page.getByTestId('inbox-list').waitFor();
      await shot(page, { path: `/tmp/messages-family-${language}-phone.png` });
      await page.setViewportSize(DESKTOP);
      await shot(page, { path: `/tmp/messages-family-${language}-desktop.png` });
    } finally {
      await chooseOwnLanguage(page, null);
      await context.close();
    }
  });

  test('a teacher writes from their portal to a class they teach, offered only their classes', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto('/teacher-login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(TEACHER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEACHER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/teacher-dashboard');
    await page.getByTestId('messages-link').click();
    await page.waitForURL('**/teacher/messages');
    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.getByRole('combobox', { name: 'Send to', exact: true }).click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.map((o) => o.trim())).toEqual(['Parents of a class', 'A class (pupils, parents, teachers)']);
    await page.getByRole('option', { name: 'Parents of a class', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Class', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(`^\\W*${klass.name}-${klass.section}\\W*$`) }).click();
    await dialog.getByRole('textbox', { name: 'Subject line' }).fill('Maths homework');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Chapter 4, exercises 1 to 10.');
    await shot(page, { path: '/tmp/messages-teacher-composer-phone.png' });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await toastShown(page, 'Message sent to');
    await page.getByRole('tab', { name: 'Sent' }).click();
    await page.getByTestId('sent-list').getByText('Maths homework').waitFor();
    await shot(page, { path: '/tmp/messages-teacher-sent-phone.png' });
    await context.close();
  });
});
