import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  callApi,
  downloadedBytes,
  launchBrowser,
  openPage,
  PHONE,
  pathname,
  STUDENT,
  seriousViolations,
  storedItem,
  toastShown,
} from './support/browser';

const PARENT = { email: 'parent@demo.school', password: 'demo1234' };
interface Child {
  _id: string;
  name: string;
  classId: { _id: string; name: string; section: string } | null;
}

let browser: Browser;
let adminToken: string;
let parentToken: string;
let children: Child[];

const classLabel = (child: Child) => `${child.classId?.name}-${child.classId?.section}`;

function childLink(page: Page, child: Child) {
  const firstName = child.name.split(' ')[0];
  return page.getByRole('navigation', { name: 'Your children' }).getByRole('link', { name: new RegExp(firstName) });
}

async function signIn(
  page: Page,
  path: '/parent-login' | '/student-login',
  account: { email: string; password: string },
) {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await toastShown(page, 'Login successful!');
  await page.waitForURL((url) => url.pathname.startsWith('/family/'));
  await page.getByTestId('child-class').waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN });
  adminToken = admin.data.token;
  const parent = await callApi<{ token: string; parent: { children: Child[] } }>('/students/parents/login', {
    method: 'POST',
    body: PARENT,
  });
  parentToken = parent.token;
  children = parent.parent.children;
});

afterAll(async () => {
  await browser?.close();
});

describe('family sign-in', () => {
  test('the sign-in screens refuse empty fields and wrong passwords, and link to each other', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Parent sign-in' }).click();
    await page.waitForURL('**/parent-login');
    await page.getByRole('heading', { level: 1, name: 'Parent sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toastShown(page, 'Please fill in all fields');

    await page.getByRole('link', { name: 'Student sign-in' }).click();
    await page.waitForURL('**/student-login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(STUDENT.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    expect(pathname(page)).toBe('/student-login');
    expect(await storedItem(page, 'studentToken')).toBeNull();
    await context.close();
  });

  test('the family home needs a family token', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto('/family');
    await page.waitForURL('**/parent-login');
    await context.close();
  });
});

describe('parent home', () => {
  test('a parent sees both children on a phone, switches child and downloads a receipt', async () => {
    expect(children).toHaveLength(2);
    const [first, second] = children;
    expect(classLabel(first)).not.toBe(classLabel(second));

    // A payment for the second child, so a receipt surely exists.
    const due = await callApi<{ data: { structureId: string; balance: number }[] }>(
      `/fees/due?studentId=${second._id}`,
      {
        token: adminToken,
      },
    );
    expect(due.data.length).toBeGreaterThan(0);
    const payment = await callApi<{ data: { receiptNumber: string } }>('/fees/collections', {
      method: 'POST',
      token: adminToken,
      body: {
        studentId: second._id,
        structureId: due.data[0].structureId,
        amount: due.data[0].balance,
        method: 'cash',
      },
    });
    const receiptNumber = payment.data.receiptNumber;

    const { context, page } = await openPage(browser, PHONE);
    await signIn(page, '/parent-login', PARENT);
    expect(await storedItem(page, 'parentToken')).toBeTruthy();
    expect(await storedItem(page, 'schoolToken')).toBeNull();
    expect(JSON.parse((await storedItem(page, 'parentData')) ?? '{}').email).toBe(PARENT.email);

    await childLink(page, first).waitFor();
    await childLink(page, second).waitFor();
    await expect.poll(() => page.getByTestId('child-class').textContent()).toBe(classLabel(first));

    await childLink(page, second).click();
    await page.waitForURL(`**/family/${second._id}`);
    await expect.poll(() => page.getByTestId('child-class').textContent()).toBe(classLabel(second));
    await page.getByRole('heading', { level: 2, name: second.name }).waitFor();
    expect(await childLink(page, second).getAttribute('aria-current')).toBe('page');

    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download receipt ${receiptNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);
    const file = await downloadedBytes(download);
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');

    await page.getByRole('button', { name: /Parent/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await toastShown(page, 'Logged out successfully');
    await page.waitForURL('**/parent-login');
    expect(await storedItem(page, 'parentToken')).toBeNull();
    expect(await storedItem(page, 'parentData')).toBeNull();
    await context.close();
  });

  test('a new important date for all classes appears on the open page without a reload', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await signIn(page, '/parent-login', PARENT);
    await page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    const overview = await callApi<{ data: { today: string } }>(`/family/children/${children[0]._id}/overview`, {
      token: parentToken,
    });
    const date = new Date(`${overview.data.today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 5);
    const title = `Parents' evening ${Date.now()}`;
    await callApi('/important-dates', {
      method: 'POST',
      token: adminToken,
      body: { title, date: date.toISOString().slice(0, 10), type: 'event', applyToAllClasses: true },
    });

    const dates = page.getByRole('region', { name: 'Upcoming dates' });
    await dates.getByText(title).waitFor({ timeout: 10_000 });
    await toastShown(page, 'New important date');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await context.close();
  });

  test("a register saved for the child's class appears on the open page without a reload", async () => {
    const [first] = children;
    const { context, page } = await openPage(browser, PHONE);
    await signIn(page, '/parent-login', PARENT);
    await expect.poll(() => page.getByTestId('child-class').textContent()).toBe(classLabel(first));
    await page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });

    const overview = await callApi<{ data: { today: string } }>(`/family/children/${first._id}/overview`, {
      token: parentToken,
    });
    const subjects = await callApi<{ data: { _id: string; name: string }[] }>(
      `/subjects?classId=${first.classId?._id}&limit=100`,
      { token: adminToken },
    );
    const subject = subjects.data[0];
    await callApi('/attendance/bulk', {
      method: 'POST',
      token: adminToken,
      body: {
        classId: first.classId?._id,
        subjectId: subject._id,
        date: overview.data.today,
        records: [{ studentId: first._id, status: 'excused', remarks: 'School trip' }],
      },
    });

    await toastShown(page, 'Attendance updated', { timeout: 10_000 });
    const today = page.getByRole('region', { name: 'Today' });
    await today.getByRole('listitem').filter({ hasText: subject.name }).getByText('Excused').waitFor();
    await context.close();
  });
});

describe('accessibility', () => {
  test('the parent sign-in and the parent home have no serious or critical violation', async () => {
    // The portal's CSP rightly forbids injected scripts; this context lets axe-core in.
    const { context, page } = await openPage(browser, PHONE, { bypassCSP: true });
    await page.goto('/parent-login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, '/parent-login', PARENT);
    await page.getByRole('region', { name: 'Fees' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('student home', () => {
  test('a student signs in and sees only themself', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await signIn(page, '/student-login', STUDENT);
    expect(await storedItem(page, 'studentToken')).toBeTruthy();
    expect(await storedItem(page, 'parentToken')).toBeNull();
    const student = JSON.parse((await storedItem(page, 'studentData')) ?? '{}') as Child;

    await page.getByRole('heading', { level: 2, name: student.name }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Your children' }).count()).toBe(0);
    expect(pathname(page)).toBe(`/family/${student._id}`);

    // Another student's page is not shown to them.
    const other = children.find((child) => child._id !== student._id) as Child;
    await page.goto(`/family/${other._id}`);
    await page.getByRole('heading', { name: 'This page is not available' }).waitFor();
    expect(await page.getByText(other.name).count()).toBe(0);
    await context.close();
  });
});
