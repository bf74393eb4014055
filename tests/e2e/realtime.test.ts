import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, signInThroughForm } from './support/browser';

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
});
