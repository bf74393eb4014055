import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, signInTo } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('live updates after a lost connection', () => {
  test('the indicator goes from disconnected back to live when the network returns, and later events arrive', async () => {
    const { context, page } = await openPage(browser);
    // Every socket to the school room passes through here, so the test can cut it and refuse new ones.
    let refusing = false;
    let attempts = 0;
    const open: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
    await page.routeWebSocket(/\/parties\/school\//, (ws) => {
      attempts += 1;
      if (refusing) {
        ws.close({ code: 4000, reason: 'network down' });
        return;
      }
      open.push({ page: ws, server: ws.connectToServer() });
    });

    await signInTo(page, '/important-dates');
    await page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });
    expect(attempts).toBe(1);

    // The connection drops and every retry fails: after its last attempt the client says so.
    refusing = true;
    for (const route of open.splice(0)) {
      await route.server.close();
      await route.page.close({ code: 4000, reason: 'network down' });
    }
    await page.getByRole('button', { name: 'Live updates disconnected' }).waitFor({ timeout: 20_000 });
    expect(attempts).toBeGreaterThan(1);

    // The network comes back: the browser's online event reconnects without a reload.
    await context.setOffline(true);
    refusing = false;
    await context.setOffline(false);
    await page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });
    expect(open).toHaveLength(1);

    // An event published after the reconnection reaches the page.
    const title = `Reconnected assembly ${Date.now()}`;
    const status = await page.evaluate(async (name) => {
      const d = new Date();
      const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      const res = await fetch('/api/important-dates', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('schoolToken')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ title: name, date: today, type: 'event', applyToAllClasses: true }),
      });
      return res.status;
    }, title);
    expect(status).toBe(201);
    await page.getByText(title).first().waitFor({ timeout: 10_000 });
    await context.close();
  });
});
