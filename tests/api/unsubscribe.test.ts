import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox, users } from '../../worker/db/schema';
import { deliverDue } from '../../worker/lib/mail/outbox';
import { createTestApp, JWT_SECRET, signIn, type TestApp } from '../support/app';
import { caller, classroom } from '../support/classroom';
import { createStudent } from '../support/factories';

let t: TestApp;
const PORTAL = 'https://portal.example.org';

async function school() {
  const s = await classroom(t);
  const pupils = await Promise.all(
    ['Asha', 'Bela'].map((name) => createStudent(t, s.schoolId, { classId: s.classId, name })),
  );
  const emails = pupils.map((p) => p.parentEmail as string);
  const parents = await Promise.all(emails.map(async (email) => caller(t, await signIn(t, email))));
  const ids = await Promise.all(
    emails.map(async (email) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id),
  );
  const write = async () => {
    const sent = await s.admin.post('/api/messages', {
      audience: 'class_parents',
      classId: s.classId,
      subject: 'Sports day',
      body: 'On Friday.',
    });
    expect(sent.status).toBe(201);
    return Number(sent.body.data._id);
  };
  return { ...s, emails, parents, ids, write };
}

const deliver = (schoolId: string) =>
  deliverDue(t.db, schoolId, t.mail.transport, {
    now: t.clock.now,
    unsubscribe: { portalUrl: PORTAL, secret: JWT_SECRET },
  });

/** The unsubscribe token of the newest e-mail to this address, from its text's link. */
function tokenOf(email: string) {
  const mail = t.mail.sent.findLast((m) => m.to.email === email);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  return { mail, token: /\/unsubscribe#([\w.-]+)/.exec(mail.text)?.[1] ?? '' };
}

async function unsubscribe(method: 'GET' | 'POST', token: string, body?: string) {
  const res = await t.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
    method,
    ...(body ? { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } } : {}),
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown>; error?: string } };
}

beforeAll(async () => {
  t = await createTestApp();
});

describe('the unsubscribe link of every e-mail', () => {
  it('carries a signed link and one-click headers; the link turns off that kind of e-mail for that account alone', async () => {
    const s = await school();
    await s.write();
    await deliver(s.schoolId);
    const { mail, token } = tokenOf(s.emails[0]);
    expect(mail.text).toContain(`${PORTAL}/unsubscribe#${token}`);
    expect(mail.html).toContain(`${PORTAL}/unsubscribe#${token}`);
    expect(mail.headers).toMatchObject({
      'List-Unsubscribe': `<${PORTAL}/api/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // Not a session token: it signs nobody in.
    expect((await t.request('/api/messages/inbox', { token })).status).toBe(401);

    const info = await unsubscribe('GET', token);
    expect(info.status).toBe(200);
    expect(info.body.data).toEqual({ kind: 'announcements', school: s.name, email: true });
    // A mail client's one-click POST, without signing in.
    const done = await unsubscribe('POST', token, 'List-Unsubscribe=One-Click');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ data: { kind: 'announcements', email: false } });
    expect((await unsubscribe('GET', token)).body.data.email).toBe(false);
    expect((await s.parents[0].get('/api/messages/choices')).body.data).toEqual({
      announcements: { email: false, push: true },
      alerts: { email: true, push: true },
      reminders: { email: true, push: true },
    });
    // Nothing changed for the other family.
    expect((await s.parents[1].get('/api/messages/choices')).body.data.announcements.email).toBe(true);

    // The next announcement reaches the first parent's inbox, not their e-mail.
    const next = await s.write();
    const rows = await t.db
      .select({ userId: messageOutbox.userId })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.messageId, next), inArray(messageOutbox.userId, s.ids)));
    expect(rows.map((r) => r.userId)).toEqual([s.ids[1]]);
    expect((await s.parents[0].get('/api/messages/unread')).body.data.unread).toBe(2);
    // The token is in no log line.
    expect(t.logs.filter((line) => line.includes(token.split('.')[3]))).toEqual([]);
  });

  it('refuses a tampered token: another kind, another account, a changed signature', async () => {
    const s = await school();
    await s.write();
    await deliver(s.schoolId);
    const { token } = tokenOf(s.emails[0]);
    const [schoolId, userId, kind, mac] = token.split('.');
    const flipped = mac[0] === 'A' ? `B${mac.slice(1)}` : `A${mac.slice(1)}`;
    const forged = [
      [schoolId, userId, kind === '0' ? '1' : '0', mac],
      [schoolId, s.ids[1], kind, mac],
      [schoolId, userId, kind, flipped],
      [schoolId, userId, kind],
      [schoolId, userId, kind, 'abcde'],
    ].map((parts) => parts.join('.'));
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await unsubscribe(method, bad);
        expect(answer.status, `${method} ${bad}`).toBe(404);
        expect(answer.body.error).toBe('This unsubscribe link is not valid');
      }
    }
    expect((await unsubscribe('GET', '')).status).toBe(400);
    const off = await t.db.select({ off: users.channelsOff }).from(users).where(inArray(users.id, s.ids));
    expect(off.map((r) => r.off)).toEqual([0, 0]);
  });
});
