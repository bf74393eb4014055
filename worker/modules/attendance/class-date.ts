import { eq, sql } from 'drizzle-orm';
import { attendanceMarks, attendanceRegisters, classes, studentAttendance, students, subjects } from '../../db/schema';
import { countedActivity } from '../../lib/activity';
import type { TenantContext } from '../../lib/tenancy';
import { classWithAccess, joinedRecords, readable, readableClassSql, recordJson, studentUser } from './records';

/** Roll numbers as numbers ('2' before '10'), then the student's name, then the subject's: the view's order. */
const markOrder = sql`cast(${students.rollNumber} as integer), ${students.rollNumber}, ${studentUser.name}, ${subjects.name}`;

/**
 * The class's marks of the day as SQLite writes them: the records and the per-student cards as two JSON texts
 * and their count, in one row. Both keep the marks' order; a student's card comes where their first mark does.
 */
function classDateJson(ctx: TenantContext, where: ReturnType<TenantContext['scoped']>) {
  const { db } = ctx;
  const { student, klass, subject, teacher } = recordJson;
  const status = studentAttendance.status;
  const marks = db.$with('marks').as(
    joinedRecords(ctx, {
      pos: sql<number>`row_number() over (order by ${markOrder})`.as('pos'),
      studentId: sql<string>`${studentAttendance.studentId}`.as('mark_student_id'),
      attended: sql<number>`${status} in ('present', 'late')`.as('attended'),
      student: sql<string>`${student}`.as('student'),
      record: sql<string>`json_object('_id', ${studentAttendance.id}, 'classId', ${klass}, 'studentId', ${student},
        'subjectId', ${subject}, 'teacherId', ${teacher}, 'status', ${status}, 'remarks', ${studentAttendance.remarks},
        'markedAt', ${studentAttendance.markedAt}, 'date', ${studentAttendance.date})`.as('record'),
      mark: sql<string>`json_object('_id', ${studentAttendance.id}, 'subject', ${subject}, 'teacher', ${teacher},
        'status', ${status}, 'remarks', ${studentAttendance.remarks}, 'markedAt', ${studentAttendance.markedAt})`.as(
        'mark',
      ),
    }).where(where),
  );
  const whole = sql`over (partition by mark_student_id order by pos rows between unbounded preceding and unbounded following)`;
  const cards = sql`(select pos, json_object('student', json(student), 'subjects', json_group_array(json(mark)) ${whole},
      'presentCount', sum(attended) ${whole}, 'totalCount', count(*) ${whole}) as card,
      row_number() over (partition by mark_student_id order by pos) as nth
    from ${marks})`;
  return db
    .with(marks)
    .select({
      records: sql<string>`coalesce(json_group_array(json(record)), '[]')`,
      students: sql<string>`(select coalesce(json_group_array(json(card)), '[]')
        from (select card from ${cards} where nth = 1 order by pos))`,
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(sql`(select record from ${marks} order by pos)`);
}

/**
 * `GET /api/attendance/class-date`: every mark of a class on a date (all subjects), as records and grouped per
 * student for the attendance screen's cards. `presentCount` counts the subjects attended (present or late). The
 * answer's `data` is written as JSON text, its rows by SQLite: one row back instead of one per mark.
 */
export async function classDateAttendance(ctx: TenantContext, query: { classId: string; date?: string }) {
  const date = query.date ?? (await ctx.today());
  const where = ctx.scoped(
    studentAttendance,
    eq(studentAttendance.classId, query.classId),
    eq(studentAttendance.date, date),
  );
  const [[found], [rows]] = await ctx.db.batch([
    classWithAccess(ctx, query.classId),
    classDateJson(ctx, where),
    // In the read's batch (a register screen opens it often); no line when the class answers 404 or 403.
    countedActivity(
      ctx,
      'read',
      'student_attendance',
      query.classId,
      [
        'Viewed ',
        sql`${' attendance mark(s) of class '} || (select c.name || '-' || c.section from ${classes} c where c.id = ${query.classId}) || ${` on ${date}`}`,
      ],
      // Counted from the registers' marks alone: the view would look every student up again for a number.
      ctx.db
        .select({ one: sql`1` })
        .from(attendanceRegisters)
        .innerJoin(attendanceMarks, eq(attendanceMarks.registerId, attendanceRegisters.id))
        .where(
          ctx.scoped(
            attendanceRegisters,
            eq(attendanceRegisters.classId, query.classId),
            eq(attendanceRegisters.date, date),
          ),
        ),
      { onlyIf: readableClassSql(ctx, query.classId) },
    ),
  ]);
  const klass = readable(ctx, found);
  const head = JSON.stringify({ class: { _id: klass.id, name: klass.name, section: klass.section }, date });
  return {
    json: `${head.slice(0, -1)},"records":${rows.records},"students":${rows.students}}`,
    total: rows.total,
  };
}
