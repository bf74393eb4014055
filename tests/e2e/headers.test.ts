import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, signInTo } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

describe('the single-page app is served with its security headers', () => {
  test('a strict script policy, HSTS and no framing; the app works under it without a CSP violation', async () => {
    const { context, page } = await openPage(browser);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      );
    });

    const response = await page.goto('/login');
    const headers = response?.headers() ?? {};
    const csp = directives(headers['content-security-policy'] ?? '');
    const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(csp.get('default-src') ?? []).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['x-content-type-options']).toBe('nosniff');

    // Deep links are served the same policy.
    const deep = await context.request.get('/students');
    expect(deep.headers()['content-security-policy']).toBe(headers['content-security-policy']);

    await signInTo(page);
    await page.getByRole('status', { name: 'Live updates on' }).waitFor({ timeout: 10_000 });
    await page.goto('/students');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });
});
