import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { inJson, jsonInserts } from '../../db/bulk';
import { batchOf } from '../../db/database';
import { classes, schools, studentAttendance, students, users } from '../../db/schema';
import { activity } from '../../lib/activity';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { dateInZone } from '../../lib/time';
import { classLabel, named, ownTeacherLookup } from '../classes/refs';
import { callerAsTeacherOf, callerTeachesSubject, selectRecords, subjectWithTeacher } from './records';
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

/** The unique index of a mark: marking the same student, subject and date again replaces the mark. */
const markKey = [
  studentAttendance.schoolId,
  studentAttendance.studentId,
  studentAttendance.subjectId,
  studentAttendance.date,
];

/**
 * Checks a register and writes it: one read batch (the school's time zone for its today, class, subject with
 * its main teacher, the caller as a teacher of the subject, the listed students), then one write batch of
 * upserts and the activity row. Atomic: one refused student refuses the whole register and nothing is written.
 */
async function writeRegister(ctx: TenantContext, input: RegisterInput) {
  const { db } = ctx;
  const ids = input.records.map((r) => r.studentId);
  const [[school], [klass], [subject], [caller], found] = await db.batch([
    db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, ctx.schoolId)).limit(1),
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
        name: named(users.name, 'student_name'),
        rollNumber: students.rollNumber,
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, inJson(students.id, ids))),
  ]);
  if (!school) throw new AppError(401, 'Invalid token');
  if (input.date > dateInZone(ctx.now(), school.timeZone)) throw new AppError(400, FUTURE_DATE);
  if (!klass) throw notFound('Class');
  if (!subject) throw notFound('Subject');
  if (subject.classId !== klass.id) throw new AppError(400, SUBJECT_NOT_IN_CLASS);
  const asTeacher = ctx.session.role === 'teacher';
  if (asTeacher && !caller?.teaches) throw new AppError(403, NOT_YOUR_SUBJECT);
  const byId = new Map(found.map((s) => [s.id, s]));
  if (ids.some((id) => !byId.has(id))) throw notFound('Student');
  const outsider = found.find((s) => s.classId !== klass.id);
  if (outsider) throw new AppError(400, `Student ${outsider.name} is not in this class`);

  // A teacher's mark carries the teacher; an administrator's carries the subject's main teacher.
  const teacher = asTeacher && caller ? caller : { id: subject.teacherId, name: subject.teacherName };
  const now = ctx.now().toISOString();
  const rows = input.records.map((r) => ({
    schoolId: ctx.schoolId,
    studentId: r.studentId,
    classId: klass.id,
    subjectId: subject.id,
    teacherId: teacher.id,
    date: input.date,
    status: r.status,
    remarks: r.remarks ?? null,
    markedBy: ctx.session.userId,
    markedAt: now,
    createdAt: now,
    updatedAt: now,
  }));
  const upserts = jsonInserts(db, studentAttendance, rows).map((insert) =>
    insert
      .onConflictDoUpdate({
        target: markKey,
        set: {
          classId: sql`excluded.class_id`,
          teacherId: sql`excluded.teacher_id`,
          status: sql`excluded.status`,
          remarks: sql`excluded.remarks`,
          markedBy: sql`excluded.marked_by`,
          markedAt: sql`excluded.marked_at`,
          updatedAt: now,
        },
      })
      .returning({ id: studentAttendance.id, studentId: studentAttendance.studentId }),
  );
  const summary = `Marked ${subject.name} attendance of ${rows.length} student(s) of ${classLabel(klass)} for ${input.date}`;
  const results = (await db.batch(
    batchOf<BatchItem<'sqlite'>>([...upserts, activity(ctx, 'create', 'attendance', null, summary)]),
  )) as unknown[];
  const written = new Map(
    (results.slice(0, upserts.length) as { id: string; studentId: string }[][]).flat().map((r) => [r.studentId, r.id]),
  );
  const records: AttendanceRecord[] = rows.map((row) => {
    const student = byId.get(row.studentId);
    return toRecord({
      ...row,
      id: written.get(row.studentId) ?? '',
      className: klass.name,
      classSection: klass.section,
      studentName: student?.name ?? '',
      rollNumber: student?.rollNumber ?? '',
      subjectName: subject.name,
      teacherName: teacher.name,
    });
  });
  return { klass, records };
}

/** `POST /api/attendance/bulk`: a whole register for one class, subject and date. */
export async function markRegister(ctx: TenantContext, input: RegisterInput) {
  const { klass, records } = await writeRegister(ctx, input);
  const successfulCount = records.length;
  await ctx.publish(ctx.schoolId, {
    type: 'attendance_updated',
    data: { type: 'bulk_attendance_marked', successfulCount, date: input.date, classId: klass.id },
  });
  return { successfulCount, failedCount: 0, date: input.date, classId: klass.id, subjectId: input.subjectId, records };
}

/** `POST /api/attendance`: one student's mark for a class, subject and date (replaces an earlier one). */
export async function markAttendance(ctx: TenantContext, input: MarkInput) {
  const { studentId, status, remarks, ...register } = input;
  const { records } = await writeRegister(ctx, { ...register, records: [{ studentId, status, remarks }] });
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
    if (!student.classId) throw new AppError(400, `Student ${student.name} is not in any class`);
    classId = student.classId;
  }
  return markAttendance(ctx, { ...input, studentId, classId });
}

/** Corrects one mark's status or remarks. Teachers may correct marks of the subjects they teach. */
export async function updateAttendance(ctx: TenantContext, id: string, input: UpdateInput) {
  const { db } = ctx;
  const [[row], [own]] = await db.batch([
    selectRecords(ctx, { teaches: callerTeachesSubject(ctx, studentAttendance.subjectId) })
      .where(ctx.scoped(studentAttendance, eq(studentAttendance.id, id)))
      .limit(1),
    ownTeacherLookup(ctx),
  ]);
  if (!row) throw notFound(RECORD);
  const asTeacher = ctx.session.role === 'teacher';
  if (asTeacher && !(row.teaches && own)) throw new AppError(403, NOT_YOUR_SUBJECT);
  const now = ctx.now().toISOString();
  const changes = {
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.remarks !== undefined ? { remarks: input.remarks } : {}),
    ...(asTeacher && own ? { teacherId: own.id } : {}),
    markedBy: ctx.session.userId,
    markedAt: now,
    updatedAt: now,
  };
  await db.batch([
    db
      .update(studentAttendance)
      .set(changes)
      .where(ctx.scoped(studentAttendance, eq(studentAttendance.id, row.id))),
    activity(
      ctx,
      'update',
      'attendance',
      row.id,
      `Corrected ${row.subjectName} attendance of ${row.studentName} for ${row.date}: ${input.status ?? row.status}`,
    ),
  ]);
  return toRecord({
    ...row,
    ...changes,
    teacherName: asTeacher ? ctx.session.name : row.teacherName,
  });
}

export async function deleteAttendance(ctx: TenantContext, id: string) {
  const { db } = ctx;
  const [row] = await selectRecords(ctx)
    .where(ctx.scoped(studentAttendance, eq(studentAttendance.id, id)))
    .limit(1);
  if (!row) throw notFound(RECORD);
  await db.batch([
    db.delete(studentAttendance).where(ctx.scoped(studentAttendance, eq(studentAttendance.id, row.id))),
    activity(
      ctx,
      'delete',
      'attendance',
      row.id,
      `Deleted ${row.subjectName} attendance of ${row.studentName} for ${row.date}`,
    ),
  ]);
  return { _id: row.id };
}
