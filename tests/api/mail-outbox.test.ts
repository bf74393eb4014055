import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageOutbox, outboxStates, users } from '../../worker/db/schema';
import { deliverDue, MAX_ATTEMPTS, RETRY_MINUTES } from '../../worker/lib/mail/outbox';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { caller, schoolWithAdmin } from '../support/classroom';
import { createClass, createStudent } from '../support/factories';

let t: TestApp;

/** A school with one class of `families` pupils, each with a parent, and a pupil of another class. */
async function school(families: number) {
  const s = await schoolWithAdmin(t);
  const classId = await createClass(t, s.schoolId, { name: '7', section: 'C' });
  const other = await createClass(t, s.schoolId, { name: '7', section: 'D' });
  const pupils = [];
  for (let i = 0; i < families; i++) pupils.push(await createStudent(t, s.schoolId, { classId }));
  const elsewhere = await createStudent(t, s.schoolId, { classId: other });
  return { ...s, classId, parents: pupils.map((p) => p.parentEmail as string), elsewhere };
}

const write = async (s: Awaited<ReturnType<typeof school>>, subject = 'Trip on Monday') => {
  const call = await s.admin.post('/api/messages', {
    audience: 'class_parents',
    classId: s.classId,
    subject,
    body: 'Bring a packed lunch.\n\nThe bus leaves at 8.',
  });
  expect(call.status, JSON.stringify(call.body)).toBe(201);
  return Number(call.body.data._id);
};

const rows = (messageId: number) =>
  t.db.select().from(messageOutbox).where(eq(messageOutbox.messageId, messageId)).orderBy(messageOutbox.userId);

const run = (schoolId: string, perMinute?: number) =>
  deliverDue(t.db, schoolId, t.mail.transport, { now: t.clock.now, perMinute });

const later = (minutes: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + minutes * 60_000);
};

beforeAll(async () => {
  t = await createTestApp();
});

beforeEach(() => {
  t.mail.sent.length = 0;
  t.mail.woken.length = 0;
  t.mail.down = false;
});

describe('the outbox', () => {
  it("a message to N families queues exactly their N e-mails and wakes the school's sender", async () => {
    const s = await school(4);
    const id = await write(s);
    const queued = await rows(id);
    expect(queued).toHaveLength(4);
    expect(queued.every((row) => row.state === outboxStates.queued && row.channel === 1)).toBe(true);
    expect(t.mail.woken).toEqual([s.schoolId]);
    // Nothing is sent inside the request.
    expect(t.mail.sent).toHaveLength(0);

    const done = await run(s.schoolId);
    expect(done).toMatchObject({ sent: 4, failed: 0, retried: 0, nextRunAt: null });
    expect(t.mail.sent.map((m) => m.to.email).sort()).toEqual([...s.parents].sort());
    expect((await rows(id)).map((row) => row.state)).toEqual(Array(4).fill(outboxStates.sent));
    // Sent once: a second run finds nothing due.
    expect((await run(s.schoolId)).sent).toBe(0);
    expect(t.mail.sent).toHaveLength(4);
  });

  it("writes each e-mail plain and HTML, with the school's name, in the recipient's language, else the school's", async () => {
    const s = await school(3);
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.email, s.parents[0]));
    await t.db.run(sql`update schools set language = 'ar' where id = ${s.schoolId}`);
    await t.db.update(users).set({ language: 'en' }).where(eq(users.email, s.parents[2]));
    await write(s, 'Picnic');
    await run(s.schoolId);
    const to = (email: string) => t.mail.sent.find((m) => m.to.email === email)!;
    const [hindi, arabic, english] = s.parents.map(to);
    for (const mail of [hindi, arabic, english]) {
      expect(mail.subject).toContain(s.name);
      expect(mail.fromName).toBe(s.name);
      expect(mail.text).toContain('Bring a packed lunch.');
      expect(mail.html).toContain('<p style="margin:0 0 12px;line-height:1.6">Bring a packed lunch.</p>');
    }
    expect(hindi.text).toContain('की ओर से');
    expect(hindi.headers?.['Content-Language']).toBe('hi');
    expect(arabic.text).toContain('تصلك هذه الرسالة');
    expect(arabic.html).toContain('dir="rtl"');
    expect(english.text).toContain('You receive this e-mail because you have an account at');
  });

  it('a failing server is retried after 1, 5, 30 and 120 minutes, then the e-mail is failed; nothing is lost', async () => {
    const s = await school(2);
    const id = await write(s);
    t.mail.down = true;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const started = t.clock.now.getTime();
      const done = await run(s.schoolId);
      expect(done).toMatchObject({ sent: 0, retried: 2, failed: 0 });
      expect(done.nextRunAt).toBe(Math.floor(started / 1000) * 1000 + RETRY_MINUTES[attempt - 1] * 60_000);
      expect((await rows(id)).map((row) => [row.state, row.attempts])).toEqual([
        [outboxStates.queued, attempt],
        [outboxStates.queued, attempt],
      ]);
      // Not due before its time.
      later(RETRY_MINUTES[attempt - 1] - 0.5);
      expect((await run(s.schoolId)).retried).toBe(0);
      later(0.5);
    }
    const last = await run(s.schoolId);
    expect(last).toMatchObject({ sent: 0, failed: 2, nextRunAt: null });
    expect((await rows(id)).map((row) => [row.state, row.attempts])).toEqual([
      [outboxStates.failed, MAX_ATTEMPTS],
      [outboxStates.failed, MAX_ATTEMPTS],
    ]);
  });

  it('a server back after a failure gets the e-mail on the retry', async () => {
    const s = await school(2);
    const id = await write(s);
    t.mail.down = true;
    await run(s.schoolId);
    t.mail.down = false;
    later(1);
    expect(await run(s.schoolId)).toMatchObject({ sent: 2, nextRunAt: null });
    expect((await rows(id)).map((row) => [row.state, row.attempts])).toEqual([
      [outboxStates.sent, 2],
      [outboxStates.sent, 2],
    ]);
  });

  it("holds the school's limit a minute, and another school's e-mails go out meanwhile", async () => {
    const s = await school(5);
    const other = await school(1);
    await write(s);
    await write(other);
    const first = await run(s.schoolId, 3);
    expect(first.sent).toBe(3);
    expect(first.nextRunAt).toBe(Math.floor(t.clock.now.getTime() / 1000) * 1000 + 60_000);
    // The other school's sender is its own: its mail is not behind the first school's queue.
    expect((await run(other.schoolId, 3)).sent).toBe(1);
    later(1);
    expect(await run(s.schoolId, 3)).toMatchObject({ sent: 2, nextRunAt: null });
    const sentTo = t.mail.sent.map((m) => m.to.email);
    expect(sentTo.filter((email) => s.parents.includes(email)).sort()).toEqual([...s.parents].sort());
  });

  it('sends nothing of another school', async () => {
    const s = await school(2);
    const other = await school(2);
    await write(other);
    expect((await run(s.schoolId)).sent).toBe(0);
    const left = await t.db
      .select({ state: messageOutbox.state })
      .from(messageOutbox)
      .innerJoin(users, eq(users.id, messageOutbox.userId))
      .where(inArray(users.email, other.parents));
    expect(left.map((row) => row.state)).toEqual([outboxStates.queued, outboxStates.queued]);
  });
});

describe('the System Status card', () => {
  it("counts the school's deliveries and failures of the last day, in one round trip, and no other school's", async () => {
    const s = await school(3);
    const other = await school(2);
    const empty = await s.admin.get('/api/dashboard/mail-status');
    const none = { lastSentAt: null, failedLastDay: 0, retrying: 0, queued: 0 };
    expect(empty.body.data).toEqual({ configured: true, ...none, push: { configured: false, ...none } });
    await write(s);
    await write(other);
    await run(other.schoolId);
    const [first] = await t.db
      .select({ userId: messageOutbox.userId })
      .from(messageOutbox)
      .innerJoin(users, eq(users.id, messageOutbox.userId))
      .where(eq(users.email, s.parents[0]));
    // One e-mail fails for good, one waits for a retry, one is sent.
    await t.db
      .update(messageOutbox)
      .set({ state: outboxStates.failed, attempts: MAX_ATTEMPTS })
      .where(eq(messageOutbox.userId, first.userId));
    t.mail.down = true;
    await run(s.schoolId, 1);
    t.mail.down = false;
    later(2);
    const sentAt = new Date(Math.floor(t.clock.now.getTime() / 1000) * 1000).toISOString();
    await run(s.schoolId, 1);
    // The other school's e-mails waiting for a retry are not this school's.
    t.mail.down = true;
    await write(other);
    await run(other.schoolId);
    t.mail.down = false;
    const status = await s.admin.get('/api/dashboard/mail-status');
    expect(status.body.data).toEqual({
      configured: true,
      lastSentAt: sentAt,
      failedLastDay: 1,
      retrying: 1,
      queued: 1,
      push: { configured: false, lastSentAt: null, failedLastDay: 0, retrying: 0, queued: 0 },
    });
    expect(status.trips).toBe(2);
    // A day later the failure is no longer counted.
    later(24 * 60 + 1);
    const admin = caller(t, await signIn(t, s.adminEmail));
    expect((await admin.get('/api/dashboard/mail-status')).body.data.failedLastDay).toBe(0);
  });
});
