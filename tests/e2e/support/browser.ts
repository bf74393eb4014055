import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Download,
  type Page,
  type Request as PlaywrightRequest,
} from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM } from './chromium';

// Each worker of the suite runs its files against a server of its own (tests/e2e/lanes.ts).
const lanes = inject('lanes');
const lane = lanes[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % lanes.length] ?? lanes[0];
export const baseURL = lane.baseURL;
/** The local mail catcher of this lane's app: its page, and `GET /api/mails`. */
export const mailURL = lane.mailURL;
const secretsFile = lane.secretsFile;
/** This lane's operator token: `POST /api/platform/schools` makes a school of a test's own. */
export const platformToken = lane.platformToken;

/** Notes secrets this run was given, which the server's output is then searched for when the suite ends. */
export function rememberSecrets(...values: (string | null | undefined)[]) {
  const lines = values.filter((v): v is string => typeof v === 'string' && v.length >= 8).map((v) => `${v}\n`);
  if (lines.length > 0) appendFileSync(secretsFile, lines.join(''));
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export const ADMIN = { email: 'admin@demo.school', password: 'demo1234' };
export const TEACHER = { email: 'teacher@demo.school', password: 'demo1234' };
export const STUDENT = { email: 'student@demo.school', password: 'demo1234' };

/**
 * The lane's browser (one per lane, started with its server): each test file connects to it rather than starting a
 * browser of its own, and its contexts stay apart as before. Closing it in a file only disconnects that file.
 */
export function launchBrowser(): Promise<Browser> {
  return lane.browserEndpoint ? chromium.connect(lane.browserEndpoint) : chromium.launch(CHROMIUM);
}

/** A fresh, signed-out browser context and page: nothing stored from another test. */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  options: { bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce', ...options });
  await recordToasts(context);
  const page = await context.newPage();
  watchLiveConnections(page);
  return { context, page };
}

/** The token or ticket each live connection of the page is opened with, so the server's output is searched for it. */
export function watchLiveConnections(page: Page) {
  page.on('websocket', (socket) => {
    const query = new URL(socket.url()).searchParams;
    rememberSecrets(query.get('token'), query.get('ticket'));
  });
}

/**
 * `page.goto(path)`, saying what the page still waited for when its load event did not come in time: the path and
 * kind of each request not yet answered (no query string: it may carry a ticket).
 */
export async function openPath(page: Page, path: string) {
  const pending = new Map<PlaywrightRequest, number>();
  const started = (request: PlaywrightRequest) => pending.set(request, Date.now());
  const ended = (request: PlaywrightRequest) => pending.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.goto(path);
  } catch (error) {
    const now = Date.now();
    const waiting = [...pending].map(
      ([request, since]) =>
        `${request.method()} ${new URL(request.url()).pathname} (${request.resourceType()}, ${now - since} ms)`,
    );
    throw new Error(`page.goto(${path}) did not load; still waiting for: ${waiting.join(', ') || 'nothing'}`, {
      cause: error,
    });
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Signs in through the sign-in screen, as a person would, and waits for the dashboard. */
export async function signInThroughForm(page: Page, account = ADMIN, expectedPath = '/dashboard') {
  if (!page.url().includes('/login')) await openPath(page, '/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === expectedPath);
}

const TOKEN_KEYS = ['schoolToken', 'teacherToken', 'parentToken', 'studentToken'];
/** The person's own language as the device keeps it (client/lib/storage.ts). */
const LANGUAGE_KEY = 'portal.language';

/** Where each kind of account lands once signed in, by the token its session keeps. */
const PORTAL_OF: Record<string, string> = {
  schoolToken: '/dashboard',
  teacherToken: '/teacher-dashboard',
  parentToken: '/family',
  studentToken: '/family',
};

/** Set in a tab (sessionStorage) once its storage holds the session: later pages of the tab keep what it holds. */
const SEEDED_FLAG = 'e2e.session';

/** What the sign-in screen stored for each account this file signed in with, by email. */
const sessions = new Map<string, Record<string, string>>();

/**
 * Signs in and opens `path` (else the account's portal), for tests that are about what comes after signing in. The
 * first time in a file an account signs in through the sign-in screen, and what the screen stores is kept; later
 * pages of that account start with it stored, as a device that signed in earlier does, instead of signing in again.
 * `language` is then kept as the person's own choice (null: the school's), on the account and the device, as the
 * account menu keeps it, before the page opens. Tests about signing in itself use `signInThroughForm`.
 */
export async function signInTo(
  page: Page,
  path?: string,
  account: { email: string; password: string } = ADMIN,
  { language }: { language?: string | null } = {},
) {
  let stored = sessions.get(account.email);
  if (!stored) {
    await openPath(page, '/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The screen stores the whole session at once, then greets the person before opening their portal.
    await page
      .waitForFunction((keys) => keys.some((key) => window.localStorage.getItem(key)), TOKEN_KEYS)
      .catch(async (error: Error) => {
        // What the screen showed instead, for the report.
        const said = await page.locator('[role="alert"], [role="status"]').allTextContents();
        throw new Error(`No session stored after signing in at ${page.url()} (showing: ${said.join(' | ')})`, {
          cause: error,
        });
      });
    // Its greeting then opens the portal: the page goes on from there, not from a navigation racing it. What the
    // screen stored is read there (the device's storage outlives the page), not from the page being left.
    await page.waitForURL((url) => url.pathname !== '/login');
    stored = await page.evaluate(() => ({ ...window.localStorage }));
    sessions.set(account.email, stored);
    // This tab already holds the session it just stored: what the test keeps on the device from here on (a year
    // chosen, a menu folded) must outlive its next page.
    if (language === undefined) await page.evaluate((flag) => window.sessionStorage.setItem(flag, '1'), SEEDED_FLAG);
  }
  const tokenKey = TOKEN_KEYS.find((key) => stored[key]) ?? 'schoolToken';
  rememberSecrets(stored[tokenKey]);
  const entries = { ...stored };
  if (language !== undefined) {
    await callApi('/auth/profile', { method: 'PUT', token: stored[tokenKey], body: { language } });
    if (language) entries[LANGUAGE_KEY] = language;
    else delete entries[LANGUAGE_KEY];
  }
  // The device's storage becomes exactly this, once per tab, before the app's first script of the next page: a
  // sign-out later in the test stays signed out.
  await page.addInitScript(
    ({ seeded, flag }) => {
      try {
        if (window.sessionStorage.getItem(flag)) return;
        window.sessionStorage.setItem(flag, '1');
        window.localStorage.clear();
        for (const [key, value] of Object.entries(seeded)) window.localStorage.setItem(key, value);
      } catch {
        // A page without storage (about:blank) has nothing to sign in.
      }
    },
    { seeded: entries, flag: SEEDED_FLAG },
  );
  const target = new URL(path ?? PORTAL_OF[tokenKey], baseURL);
  const here = new URL(page.url());
  const arrived = here.pathname === target.pathname && here.search === target.search && language === undefined;
  if (!arrived) await openPath(page, target.pathname + target.search);
  // The family portal opens on a child's own page.
  await page.waitForURL((url) => url.pathname === target.pathname || url.pathname.startsWith(`${target.pathname}/`));
  if (language) await page.waitForFunction((value) => document.documentElement.lang === value, language);
}

/** A download's bytes, read over the connection to the browser (the file itself stays on the browser's side). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Screenshots are for people to look at: taken on a developer's machine, and in CI only when SCREENSHOT_DIR asks. */
const SHOOT = !process.env.CI || Boolean(process.env.SCREENSHOT_DIR);

export async function shot(
  target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> },
  options: { path: string; fullPage?: boolean },
) {
  if (SHOOT) await target.screenshot(options);
}

/** The toasts on screen that show the given text. */
export function toast(page: Page, text: string) {
  return page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text });
}

/**
 * Notes, inside each page of the context, the text of every toast as it appears: a success toast stays two seconds,
 * which a test polling from outside the page can miss on a busy machine, though the person saw it.
 */
export async function recordToasts(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    const all: string[] = [];
    const noted = new WeakSet<Element>();
    Object.assign(window, { __toastsSeen: seen, __toastsAll: all });
    new MutationObserver(() => {
      for (const root of document.querySelectorAll('[data-scope="toast"][data-part="root"]')) {
        const text = root.textContent ?? '';
        if (noted.has(root) || !text) continue;
        noted.add(root);
        seen.push(text);
        all.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * Waits until the page has shown a toast with the given text (since it was last waited for): the toast once seen,
 * even if it has already gone. Pages of a context made without `recordToasts` are searched on screen instead.
 */
export async function toastShown(page: Page, text: string, { timeout }: { timeout?: number } = {}) {
  const shown = page.waitForFunction(
    (wanted) => {
      const seen = (window as { __toastsSeen?: string[] }).__toastsSeen;
      if (!seen) {
        return [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].some((root) =>
          root.textContent?.includes(wanted),
        );
      }
      const index = seen.findIndex((shown) => shown.includes(wanted));
      if (index >= 0) seen.splice(index, 1);
      return index >= 0;
    },
    text,
    { timeout },
  );
  await shown.catch(async (error: Error) => {
    // What the page did show, for the report.
    const seen = await page
      .evaluate(() => (window as { __toastsAll?: string[] }).__toastsAll ?? [])
      .catch(() => ['(the page could not be read)']);
    throw new Error(`No toast "${text}"; the page showed: ${seen.join(' | ') || 'none'}`, { cause: error });
  });
}

/**
 * Waits for the toasts to leave: they sit over the page header's actions at the top end, and one under the pointer
 * stays while pointed at, as a person reading it expects, so the pointer first moves off them.
 */
export async function toastsGone(page: Page) {
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => !document.querySelector('[data-scope="toast"][data-part="root"]'), null, {
    timeout: 15_000,
  });
}

export function storedItem(page: Page, key: string) {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

export function pathname(page: Page) {
  return new URL(page.url()).pathname;
}

/** A call to the API from the test itself, as the given account; a failure throws with the server's answer. */
export async function callApi<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  const answer = JSON.parse(text);
  const credentials: { temporaryPassword?: string }[] = answer.data?.credentials ?? [];
  rememberSecrets(
    answer.token,
    answer.data?.token,
    answer.data?.ticket,
    ...credentials.map((c) => c.temporaryPassword),
  );
  return answer as T;
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The serious and critical problems axe-core finds on the page, each as rule, impact, help and where. */
export async function seriousViolations(page: Page) {
  // Loaded once per document: a page checked twice without navigating keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
    type Options = { resultTypes: string[] };
    const axe = (
      window as unknown as { axe: { run: (d: Document, o: Options) => Promise<{ violations: Violation[] }> } }
    ).axe;
    // Every rule still checks every node; the passes and incomplete results, never read here, are not listed in full.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The signed-in person's own language, kept on their account as the account menu keeps it (null: the school's),
 * then the page loaded again in it. Tests that choose one reset the demo accounts after (`resetOwnLanguages`).
 */
export async function chooseOwnLanguage(page: Page, language: string | null) {
  const status = await page.evaluate(async (value) => {
    const keys = ['schoolToken', 'teacherToken', 'parentToken', 'studentToken'];
    const token = keys.map((key) => window.localStorage.getItem(key)).find(Boolean);
    const answer = await fetch('/api/auth/profile', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: value }),
    });
    if (value) window.localStorage.setItem('portal.language', value);
    else window.localStorage.removeItem('portal.language');
    return answer.status;
  }, language);
  if (status !== 200) throw new Error(`choosing ${language} answered ${status}`);
  await page.reload();
  // A session check sent before the choice may answer the earlier language after it: the page settles on the
  // choice once its own check has answered.
  await page.waitForFunction(
    (value) =>
      window.localStorage.getItem('portal.language') === value && (!value || document.documentElement.lang === value),
    language,
  );
}

/** Every demo account back to its school's language. */
export async function resetOwnLanguages() {
  const accounts = [ADMIN, TEACHER, STUDENT, { email: 'parent@demo.school', password: 'demo1234' }];
  for (const account of accounts) {
    const { data } = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: account });
    await callApi('/auth/profile', { method: 'PUT', token: data.token, body: { language: null } });
  }
}
