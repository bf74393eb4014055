import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  callApi,
  launchBrowser,
  openPage,
  PHONE,
  pathname,
  signInThroughForm,
  TEACHER,
  toastShown,
} from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * How long a live change may take to show on a loaded machine: a bound, not a speed the test measures (the bench
 * times one event to 500 sockets). Nothing on these screens asks again by itself, so only the live event brings it.
 */
const LIVE_MS = 10_000;

describe('live updates', () => {
  test('a signed-in administrator is connected to the school room, and signing out closes it', async () => {
    const { context, page } = await openPage(browser);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await signInThroughForm(page);
    await page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });
    expect(sockets).toHaveLength(1);
    // Admitted by a single-use ticket; the session token stays out of the URL.
    expect(sockets[0]).toMatch(/\/parties\/school\/[0-9a-f-]{36}\?.*ticket=[\w-]{43}/);
    expect(sockets[0]).not.toMatch(/token=|eyJ/);

    await page.getByRole('button', { name: /school admin/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('status', { name: 'Live updates on' }).waitFor({ state: 'detached' });
    await context.close();
  });

  test('a new password on this device keeps the page live; the office deactivating the teacher signs it out', async () => {
    const adminToken = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN }))
      .data.token;
    const stamp = Date.now().toString(36);
    const email = `lina.${stamp}@example.org`;
    const { data } = await callApi<{ data: { teacher: { _id: string } } }>('/auth/create-teacher', {
      method: 'POST',
      token: adminToken,
      body: { name: `Lina Live ${stamp}`, email, password: 'lina-pw-1', phone: '555-0101' },
    });
    const { context, page } = await openPage(browser);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto('/teacher-login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('lina-pw-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/teacher-dashboard');
    const live = page.getByRole('status', { name: 'Live updates on' });
    await live.waitFor({ timeout: 10_000 });

    // The room closes every socket of the account; this device has the new token and comes straight back.
    await page.getByRole('button', { name: /Lina Live/ }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByRole('textbox', { name: 'Current password', exact: true }).fill('lina-pw-1');
    await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('lina-new-pw');
    await dialog.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('lina-new-pw');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await toastShown(page, 'Password changed');
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBe(2);
    await live.waitFor({ timeout: 10_000 });
    expect(pathname(page)).toBe('/teacher-dashboard');

    // Deactivated by the office: the open page learns it within seconds, without a click, and signs out.
    await callApi(`/teachers/${data.teacher._id}`, { method: 'DELETE', token: adminToken });
    await page.waitForURL('**/teacher-login', { timeout: 10_000 });
    expect(sockets).toHaveLength(2);
    await context.close();
  });

  test('a date created, changed and deleted on one device shows up on another without a reload', async () => {
    const office = await openPage(browser);
    const hall = await openPage(browser);
    await signInThroughForm(office.page);
    await signInThroughForm(hall.page);
    await hall.page.goto('/important-dates');
    await hall.page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });

    const call = (method: string, path: string, body?: unknown) =>
      office.page.evaluate(
        async ([m, p, b]) => {
          const res = await fetch(`/api${p}`, {
            method: m as string,
            headers: {
              Authorization: `Bearer ${localStorage.getItem('schoolToken')}`,
              'Content-Type': 'application/json',
            },
            body: b === undefined ? undefined : JSON.stringify(b),
          });
          return (await res.json()) as { data: { _id: string } };
        },
        [method, path, body] as const,
      );
    const today = await hall.page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });

    const created = await call('POST', '/important-dates', {
      title: 'Fire drill at noon',
      date: today,
      type: 'event',
      applyToAllClasses: true,
    });
    await hall.page.getByText('Fire drill at noon').first().waitFor({ timeout: LIVE_MS });

    await call('PUT', `/important-dates/${created.data._id}`, { title: 'Fire drill moved to 1 pm' });
    await toastShown(hall.page, 'Important date updated', { timeout: LIVE_MS });
    await hall.page.getByText('Fire drill moved to 1 pm').first().waitFor({ timeout: LIVE_MS });

    await call('DELETE', `/important-dates/${created.data._id}`);
    await toastShown(hall.page, 'Important date deleted', { timeout: LIVE_MS });
    await hall.page.getByText('Fire drill moved to 1 pm').first().waitFor({ state: 'detached', timeout: LIVE_MS });
    await office.context.close();
    await hall.context.close();
  });

  test('a renamed school and a new time zone reach open screens without a reload', async () => {
    const token = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data
      .token;
    type Info = { data: { name: string; timeZone: string } };
    const before = (await callApi<Info>('/settings/school-info', { token })).data;
    const hall = await openPage(browser);
    await signInThroughForm(hall.page);
    await hall.page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });
    const staffroom = await openPage(browser, PHONE);
    await staffroom.page.goto('/teacher-login');
    await staffroom.page.getByRole('textbox', { name: 'Email', exact: true }).fill(TEACHER.email);
    await staffroom.page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEACHER.password);
    await staffroom.page.getByRole('button', { name: 'Sign in' }).click();
    await staffroom.page.waitForURL('**/teacher-dashboard');
    await staffroom.page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });

    // A zone where today is another date than in the school's own, so the teacher's day visibly moves.
    const longDate = (timeZone: string) =>
      new Intl.DateTimeFormat('en-US', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone,
      }).format(new Date());
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => longDate(z) !== longDate(before.timeZone));
    expect(zone).toBeDefined();
    const renamed = `${before.name} (Live)`;
    try {
      await callApi('/settings/school-info', {
        method: 'PUT',
        token,
        body: { name: renamed, timeZone: zone },
      });
      await hall.page.getByText(renamed).first().waitFor({ timeout: LIVE_MS });
      await staffroom.page.getByText(renamed).first().waitFor({ timeout: LIVE_MS });
      await staffroom.page
        .getByText(longDate(zone as string))
        .first()
        .waitFor({ timeout: LIVE_MS });
    } finally {
      await callApi('/settings/school-info', { method: 'PUT', token, body: before });
    }
    await hall.page.getByText(before.name).first().waitFor({ timeout: LIVE_MS });
    await hall.context.close();
    await staffroom.context.close();
  });
});
