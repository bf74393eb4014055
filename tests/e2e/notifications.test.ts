import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  baseURL,
  callApi,
  DESKTOP,
  launchBrowser,
  mailURL,
  openPage,
  PHONE,
  shot,
  TEACHER,
  toast,
  toastShown,
} from './support/browser';

const run = Date.now().toString(36);
let browser: Browser;
let adminToken: string;
/** This run's own family: a pupil of any class with room, and their father's account. */
let father: { email: string; password: string };
let register: { classId: string; subjectId: string; studentId: string };
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data.token;
  const classes = await callApi<{ data: { _id: string; capacity: number; studentCount: number }[] }>(
    '/classes?limit=500',
    { token: adminToken },
  );
  const roomy = classes.data.find((c) => c.capacity - c.studentCount >= 1);
  if (!roomy) throw new Error('no class has room for a pupil');
  father = { email: `notify.father.${run}@example.org`, password: 'father-pw-123' };
  const teacher = await callApi<{ data: { teacher: { _id: string } } }>('/users/login', {
    method: 'POST',
    body: TEACHER,
  });
  const subjectId = (
    await callApi<{ data: { _id: string } }>('/subjects', {
      method: 'POST',
      token: adminToken,
      body: {
        name: `Notify Studies ${run}`,
        code: `NT${run}`.slice(0, 20),
        classId: roomy._id,
        teacherId: teacher.data.teacher._id,
      },
    })
  ).data._id;
  const pupil = await callApi<{ data: { _id: string } }>('/students', {
    method: 'POST',
    token: adminToken,
    body: {
      name: `Notify Pupil ${run}`,
      classId: roomy._id,
      rollNumber: `nt${run}`.slice(0, 20),
      email: `notify.${run}@example.org`,
      password: 'student-pw-1',
      phone: '+91 98765 43210',
      dateOfBirth: '2012-04-01',
      gender: 'male',
      address: { street: '12 Lake Road', city: 'Pune', state: 'MH', zipCode: '411001' },
      parentInfo: {
        fatherName: `Notify Father ${run}`,
        fatherPhone: '+91 90000 00001',
        fatherEmail: father.email,
        fatherPassword: father.password,
      },
    },
  });
  register = { classId: roomy._id, subjectId, studentId: pupil.data._id };
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function familySignIn(page: Page) {
  await page.goto('/parent-login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(father.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(father.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/family/'));
}

const fatherToken = async () =>
  (await callApi<{ token: string }>('/students/parents/login', { method: 'POST', body: father })).token;

describe('notifications', () => {
  test('a parent on a phone turns off announcement e-mails, and turns on notifications on the phone', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await familySignIn(page);
    await page.getByTestId('messages-link').click();
    await page.waitForURL('**/family/messages');
    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL('**/family/notifications');
    const card = page.getByRole('region', { name: 'How messages reach you' });
    const announcements = card.getByRole('group', { name: 'Announcements' });
    await announcements.getByText('By e-mail', { exact: true }).click();
    await card.getByRole('button', { name: 'Save choices' }).click();
    await toastShown(page, 'Notification choices saved');
    const saved = await callApi<{ data: unknown }>('/messages/choices', { token: await fatherToken() });
    expect(saved.data).toEqual({
      announcements: { email: false, push: true },
      alerts: { email: true, push: true },
      // A parent's page shows no homework reminders (they go to students): their choice stays as it was.
      reminders: { email: true, push: true },
    });
    await shot(page, { path: '/tmp/notifications-phone.png', fullPage: true });

    // The phone: the service worker registers under the app's strict CSP. Headless chromium reaches no real push
    // service here, so a subscription may be refused; the worker's push handler is then driven directly.
    await card.getByRole('button', { name: 'Turn on notifications on this phone' }).click();
    const on = card.getByRole('button', { name: 'Turn off notifications on this phone' });
    const refused = toast(page, 'Notifications could not be turned on');
    await expect.poll(async () => (await on.count()) + (await refused.count()), { timeout: 20_000 }).toBeGreaterThan(0);
    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return registration?.active?.scriptURL ?? null;
    });
    expect(registered).toBe(`${baseURL}/sw.js`);
    const cdp = await context.newCDPSession(page);
    const versions: { registrationId: string; scriptURL: string }[] = [];
    cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: typeof versions }) =>
      versions.push(...event.versions),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => versions.find((v) => v.scriptURL.endsWith('/sw.js'))?.registrationId).toBeTruthy();
    const registrationId = versions.find((v) => v.scriptURL.endsWith('/sw.js'))!.registrationId;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL,
      registrationId,
      data: JSON.stringify({
        title: `Absence alert: Notify Pupil ${run}`,
        body: 'Missed Mathematics.',
        url: '/family/messages',
        tag: 'message-1',
      }),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration('/');
            return (await registration?.getNotifications())?.map((n) => [n.title, n.body, n.data?.url]) ?? [];
          }),
        { timeout: 10_000 },
      )
      .toEqual([[`Absence alert: Notify Pupil ${run}`, 'Missed Mathematics.', '/family/messages']]);
    await page.setViewportSize(DESKTOP);
    await shot(page, { path: '/tmp/notifications-desktop.png', fullPage: true });
    await context.close();
  });

  test('the unsubscribe link of a caught e-mail stops that kind of e-mail, without signing in', async () => {
    // Alert e-mails on again (a retry finds them off), then an absence of this run's pupil alerts the father.
    await callApi('/messages/choices', {
      method: 'PUT',
      token: await fatherToken(),
      body: { announcements: { email: false, push: true }, alerts: { email: true, push: true } },
    });
    const mark = (status: string) =>
      callApi('/attendance/bulk', {
        method: 'POST',
        token: adminToken,
        body: { ...register, date: today, records: [{ studentId: register.studentId, status }] },
      });
    await mark('present');
    await mark('absent');
    let link = '';
    await expect
      .poll(
        async () => {
          const mails = (await (await fetch(`${mailURL}/api/mails`)).json()) as {
            to: string[];
            subject: string;
            text: string;
            headers: Record<string, string>;
          }[];
          const mail = mails.find((m) => m.to.includes(father.email) && m.subject.includes('Absence alert'));
          link = /(https?:\/\/\S+\/unsubscribe#[\w.-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
          if (mail) {
            // The catcher's parser gathers List-* headers under `list`.
            const list = JSON.parse(mail.headers.list ?? '{}');
            expect(list.unsubscribe.url).toContain('/api/unsubscribe?token=');
            expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
          }
          return link;
        },
        { timeout: 30_000 },
      )
      .toBeTruthy();
    const { context, page } = await openPage(browser, PHONE);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
    await page.getByRole('heading', { name: 'Stop e-mails of absence alerts?' }).waitFor();
    await shot(page, { path: '/tmp/unsubscribe-phone.png' });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    const after = await callApi<{ data: unknown }>('/messages/choices', { token: await fatherToken() });
    expect(after.data).toEqual({
      announcements: { email: false, push: true },
      alerts: { email: false, push: true },
      reminders: { email: true, push: true },
    });
    // A tampered link is refused.
    await page.goto('about:blank');
    await page.goto(`${link.replace(/^https?:\/\/[^/]+/, baseURL).slice(0, -3)}xyz`);
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await context.close();
  });
});
