import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  callApi,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  shot,
  signInTo,
  TEACHER,
  toast,
  toastShown,
  toastsGone,
} from './support/browser';

const PARENT = { email: 'parent@demo.school', password: 'demo1234' };

let browser: Browser;
/** One of the demo parent's children, and a subject of their class that the demo teacher teaches. */
let child: { _id: string; name: string; classId: string; subjectId: string; subject: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data
    .token;
  const teacher = await callApi<{ data: { teacher: { _id: string } } }>('/users/login', {
    method: 'POST',
    body: TEACHER,
  });
  const parent = await callApi<{
    parent: { children: { _id: string; name: string; classId: { _id: string } | null }[] };
  }>('/students/parents/login', { method: 'POST', body: PARENT });
  for (const c of parent.parent.children) {
    if (!c.classId) continue;
    const subjects = await callApi<{
      data: { _id: string; name: string; teacherId: { _id: string } | string | null }[];
    }>(`/subjects?classId=${c.classId._id}&limit=100`, { token: admin });
    const taught = subjects.data.find((s) => {
      const id = typeof s.teacherId === 'string' ? s.teacherId : s.teacherId?._id;
      return id === teacher.data.teacher._id;
    });
    // A child absent from another period today would keep an alert after the correction: choose one who is not.
    const day = await callApi<{
      data: {
        students: { student: { _id: string }; subjects: { subject: { _id: string } | null; status: string }[] }[];
      };
    }>(`/attendance/class-date?classId=${c.classId._id}`, { token: admin });
    const elsewhere = day.data.students
      .find((entry) => entry.student._id === c._id)
      ?.subjects.some((mark) => mark.status === 'absent' && mark.subject?._id !== taught?._id);
    if (taught && !elsewhere) {
      child = { _id: c._id, name: c.name, classId: c.classId._id, subjectId: taught._id, subject: taught.name };
      return;
    }
  }
  throw new Error('the demo teacher teaches none of the demo parent’s children');
});

afterAll(async () => {
  await browser?.close();
});

async function familySignIn(page: Page) {
  await page.goto('/parent-login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(PARENT.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PARENT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/family/'));
  await page.getByTestId('messages-link').waitFor();
}

const unreadOf = async (page: Page) => {
  const badge = page.getByTestId('unread-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};

describe('absence alerts', () => {
  test('a teacher marks a child absent on a phone: the parent’s inbox shows the alert live, and a correction withdraws it', async () => {
    // The parent's phone keeps Honolulu's time: the inbox still shows the school's (Kolkata's).
    const parent = await openPage(browser, PHONE, { bypassCSP: true, timezoneId: 'Pacific/Honolulu' } as never);
    await familySignIn(parent.page);
    await parent.page.getByTestId('messages-link').click();
    await parent.page.waitForURL('**/family/messages');

    const teacher = await openPage(browser, PHONE);
    const { page } = teacher;
    await page.goto('/teacher-login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(TEACHER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEACHER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/teacher-dashboard');
    await page.goto(`/teacher/register?classId=${child.classId}&subjectId=${child.subjectId}`);
    await page.getByRole('heading', { level: 2, name: child.subject }).waitFor();
    const row = page.getByRole('listitem', { name: child.name, exact: true });
    const mark = async (status: string) => {
      await row.getByText(status, { exact: true }).click();
      const save = page.getByRole('button', { name: 'Save register' });
      if (await save.isEnabled()) await save.click();
      // Saved: nothing is left to save.
      await expect.poll(() => save.isEnabled()).toBe(false);
    };

    // The child starts present (a retried run may find an earlier attempt's absence): the parent's count is read
    // after that save.
    await mark('Present');
    const parentToken = (await callApi<{ token: string }>('/students/parents/login', { method: 'POST', body: PARENT }))
      .token;
    const before = (await callApi<{ data: { unread: number } }>('/messages/unread', { token: parentToken })).data
      .unread;
    await expect.poll(() => unreadOf(parent.page), { timeout: 10_000 }).toBe(before);
    // The first save's toast may name alerts too (other pupils absent in the same register): it leaves first.
    await toastsGone(page);
    await mark('Absent');
    await toastShown(page, 'Attendance marked successfully');
    const line = page.getByTestId('absence-alerts-line');
    await expect.poll(() => line.textContent()).toMatch(/^Absence alerts: \d+ famil(y|ies) told now\.$/);
    await line.scrollIntoViewIfNeeded();
    await shot(page, { path: '/tmp/absence-alerts-teacher-phone.png' });

    // Live on the parent's phone: the badge counts it and the inbox lists it, marked as an absence alert.
    await expect.poll(() => unreadOf(parent.page), { timeout: 10_000 }).toBe(before + 1);
    const alert = parent.page
      .getByTestId('inbox-list')
      .getByRole('button', { name: new RegExp(`Absence alert: ${child.name}`) });
    await alert.waitFor();
    expect(await alert.getAttribute('data-unread')).toBe('true');
    await alert.getByTestId('absence-alert-badge').waitFor();
    expect(await alert.textContent()).toContain(child.subject);
    const schoolTimes = [0, 60_000].map((ago) =>
      new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' }).format(
        new Date(Date.now() - ago),
      ),
    );
    const shown = (await alert.textContent()) ?? '';
    expect(
      schoolTimes.some((time) => shown.includes(time)),
      `${shown} shows none of ${schoolTimes}`,
    ).toBe(true);
    await shot(parent.page, { path: '/tmp/absence-alerts-family-phone.png' });
    await parent.page.setViewportSize(DESKTOP);
    await shot(parent.page, { path: '/tmp/absence-alerts-family-desktop.png' });
    await page.setViewportSize(DESKTOP);
    await shot(page, { path: '/tmp/absence-alerts-teacher-desktop.png' });

    // The teacher corrects the mark: the alert leaves the inbox and the count follows, live.
    await mark('Present');
    await expect.poll(() => line.textContent()).toMatch(/alert withdrawn/);
    await expect.poll(() => unreadOf(parent.page), { timeout: 10_000 }).toBe(before);
    await alert.waitFor({ state: 'detached' });
    await parent.context.close();
    await teacher.context.close();
  });

  test('the office chooses when families are told, under Settings, on a desktop and a phone', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await signInTo(page, '/settings');
    const card = page.getByRole('region', { name: 'Absence alerts' });
    await card.waitFor();
    await card.getByText('At a time', { exact: true }).click();
    const time = card.getByRole('textbox', { name: 'Time (school time)' });
    await time.fill('10:30 AM');
    await time.press('Enter');
    await card.getByText('Tell families of late marks too', { exact: true }).click();
    await card.getByRole('button', { name: 'Save absence alerts' }).click();
    await toastShown(page, 'Absence alert settings saved');
    await card.scrollIntoViewIfNeeded();
    await shot(page, { path: '/tmp/absence-alerts-settings-desktop.png' });
    const admin = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data;
    const saved = (await callApi<{ data: Record<string, unknown> }>('/settings/school-info', { token: admin.token }))
      .data;
    expect(saved).toMatchObject({ absenceAlerts: 'timed', absenceAlertTime: '10:30', absenceAlertLate: true });
    await page.setViewportSize(PHONE);
    await card.scrollIntoViewIfNeeded();
    await shot(page, { path: '/tmp/absence-alerts-settings-phone.png' });
    // Back to the demo's choice, so other screens tell families at once.
    await card.getByText('At once', { exact: true }).click();
    await card.getByText('Tell families of late marks too', { exact: true }).click();
    await card.getByRole('button', { name: 'Save absence alerts' }).click();
    await expect.poll(() => toast(page, 'Absence alert settings saved').count()).toBeGreaterThan(0);
    await context.close();
  });
});
