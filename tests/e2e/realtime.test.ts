import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, signInThroughForm, toast } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('live updates', () => {
  test('a signed-in administrator is connected to the school room, and signing out closes it', async () => {
    const { context, page } = await openPage(browser);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await signInThroughForm(page);
    await page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });
    expect(sockets).toHaveLength(1);
    expect(sockets[0]).toMatch(/\/parties\/school\/[0-9a-f-]{36}\?.*token=/);

    await page.getByRole('button', { name: /school admin/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('status', { name: 'Live updates on' }).waitFor({ state: 'detached' });
    await context.close();
  });

  test('a date created, changed and deleted on one device shows up on another within two seconds', async () => {
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
    await hall.page.getByText('Fire drill at noon').first().waitFor({ timeout: 2_000 });

    await call('PUT', `/important-dates/${created.data._id}`, { title: 'Fire drill moved to 1 pm' });
    await toast(hall.page, 'Important date updated').waitFor({ timeout: 2_000 });
    await hall.page.getByText('Fire drill moved to 1 pm').first().waitFor({ timeout: 2_000 });

    await call('DELETE', `/important-dates/${created.data._id}`);
    await toast(hall.page, 'Important date deleted').waitFor({ timeout: 2_000 });
    await hall.page.getByText('Fire drill moved to 1 pm').first().waitFor({ state: 'detached', timeout: 2_000 });
    await office.context.close();
    await hall.context.close();
  });
});
