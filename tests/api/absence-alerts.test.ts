import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  messageOutbox,
  messageRecipients,
  messages,
  outboxStates,
  parents,
  studentParents,
  users,
} from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { deliverDue } from '../../worker/lib/mail/outbox';
import { runScheduledAlerts } from '../../worker/modules/messages/alert-schedule';
import { createTestApp, PASSWORD, signIn, type TestApp, unique } from '../support/app';
import { type Caller, caller, classroom, teacherCaller } from '../support/classroom';
import { addSubject, createStudent } from '../support/factories';

let t: TestApp;

/**
 * 8-A with Mathematics and English: Asha (a father and a mother), Bela (present all day), Chand (late in Maths),
 * and Dev, whose father's account is inactive. Times are the school's (UTC); the clock starts at 08:00.
 */
async function school() {
  t.clock.now = new Date('2026-11-26T08:00:00Z');
  const s = await classroom(t);
  const english = await addSubject(t, s.schoolId, {
    name: 'English',
    classId: s.classId,
    teacherId: s.teacher.teacherId,
  });
  const [asha, bela, chand, dev] = await Promise.all(
    ['Asha', 'Bela', 'Chand', 'Dev'].map((name) => createStudent(t, s.schoolId, { classId: s.classId, name })),
  );
  const mother = `${unique('mother')}@example.org`.toLowerCase();
  const [motherUser, motherParent] = [newId(), newId()];
  const [{ passwordHash }] = await t.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, asha.parentEmail ?? ''));
  await t.db.batch([
    t.db
      .insert(users)
      .values({ id: motherUser, schoolId: s.schoolId, role: 'parent', name: 'Mother', email: mother, passwordHash }),
    t.db.insert(parents).values({ id: motherParent, schoolId: s.schoolId, userId: motherUser }),
    t.db
      .insert(studentParents)
      .values({ schoolId: s.schoolId, studentId: asha.studentId, parentId: motherParent, relation: 'mother' }),
  ]);
  const teacher = await teacherCaller(t, s.teacher.email);
  const as = async (email: string | undefined) => caller(t, await signIn(t, email ?? ''));
  const families = {
    father: await as(asha.parentEmail),
    mother: await as(mother),
    bela: await as(bela.parentEmail),
    chand: await as(chand.parentEmail),
    devFather: await as(dev.parentEmail),
  };
  await t.db.run(sql`update users set is_active = 0 where email = ${dev.parentEmail ?? ''}`);
  const ids = { asha: asha.studentId, bela: bela.studentId, chand: chand.studentId, dev: dev.studentId };
  const register = (subjectId: string, statuses: Record<keyof typeof ids, string>, date = '2026-11-26') => ({
    classId: s.classId,
    subjectId,
    date,
    records: Object.entries(statuses).map(([who, status]) => ({ studentId: ids[who as keyof typeof ids], status })),
  });
  const idOf = async (email: string | undefined) =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email ?? ''))
    )[0].id;
  return {
    ...s,
    english,
    teacher,
    families,
    ids,
    register,
    studentEmail: asha.email,
    userIds: { father: await idOf(asha.parentEmail), mother: motherUser },
  };
}

const alertsOf = async (who: Caller) => {
  const inbox = await who.get('/api/messages/inbox');
  expect(inbox.status).toBe(200);
  return (
    inbox.body.data as { _id: string; audience: string; subject: string; preview: string; readAt: string | null }[]
  ).filter((m) => m.audience === 'absence_alert');
};
const unread = async (who: Caller) => (await who.get('/api/messages/unread')).body.data.unread as number;
const allDay = { asha: 'present', bela: 'present', chand: 'present', dev: 'present' } as const;

beforeEach(async () => {
  t = await createTestApp();
});

describe('absence alerts at once', () => {
  it('gives each parent of an absent pupil one alert for the day, which later registers update and a correction withdraws', async () => {
    const s = await school();
    const maths = await s.teacher.post(
      '/api/attendance/bulk',
      s.register(s.subjectId, { ...allDay, asha: 'absent', chand: 'late', dev: 'absent' }),
    );
    expect(maths.status).toBe(200);
    // Asha's family is told; Dev's father is inactive, so Dev has nobody to tell.
    expect(maths.body.data.absenceAlerts).toEqual({ mode: 'now', today: true, families: 1, withdrawn: 0, at: null });
    for (const parent of [s.families.father, s.families.mother]) {
      const [alert, ...more] = await alertsOf(parent);
      expect(more).toEqual([]);
      expect(alert.subject).toBe('Absence alert: Asha, Thursday 26 November');
      expect(alert.preview).toBe('Asha missed these periods on Thursday 26 November: Mathematics.');
      expect(await unread(parent)).toBe(1);
    }
    // Present pupils' parents, late pupils' (late is not chosen) and inactive accounts hear nothing.
    expect(await alertsOf(s.families.bela)).toEqual([]);
    expect(await alertsOf(s.families.chand)).toEqual([]);
    const live = t.publisher.events.filter((e) => e.event.type === 'inbox_updated');
    expect(live.map((e) => e.event.data)).toEqual([
      { reason: 'received', messageId: '', userIds: expect.arrayContaining([s.userIds.father, s.userIds.mother]) },
    ]);
    expect((live[0].event.data as { userIds: string[] }).userIds).toHaveLength(2);

    // The father reads it; English marks Asha absent again: the same alert names both periods, unread again.
    const [first] = await alertsOf(s.families.father);
    await s.families.father.get(`/api/messages/${first._id}`);
    expect(await unread(s.families.father)).toBe(0);
    t.clock.now = new Date('2026-11-26T09:00:00Z');
    await s.teacher.post('/api/attendance/bulk', s.register(s.english, { ...allDay, asha: 'absent' }));
    const [updated, ...again] = await alertsOf(s.families.father);
    expect(again).toEqual([]);
    expect(updated._id).toBe(first._id);
    expect(updated.preview).toBe('Asha missed these periods on Thursday 26 November: Mathematics and English.');
    expect(updated.readAt).toBeNull();
    // Saving the same register again changes nothing and tells nobody again.
    const before = t.publisher.events.length;
    await s.teacher.post('/api/attendance/bulk', s.register(s.english, { ...allDay, asha: 'absent' }));
    expect(t.publisher.events.slice(before).filter((e) => e.event.type === 'inbox_updated')).toEqual([]);

    // A partial correction updates it; correcting every register of the day withdraws it.
    await s.teacher.post('/api/attendance/bulk', s.register(s.subjectId, allDay));
    expect((await alertsOf(s.families.mother))[0].preview).toBe(
      'Asha missed these periods on Thursday 26 November: English.',
    );
    const corrected = await s.teacher.post('/api/attendance/bulk', s.register(s.english, allDay));
    expect(corrected.body.data.absenceAlerts).toMatchObject({ families: 0, withdrawn: 1 });
    expect(await alertsOf(s.families.father)).toEqual([]);
    expect(await alertsOf(s.families.mother)).toEqual([]);
    expect(await unread(s.families.mother)).toBe(0);
    expect(t.publisher.events.at(-2)?.event).toMatchObject({ type: 'inbox_updated', data: { reason: 'withdrawn' } });
    const [{ left }] = await t.db.all<{ left: number }>(
      sql`select count(*) as left from messages where school_id = ${s.schoolId} and alert_day is not null`,
    );
    expect(left).toBe(0);
  });

  it('keeps alerts to their own families: not another family, not another school, not the office', async () => {
    const s = await school();
    const other = await school();
    await s.teacher.post('/api/attendance/bulk', s.register(s.subjectId, { ...allDay, asha: 'absent' }));
    expect(await alertsOf(other.families.father)).toEqual([]);
    expect(await alertsOf(other.families.mother)).toEqual([]);
    expect(await alertsOf(s.families.bela)).toEqual([]);
    // The office and the teacher see it in no list, cannot open it, and it counts nothing against the hourly limit.
    const [alert] = await alertsOf(s.families.father);
    expect((await s.admin.get('/api/messages/sent')).body.data).toEqual([]);
    expect((await s.admin.get(`/api/messages/${alert._id}`)).status).toBe(404);
    expect((await s.teacher.get(`/api/messages/${alert._id}`)).status).toBe(404);
    expect((await other.families.father.get(`/api/messages/${alert._id}`)).status).toBe(404);
    expect((await alertsOf(s.admin)).length).toBe(0);
    // Another school's register names only its own pupils: nothing reaches this school.
    await other.teacher.post('/api/attendance/bulk', other.register(other.subjectId, { ...allDay, bela: 'absent' }));
    expect((await alertsOf(s.families.bela)).length).toBe(0);
    expect((await alertsOf(other.families.bela)).length).toBe(1);
  });

  it('tells late marks and pupils themselves when the school chooses; nothing for another day or when off', async () => {
    const s = await school();
    expect(
      (await s.admin.put('/api/settings/school-info', { absenceAlertLate: true, absenceAlertStudents: true })).status,
    ).toBe(200);
    await s.teacher.post('/api/attendance/bulk', s.register(s.subjectId, { ...allDay, chand: 'late' }));
    expect((await alertsOf(s.families.chand))[0].preview).toBe(
      'Chand missed these periods on Thursday 26 November: Mathematics (late).',
    );
    const student = caller(t, await signIn(t, s.studentEmail ?? '', PASSWORD));
    expect(await alertsOf(student)).toEqual([]);
    await s.teacher.post('/api/attendance/bulk', s.register(s.subjectId, { ...allDay, asha: 'absent' }));
    expect((await alertsOf(student)).length).toBe(1);

    // A register of an earlier day tells nobody; with alerts off, neither does today's.
    const earlier = await s.teacher.post(
      '/api/attendance/bulk',
      s.register(s.english, { ...allDay, bela: 'absent' }, '2026-11-25'),
    );
    expect(earlier.body.data.absenceAlerts).toMatchObject({ today: false, families: 1 });
    expect(await alertsOf(s.families.bela)).toEqual([]);
    // A week earlier (no zone's today: the day's reads are left out), its notice still counts the families.
    const weekAgo = await s.teacher.post(
      '/api/attendance/bulk',
      s.register(s.english, { ...allDay, bela: 'absent', asha: 'late' }, '2026-11-19'),
    );
    expect(weekAgo.body.data.absenceAlerts).toMatchObject({ today: false, families: 2, withdrawn: 0 });
    expect(await alertsOf(s.families.bela)).toEqual([]);
    await s.admin.put('/api/settings/school-info', { absenceAlerts: 'off' });
    const off = await s.teacher.post('/api/attendance/bulk', s.register(s.english, { ...allDay, bela: 'absent' }));
    expect(off.body.data.absenceAlerts).toMatchObject({ mode: 'off', families: 1 });
    expect(await alertsOf(s.families.bela)).toEqual([]);
  });

  it('costs the register no extra round trip', async () => {
    const s = await school();
    const plain = await s.teacher.post('/api/attendance/bulk', s.register(s.subjectId, allDay));
    const alerting = await s.teacher.post(
      '/api/attendance/bulk',
      s.register(s.english, { ...allDay, asha: 'absent', bela: 'absent' }),
    );
    expect(alerting.trips).toBe(plain.trips);
    expect((await alertsOf(s.families.bela)).length).toBe(1);
  });
});

/** Saves a register and answers each pupil's mark id in it. */
async function saved(who: Caller, body: { records: { studentId: string }[] }) {
  const call = await who.post('/api/attendance/bulk', body);
  expect(call.status, JSON.stringify(call.body)).toBe(200);
  const records = call.body.data.records as { _id: string; studentId: { _id: string } }[];
  return (studentId: string) => records.find((r) => r.studentId._id === studentId)?._id ?? '';
}

/** Every row the day's alert of a pupil left: its message, inbox and outbox rows. */
async function alertRows(schoolId: string) {
  const [{ alerts, inbox, outbox }] = await t.db.all<{ alerts: number; inbox: number; outbox: number }>(
    sql`select (select count(*) from ${messages} where school_id = ${schoolId} and alert_day is not null) as alerts,
      (select count(*) from ${messageRecipients} r join ${messages} m on m.id = r.message_id
        where m.school_id = ${schoolId} and m.alert_day is not null) as inbox,
      (select count(*) from ${messageOutbox} o join ${users} u on u.id = o.user_id where u.school_id = ${schoolId}) as outbox`,
  );
  return { alerts, inbox, outbox };
}

const inboxEvents = (from: number) =>
  t.publisher.events
    .slice(from)
    .filter((e) => e.event.type === 'inbox_updated')
    .map((e) => (e.event.data as { reason: string }).reason);

describe('a single mark corrected', () => {
  it('withdraws the alert when the only absence becomes present, even after its e-mails were sent', async () => {
    const s = await school();
    const mark = await saved(s.teacher, s.register(s.subjectId, { ...allDay, asha: 'absent' }));
    expect((await alertsOf(s.families.father)).length).toBe(1);
    // The e-mails go out before the correction.
    const sent = await deliverDue(t.db, s.schoolId, t.mail.transport, { now: t.clock.now });
    expect(sent.sent).toBe(2);
    const [{ states }] = await t.db.all<{ states: string }>(
      sql`select group_concat(state) as states from ${messageOutbox} o join ${users} u on u.id = o.user_id where u.school_id = ${s.schoolId}`,
    );
    expect(states).toBe(`${outboxStates.sent},${outboxStates.sent}`);

    const from = t.publisher.events.length;
    const put = await s.teacher.put(`/api/attendance/${mark(s.ids.asha)}`, { status: 'present' });
    expect(put.status).toBe(200);
    expect(put.body.data.status).toBe('present');
    expect(await alertsOf(s.families.father)).toEqual([]);
    expect(await alertsOf(s.families.mother)).toEqual([]);
    expect(await unread(s.families.mother)).toBe(0);
    expect(await alertRows(s.schoolId)).toEqual({ alerts: 0, inbox: 0, outbox: 0 });
    expect(inboxEvents(from)).toEqual(['withdrawn']);
    // Nothing more goes out for it.
    t.mail.sent.length = 0;
    expect((await deliverDue(t.db, s.schoolId, t.mail.transport, { now: t.clock.now })).sent).toBe(0);
  });

  it('makes one alert when present becomes absent, updates it, and a deleted mark updates or withdraws it', async () => {
    const s = await school();
    const maths = await saved(s.teacher, s.register(s.subjectId, allDay));
    t.clock.now = new Date('2026-11-26T09:00:00Z');
    const english = await saved(s.teacher, s.register(s.english, { ...allDay, asha: 'absent' }));
    const [alert] = await alertsOf(s.families.father);
    expect(alert.preview).toBe('Asha missed these periods on Thursday 26 November: English.');

    // Maths corrected to absent: the same alert names both periods, in the order the registers were taken.
    const from = t.publisher.events.length;
    const put = await s.teacher.put(`/api/attendance/${maths(s.ids.asha)}`, { status: 'absent' });
    expect(put.status).toBe(200);
    const [updated, ...more] = await alertsOf(s.families.father);
    expect(more).toEqual([]);
    expect(updated._id).toBe(alert._id);
    expect(updated.preview).toBe('Asha missed these periods on Thursday 26 November: Mathematics and English.');
    expect(inboxEvents(from)).toEqual(['received']);
    // The same correction again, or a remark alone, changes nothing and tells nobody.
    const again = t.publisher.events.length;
    await s.teacher.put(`/api/attendance/${maths(s.ids.asha)}`, { status: 'absent' });
    await s.teacher.put(`/api/attendance/${maths(s.ids.asha)}`, { remarks: 'Fever' });
    expect(inboxEvents(again)).toEqual([]);
    expect((await alertRows(s.schoolId)).alerts).toBe(1);

    // Bela, present all day, corrected to absent: her family gets one alert.
    await s.teacher.put(`/api/attendance/${english(s.ids.bela)}`, { status: 'absent' });
    const [belas, ...twice] = await alertsOf(s.families.bela);
    expect(twice).toEqual([]);
    expect(belas.preview).toBe('Bela missed these periods on Thursday 26 November: English.');
    expect(await alertsOf(s.families.chand)).toEqual([]);

    // The office deletes Asha's English mark: the alert keeps Maths; deleting Bela's withdraws hers.
    expect((await s.admin.del(`/api/attendance/${english(s.ids.asha)}`)).status).toBe(200);
    expect((await alertsOf(s.families.mother))[0].preview).toBe(
      'Asha missed these periods on Thursday 26 November: Mathematics.',
    );
    const removed = t.publisher.events.length;
    expect((await s.admin.del(`/api/attendance/${english(s.ids.bela)}`)).status).toBe(200);
    expect(await alertsOf(s.families.bela)).toEqual([]);
    expect(inboxEvents(removed)).toEqual(['withdrawn']);
    expect((await alertRows(s.schoolId)).alerts).toBe(1);
  });

  it('tells late marks only when the school alerts on late, and nothing for another day', async () => {
    const s = await school();
    const mark = await saved(s.teacher, s.register(s.subjectId, allDay));
    await s.teacher.put(`/api/attendance/${mark(s.ids.chand)}`, { status: 'late' });
    expect(await alertsOf(s.families.chand)).toEqual([]);
    await s.admin.put('/api/settings/school-info', { absenceAlertLate: true });
    await s.teacher.put(`/api/attendance/${mark(s.ids.chand)}`, { status: 'absent' });
    await s.teacher.put(`/api/attendance/${mark(s.ids.chand)}`, { status: 'late' });
    const [late, ...more] = await alertsOf(s.families.chand);
    expect(more).toEqual([]);
    expect(late.preview).toBe('Chand missed these periods on Thursday 26 November: Mathematics (late).');
    await s.teacher.put(`/api/attendance/${mark(s.ids.chand)}`, { status: 'excused' });
    expect(await alertsOf(s.families.chand)).toEqual([]);

    // Yesterday's register corrected tells nobody.
    const yesterday = await saved(s.teacher, s.register(s.english, allDay, '2026-11-25'));
    await s.teacher.put(`/api/attendance/${yesterday(s.ids.bela)}`, { status: 'absent' });
    expect(await alertsOf(s.families.bela)).toEqual([]);
  });

  it('costs a correction no extra round trip', async () => {
    const s = await school();
    const mark = await saved(s.teacher, s.register(s.subjectId, allDay));
    const plain = await s.teacher.put(`/api/attendance/${mark(s.ids.bela)}`, { remarks: 'On time' });
    const alerting = await s.teacher.put(`/api/attendance/${mark(s.ids.asha)}`, { status: 'absent' });
    const withdrawing = await s.teacher.put(`/api/attendance/${mark(s.ids.asha)}`, { status: 'present' });
    // The account's check, one read batch, one write batch: the alert rides in both batches.
    expect(plain.trips).toBe(3);
    expect(alerting.trips).toBe(3);
    expect(withdrawing.trips).toBe(3);
    expect((await alertsOf(s.families.father)).length).toBe(0);
    expect((await s.admin.del(`/api/attendance/${mark(s.ids.bela)}`)).trips).toBe(3);
  });
});

describe('timed absence alerts', () => {
  it('makes nothing until the scheduled run after the time, then exactly once; later registers at the next run', async () => {
    const s = await school();
    expect(
      (await s.admin.put('/api/settings/school-info', { absenceAlerts: 'timed', absenceAlertTime: '09:30' })).status,
    ).toBe(200);
    const saved = await s.teacher.post('/api/attendance/bulk', s.register(s.subjectId, { ...allDay, asha: 'absent' }));
    expect(saved.body.data.absenceAlerts).toEqual({
      mode: 'timed',
      today: true,
      families: 1,
      withdrawn: 0,
      at: '09:30',
    });
    expect(await alertsOf(s.families.father)).toEqual([]);
    t.clock.now = new Date('2026-11-26T09:25:00Z');
    expect(await runScheduledAlerts(t.platform)).toEqual({ schools: 0, reached: 0, withdrawn: 0 });
    expect(await alertsOf(s.families.father)).toEqual([]);

    t.clock.now = new Date('2026-11-26T09:30:00Z');
    expect(await runScheduledAlerts(t.platform)).toEqual({ schools: 1, reached: 1, withdrawn: 0 });
    expect((await alertsOf(s.families.father)).length).toBe(1);
    expect((await alertsOf(s.families.mother)).length).toBe(1);
    t.clock.now = new Date('2026-11-26T09:35:00Z');
    const events = t.publisher.events.length;
    expect(await runScheduledAlerts(t.platform)).toEqual({ schools: 0, reached: 0, withdrawn: 0 });
    expect(t.publisher.events.length).toBe(events);
    expect((await alertsOf(s.families.father)).length).toBe(1);

    // After the time, a register waits for the next run, never its own request.
    t.clock.now = new Date('2026-11-26T09:40:00Z');
    const late = await s.teacher.post(
      '/api/attendance/bulk',
      s.register(s.english, { ...allDay, asha: 'absent', bela: 'absent' }),
    );
    expect(late.body.data.absenceAlerts).toMatchObject({ mode: 'timed', families: 2, at: null });
    expect(await alertsOf(s.families.bela)).toEqual([]);
    t.clock.now = new Date('2026-11-26T09:45:00Z');
    expect(await runScheduledAlerts(t.platform)).toEqual({ schools: 1, reached: 2, withdrawn: 0 });
    expect((await alertsOf(s.families.bela)).length).toBe(1);
    expect((await alertsOf(s.families.father))[0].preview).toBe(
      'Asha missed these periods on Thursday 26 November: Mathematics and English.',
    );
    expect(await runScheduledAlerts(t.platform)).toEqual({ schools: 0, reached: 0, withdrawn: 0 });
    const [{ alerts }] = await t.db.all<{ alerts: number }>(
      sql`select count(*) as alerts from ${messages} where school_id = ${s.schoolId} and alert_day = '2026-11-26'`,
    );
    expect(alerts).toBe(2);
  });
});

describe('timed absence alerts corrected one mark at a time', () => {
  it('the next run after a correction or a deleted mark updates or withdraws the alert', async () => {
    const s = await school();
    await s.admin.put('/api/settings/school-info', { absenceAlerts: 'timed', absenceAlertTime: '09:30' });
    const maths = await saved(s.teacher, s.register(s.subjectId, { ...allDay, asha: 'absent' }));
    const english = await saved(s.teacher, s.register(s.english, { ...allDay, bela: 'absent' }));
    // Before the time, a correction writes no alert.
    await s.teacher.put(`/api/attendance/${maths(s.ids.chand)}`, { status: 'absent' });
    expect(await alertsOf(s.families.chand)).toEqual([]);
    t.clock.now = new Date('2026-11-26T09:30:00Z');
    expect(await runScheduledAlerts(t.platform)).toEqual({ schools: 1, reached: 3, withdrawn: 0 });

    // After the run: a correction waits for the next run, never its own request.
    t.clock.now = new Date('2026-11-26T09:32:00Z');
    await s.teacher.put(`/api/attendance/${maths(s.ids.asha)}`, { status: 'present' });
    expect((await alertsOf(s.families.father)).length).toBe(1);
    t.clock.now = new Date('2026-11-26T09:35:00Z');
    expect(await runScheduledAlerts(t.platform)).toEqual({ schools: 1, reached: 0, withdrawn: 1 });
    expect(await alertsOf(s.families.father)).toEqual([]);

    // A deleted mark (its register then empty of absences, or gone) is seen by the next run too.
    t.clock.now = new Date('2026-11-26T09:37:00Z');
    expect((await s.admin.del(`/api/attendance/${english(s.ids.bela)}`)).status).toBe(200);
    expect((await alertsOf(s.families.bela)).length).toBe(1);
    t.clock.now = new Date('2026-11-26T09:40:00Z');
    expect(await runScheduledAlerts(t.platform)).toEqual({ schools: 1, reached: 0, withdrawn: 1 });
    expect(await alertsOf(s.families.bela)).toEqual([]);
    expect(await runScheduledAlerts(t.platform)).toEqual({ schools: 0, reached: 0, withdrawn: 0 });
    expect((await alertsOf(s.families.chand)).length).toBe(1);
  });
});

describe('the absence alert settings', () => {
  it('are read and refused with their reasons', async () => {
    const s = await school();
    const info = await s.admin.get('/api/settings/school-info');
    expect(info.body.data).toMatchObject({
      absenceAlerts: 'now',
      absenceAlertTime: '10:00',
      absenceAlertLate: false,
      absenceAlertStudents: false,
    });
    const refused = async (body: unknown, msg: string) => {
      const answer = await s.admin.put('/api/settings/school-info', body);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(msg);
    };
    await refused({ absenceAlerts: 'sometimes' }, 'Absence alerts must be one of now, timed, off');
    await refused({ absenceAlertTime: '25:00' }, 'Alert time must be a time of day such as 10:00');
    await refused({ absenceAlertTime: '9:00' }, 'Alert time must be a time of day such as 10:00');
    await refused({ absenceAlertLate: 'yes' }, 'Alerting late marks must be true or false');
    await refused({ absenceAlertStudents: 1 }, 'Alerting students must be true or false');
    expect((await s.teacher.put('/api/settings/school-info', { absenceAlerts: 'off' })).status).toBe(403);
    const saved = await s.admin.put('/api/settings/school-info', { absenceAlerts: 'timed', absenceAlertTime: '09:30' });
    expect(saved.body.data).toMatchObject({ absenceAlerts: 'timed', absenceAlertTime: '09:30' });
  });
});
