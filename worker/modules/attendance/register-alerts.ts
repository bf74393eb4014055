import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { attendanceMarks, attendanceRegisters, schools, statusCodes, students, subjects } from '../../db/schema';
import { named } from '../../db/sql';
import type { TenantContext } from '../../lib/tenancy';
import { addDays, dateInZone, timeInZone } from '../../lib/time';
import {
  type AlertSettings,
  alertSettingsOf,
  alertWrites,
  existingAlertsRead,
  familiesRead,
  missedCodes,
  missedMarksRead,
  type PupilDay,
  planAlerts,
} from '../messages';
import { codeOfStatus, type Status } from './marks';
import type { RegisterInput } from './schemas';

/**
 * Which alert reads a register needs: the day's (its missed marks and alerts) only when its date can be the
 * school's today (zones run from UTC−12 to UTC+14, so within a day of UTC's date; the zone itself is read in the
 * same batch), and whom they would reach only when it marks someone absent or late.
 */
function alertReadsWanted(ctx: TenantContext, input: RegisterInput) {
  const utc = ctx.now().toISOString().slice(0, 10);
  // Only a pupil this register marks absent or late can be told now: the others' families are not counted.
  const missing = input.records.filter((r) => r.status === 'absent' || r.status === 'late').map((r) => r.studentId);
  return { day: input.date >= addDays(utc, -1) && input.date <= addDays(utc, 1), missing };
}

/**
 * What a register's read batch reads for the day's absence alerts, before the school's choice is known: the class's
 * missed marks of the day (absent or late), the listed pupils' alerts of the day, and who would be told of each;
 * only those that can matter (`alertReadsWanted`), so a register of an earlier week reads none of the day's.
 */
export function registerAlertReads(ctx: TenantContext, input: RegisterInput) {
  const ids = input.records.map((r) => r.studentId);
  const codes = [statusCodes.absent, statusCodes.late];
  const wanted = alertReadsWanted(ctx, input);
  return [
    ...(wanted.day
      ? [
          missedMarksRead(ctx.db, ctx.schoolId, input.date, codes, input.classId),
          existingAlertsRead(ctx.db, ctx.schoolId, input.date, ids),
        ]
      : []),
    ...(wanted.missing.length > 0 ? [familiesRead(ctx.db, ctx.schoolId, wanted.missing)] : []),
  ];
}

type Rows = [
  Awaited<ReturnType<typeof missedMarksRead>>,
  Awaited<ReturnType<typeof existingAlertsRead>>,
  Awaited<ReturnType<typeof familiesRead>>,
];

/** The alert reads' answers in the batch (`rows`), with nothing for those left out. */
function alertRowsOf(ctx: TenantContext, input: RegisterInput, rows: unknown[]): Rows {
  const wanted = alertReadsWanted(ctx, input);
  const answers = [...rows];
  const next = (taken: boolean) => (taken ? answers.shift() : []);
  return [next(wanted.day), next(wanted.day), next(wanted.missing.length > 0)] as Rows;
}

/** What the register's saved notice says of alerts: how many families are (or will be) told, and when. */
export interface AlertNotice {
  mode: AlertSettings['mode'];
  /** Alerts are made for the school's today only; a register of another day tells nobody. */
  today: boolean;
  families: number;
  withdrawn: number;
  /** A timed school's time ('10:00') while it is still ahead; null once it has passed (told within minutes). */
  at: string | null;
}

/**
 * The day's alerts after this register: each listed pupil's missed periods are the other registers' of the day
 * and this one's as given, so the plan reflects the register being saved. At once, the writes join the register's
 * own batch; timed or off, nothing is written here (the scheduled run makes timed alerts).
 */
export function registerAlerts(
  ctx: TenantContext,
  input: RegisterInput,
  known: { settings: AlertSettings; today: string; subjectName: string; names: Map<string, { name: string | null }> },
  rows: unknown[],
) {
  const [missedRows, existing, families] = alertRowsOf(ctx, input, rows);
  const { settings } = known;
  const codes: number[] = missedCodes(settings);
  const pupils = new Map<string, PupilDay>(
    input.records.map((r) => [r.studentId, { name: known.names.get(r.studentId)?.name ?? '', missed: [] }]),
  );
  for (const row of missedRows) {
    const pupil = pupils.get(row.studentId ?? '');
    if (!pupil || row.subjectId === input.subjectId || !codes.includes(row.status)) continue;
    pupil.missed.push({ subject: row.subjectName ?? '', late: row.status === statusCodes.late });
  }
  const missedHere = input.records.filter((r) => codes.includes(codeOfStatus(r.status)));
  for (const record of missedHere) {
    pupils.get(record.studentId)?.missed.push({ subject: known.subjectName, late: record.status === 'late' });
  }
  const told = new Set(families.filter((f) => f.parent === 1 || settings.students).map((f) => f.studentId));
  const today = input.date === known.today;
  const plan =
    settings.mode === 'now' && today
      ? planAlerts(input.date, pupils, existing, settings.language)
      : { date: input.date, upserts: [], withdrawn: [] };
  const timeNow = timeInZone(ctx.now(), settings.timeZone);
  const notice: AlertNotice = {
    mode: settings.mode,
    today,
    families: missedHere.filter((r) => told.has(r.studentId)).length,
    withdrawn: plan.withdrawn.length,
    at: settings.mode === 'timed' && timeNow < settings.time ? settings.time : null,
  };
  return { writes: alertWrites(ctx.db, ctx.schoolId, plan, settings, ctx.now()), notice };
}

/** The school's choice of alerts with its zone (for its today) and language: one row, read in a write's read batch. */
export function alertSettingsRead(ctx: TenantContext) {
  return ctx.db
    .select({
      timeZone: schools.timeZone,
      language: schools.language,
      absenceAlerts: schools.absenceAlerts,
      absenceAlertTime: schools.absenceAlertTime,
      absenceAlertLate: schools.absenceAlertLate,
      absenceAlertStudents: schools.absenceAlertStudents,
    })
    .from(schools)
    .where(eq(schools.id, ctx.schoolId))
    .limit(1);
}

/** A mark's key, from its id: its register and the pupil's number in the school. */
export interface MarkKey {
  registerId: number;
  studentNumber: number;
}

const corrected = alias(attendanceRegisters, 'corrected');

/**
 * What a single mark's correction reads for the day's alert, by the mark's key alone so it joins the batch that
 * reads the mark: the school's choice, every mark of the pupil on the register's day (each register's, in the
 * order they were taken; none when the pupil has left), and the pupil's alert of that day.
 */
export function markAlertReads(ctx: TenantContext, key: MarkKey) {
  const { db, schoolId } = ctx;
  const day = db
    .select({
      registerId: named(attendanceRegisters.id, 'register_id'),
      subjectName: named(subjects.name, 'subject_name'),
      status: attendanceMarks.status,
    })
    .from(corrected)
    .innerJoin(
      attendanceRegisters,
      and(eq(attendanceRegisters.schoolId, corrected.schoolId), eq(attendanceRegisters.date, corrected.date)),
    )
    .innerJoin(
      attendanceMarks,
      and(eq(attendanceMarks.registerId, attendanceRegisters.id), eq(attendanceMarks.studentNumber, key.studentNumber)),
    )
    .innerJoin(
      students,
      and(
        eq(students.schoolId, corrected.schoolId),
        eq(students.number, key.studentNumber),
        eq(students.status, 'active'),
      ),
    )
    .leftJoin(subjects, eq(subjects.id, attendanceRegisters.subjectId))
    .where(and(eq(corrected.schoolId, schoolId), eq(corrected.id, key.registerId)))
    .orderBy(asc(attendanceRegisters.takenAt), asc(attendanceRegisters.id));
  const date = sql`(select ${attendanceRegisters.date} from ${attendanceRegisters} where ${and(
    eq(attendanceRegisters.schoolId, schoolId),
    eq(attendanceRegisters.id, key.registerId),
  )})`;
  const pupil = sql`(select ${students.id} from ${students} where ${and(
    eq(students.schoolId, schoolId),
    eq(students.number, key.studentNumber),
  )})`;
  return [alertSettingsRead(ctx), day, existingAlertsRead(db, schoolId, date, pupil)] as const;
}

type MarkReads = ReturnType<typeof markAlertReads>;
type MarkRows = { [K in keyof MarkReads]: Awaited<MarkReads[K]> };

/**
 * The pupil's alert of the day after one mark is corrected (`status`) or deleted (null), as a register's save makes
 * it: at once, the write-batch statements that make, update or withdraw it (none when it is unchanged); timed, a
 * deletion makes the day's run due again (a correction is seen by its register's new save time). Nothing for a day
 * other than the school's today, or when alerts are off.
 */
export function markAlerts(
  ctx: TenantContext,
  key: MarkKey,
  mark: { studentId: string; studentName: string | null; date: string; status: Status | null },
  rows: unknown[],
) {
  const [[school], day, existing] = rows as unknown as MarkRows;
  if (!school) return { items: [], told: () => ({ reached: [], withdrawn: [] }) };
  const settings = alertSettingsOf(school);
  const today = mark.date === dateInZone(ctx.now(), settings.timeZone);
  const codes: number[] = missedCodes(settings);
  const missed = day.flatMap((row) => {
    const status = row.registerId === key.registerId ? mark.status && codeOfStatus(mark.status) : row.status;
    return status !== null && codes.includes(status)
      ? [{ subject: row.subjectName ?? '', late: status === statusCodes.late }]
      : [];
  });
  const pupils = new Map<string, PupilDay>([[mark.studentId, { name: mark.studentName ?? '', missed }]]);
  const plan =
    settings.mode === 'now' && today
      ? planAlerts(mark.date, pupils, existing, settings.language)
      : { date: mark.date, upserts: [], withdrawn: [] };
  const writes = alertWrites(ctx.db, ctx.schoolId, plan, settings, ctx.now());
  const rerun =
    settings.mode === 'timed' && today && mark.status === null
      ? [
          ctx.db
            .update(schools)
            .set({ absenceAlertsRunAt: null, updatedAt: sql`${schools.updatedAt}` })
            .where(and(eq(schools.id, ctx.schoolId), eq(schools.absenceAlerts, 'timed'))),
        ]
      : [];
  return { items: [...writes.items, ...rerun], told: writes.told };
}
