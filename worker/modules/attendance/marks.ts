import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  attendanceMarks,
  attendanceRegisters,
  statusCodes,
  type studentAttendanceStatuses,
  students,
} from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';

export type Status = (typeof studentAttendanceStatuses)[number];

/** A mark's id as the API shows it (the view `student_attendance` writes the same): register key and student number. */
export function markId(registerId: number, studentNumber: number): string {
  return `${registerId.toString(16).padStart(8, '0')}-0000-8000-8000-${studentNumber.toString(16).padStart(12, '0')}`;
}

/** The register key and student number inside a mark's id, or null when the id is not one. */
export function parseMarkId(id: string): { registerId: number; studentNumber: number } | null {
  const match = /^([0-9a-f]{8,12})-0000-8000-8000-([0-9a-f]{12})$/.exec(id);
  if (!match) return null;
  return { registerId: Number.parseInt(match[1], 16), studentNumber: Number.parseInt(match[2], 16) };
}

const byCode: Status[] = ['absent', 'excused', 'late', 'present'];
export const statusOfCode = (code: number): Status => byCode[code] ?? 'present';
export const codeOfStatus = (status: Status): number => statusCodes[status];

/** The register's key, found by its unique key (a subquery: the register may be written earlier in the same batch). */
export function registerKey(ctx: TenantContext, register: { classId: string; subjectId: string; date: string }) {
  return sql`(select ${attendanceRegisters.id} from ${attendanceRegisters} where ${and(
    eq(attendanceRegisters.schoolId, ctx.schoolId),
    eq(attendanceRegisters.classId, register.classId),
    eq(attendanceRegisters.date, register.date),
    eq(attendanceRegisters.subjectId, register.subjectId),
  )})`;
}

/**
 * Creates the register, or records who saved it again and when; the first taker and time stay. One statement.
 */
export function upsertRegister(
  ctx: TenantContext,
  register: { classId: string; subjectId: string; date: string; teacherId: string | null },
  now: string,
) {
  return ctx.db
    .insert(attendanceRegisters)
    .values({
      schoolId: ctx.schoolId,
      classId: register.classId,
      subjectId: register.subjectId,
      teacherId: register.teacherId,
      date: register.date,
      takenBy: ctx.session.userId,
      takenAt: now,
      markedBy: ctx.session.userId,
      markedAt: now,
    })
    .onConflictDoUpdate({
      target: [
        attendanceRegisters.schoolId,
        attendanceRegisters.classId,
        attendanceRegisters.date,
        attendanceRegisters.subjectId,
      ],
      set: { teacherId: register.teacherId, markedBy: ctx.session.userId, markedAt: now },
    })
    .returning({ id: attendanceRegisters.id });
}

/**
 * Writes the marks of a register (after `upsertRegister` in the same batch), keyed by the students' numbers
 * found inside the statement: one statement whatever the number of marks, a mark given again replaces it.
 * CROSS JOIN keeps the listed students outside: each is found by id, not the school's students by number.
 */
export function upsertMarks(
  ctx: TenantContext,
  register: { classId: string; subjectId: string; date: string },
  marks: { studentId: string; status: Status; remarks: string | null }[],
) {
  const rows = JSON.stringify(marks.map((m) => ({ s: m.studentId, c: codeOfStatus(m.status), r: m.remarks })));
  return ctx.db
    .insert(attendanceMarks)
    .select(
      sql`select ${registerKey(ctx, register)}, ${students.number}, json_extract(j.value, '$.c'), json_extract(j.value, '$.r')
        from json_each(${rows}) as j
        cross join ${students} on ${students.schoolId} = ${ctx.schoolId} and ${students.id} = json_extract(j.value, '$.s')
        where true`,
    )
    .onConflictDoUpdate({
      target: [attendanceMarks.registerId, attendanceMarks.studentNumber],
      set: { status: sql`excluded.status`, remarks: sql`excluded.remarks` },
    });
}

/** A mark given as one row (the demo, test data, a backup made before registers): its register is found or made. */
export interface MarkRow {
  schoolId: string;
  studentId: string;
  classId: string;
  subjectId: string;
  teacherId?: string | null;
  date: string;
  status: Status;
  remarks?: string | null;
  markedBy?: string | null;
  markedAt: string;
}

/**
 * Batch items writing such rows: per chunk, one statement for their registers and one for their marks (keyed by
 * the students' numbers, found inside the statement). A mark given again replaces the earlier one. A chunk of
 * 1,000 rows is about 300 KB of JSON, inside D1's 2 MB for one value.
 */
export function markRowInserts(db: Database, rows: MarkRow[], chunk = 1000) {
  const items = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(
      rows.slice(i, i + chunk).map((r) => ({ ...r, code: codeOfStatus(r.status), remarks: r.remarks ?? null })),
    );
    const field = (name: string) => sql.raw(`json_extract(value, '$.${name}')`);
    // Insert builders, not raw SQL: drizzle's D1 batch takes only those.
    items.push(
      db
        .insert(attendanceRegisters)
        .select(
          sql`select null, school_id, class_id, subject_id, teacher_id, date, marked_by, min(marked_at), marked_by, max(marked_at)
            from (select ${field('schoolId')} as school_id, ${field('classId')} as class_id, ${field('subjectId')} as subject_id,
                ${field('date')} as date, ${field('teacherId')} as teacher_id, ${field('markedBy')} as marked_by,
                ${field('markedAt')} as marked_at from json_each(${json}))
            where true
            group by school_id, class_id, date, subject_id
            order by date, class_id, subject_id`,
        )
        .onConflictDoUpdate({
          target: [
            attendanceRegisters.schoolId,
            attendanceRegisters.classId,
            attendanceRegisters.date,
            attendanceRegisters.subjectId,
          ],
          set: { markedAt: sql`max(${attendanceRegisters.markedAt}, excluded.marked_at)` },
        }),
      db
        .insert(attendanceMarks)
        .select(
          sql`select r.id, s.number, json_extract(j.value, '$.code'), json_extract(j.value, '$.remarks')
            from json_each(${json}) as j
            cross join ${attendanceRegisters} as r on r.school_id = json_extract(j.value, '$.schoolId')
              and r.class_id = json_extract(j.value, '$.classId') and r.date = json_extract(j.value, '$.date')
              and r.subject_id = json_extract(j.value, '$.subjectId')
            cross join ${students} as s on s.school_id = r.school_id and s.id = json_extract(j.value, '$.studentId')
            where true`,
        )
        .onConflictDoUpdate({
          target: [attendanceMarks.registerId, attendanceMarks.studentNumber],
          set: { status: sql`excluded.status`, remarks: sql`excluded.remarks` },
        }),
    );
  }
  return items;
}
