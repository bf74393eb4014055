import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  baseURL,
  downloadedBytes,
  launchBrowser,
  openPage,
  PHONE,
  rememberSecrets,
  seriousViolations,
  signInTo,
  toastShown,
} from './support/browser';

const run = Date.now().toString(36);
const DAY = 24 * 60 * 60 * 1000;

let browser: Browser;
let token: string;
let student: { _id: string; name: string; email: string; fatherEmail: string };

async function post(path: string, body: unknown, bearer?: string) {
  const res = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function get(path: string) {
  const res = await fetch(`${baseURL}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: any }).data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = (await post('/users/login', ADMIN)).body.data.token;
  // A student of this run's own, with a father only: the demo accounts other suites sign in with stay as they are.
  const [klass] = await get('/classes?limit=1');
  const made = await post(
    '/students',
    {
      name: `Tara Menon ${run}`,
      classId: klass._id,
      rollNumber: `PW${run}`.slice(0, 20),
      email: `tara.${run}@example.org`,
      password: 'tara-own-pw-1',
      phone: '+91 98000 22222',
      dateOfBirth: '2013-02-11',
      gender: 'female',
      parentInfo: {
        fatherName: `Suresh Menon ${run}`,
        fatherEmail: `suresh.${run}@example.org`,
        fatherPassword: 'suresh-own-pw-1',
      },
    },
    token,
  );
  expect(made.status).toBe(201);
  student = {
    _id: made.body.data._id,
    name: `Tara Menon ${run}`,
    email: `tara.${run}@example.org`,
    fatherEmail: `suresh.${run}@example.org`,
  };
});

afterAll(async () => {
  await browser?.close();
});

describe('temporary passwords from the student profile', () => {
  test('the office issues them once, downloads them, and the old passwords stop working', async () => {
    const { context, page } = await openPage(browser);
    await signInTo(page, `/students/${student._id}`);
    await page.getByRole('heading', { level: 1, name: student.name }).waitFor();
    // The sign-in card: each account, not signed in yet, with passwords its owners chose at enrolment.
    const accounts = page.getByRole('list', { name: 'Portal accounts' });
    await accounts.getByText('Has not signed in yet').first().waitFor();
    expect(await accounts.getByRole('listitem').count()).toBe(2);
    expect(await accounts.getByText('Password from school').count()).toBe(0);

    await page.getByRole('button', { name: 'Reset passwords' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset sign-in passwords' });
    await dialog.waitFor();
    await dialog.getByText('stop working after 14 days').waitFor();
    // Only the accounts that exist are offered: the student's own and the linked father's.
    const boxes = dialog.getByRole('checkbox');
    expect(await boxes.count()).toBe(2);
    const own = dialog.getByRole('checkbox', { name: `${student.name} (Student)` });
    const father = dialog.getByRole('checkbox', { name: `Suresh Menon ${run} (Father)` });
    expect(await dialog.getByText('(Mother)').count()).toBe(0);

    await dialog.getByRole('button', { name: 'Issue temporary passwords' }).click();
    await dialog.getByText('Choose at least one account').waitFor();

    // A relation linked no more (the screen was open while it changed) gets the server's refusal, changing nothing.
    await page.route('**/api/students/*/temporary-passwords', (route) =>
      route.continue({ postData: JSON.stringify({ accounts: ['student', 'mother'] }) }),
    );
    await dialog.getByText(`${student.name} (Student)`).click();
    expect(await own.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Issue temporary passwords' }).click();
    await dialog.getByText(`No mother account is linked to ${student.name}`).waitFor();
    await toastShown(page, 'Failed to issue temporary passwords');
    await page.unrouteAll();
    expect((await post('/students/login', { email: student.email, password: 'tara-own-pw-1' })).status).toBe(200);

    await dialog.getByText(`Suresh Menon ${run} (Father)`).click();
    expect(await father.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Issue temporary passwords' }).click();
    await toastShown(page, 'Temporary passwords issued');
    const passwords = dialog.getByTestId('temporary-password');
    await passwords.first().waitFor();
    expect(await passwords.count()).toBe(2);
    const studentRow = dialog.getByRole('row').filter({ hasText: student.email });
    const fatherRow = dialog.getByRole('row').filter({ hasText: student.fatherEmail });
    const studentPassword = (await studentRow.getByTestId('temporary-password').textContent()) ?? '';
    const fatherPassword = (await fatherRow.getByTestId('temporary-password').textContent()) ?? '';
    rememberSecrets(studentPassword, fatherPassword);
    for (const password of [studentPassword, fatherPassword]) expect(password).toMatch(/^[A-Za-z2-9]{14}$/);
    expect(studentPassword).not.toBe(fatherPassword);

    // Until when, as an instant 14 days on.
    const until = await dialog.locator('time').getAttribute('datetime');
    expect(Math.abs(new Date(until ?? '').getTime() - (Date.now() + 14 * DAY))).toBeLessThan(5 * 60_000);

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download credentials (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('temporary-passwords.csv');
    const csv = (await downloadedBytes(file)).toString('utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Account","Name","Email","Temporary password","Valid until"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"Student","${student.name}","${student.email}","${studentPassword}",`);
    expect(lines[2]).toContain(`"Father","Suresh Menon ${run}","${student.fatherEmail}","${fatherPassword}",`);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Both accounts now hold a password from the school until their owners choose their own.
    await accounts.getByText('Password from school').nth(1).waitFor();
    // Shown once: opening the dialog again starts from the choice, with no password on screen.
    await page.getByRole('button', { name: 'Reset passwords' }).click();
    await dialog.waitFor();
    expect(await dialog.getByTestId('temporary-password').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();

    // The old passwords are refused; the temporary ones sign in, to choose a new password first.
    expect((await post('/students/login', { email: student.email, password: 'tara-own-pw-1' })).status).toBe(401);
    const signedIn = await post('/students/login', { email: student.email, password: studentPassword });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.mustChangePassword).toBe(true);
    const parentOld = { email: student.fatherEmail, password: 'suresh-own-pw-1' };
    expect((await post('/students/parents/login', parentOld)).status).toBe(401);
    const parent = await post('/students/parents/login', { email: student.fatherEmail, password: fatherPassword });
    expect(parent.status).toBe(200);
    expect(parent.body.mustChangePassword).toBe(true);
  });

  test('on a phone the dialog fits the screen and passes axe', async () => {
    // The portal's CSP rightly forbids injected scripts; this context lets axe-core in.
    const { context, page } = await openPage(browser, PHONE, { bypassCSP: true });
    await signInTo(page, `/students/${student._id}`);
    await page.getByRole('heading', { level: 1, name: student.name }).waitFor();
    await page.getByRole('button', { name: 'Reset passwords' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset sign-in passwords' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Issue temporary passwords' });
    await submit.waitFor();
    const box = await submit.boundingBox();
    expect(box && box.y + box.height <= PHONE.height && box.x + box.width <= PHONE.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
