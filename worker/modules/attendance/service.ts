import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  attendanceMarks,
  attendanceRegisters,
  classes,
  schools,
  studentAttendance,
  students,
  users,
} from '../../db/schema';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { classLabel } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { ownTeacherLookup } from '../../lib/lookups';
import { pastYearWrite } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { dateInZone } from '../../lib/time';
import { alertSettingsOf, publishAlerts } from '../messages';
import { codeOfStatus, markId, parseMarkId, registerKey, statusOfCode, upsertMarks, upsertRegister } from './marks';
import { callerAsTeacherOf, callerTeachesSubject, selectRecords, subjectWithTeacher } from './records';
import { alertSettingsRead, markAlertReads, markAlerts, registerAlertReads, registerAlerts } from './register-alerts';
import {
  type AttendanceRecord,
  FUTURE_DATE,
  type MarkInput,
  NOT_YOUR_SUBJECT,
  type RegisterInput,
  type StudentMarkInput,
  SUBJECT_NOT_IN_CLASS,
  toRecord,
  type UpdateInput,
} from './schemas';

const RECORD = 'Attendance record';

/**
 * Checks a register and writes it: one read batch (the school's time zone for its today, class, subject with
 * its main teacher, the caller as a teacher of the subject, the listed students with their marks already in
 * this register, and the caller's account when the route leaves its check to this batch), then one write batch:
 * the register, its marks and the activity row, which keeps the earlier marks a correction replaces. Atomic:
 * one refused student refuses the whole register and nothing is written.
 */
async function writeRegister(ctx: TenantContext, input: RegisterInput) {
  const { db } = ctx;
  const ids = input.records.map((r) => r.studentId);
  const check = ctx.sessionCheck;
  const alertReads = registerAlertReads(ctx, input);
  const [[school], [klass], [subject], [caller], found, account, ...alertRows] = await db.batch([
    alertSettingsRead(ctx),
    db
      .select({ id: classes.id, name: classes.name, section: classes.section })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.id, input.classId)))
      .limit(1),
    subjectWithTeacher(ctx, input.subjectId),
    callerAsTeacherOf(ctx, input.subjectId),
    db
      .select({
        id: students.id,
        classId: students.classId,
        number: students.number,
        name: named(users.name, 'student_name'),
        rollNumber: students.rollNumber,
        earlier: attendanceMarks.status,
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(
        attendanceMarks,
        and(
          eq(attendanceMarks.registerId, registerKey(ctx, input)),
          eq(attendanceMarks.studentNumber, students.number),
        ),
      )
      .where(ctx.scopedIds(students, students.id, ids)),
    // The caller's account, when the route left its check to this batch: settled before anything else.
    check?.statement ?? db.select({ none: sql`null` }).from(schools).limit(0),
    ...alertReads,
  ]);
  check?.settle(account as unknown[]);
  if (!school) throw new AppError(401, 'Invalid token');
  const today = dateInZone(ctx.now(), school.timeZone);
  if (input.date > today) throw new AppError(400, FUTURE_DATE, { code: 'FUTURE_DATE' });
  if (!klass) throw notFound('Class');
  if (!subject) throw notFound('Subject');
  if (subject.classId !== klass.id) throw new AppError(400, SUBJECT_NOT_IN_CLASS, { code: 'SUBJECT_NOT_IN_CLASS' });
  const asTeacher = ctx.session.role === 'teacher';
  if (asTeacher && !caller?.teaches) throw new AppError(403, NOT_YOUR_SUBJECT);
  const byId = new Map(found.map((s) => [s.id, s]));
  if (ids.some((id) => !byId.has(id))) throw notFound('Student');
  const outsider = found.find((s) => s.classId !== klass.id);
  if (outsider) throw new AppError(400, `Student ${outsider.name} is not in this class`, { code: 'NOT_IN_CLASS' });

  // A teacher's register carries the teacher; an administrator's carries the subject's main teacher.
  const teacher = asTeacher && caller ? caller : { id: subject.teacherId, name: subject.teacherName };
  const now = ctx.now().toISOString();
  const register = { classId: klass.id, subjectId: subject.id, date: input.date, teacherId: teacher.id };
  const marks = input.records.map((r) => ({ studentId: r.studentId, status: r.status, remarks: r.remarks ?? null }));
  // A register taken again keeps the marks it replaces in the activity log.
  const changed = marks.flatMap((m) => {
    const student = byId.get(m.studentId);
    const earlier = student?.earlier == null ? null : statusOfCode(student.earlier);
    return earlier && earlier !== m.status ? [`${student?.name} was ${earlier}`] : [];
  });
  const summary = `Marked ${subject.name} attendance of ${marks.length} student(s) of ${classLabel(klass)} for ${input.date}${
    changed.length > 0 ? `; earlier marks replaced: ${changed.join(', ')}` : ''
  }`;
  const alerts = registerAlerts(
    ctx,
    input,
    { settings: alertSettingsOf(school), today, subjectName: subject.name ?? '', names: byId },
    alertRows,
  );
  const written = (await db.batch([
    upsertRegister(ctx, register, now),
    upsertMarks(ctx, register, marks),
    activity(ctx, 'create', 'attendance', null, summary),
    ...alerts.writes.items,
    pastYearWrite(ctx, klass.id, summary),
  ])) as unknown[];
  const [[registerRow]] = written as [{ id: number }[]];
  await publishAlerts(ctx.publish, ctx.schoolId, alerts.writes.told(written.slice(3, -1)));
  const records: AttendanceRecord[] = marks.map((mark) => {
    const student = byId.get(mark.studentId);
    return toRecord({
      ...mark,
      id: markId(registerRow.id, student?.number ?? 0),
      date: input.date,
      markedAt: now,
      classId: klass.id,
      className: klass.name,
      classSection: klass.section,
      studentName: student?.name ?? '',
      rollNumber: student?.rollNumber ?? '',
      subjectId: subject.id,
      subjectName: subject.name,
      teacherId: teacher.id,
      teacherName: teacher.name,
    });
  });
  return { klass, records, absenceAlerts: alerts.notice };
}

/** `POST /api/attendance/bulk`: a whole register for one class, subject and date. */
export async function markRegister(ctx: TenantContext, input: RegisterInput) {
  const { klass, records, absenceAlerts } = await writeRegister(ctx, input);
  const successfulCount = records.length;
  await ctx.publish(ctx.schoolId, {
    type: 'attendance_updated',
    data: { type: 'bulk_attendance_marked', successfulCount, date: input.date, classId: klass.id },
  });
  const { subjectId } = input;
  return { successfulCount, failedCount: 0, date: input.date, classId: klass.id, subjectId, records, absenceAlerts };
}

/** Tells the class's room a mark changed, so the day's registers and figures update on open screens. */
function publishMarks(
  ctx: TenantContext,
  type: 'attendance_marked' | 'attendance_corrected' | 'attendance_deleted',
  date: string,
  classId: string,
) {
  return ctx.publish(ctx.schoolId, { type: 'attendance_updated', data: { type, successfulCount: 1, date, classId } });
}

/** `POST /api/attendance`: one student's mark for a class, subject and date (replaces an earlier one). */
export async function markAttendance(ctx: TenantContext, input: MarkInput) {
  const { studentId, status, remarks, ...register } = input;
  const { klass, records } = await writeRegister(ctx, { ...register, records: [{ studentId, status, remarks }] });
  await publishMarks(ctx, 'attendance_marked', input.date, klass.id);
  return records[0];
}

/** `POST /api/students/:id/attendance`: as `markAttendance`, the class defaulting to the student's own. */
export async function markForStudent(ctx: TenantContext, studentId: string, input: StudentMarkInput) {
  let classId = input.classId;
  if (!classId) {
    const [student] = await ctx.db
      .select({ classId: students.classId, name: named(users.name, 'student_name') })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, eq(students.id, studentId)))
      .limit(1);
    if (!student) throw notFound('Student');
    if (!student.classId)
      throw new AppError(400, `Student ${student.name} is not in any class`, { code: 'NOT_IN_CLASS' });
    classId = student.classId;
  }
  return markAttendance(ctx, { ...input, studentId, classId });
}

/** The register and pupil number inside a mark's id; a key that finds nothing when the id is not a mark's. */
const markKey = (id: string) => parseMarkId(id) ?? { registerId: -1, studentNumber: -1 };

/** The mark behind an id (as the view shows it), with `extra` columns; empty when the id is not a mark's. */
function markById<Extra extends Record<string, SQL.Aliased>>(ctx: TenantContext, id: string, extra?: Extra) {
  const key = markKey(id);
  return selectRecords(ctx, extra)
    .where(
      ctx.scoped(
        studentAttendance,
        eq(studentAttendance.registerId, key.registerId),
        eq(studentAttendance.studentNumber, key.studentNumber),
      ),
    )
    .limit(1);
}

/**
 * Corrects one mark's status or remarks; its register records who saved it and when. Teachers may correct
 * marks of the subjects they teach.
 */
export async function updateAttendance(ctx: TenantContext, id: string, input: UpdateInput) {
  const { db } = ctx;
  const key = markKey(id);
  const [[row], [own], ...alertRows] = await db.batch([
    markById(ctx, id, { teaches: callerTeachesSubject(ctx, studentAttendance.subjectId) }),
    ownTeacherLookup(ctx),
    ...markAlertReads(ctx, key),
  ]);
  if (!row) throw notFound(RECORD);
  const asTeacher = ctx.session.role === 'teacher';
  if (asTeacher && !(row.teaches && own)) throw new AppError(403, NOT_YOUR_SUBJECT);
  const now = ctx.now().toISOString();
  const changes = {
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.remarks !== undefined ? { remarks: input.remarks } : {}),
  };
  const alerts = markAlerts(ctx, key, { ...row, status: input.status ?? row.status }, alertRows);
  const written = (await db.batch([
    db
      .update(attendanceMarks)
      .set({
        ...(input.status !== undefined ? { status: codeOfStatus(input.status) } : {}),
        ...(input.remarks !== undefined ? { remarks: input.remarks } : {}),
      })
      .where(and(eq(attendanceMarks.registerId, key.registerId), eq(attendanceMarks.studentNumber, key.studentNumber))),
    db
      .update(attendanceRegisters)
      .set({ markedBy: ctx.session.userId, markedAt: now, ...(asTeacher && own ? { teacherId: own.id } : {}) })
      .where(ctx.scoped(attendanceRegisters, eq(attendanceRegisters.id, key.registerId))),
    activity(
      ctx,
      'update',
      'attendance',
      row.id,
      `Corrected ${row.subjectName} attendance of ${row.studentName} for ${row.date}: ${input.status ?? row.status} (was ${row.status})`,
    ),
    pastYearWrite(ctx, row.classId, `${row.subjectName} attendance of ${row.studentName} for ${row.date}`),
    ...alerts.items,
  ])) as unknown[];
  await publishAlerts(ctx.publish, ctx.schoolId, alerts.told(written.slice(4)));
  await publishMarks(ctx, 'attendance_corrected', row.date, row.classId);
  return toRecord({
    ...row,
    ...changes,
    markedAt: now,
    ...(asTeacher && own ? { teacherId: own.id } : {}),
    teacherName: asTeacher ? ctx.session.name : row.teacherName,
  });
}

/** Deletes one mark; a register left without marks goes with it (it is no longer taken). */
export async function deleteAttendance(ctx: TenantContext, id: string) {
  const { db } = ctx;
  const key = markKey(id);
  const [[row], ...alertRows] = await db.batch([markById(ctx, id), ...markAlertReads(ctx, key)]);
  if (!row) throw notFound(RECORD);
  const alerts = markAlerts(ctx, key, { ...row, status: null }, alertRows);
  const written = (await db.batch([
    db
      .delete(attendanceMarks)
      .where(and(eq(attendanceMarks.registerId, row.registerId), eq(attendanceMarks.studentNumber, row.studentNumber))),
    db
      .delete(attendanceRegisters)
      .where(
        ctx.scoped(
          attendanceRegisters,
          eq(attendanceRegisters.id, row.registerId),
          sql`not exists (select 1 from ${attendanceMarks} m where m.register_id = ${row.registerId})`,
        ),
      ),
    activity(
      ctx,
      'delete',
      'attendance',
      row.id,
      `Deleted ${row.subjectName} attendance of ${row.studentName} for ${row.date} (was ${row.status})`,
    ),
    pastYearWrite(ctx, row.classId, `deleted ${row.subjectName} attendance of ${row.studentName} for ${row.date}`),
    ...alerts.items,
  ])) as unknown[];
  await publishAlerts(ctx.publish, ctx.schoolId, alerts.told(written.slice(4)));
  await publishMarks(ctx, 'attendance_deleted', row.date, row.classId);
  return { _id: row.id };
}
