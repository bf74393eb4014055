import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, signInTo, toast } from './support/browser';

const SHOTS = 'screenshots/rtl';
type Dir = 'ltr' | 'rtl';

let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A signed-in admin whose page is Arabic (or English) before the app draws, as the language layer will set it. */
async function open(dir: Dir, viewport = DESKTOP) {
  const { context, page } = await openPage(browser, viewport);
  await context.addInitScript((value) => {
    // The script may run before the parser has made <html>: set it then too.
    // The portal sets them from the chosen language (English here): this page keeps the direction under test.
    const set = () => {
      const root = document.documentElement;
      const lang = value === 'rtl' ? 'ar' : 'en';
      if (root && root.getAttribute('dir') !== value) root.setAttribute('dir', value);
      if (root && root.getAttribute('lang') !== lang) root.setAttribute('lang', lang);
    };
    set();
    new MutationObserver(set).observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['dir', 'lang'],
    });
  }, dir);
  await signInTo(page);
  return { context, page };
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** Where the text of an element is drawn (not the element, which may span the whole row). */
function textBox(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, width } = range.getBoundingClientRect();
    return { x, width };
  });
}

/** Whether an element's first letter is drawn inside the element, not cut off by its ellipsis. */
function firstLetterShows(locator: Locator) {
  return locator.evaluate(async (element) => {
    await document.fonts.ready;
    const text = element.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) throw new Error('no text');
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const letter = range.getBoundingClientRect();
    const own = element.getBoundingClientRect();
    return letter.left >= own.left - 0.5 && letter.right <= own.right + 0.5;
  });
}

async function shot(page: Page, name: string, dir: Dir) {
  await page.screenshot({ path: `${SHOTS}/${name}-${dir}-${page.viewportSize()?.width}.png` });
}

/** Where the chevron's tip is drawn: lucide draws chevron-right's tip at x=15 and its ends at x=9. */
function pointsLeft(icon: Locator) {
  return icon.evaluate((svg) => {
    const matrix = (svg as SVGSVGElement).getScreenCTM();
    if (!matrix) throw new Error('no matrix');
    const tip = new DOMPoint(15, 12).matrixTransform(matrix).x;
    const end = new DOMPoint(9, 6).matrixTransform(matrix).x;
    const isRight = svg.classList.contains('lucide-chevron-right');
    return isRight ? tip < end : tip > end;
  });
}

/** Where a text field's typed text begins, measured on a copy of the field laid out the same way. */
function textStartsAt(input: Locator) {
  return input.evaluate((element) => {
    const field = element as HTMLInputElement;
    const style = getComputedStyle(field);
    const copy = document.createElement('div');
    for (const property of [
      'direction',
      'textAlign',
      'font',
      'letterSpacing',
      'paddingLeft',
      'paddingRight',
      'borderLeftWidth',
      'borderRightWidth',
      'borderStyle',
      'boxSizing',
      'width',
    ] as const) {
      copy.style[property] = style[property];
    }
    copy.style.whiteSpace = 'pre';
    const text = document.createElement('span');
    text.textContent = field.value;
    copy.append(text);
    document.body.append(copy);
    const outer = copy.getBoundingClientRect();
    const inner = text.getBoundingClientRect();
    copy.remove();
    return inner.left - outer.left < outer.right - inner.right ? 'left' : 'right';
  });
}

describe.each(['ltr', 'rtl'] as const)('the portal laid out %s', (dir) => {
  const rtl = dir === 'rtl';

  test('at 1440 px the side nav, a table, its pager and a dialog form follow the direction', async () => {
    const { context, page } = await open(dir);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Student Records' }).waitFor();
    const navBox = await box(nav);
    if (rtl) expect(navBox.x + navBox.width).toBeGreaterThan(DESKTOP.width - 2);
    else expect(navBox.x).toBeLessThan(2);
    const toggle = await box(page.getByRole('button', { name: 'Collapse side menu' }));
    expect(toggle.x > DESKTOP.width / 2).toBe(rtl);
    await shot(page, 'dashboard', dir);

    await page.goto('/students?tab=manage');
    const table = page.getByRole('table').first();
    await table.getByRole('row').nth(1).waitFor();
    const headers = table.getByRole('columnheader');
    const first = await box(headers.first());
    const last = await box(headers.last());
    expect(first.x > last.x).toBe(rtl);
    const next = page.getByRole('button', { name: 'Next page' });
    expect(await pointsLeft(next.locator('svg'))).toBe(rtl);
    expect(await pointsLeft(page.getByRole('button', { name: 'Previous page' }).locator('svg'))).toBe(!rtl);
    await next.scrollIntoViewIfNeeded();
    await shot(page, 'students', dir);

    await page.getByRole('button', { name: 'Enrol Student' }).first().click();
    const form = page.getByRole('dialog', { name: 'Enrol New Student' });
    await form.waitFor();
    const name = form.getByRole('textbox', { name: 'Full Name', exact: true });
    await name.fill('Meera');
    expect(await textStartsAt(name)).toBe(rtl ? 'right' : 'left');
    const field = await box(name);
    const label = await textBox(form.locator('label').filter({ hasText: 'Full Name' }).first());
    if (rtl) expect(Math.abs(label.x + label.width - (field.x + field.width))).toBeLessThan(4);
    else expect(Math.abs(label.x - field.x)).toBeLessThan(4);
    const close = await box(form.getByRole('button', { name: 'Close' }));
    const dialog = await box(form);
    expect(close.x < dialog.x + dialog.width / 2).toBe(rtl);
    // The eye sits at the password field's end, over padding kept free for it.
    const password = form.getByRole('textbox', { name: 'Password', exact: true }).first();
    const eye = await box(form.getByRole('button', { name: 'Show password' }).first());
    const passwordBox = await box(password);
    expect(eye.x < passwordBox.x + passwordBox.width / 2).toBe(rtl);
    const endPadding = await password.evaluate(
      (el, side) => Number.parseFloat(getComputedStyle(el)[side]),
      rtl ? ('paddingLeft' as const) : ('paddingRight' as const),
    );
    expect(endPadding).toBeGreaterThanOrEqual(eye.width);
    await shot(page, 'enrol-dialog', dir);

    // Toasts gather at the end of the top edge.
    await form.getByRole('button', { name: 'Enrol Student' }).click();
    const note = await box(toast(page, 'Please fill in all required fields').first());
    expect(note.x + note.width / 2 < DESKTOP.width / 2).toBe(rtl);
    await shot(page, 'toast', dir);
    await context.close();
  });

  test('at 390 px the menu drawer opens from the start edge and the pager still points forward', async () => {
    const { context, page } = await open(dir, PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Student Records' }).waitFor();
    const drawerBox = await box(drawer);
    if (rtl) expect(drawerBox.x + drawerBox.width).toBeGreaterThan(PHONE.width - 2);
    else expect(drawerBox.x).toBeLessThan(2);
    await shot(page, 'drawer', dir);
    await drawer.getByRole('link', { name: 'Student Records' }).click();
    await drawer.waitFor({ state: 'detached' });

    await page.goto('/students?tab=manage');
    const next = page.getByRole('button', { name: 'Next page' });
    await next.waitFor();
    expect(await pointsLeft(next.locator('svg'))).toBe(rtl);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Beside the live dot the school's name is longer than a phone's bar: it is cut at its end in either direction.
    await page.getByRole('status', { name: 'Live updates on' }).waitFor();
    const school = page.locator('header').getByText('Greenwood International School');
    expect(await firstLetterShows(school)).toBe(true);
    await shot(page, 'students', dir);

    await page.getByRole('button', { name: 'Enrol Student' }).first().click();
    const form = page.getByRole('dialog', { name: 'Enrol New Student' });
    const name = form.getByRole('textbox', { name: 'Full Name', exact: true });
    await name.fill('Meera');
    expect(await textStartsAt(name)).toBe(rtl ? 'right' : 'left');
    await shot(page, 'enrol-dialog', dir);
    await context.close();
  });
});
