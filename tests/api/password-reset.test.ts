import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLogs, passwordResets, users } from '../../worker/db/schema';
import { RESET_MAX_PER_ADDRESS, RESET_MAX_PER_EMAIL } from '../../worker/modules/auth/throttle';
import { createTestApp, json, PASSWORD, signIn, type TestApp, unique } from '../support/app';
import { schoolWithAdmin } from '../support/classroom';
import { addTeacher } from '../support/factories';

let t: TestApp;
const NEW_PASSWORD = 'a quiet harbour at dawn';

const ask = (email: string, address?: string) =>
  t.request('/api/auth/password-reset', {
    method: 'POST',
    json: { email },
    headers: address ? { 'CF-Connecting-IP': address } : undefined,
  });
const confirm = (token: string, password = NEW_PASSWORD) =>
  t.request('/api/auth/password-reset/confirm', { method: 'POST', json: { token, password } });

/** The token of the newest reset e-mail to this address, from its link's fragment. */
function tokenMailedTo(email: string) {
  const mail = t.mail.sent.findLast((m) => m.to.email === email);
  const token = /\/reset-password#([\w.-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link was mailed to ${email}`);
  expect(mail?.html).toContain(`/reset-password#${token}`);
  return token;
}

const later = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

/** A teacher of a new school, asking from an address of their own (the limits count per address). */
async function teacher() {
  const s = await schoolWithAdmin(t);
  const who = await addTeacher(t, s.schoolId);
  return {
    ...s,
    email: who.email as string,
    userId: who.userId as string,
    address: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
}

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => {
  t.mail.sent.length = 0;
});

describe('asking for a reset link', () => {
  it('answers alike for an account and for an email that has none, and mails only the account', async () => {
    const s = await teacher();
    const known = await ask(s.email, s.address);
    const unknown = await ask(`${unique('nobody')}@example.org`.toLowerCase(), s.address);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    expect(t.mail.sent.map((m) => m.to.email)).toEqual([s.email]);
    const mail = t.mail.sent[0];
    expect(mail.subject).toContain(s.name);
    expect(mail.text).toContain('30 minutes');
    const [line] = await t.db.select().from(activityLogs).where(eq(activityLogs.userId, s.userId));
    expect(line.summary).toBe('Asked for a link to reset their password');
  });

  it('keeps only a digest of the token, and the token is in no answer and no log line', async () => {
    const s = await teacher();
    const res = await ask(s.email, s.address);
    const body = await res.text();
    const token = tokenMailedTo(s.email);
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, s.userId));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const secret = token.split('.')[1];
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(body).not.toContain(secret);
    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(await done.text()).not.toContain(secret);
    expect(t.logs.join('\n')).not.toContain(secret);
    const lines = await t.db.select().from(activityLogs).where(eq(activityLogs.userId, s.userId));
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it(`refuses a ${RESET_MAX_PER_EMAIL + 1}th request for one email, whether or not it has an account`, async () => {
    const s = await teacher();
    const nobody = `${unique('nobody')}@example.org`.toLowerCase();
    for (const email of [s.email, nobody]) {
      for (let i = 0; i < RESET_MAX_PER_EMAIL; i++) expect((await ask(email, `10.9.9.${i}`)).status).toBe(200);
      const refused = await ask(email, '10.9.9.99');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    expect(t.mail.sent).toHaveLength(RESET_MAX_PER_EMAIL);
    // The window passes: asking works again.
    later(15 * 60_000 + 1000);
    expect((await ask(s.email, '10.9.9.99')).status).toBe(200);
  });

  it(`refuses one address its ${RESET_MAX_PER_ADDRESS + 1}th request across emails`, async () => {
    const address = '10.8.8.8';
    for (let i = 0; i < RESET_MAX_PER_ADDRESS; i++)
      expect((await ask(`${unique('probe')}@example.org`.toLowerCase(), address)).status).toBe(200);
    expect((await ask(`${unique('probe')}@example.org`.toLowerCase(), address)).status).toBe(429);
    expect((await ask(`${unique('probe')}@example.org`.toLowerCase(), '10.8.8.9')).status).toBe(200);
  });
});

describe('setting a new password with the link', () => {
  it('works once, ends every session of the account, and the new password signs in', async () => {
    const s = await teacher();
    const before = await signIn(t, s.email);
    const other = await signIn(t, s.email);
    await ask(s.email, s.address);
    const token = tokenMailedTo(s.email);
    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect((await json(done)).message).toBe('Your password is changed. Sign in with it.');
    for (const old of [before, other]) expect((await t.request('/api/users/verify', { token: old })).status).toBe(401);
    expect(t.publisher.events.some((e) => e.event.type === 'sessions_ended')).toBe(true);
    await signIn(t, s.email, NEW_PASSWORD);
    const oldPassword = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: s.email, password: PASSWORD },
    });
    expect(oldPassword.status).toBe(401);
    const again = await confirm(token, 'another quiet harbour');
    expect(again.status).toBe(400);
    expect((await json(again)).code).toBe('RESET_LINK_INVALID');
    const lines = await t.db.select().from(activityLogs).where(eq(activityLogs.userId, s.userId));
    expect(lines.map((l) => l.summary)).toContain(
      'Set a new password with a reset link; every session of the account ended',
    );
  });

  it('two uses of one link at the same time: one sets the password, the other is refused', async () => {
    const s = await teacher();
    await ask(s.email, s.address);
    const token = tokenMailedTo(s.email);
    const answers = await Promise.all([confirm(token, 'first quiet harbour'), confirm(token, 'second quiet harbour')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const lines = await t.db.select().from(activityLogs).where(eq(activityLogs.userId, s.userId));
    expect(lines.filter((l) => l.summary?.startsWith('Set a new password'))).toHaveLength(1);
  });

  it('expires at 30 minutes', async () => {
    const s = await teacher();
    await ask(s.email, s.address);
    const token = tokenMailedTo(s.email);
    later(30 * 60_000);
    expect((await confirm(token)).status).toBe(400);
    later(16 * 60_000);
    await ask(s.email, s.address);
    const fresh = tokenMailedTo(s.email);
    later(29 * 60_000);
    expect((await confirm(fresh)).status).toBe(200);
  });

  it('keeps the password rules, and the link stays usable after a refused password', async () => {
    const s = await teacher();
    await ask(s.email, s.address);
    const token = tokenMailedTo(s.email);
    const weak = await confirm(token, 'password');
    expect(weak.status).toBe(400);
    expect(JSON.stringify(await json(weak))).toContain('too common');
    expect((await confirm(token, 'short')).status).toBe(400);
    expect((await confirm(token)).status).toBe(200);
  });

  it('a newer link replaces the older one; a made-up or another school\u2019s token is refused', async () => {
    const s = await teacher();
    await ask(s.email, s.address);
    const first = tokenMailedTo(s.email);
    await ask(s.email, s.address);
    const second = tokenMailedTo(s.email);
    expect((await confirm(first)).status).toBe(400);
    const other = await schoolWithAdmin(t);
    expect((await confirm(`${other.schoolId}.${second.split('.')[1]}`)).status).toBe(400);
    expect((await confirm(`${s.schoolId}.${'x'.repeat(43)}`)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);
  });

  it('mails no link to a deactivated account', async () => {
    const s = await teacher();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, s.userId));
    expect((await ask(s.email, s.address)).status).toBe(200);
    expect(t.mail.sent).toHaveLength(0);
  });
});
