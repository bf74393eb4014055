import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  callApi,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  seriousViolations,
  shot,
  signInTo,
  toastShown,
} from './support/browser';

let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (
    await callApi<{ data: { token: string } }>('/users/login', {
      method: 'POST',
      body: { email: 'admin@demo.school', password: 'demo1234' },
    })
  ).data.token;
});

afterAll(async () => {
  await browser?.close();
});

async function choose(page: Page, scope: Page | Locator, combobox: string, option: string) {
  await scope.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function students(page: Page) {
  const card = page.getByRole('region', { name: 'Students owing', exact: true });
  await card.locator('p[data-numeric]').waitFor();
  return Number((await card.locator('p[data-numeric]').textContent())?.replace(/[^\d]/g, ''));
}

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

interface Structure {
  _id: string;
  classId: { _id: string; name: string; section: string };
  categoryId: { name: string };
  optional: boolean;
}

describe('fees follow the calendar and the student', () => {
  for (const [viewport, className] of [
    [DESKTOP, '9-B'],
    [PHONE, '7-A'],
  ] as const) {
    test(`at ${viewport.width} px, assigning transport to two students moves "Students owing" and the dues`, async () => {
      const structures = (await callApi<{ data: Structure[] }>('/fees/structures?limit=500', { token: adminToken }))
        .data;
      const bus = structures.find(
        (s) => s.categoryId.name === 'Transport Fee' && `${s.classId.name}-${s.classId.section}` === className,
      ) as Structure;
      expect(bus.optional).toBe(true);
      const assigned = new Set(
        (
          await callApi<{ data: { studentIds: string[] } }>(`/fees/structures/${bus._id}/assignments`, {
            token: adminToken,
          })
        ).data.studentIds,
      );
      const roll = (
        await callApi<{ data: { _id: string; name: string }[] }>(
          `/students?classId=${bus.classId._id}&status=active&limit=100`,
          { token: adminToken },
        )
      ).data;
      const [first, second] = roll.filter((s) => !assigned.has(s._id));

      // The accessibility checker is injected as a script, which the portal's policy refuses unless bypassed.
      const { context, page } = await openPage(browser, viewport, { bypassCSP: true });
      await signInTo(page, '/fees');
      await choose(page, page, 'Class', `Class ${className}`);
      await choose(page, page, 'Fee', 'Transport Fee');
      await page.waitForTimeout(300);
      const before = await students(page);
      const listed = (name: string) =>
        page.getByRole('button', { name: new RegExp(`^Take payment of Transport Fee · .+ from ${name}$`) });
      expect(await listed(first.name).count()).toBe(0);

      // A monthly fee shows its instalments; the transport fee is optional, paid by the students assigned.
      await page.getByRole('tab', { name: 'Structures' }).click();
      await choose(page, page, 'Class', `Class ${className}`);
      const row = page
        .getByRole('row')
        .filter({ hasText: 'Transport Fee' })
        .filter({ hasText: `Class ${className}` });
      await row.getByText('Monthly · 12 instalments').waitFor();
      await row.getByText(/^Optional · \d+ students?$/).waitFor();
      await noSidewaysScroll(page, viewport.width);

      await row.getByRole('button', { name: `Students paying Transport Fee for Class ${className}` }).click();
      const dialog = page.getByRole('dialog', { name: `Students paying Transport Fee for Class ${className}` });
      for (const student of [first, second]) {
        await dialog.getByRole('searchbox', { name: 'Search students' }).fill(student.name);
        await dialog.getByRole('listitem').filter({ hasText: student.name }).locator('[data-part="label"]').click();
        expect(await dialog.getByRole('checkbox', { name: new RegExp(`^${student.name}`) }).isChecked()).toBe(true);
      }
      await shot(page, { path: `/tmp/fee-assign-${viewport.width}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Save students' }).click();
      await toastShown(page, 'Fee assignments updated successfully');

      // The dues tab keeps its filters: the same class's transport, now owed by two more students.
      await page.getByRole('tab', { name: 'Dues' }).click();
      await expect.poll(() => students(page)).toBe(before + 2);
      await listed(first.name).first().waitFor();
      await listed(second.name).first().waitFor();
      await noSidewaysScroll(page, viewport.width);
      await shot(page, { path: `/tmp/fee-dues-assigned-${viewport.width}.png`, fullPage: true });

      // Taking a payment from an instalment's row ticks that instalment alone, in the student's own list.
      await listed(first.name).first().click();
      const form = page.getByRole('form', { name: 'Take a payment' });
      const ticked = form.getByRole('checkbox', { checked: true });
      await expect.poll(() => ticked.count()).toBe(1);
      await form.getByRole('checkbox', { name: /^Transport Fee · [A-Z][a-z]{2} \d{4}$/, checked: true }).waitFor();
      expect(await form.getByRole('textbox', { name: 'Received from' }).inputValue()).not.toBe('');
      await context.close();
    });
  }

  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width} px, a family sees only what its child owes, instalment by instalment`, async () => {
      const { context, page } = await openPage(browser, viewport);
      await signInTo(page, '/family', { email: 'parent@demo.school', password: 'demo1234' });
      const fees = page.getByRole('list', { name: 'Fees' });
      await fees.getByRole('listitem').first().waitFor();
      const shown = (await fees.getByRole('listitem').allTextContents()).map((text) => text.split('Due ')[0].trim());

      const parent = (
        await callApi<{ data: { token: string } }>('/users/login', {
          method: 'POST',
          body: { email: 'parent@demo.school', password: 'demo1234' },
        })
      ).data;
      const [child] = (await callApi<{ data: { _id: string }[] }>('/family/children', { token: parent.token })).data;
      const own = (
        await callApi<{ data: { fees: { items: { label: string }[] } } }>(`/family/children/${child._id}/overview`, {
          token: parent.token,
        })
      ).data;
      const view = (
        await callApi<{
          data: { fees: { optional: boolean; assigned: boolean; instalments: { label: string; owed: boolean }[] }[] };
        }>(`/fees/students/${child._id}`, { token: adminToken })
      ).data;
      const owed = view.fees.flatMap((f) => f.instalments.filter((i) => i.owed).map((i) => i.label));
      // The screen lists exactly the owed instalments, and none that fell due before admission or is not taken.
      expect(shown).toEqual(own.fees.items.map((i) => i.label));
      expect([...shown].sort()).toEqual([...owed].sort());
      const notOwed = view.fees.flatMap((f) => f.instalments.filter((i) => !i.owed).map((i) => i.label));
      for (const label of notOwed) expect(shown).not.toContain(label);
      expect(shown.some((label) => / · [A-Z][a-z]{2} \d{4}$/.test(label))).toBe(true);
      await noSidewaysScroll(page, viewport.width);
      await shot(page, { path: `/tmp/fee-family-${viewport.width}.png`, fullPage: true });
      await context.close();
    });
  }
});
