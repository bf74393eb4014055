import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callApi, DESKTOP, launchBrowser, openPage, PHONE, shot, signInTo, toastShown } from './support/browser';

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

interface Structure {
  _id: string;
  classId: { _id: string; name: string; section: string };
  categoryId: { name: string };
  collected: number;
}

const PAID_CLASS = 'Payments have been recorded against this fee; its class cannot change.';

describe('a refused fee change', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width} px, moving a paid fee to another class is refused beside the Class field`, async () => {
      const structures = (
        await callApi<{ data: Structure[] }>('/fees/structures?page=1&limit=50', { token: adminToken })
      ).data;
      const paid = structures.find((s) => s.collected > 0) as Structure;
      expect(paid).toBeDefined();
      const label = `${paid.classId.name}-${paid.classId.section}`;
      const name = `${paid.categoryId.name} for Class ${label}`;

      const { context, page } = await openPage(browser, viewport);
      await signInTo(page, '/fees?tab=structures');
      await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit fee structure' });
      await dialog.getByRole('combobox', { name: 'Class', exact: true }).click();
      await page
        .getByRole('option')
        .filter({ hasNotText: new RegExp(`(^| )${label}$`) })
        .first()
        .click();
      await dialog.getByRole('button', { name: 'Save changes' }).click();

      // The refusal's code names the field: the message stands under Class, and the dialog stays open.
      await toastShown(page, PAID_CLASS);
      await dialog.getByText(PAID_CLASS, { exact: true }).waitFor();
      expect(await dialog.getByRole('combobox', { name: 'Class', exact: true }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      await shot(page, { path: `/tmp/fee-refusal-class-${viewport.width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const after = await callApi<{ data: Structure }>(`/fees/structures/${paid._id}`, { token: adminToken });
      expect(after.data.classId._id).toBe(paid.classId._id);
      await context.close();
    });
  }
});
