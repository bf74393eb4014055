import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, shot } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the API docs page', () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`lists the calls and opens one under its own policy, offline, at ${label} px`, async () => {
      const { context, page } = await openPage(browser, viewport);
      const violations: string[] = [];
      const elsewhere: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      page.on('request', (request) => {
        elsewhere.push(request.url());
      });
      await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
            `${event.violatedDirective} ${event.blockedURI}`,
          ),
        );
      });

      const response = await page.goto('/api/docs');
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toMatch(/'unsafe-eval'|https?:/);

      await page.getByRole('heading', { name: /School portal API/ }).waitFor({ timeout: 20_000 });
      const signIn = page.locator('.opblock-summary', { hasText: '/api/users/login' }).first();
      await signIn.click();
      await page.getByText('INVALID_CREDENTIALS').first().waitFor();
      await page.locator('.opblock-body').first().waitFor();
      await shot(page, { path: `/tmp/api-docs-${label}.png` });

      expect(violations).toEqual([]);
      const origin = new URL(page.url()).origin;
      expect(elsewhere.filter((url) => /^https?:/.test(url) && !url.startsWith(origin))).toEqual([]);
      // The rest of the app keeps its own policy, which admits no inline or foreign script.
      const app = await context.request.get('/login');
      expect(app.headers()['content-security-policy']).not.toBe(policy);
      await context.close();
    });
  }
});
