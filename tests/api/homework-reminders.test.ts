/**
 * Homework reminders: the day before the due date, from 16:00 on the school's clock, each student of the class who
 * has not handed the work in finds one reminder in their inbox (and an e-mail queued, unless they turned it off);
 * those who handed in, parents, other classes and other schools get nothing, and a second run sends nothing more.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox, students } from '../../worker/db/schema';
import { runScheduledReminders } from '../../worker/modules/homework';
import { reminderTexts } from '../../worker/modules/homework/reminders';
import { createTestApp, PASSWORD, signIn, type TestApp } from '../support/app';
import { type Caller, caller } from '../support/classroom';
import { type HomeworkClass, homeworkClass, setHomework } from '../support/homework';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const SIGNED_IN = new Date('2025-09-10T04:00:00.000Z');
/** 2025-09-11 at this time in Asia/Kolkata (UTC+05:30), the day before the homework is due. */
const kolkata = (time: string) => new Date(`2025-09-11T${time}:00+05:30`);

interface InboxRow {
  audience: string;
  subject: string;
  preview: string;
}
/** The caller's reminders, read back at the time the test's tokens were made (a token lives two hours). */
async function remindersOf(who: Caller): Promise<InboxRow[]> {
  const now = t.clock.now;
  t.clock.now = SIGNED_IN;
  const inbox = await who.get('/api/messages/inbox').finally(() => {
    t.clock.now = now;
  });
  expect(inbox.status).toBe(200);
  return (inbox.body.data as InboxRow[]).filter((m) => m.audience === 'homework_reminder');
}

async function userIdOf(w: HomeworkClass, studentId: string) {
  const db = await t.dbOf(w.schoolId);
  const [row] = await db.select({ userId: students.userId }).from(students).where(eq(students.id, studentId));
  return row.userId;
}

async function outboxOf(w: HomeworkClass, userId: string) {
  const db = await t.dbOf(w.schoolId);
  return db
    .select({ channel: messageOutbox.channel })
    .from(messageOutbox)
    .where(sql`${messageOutbox.userId} = ${userId}`);
}

describe('homework reminders', () => {
  it('reach, once, the students of the class who have not handed in, from 16:00 the day before', async () => {
    t.clock.now = SIGNED_IN;
    const w = await homeworkClass(t);
    const id = await setHomework(w, w.teacher, { title: 'Fractions worksheet', dueDate: '2025-09-12' });
    // Due the day after tomorrow, and due today: neither is reminded on the 11th.
    await setHomework(w, w.teacher, { title: 'Later essay', dueDate: '2025-09-25' });
    await setHomework(w, w.teacher, { title: 'Today quiz', dueDate: '2025-09-11', dueTime: '18:00' });
    t.clock.now = new Date('2025-09-10T05:00:00.000Z');
    expect((await w.asha.student.put(`/api/homework/${id}/submission`, { text: 'My answers' })).status).toBe(200);

    t.clock.now = kolkata('15:55');
    expect(await runScheduledReminders(t.platform)).toEqual({ homework: 0, reached: 0 });
    expect(await remindersOf(w.ravi.student)).toEqual([]);

    t.clock.now = kolkata('16:05');
    t.publisher.events.length = 0;
    expect(await runScheduledReminders(t.platform)).toEqual({ homework: 1, reached: 1 });
    const [reminder, ...more] = await remindersOf(w.ravi.student);
    expect(more).toEqual([]);
    expect(reminder.subject).toBe('Homework due tomorrow: Fractions worksheet');
    expect(reminder.preview).toBe(
      'Mathematics homework “Fractions worksheet” is due on Friday 12 September at 17:00, and you have not handed it in yet.',
    );
    // The one who handed in, and the parents, get nothing.
    expect(await remindersOf(w.asha.student)).toEqual([]);
    expect(await remindersOf(w.ravi.parent)).toEqual([]);
    expect(await remindersOf(w.asha.parent)).toEqual([]);
    // Ravi's inbox is told live, and his e-mail is queued.
    const ravi = await userIdOf(w, w.ravi.id);
    const told = t.publisher.events.filter((e) => e.event.type === 'inbox_updated');
    expect(told.map((e) => e.event.data)).toEqual([expect.objectContaining({ reason: 'received', userIds: [ravi] })]);
    expect(await outboxOf(w, ravi)).toEqual([{ channel: 1 }]);

    // A second run, and a later one that evening, send nothing more.
    expect(await runScheduledReminders(t.platform)).toEqual({ homework: 0, reached: 0 });
    t.clock.now = kolkata('21:00');
    expect(await runScheduledReminders(t.platform)).toEqual({ homework: 0, reached: 0 });
    expect(await remindersOf(w.ravi.student)).toHaveLength(1);
  });

  it('follow a student’s choice of channels, and never reach another school', async () => {
    t.clock.now = SIGNED_IN;
    const w = await homeworkClass(t);
    const x = await homeworkClass(t);
    await setHomework(w, w.teacher, { title: 'Map of rivers', dueDate: '2025-09-12' });
    // The other school has homework due the same day: each school's pupils hear of their own only.
    await setHomework(x, x.teacher, { title: 'Volcano poster', dueDate: '2025-09-12' });
    // Asha keeps reminders in her inbox only; a form that leaves reminders out keeps that choice.
    const off = { email: false, push: false };
    const on = { email: true, push: true };
    expect(
      (await w.asha.student.put('/api/messages/choices', { announcements: on, alerts: on, reminders: off })).status,
    ).toBe(200);
    const kept = await w.asha.student.put('/api/messages/choices', { announcements: on, alerts: on });
    expect(kept.status).toBe(200);
    expect(kept.body.data.reminders).toEqual(off);

    t.clock.now = kolkata('16:30');
    expect(await runScheduledReminders(t.platform)).toEqual({ homework: 2, reached: 4 });
    const subjects = async (who: Caller) => (await remindersOf(who)).map((m) => m.subject);
    const mine = ['Homework due tomorrow: Map of rivers'];
    const theirs = ['Homework due tomorrow: Volcano poster'];
    expect([await subjects(w.asha.student), await subjects(w.ravi.student)]).toEqual([mine, mine]);
    expect(await outboxOf(w, await userIdOf(w, w.asha.id))).toEqual([]);
    expect(await outboxOf(w, await userIdOf(w, w.ravi.id))).toEqual([{ channel: 1 }]);
    // The other school's pupils, in a class of the same name, hear of their school's homework only.
    expect([await subjects(x.asha.student), await subjects(x.ravi.student)]).toEqual([theirs, theirs]);
    expect(await outboxOf(x, await userIdOf(x, x.ravi.id))).toEqual([{ channel: 1 }]);
  });

  it('come again when the due date moves to another day', async () => {
    t.clock.now = SIGNED_IN;
    const w = await homeworkClass(t);
    const id = await setHomework(w, w.teacher, { title: 'Poem by heart', dueDate: '2025-09-12' });
    t.clock.now = kolkata('16:30');
    expect(await runScheduledReminders(t.platform)).toEqual({ homework: 1, reached: 2 });
    t.clock.now = new Date('2025-09-11T12:00:00.000Z');
    const teacher = caller(t, await signIn(t, w.teacherEmail, PASSWORD, '/api/teachers/login'));
    expect((await teacher.put(`/api/homework/${id}`, { dueDate: '2025-09-13' })).status).toBe(200);
    t.clock.now = new Date('2025-09-12T16:10:00+05:30');
    expect(await runScheduledReminders(t.platform)).toEqual({ homework: 1, reached: 2 });
    expect(await remindersOf(w.ravi.student)).toHaveLength(2);
  });

  it("are written in the school's language", () => {
    const row = { title: 'Map', subjectName: 'भूगोल', dueDate: '2025-09-12', dueTime: '17:00' };
    expect(reminderTexts({ ...row, language: 'hi' })).toEqual({
      subject: 'कल जमा करना है: Map',
      body: 'भूगोल का गृहकार्य “Map” शुक्रवार, 12 सितंबर को 17:00 बजे तक जमा करना है, और आपने इसे अभी तक जमा नहीं किया है।',
    });
    expect(reminderTexts({ ...row, subjectName: 'الجغرافيا', language: 'ar' }).body).toBe(
      'واجب الجغرافيا «Map» موعد تسليمه الجمعة، 12 سبتمبر الساعة 17:00، ولم تسلّمه بعد.',
    );
  });
});
