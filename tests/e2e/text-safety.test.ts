import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, baseURL, DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo } from './support/browser';

const run = Date.now().toString(36);
const SCRIPT = `<script>alert(1)</script> ${run}`;
const IMG = `<img src=x onerror=alert(1)> ${run}`;
const RTL = `محمد عبد الله שלום 👩‍👩‍👧‍👦 ${run}`;
/** One unbroken word as long as a name may be: it must wrap, not widen the page. */
const LONG = `${'Wolfeschlegelsteinhausenbergerdorff'.repeat(3)}${run}`.slice(0, 120);
const ROOM = `<b>Room</b> ${run}`;

let browser: Browser;
let token: string;
let classId: string;
let studentId: string;

async function api(path: string, method = 'GET', body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: any };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

function enrol(name: string, tag: string, fatherName = `Father ${run}`) {
  return api('/api/students', 'POST', {
    name,
    classId,
    rollNumber: `${tag}${run}`.slice(0, 20),
    email: `${tag}.${run}@example.org`,
    password: 'student-pw-1',
    phone: '+91 98765 43210',
    dateOfBirth: '2012-04-01',
    gender: 'female',
    parentInfo: { fatherName, fatherEmail: `${tag}.father.${run}@example.org`, fatherPassword: 'father-pw-1' },
  });
}

beforeAll(async () => {
  const res = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  token = ((await res.json()) as { data: { token: string } }).data.token;
  // A class of its own (a grade and section the demo school does not use; 11-E and 12-E are the classes suite's).
  const taken = new Set(
    ((await api('/api/classes?limit=500')) as { name: string; section: string }[]).map((c) => `${c.name}-${c.section}`),
  );
  const free = ['10', '9', '1', '2', '12', '11']
    .flatMap((name) => ['E', 'D', 'C'].map((section) => ({ name, section })))
    .find((c) => !taken.has(`${c.name}-${c.section}`));
  if (!free) throw new Error('no free class name and section');
  const [teacher] = await api('/api/teachers?limit=1');
  classId = (await api('/api/classes', 'POST', { ...free, teacherId: teacher._id, capacity: 40, room: ROOM }))._id;
  const made = await enrol(SCRIPT, 'xss', IMG);
  studentId = made._id ?? made.student._id;
  await enrol(RTL, 'rtl');
  await enrol(LONG, 'long');
  const today = new Date().toISOString().slice(0, 10);
  await api('/api/important-dates', 'POST', {
    title: IMG,
    description: `${SCRIPT} ${RTL} ${'x'.repeat(1200)}`,
    date: today,
    type: 'event',
    classes: [classId],
    location: LONG.slice(0, 200),
  });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Watches a page for what hostile text must never cause: a dialog, a page error, a console error. */
function watch(page: Page) {
  const trouble: string[] = [];
  page.on('dialog', (dialog) => {
    trouble.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => trouble.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`console: ${message.text()}`);
  });
  return trouble;
}

/** Nothing wider than the window, and no element made from the text; a screenshot to look at in /tmp. */
async function expectIntact(page: Page, where: string, label: string) {
  await shot(page, { path: `/tmp/text-safety-${where.replace(/ /g, '-')}-${label}.png`, fullPage: true });
  const layout = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    injected: document.querySelectorAll('img[src="x"], body script:not([src]), b').length,
    // The innermost elements that reach past the window's right edge, to name the culprit.
    wide: [...document.body.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !(e instanceof SVGElement))
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class')} "${(e.textContent ?? '').slice(0, 40)}"`),
  }));
  const problems: string[] = [];
  if (layout.scrollWidth > layout.innerWidth) {
    problems.push(`${where} is ${layout.scrollWidth}px wide in ${layout.innerWidth}px: ${layout.wide.join(' | ')}`);
  }
  if (layout.injected) problems.push(`${where} made ${layout.injected} element(s) from text`);
  return problems;
}

async function shows(page: Page, text: string) {
  await page.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor();
}

describe('hostile text on screen', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`names with markup, scripts, RTL, emoji and long words are shown literally (${label})`, async () => {
      const { context, page } = await openPage(browser, viewport);
      const trouble = watch(page);
      await signInTo(page, '/students');
      await page.getByRole('heading', { level: 1, name: 'Student Records' }).waitFor();
      await page.getByRole('tab', { name: 'Manage Students' }).click();
      await page.getByRole('searchbox', { name: 'Search' }).fill(run);
      for (const name of [SCRIPT, RTL, LONG]) await shows(page, name);
      trouble.push(...(await expectIntact(page, 'students list', label)));

      await page.goto(`/students/${studentId}`);
      await page.getByRole('heading', { level: 1, name: SCRIPT }).waitFor();
      await shows(page, IMG);
      trouble.push(...(await expectIntact(page, 'student profile', label)));

      await page.goto('/classes');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shows(page, ROOM);
      trouble.push(...(await expectIntact(page, 'classes', label)));

      await page.goto('/important-dates');
      await page.getByRole('heading', { level: 1, name: 'Important Dates' }).waitFor();
      await shows(page, IMG);
      await shows(page, SCRIPT);
      trouble.push(...(await expectIntact(page, 'important dates', label)));

      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shows(page, LONG);
      trouble.push(...(await expectIntact(page, 'dashboard', label)));

      expect(trouble).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
