import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestSchool, signIn, type TestApp } from '../support/app';

let t: TestApp;
let token: string;
const ALLOWED = 'https://admin.example.org';

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t, (await createTestSchool(t)).adminEmail);
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

function expectSecurityHeaders(res: Response) {
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'none'"]);
  for (const name of ['default-src', 'script-src']) {
    expect(csp.get(name) ?? []).not.toContain("'unsafe-inline'");
    expect(csp.get(name) ?? []).not.toContain("'unsafe-eval'");
  }
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=(\d+); includeSubDomains$/);
  expect(Number(/max-age=(\d+)/.exec(res.headers.get('strict-transport-security') ?? '')?.[1])).toBeGreaterThanOrEqual(
    31_536_000,
  );
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-powered-by')).toBeNull();
}

describe('security headers on every API answer', () => {
  it('successes, refusals, missing routes and malformed bodies carry the same policy', async () => {
    const answers = [
      await t.request('/api/health'),
      await t.request('/api/users/verify', { token }),
      await t.request('/api/students/export', { token }),
      await t.request('/api/users/verify'),
      await t.request('/api/no-such-route'),
      await t.request('/api/users/login', {
        method: 'POST',
        body: '{"email":',
        headers: { 'Content-Type': 'application/json' },
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 404, 400]);
    for (const res of answers) expectSecurityHeaders(res);
  });
});

describe('CORS', () => {
  it('answers a configured origin, with the headers the client needs', async () => {
    const res = await t.request('/api/users/verify', { token, headers: { Origin: ALLOWED } });
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('vary')).toMatch(/origin/i);
    expect(res.headers.get('access-control-expose-headers')).toContain('Server-Timing');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('gives an unknown origin no CORS header, on a simple request and on a preflight', async () => {
    for (const origin of ['https://evil.example.com', 'null', 'https://admin.example.org.evil.example.com']) {
      const simple = await t.request('/api/users/verify', { token, headers: { Origin: origin } });
      expect(simple.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await t.request('/api/students', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('answers the preflight of a configured origin', async () => {
    const preflight = await t.request('/api/students', {
      method: 'OPTIONS',
      headers: {
        Origin: ALLOWED,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
  });
});
