import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox, messageRecipients, pushSubscriptions, users } from '../../worker/db/schema';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { caller, classroom, expectError, teacherCaller } from '../support/classroom';
import { createStudent } from '../support/factories';

let t: TestApp;
const ALL_ON = {
  announcements: { email: true, push: true },
  alerts: { email: true, push: true },
  reminders: { email: true, push: true },
};

/** 8-A with three families: Asha's, Bela's and Chand's, each a parent signed in. */
async function school() {
  t.clock.now = new Date('2026-11-26T08:00:00Z');
  const s = await classroom(t);
  const pupils = await Promise.all(
    ['Asha', 'Bela', 'Chand'].map((name) => createStudent(t, s.schoolId, { classId: s.classId, name })),
  );
  const parents = await Promise.all(pupils.map(async (p) => caller(t, await signIn(t, p.parentEmail ?? ''))));
  const ids = await Promise.all(
    pupils.map(
      async (p) =>
        (
          await t.db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, p.parentEmail ?? ''))
        )[0].id,
    ),
  );
  const teacher = await teacherCaller(t, s.teacher.email);
  return { ...s, pupils, parents, ids, teacher };
}

/** The channels of the outbox rows each parent got for a message: 1 e-mail, 2 push. */
async function channelsOf(messageIds: number[], userIds: string[]) {
  const rows = await t.db
    .select({ userId: messageOutbox.userId, channel: messageOutbox.channel })
    .from(messageOutbox)
    .where(and(inArray(messageOutbox.messageId, messageIds), inArray(messageOutbox.userId, userIds)));
  return userIds.map((id) =>
    rows
      .filter((r) => r.userId === id)
      .map((r) => r.channel)
      .sort(),
  );
}

beforeAll(async () => {
  t = await createTestApp();
});

describe("a family's choice of channels", () => {
  it('starts with every channel on, saves a choice per kind, and refuses a malformed one', async () => {
    const s = await school();
    const [asha] = s.parents;
    expect((await asha.get('/api/messages/choices')).body.data).toEqual(ALL_ON);
    const chosen = {
      announcements: { email: false, push: true },
      alerts: { email: true, push: false },
      reminders: { email: false, push: false },
    };
    const saved = await asha.put('/api/messages/choices', chosen);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ data: chosen, message: 'Notification choices saved' });
    expect((await asha.get('/api/messages/choices')).body.data).toEqual(chosen);
    const offOf = async () =>
      (await t.db.select({ off: users.channelsOff }).from(users).where(eq(users.id, s.ids[0])))[0].off;
    expect(await offOf()).toBe(1 | 8 | 16 | 32);
    // A form without reminders (a parent's, the staff's) keeps the reminders' choice as it was.
    const { reminders: _left, ...withoutReminders } = { ...chosen, alerts: ALL_ON.alerts };
    const kept = await asha.put('/api/messages/choices', withoutReminders);
    expect(kept.body.data).toEqual({ ...withoutReminders, reminders: chosen.reminders });
    expect(await offOf()).toBe(1 | 16 | 32);
    // Another family's and the teacher's are their own.
    expect((await s.parents[1].get('/api/messages/choices')).body.data).toEqual(ALL_ON);
    expect((await s.teacher.put('/api/messages/choices', ALL_ON)).status).toBe(200);
    expectError(
      await asha.put('/api/messages/choices', { announcements: { email: 'no', push: true }, alerts: ALL_ON.alerts }),
      400,
      'Validation failed',
    );
    expectError(await asha.put('/api/messages/choices', { ...ALL_ON, sms: true }), 400, 'Validation failed');
  });

  it('queues e-mail and push only for the channels each parent keeps on for the kind; the inbox always', async () => {
    const s = await school();
    const [asha, bela, chand] = s.parents;
    await asha.put('/api/messages/choices', { ...ALL_ON, announcements: { email: false, push: true } });
    await bela.put('/api/messages/choices', { ...ALL_ON, alerts: { email: false, push: true } });
    // Bela's and Chand's phones are subscribed; Asha has none, so no push row for her.
    await t.db.insert(pushSubscriptions).values(
      [1, 2].map((i) => ({
        endpoint: `https://push.example.org/send/${s.ids[i]}`,
        schoolId: s.schoolId,
        userId: s.ids[i],
        p256dh: 'key',
        auth: 'auth',
      })),
    );
    await chand.put('/api/messages/choices', { announcements: { email: true, push: false }, alerts: ALL_ON.alerts });
    const sent = await s.admin.post('/api/messages', {
      audience: 'class_parents',
      classId: s.classId,
      subject: 'Trip',
      body: 'On Monday.',
    });
    expect(sent.status).toBe(201);
    const announcement = Number(sent.body.data._id);
    expect(await channelsOf([announcement], s.ids)).toEqual([[], [1, 2], [1]]);
    const inbox = await t.db
      .select({ userId: messageRecipients.userId })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, announcement));
    expect(inbox.map((r) => r.userId).sort()).toEqual([...s.ids].sort());

    // All three absent: Asha's alert by e-mail, Bela's by push only, Chand's by both.
    const register = await s.teacher.post('/api/attendance/bulk', {
      classId: s.classId,
      subjectId: s.subjectId,
      date: '2026-11-26',
      records: s.pupils.map((p) => ({ studentId: p.studentId, status: 'absent' })),
    });
    expect(register.status).toBe(200);
    expect(register.body.data.absenceAlerts.families).toBe(3);
    const alerts = await t.db
      .selectDistinct({ id: messageRecipients.messageId })
      .from(messageRecipients)
      .where(and(inArray(messageRecipients.userId, s.ids)));
    const alertIds = alerts.map((a) => a.id).filter((id) => id !== announcement);
    expect(alertIds).toHaveLength(3);
    expect(await channelsOf(alertIds, s.ids)).toEqual([[1], [2], [1, 2]]);
  });
});

describe("a phone's push subscription", () => {
  const phone = (n: string) => ({
    endpoint: `https://push.example.org/send/${n}`,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  });
  const endpointsOf = async (userId: string) =>
    (
      await t.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
    ).map((r) => r.endpoint.split('/').pop());

  it('is saved for the caller, moves with a sign-in on the same phone, keeps ten phones an account, and is removed', async () => {
    const s = await school();
    const [asha, bela] = s.parents;
    const on = await asha.post('/api/push/subscriptions', { ...phone('one'), expirationTime: null });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ data: { subscribed: true }, message: 'Notifications are on for this phone' });
    expect(await endpointsOf(s.ids[0])).toEqual(['one']);
    // Bela signs in on Asha's phone: it is hers now.
    await bela.post('/api/push/subscriptions', phone('one'));
    expect(await endpointsOf(s.ids[0])).toEqual([]);
    expect(await endpointsOf(s.ids[1])).toEqual(['one']);
    // Asha cannot turn off Bela's phone.
    await asha.post('/api/push/subscriptions/remove', { endpoint: phone('one').endpoint });
    expect(await endpointsOf(s.ids[1])).toEqual(['one']);
    for (let i = 0; i < 11; i++) {
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
      await asha.post('/api/push/subscriptions', phone(`a${i}`));
    }
    const kept = await endpointsOf(s.ids[0]);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain('a0');
    const off = await asha.post('/api/push/subscriptions/remove', { endpoint: phone('a5').endpoint });
    expect(off.body.data).toEqual({ endpoint: phone('a5').endpoint, subscribed: false });
    expect(await endpointsOf(s.ids[0])).not.toContain('a5');
  });

  it('refuses an endpoint that is not https, and keys that are not base64url', async () => {
    const s = await school();
    const [asha] = s.parents;
    for (const endpoint of ['http://push.example.org/x', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url'])
      expectError(await asha.post('/api/push/subscriptions', { ...phone('x'), endpoint }), 400, 'Validation failed');
    expectError(
      await asha.post('/api/push/subscriptions', { ...phone('x'), keys: { p256dh: '<script>', auth: 'A'.repeat(22) } }),
      400,
      'Validation failed',
    );
    expect(await endpointsOf(s.ids[0])).toEqual([]);
  });
});
