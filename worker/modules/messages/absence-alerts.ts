import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { inJson } from '../../db/bulk';
import type { Database } from '../../db/database';
import {
  ABSENCE_ALERT,
  type AbsenceAlertMode,
  attendanceMarks,
  attendanceRegisters,
  type Language,
  messageOutbox,
  messageRecipients,
  messages,
  parents,
  statusCodes,
  studentParents,
  students,
  subjects,
  users,
} from '../../db/schema';
import { named } from '../../db/sql';
import type { Publisher } from '../../lib/events';
import { alertTexts, type MissedPeriod } from './alert-texts';
import { messageWrites } from './writes';

/** What a school chose for its absence alerts, with what the texts and times need. */
export interface AlertSettings {
  mode: AbsenceAlertMode;
  time: string;
  late: boolean;
  students: boolean;
  language: Language;
  timeZone: string;
}

export function alertSettingsOf(row: {
  absenceAlerts: AbsenceAlertMode;
  absenceAlertTime: string;
  absenceAlertLate: boolean;
  absenceAlertStudents: boolean;
  language: Language;
  timeZone: string;
}): AlertSettings {
  return {
    mode: row.absenceAlerts,
    time: row.absenceAlertTime,
    late: row.absenceAlertLate,
    students: row.absenceAlertStudents,
    language: row.language,
    timeZone: row.timeZone,
  };
}

/** The marks that make an alert: absent, and late when the school chooses. */
export const missedCodes = (settings: Pick<AlertSettings, 'late'>) =>
  settings.late ? [statusCodes.absent, statusCodes.late] : [statusCodes.absent];

/**
 * The day's missed marks of the school's active pupils (of one class when `classId` is given), each with its
 * pupil, subject and register, in the order the registers were taken. Read by the registers' (school, date) keys.
 */
export function missedMarksRead(db: Database, schoolId: string, date: string, codes: number[], classId?: string) {
  return (
    db
      .select({
        studentId: named(students.id, 'student_id'),
        studentName: named(users.name, 'student_name'),
        subjectId: attendanceRegisters.subjectId,
        subjectName: named(subjects.name, 'subject_name'),
        status: attendanceMarks.status,
      })
      .from(attendanceRegisters)
      .innerJoin(attendanceMarks, eq(attendanceMarks.registerId, attendanceRegisters.id))
      // Each pupil found by number from a mark, never the school's pupils walked first.
      .crossJoin(students)
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(subjects, eq(subjects.id, attendanceRegisters.subjectId))
      .where(
        and(
          eq(attendanceRegisters.schoolId, schoolId),
          eq(attendanceRegisters.date, date),
          classId ? eq(attendanceRegisters.classId, classId) : undefined,
          inArray(attendanceMarks.status, codes),
          sql`${students.schoolId} = +${attendanceRegisters.schoolId}`,
          eq(students.number, attendanceMarks.studentNumber),
          eq(students.status, 'active'),
        ),
      )
      .orderBy(asc(attendanceRegisters.takenAt), asc(attendanceRegisters.id))
  );
}

/**
 * The day's alerts already made (of these pupils, when given): one per pupil. The day and the pupil may be
 * subqueries (a single mark's correction reads them by the mark's key, in the batch that reads the mark).
 */
export function existingAlertsRead(db: Database, schoolId: string, date: string | SQL, studentIds?: string[] | SQL) {
  return db
    .select({ id: messages.id, studentId: sql<string>`${messages.target}`.as('student_id'), body: messages.body })
    .from(messages)
    .where(
      and(
        eq(messages.schoolId, schoolId),
        eq(messages.alertDay, date),
        studentIds === undefined
          ? undefined
          : Array.isArray(studentIds)
            ? inJson(messages.target, studentIds)
            : eq(messages.target, studentIds),
      ),
    );
}

/**
 * Whom a pupil's alert reaches, as `(student_id, user_id)`: the parents linked to the pupil whose accounts are
 * active, and the pupil's own account when the school chooses. `all` takes inactive accounts too (a withdrawal).
 * The school's condition is written `+school_id` so the pupils are found by their keys (`inSchoolByIds`).
 */
function familiesOf(schoolId: string, studentIds: SQL, options: { students: boolean; all?: boolean }) {
  const active = options.all ? sql`` : sql`and u.is_active = 1`;
  const parentRows = sql`select sp.student_id as student_id, p.user_id as user_id, 1 as parent from ${studentParents} sp
    join ${parents} p on p.id = sp.parent_id join ${users} u on u.id = p.user_id
    where +sp.school_id = ${schoolId} and sp.student_id in ${studentIds} ${active}`;
  if (!options.students) return parentRows;
  return sql`${parentRows} union select s.id as student_id, s.user_id as user_id, 0 as parent from ${students} s
    join ${users} u on u.id = s.user_id where +s.school_id = ${schoolId} and s.id in ${studentIds} ${active}`;
}

/**
 * Which of these pupils have an active parent (`parent` 1) or an active account of their own (0): whom their alert
 * would reach, counted for the register's saved notice.
 */
export function familiesRead(db: Database, schoolId: string, studentIds: string[]) {
  const ids = sql`(select value from json_each(${JSON.stringify(studentIds)}))`;
  return db
    .selectDistinct({
      studentId: sql<string>`f.student_id`.as('student_id'),
      parent: sql<number>`f.parent`.as('parent'),
    })
    .from(sql`(${familiesOf(schoolId, ids, { students: true })}) f`);
}

/** A pupil considered for the day's alert: their name and every period they missed, in order. */
export interface PupilDay {
  name: string;
  missed: MissedPeriod[];
}

export interface AlertPlan {
  date: string;
  upserts: { s: string; subject: string; body: string }[];
  withdrawn: { id: number; studentId: string }[];
}

/**
 * What the day's alerts must become: a pupil who missed a period gets one (or an updated one, when the periods
 * changed); a pupil with an alert who missed none any more has it withdrawn; an unchanged alert is left alone.
 */
export function planAlerts(
  date: string,
  pupils: Map<string, PupilDay>,
  existing: { id: number; studentId: string; body: string }[],
  language: Language,
): AlertPlan {
  const current = new Map(existing.map((alert) => [alert.studentId, alert]));
  const plan: AlertPlan = { date, upserts: [], withdrawn: [] };
  for (const [studentId, pupil] of pupils) {
    const alert = current.get(studentId);
    if (pupil.missed.length === 0) {
      if (alert) plan.withdrawn.push({ id: alert.id, studentId });
      continue;
    }
    const texts = alertTexts(pupil.name, date, pupil.missed, language);
    if (alert?.body !== texts.body) plan.upserts.push({ s: studentId, ...texts });
  }
  return plan;
}

/** Pupils and their missed periods from `missedMarksRead` rows. */
export function pupilsOf(
  rows: { studentId: string | null; studentName: string | null; subjectName: string | null; status: number }[],
) {
  const pupils = new Map<string, PupilDay>();
  for (const row of rows) {
    const id = row.studentId ?? '';
    const pupil = pupils.get(id) ?? { name: row.studentName ?? '', missed: [] };
    pupil.missed.push({ subject: row.subjectName ?? '', late: row.status === statusCodes.late });
    pupils.set(id, pupil);
  }
  return pupils;
}

/**
 * The write-batch statements that carry out a plan: alerts made or updated through `messageWrites` (the one way
 * messages are made), with a last statement answering whom they reached; withdrawn alerts removed with their inbox
 * and outbox rows, answering whose inbox lost one. A fixed number of statements whatever the number of pupils.
 */
export function alertWrites(db: Database, schoolId: string, plan: AlertPlan, settings: AlertSettings, now: Date) {
  const items: BatchItem<'sqlite'>[] = [];
  const reads: ('reached' | 'withdrawn')[] = [];
  if (plan.upserts.length > 0) {
    const json = JSON.stringify(plan.upserts);
    const ids = sql`(select json_extract(value, '$.s') from json_each(${json}))`;
    const families = familiesOf(schoolId, ids, settings);
    const insert = db
      .insert(messages)
      .select(
        sql`select null, ${schoolId}, null, ${ABSENCE_ALERT}, json_extract(j.value, '$.s'), json_extract(j.value, '$.subject'),
          json_extract(j.value, '$.body'), (select count(*) from (${families}) f where f.student_id = json_extract(j.value, '$.s')),
          ${now.toISOString()}, ${plan.date}
          from json_each(${json}) j where true`,
      )
      .onConflictDoUpdate({
        target: [messages.schoolId, messages.alertDay, messages.target],
        targetWhere: sql`alert_day is not null`,
        set: {
          subject: sql`excluded.subject`,
          body: sql`excluded.body`,
          recipientCount: sql`excluded.recipient_count`,
          sentAt: sql`excluded.sent_at`,
        },
      });
    const reaches = sql`select m.id as message_id, f.user_id as user_id from ${messages} m
      join (${families}) f on f.student_id = m.target
      where m.school_id = ${schoolId} and m.alert_day = ${plan.date} and m.target in ${ids}`;
    items.push(
      ...messageWrites(db, insert, reaches, now),
      db.select({ userId: sql<string>`r.user_id`.as('user_id') }).from(sql`(${reaches}) r`),
    );
    reads.push('reached');
  }
  if (plan.withdrawn.length > 0) {
    const messageIds = JSON.stringify(plan.withdrawn.map((alert) => alert.id));
    const studentIds = sql`(select value from json_each(${JSON.stringify(plan.withdrawn.map((a) => a.studentId))}))`;
    const everyone = sql`(select user_id from (${familiesOf(schoolId, studentIds, { students: true, all: true })}))`;
    const ofAlerts = sql`(select value from json_each(${messageIds}))`;
    items.push(
      db
        .delete(messageRecipients)
        .where(and(sql`${messageRecipients.userId} in ${everyone}`, sql`${messageRecipients.messageId} in ${ofAlerts}`))
        .returning({ userId: messageRecipients.userId }),
      db
        .delete(messageOutbox)
        .where(and(sql`${messageOutbox.userId} in ${everyone}`, sql`${messageOutbox.messageId} in ${ofAlerts}`)),
      db
        .delete(messages)
        .where(
          and(
            eq(messages.schoolId, schoolId),
            sql`${messages.id} in ${ofAlerts}`,
            sql`${messages.alertDay} is not null`,
          ),
        ),
    );
    reads.push('withdrawn');
  }
  /** Reads the batch's answers for these statements (given from the first of them): whom to tell. */
  const told = (results: unknown[]) => {
    const out = { reached: [] as string[], withdrawn: [] as string[] };
    let at = 0;
    for (const read of reads) {
      if (read === 'reached') {
        out.reached = (results[at + 3] as { userId: string }[]).map((r) => r.userId);
        at += 4;
      } else {
        out.withdrawn = (results[at] as { userId: string }[]).map((r) => r.userId);
        at += 3;
      }
    }
    return out;
  };
  return { items, told };
}

/** Tells the accounts whose inbox gained, changed or lost an alert: their screens ask for their inbox again. */
export async function publishAlerts(
  publish: Publisher,
  schoolId: string,
  told: { reached: string[]; withdrawn: string[] },
) {
  if (told.reached.length > 0)
    await publish(schoolId, {
      type: 'inbox_updated',
      data: { reason: 'received', messageId: '', userIds: [...new Set(told.reached)] },
    });
  if (told.withdrawn.length > 0)
    await publish(schoolId, {
      type: 'inbox_updated',
      data: { reason: 'withdrawn', messageId: '', userIds: [...new Set(told.withdrawn)] },
    });
}
