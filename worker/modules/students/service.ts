import { asc, count, eq, or, sql } from 'drizzle-orm';
import { classes, students, users } from '../../db/schema';
import { activity } from '../../lib/activity';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { classLabel, contains, named, outer } from '../classes/refs';
import { type StudentListQuery, toStudent } from './schemas';

/** Students with their account's name, email and phone and their class populated (names aliased). */
function selectStudents(ctx: TenantContext) {
  return ctx.db
    .select({
      student: students,
      name: named(users.name, 'student_name'),
      email: named(users.email, 'student_email'),
      phone: named(users.phone, 'student_phone'),
      className: named(classes.name, 'class_name'),
      classSection: named(classes.section, 'class_section'),
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(classes, eq(classes.id, students.classId));
}

export async function listStudents(ctx: TenantContext, query: StudentListQuery) {
  const where = ctx.scoped(
    students,
    query.classId ? eq(students.classId, query.classId) : undefined,
    query.status ? eq(students.status, query.status) : undefined,
    query.search
      ? or(
          contains(users.name, query.search),
          contains(students.rollNumber, query.search),
          contains(users.email, query.search),
        )
      : undefined,
  );
  const [rows, [{ total }]] = await ctx.db.batch([
    selectStudents(ctx)
      .where(where)
      .orderBy(asc(users.name), asc(students.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(students).innerJoin(users, eq(users.id, students.userId)).where(where),
  ]);
  return { students: rows.map(toStudent), total };
}

export async function getStudent(ctx: TenantContext, studentId: string) {
  const [row] = await selectStudents(ctx)
    .where(ctx.scoped(students, eq(students.id, studentId)))
    .limit(1);
  if (!row) throw notFound('Student');
  return toStudent(row);
}

/**
 * Puts a student in a class (a student belongs to at most one, so this moves them). Refused when the class is
 * full or another student of that class has the same roll number.
 */
export async function assignStudentToClass(ctx: TenantContext, studentId: string, classId: string) {
  const { db } = ctx;
  const [[student], [klass], [sameRoll]] = await db.batch([
    db
      .select({ id: students.id, classId: students.classId, rollNumber: students.rollNumber, name: users.name })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, eq(students.id, studentId)))
      .limit(1),
    db
      .select({
        id: classes.id,
        name: classes.name,
        section: classes.section,
        capacity: classes.capacity,
        studentCount:
          sql<number>`(select count(*) from ${students} st where st.class_id = ${outer(classes.id)} and st.school_id = ${outer(classes.schoolId)})`
            .mapWith(Number)
            .as('student_count'),
      })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.id, classId)))
      .limit(1),
    db
      .select({ id: students.id })
      .from(students)
      .where(
        ctx.scoped(
          students,
          eq(students.classId, classId),
          sql`${students.rollNumber} = (select s2.roll_number from ${students} s2 where s2.id = ${studentId})`,
          sql`${students.id} <> ${studentId}`,
        ),
      )
      .limit(1),
  ]);
  if (!student) throw notFound('Student');
  if (!klass) throw notFound('Class');
  const label = classLabel(klass);
  if (student.classId !== klass.id) {
    if (klass.studentCount >= klass.capacity) {
      throw new AppError(
        409,
        `Class ${label} is full (${klass.studentCount}/${klass.capacity} students). Raise its capacity or choose another class.`,
      );
    }
    if (sameRoll) {
      throw new AppError(409, `Roll number ${student.rollNumber} is already used in class ${label}`);
    }
    try {
      await db.batch([
        db
          .update(students)
          .set({ classId: klass.id, updatedAt: ctx.now().toISOString() })
          .where(ctx.scoped(students, eq(students.id, student.id))),
        activity(ctx, 'update', 'student', student.id, `Assigned ${student.name} to class ${label}`),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(409, `Roll number ${student.rollNumber} is already used in class ${label}`);
      }
      throw error;
    }
  }
  return getStudent(ctx, student.id);
}

export async function removeStudentFromClass(ctx: TenantContext, studentId: string) {
  const { db } = ctx;
  const [student] = await db
    .select({ id: students.id, classId: students.classId, name: users.name })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(ctx.scoped(students, eq(students.id, studentId)))
    .limit(1);
  if (!student) throw notFound('Student');
  if (student.classId) {
    await db.batch([
      db
        .update(students)
        .set({ classId: null, updatedAt: ctx.now().toISOString() })
        .where(ctx.scoped(students, eq(students.id, student.id))),
      activity(ctx, 'update', 'student', student.id, `Removed ${student.name} from their class`),
    ]);
  }
  return getStudent(ctx, student.id);
}
