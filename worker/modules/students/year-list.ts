import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import { classes, enrolments, students, users } from '../../db/schema';
import { contains } from '../../db/sql';
import { countedActivity } from '../../lib/activity';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import type { StudentListQuery } from './schemas';
import { describeFilters } from './service';

/**
 * A past year's students: those its enrolments hold, each with the class and roll number they had then (the
 * rollover wrote one row per student of that year). `status` is what they are now. One round trip.
 */
export async function listYearStudents(ctx: TenantContext, query: StudentListQuery & { academicYear: string }) {
  const { db } = ctx;
  const where = and(
    eq(enrolments.schoolId, ctx.schoolId),
    eq(enrolments.academicYear, query.academicYear),
    query.classId ? eq(enrolments.classId, query.classId) : undefined,
    query.status ? eq(students.status, query.status) : undefined,
    query.search ? or(contains(users.name, query.search), contains(enrolments.rollNumber, query.search)) : undefined,
  ) as SQL;
  const from = <T extends Record<string, unknown>>(columns: T) =>
    db
      .select(columns as never)
      .from(enrolments)
      .innerJoin(students, and(eq(students.id, enrolments.studentId), eq(students.schoolId, enrolments.schoolId)))
      .innerJoin(users, eq(users.id, students.userId))
      .where(where);
  const offset = offsetOf(query);
  const [rows, [{ total }]] = (await db.batch([
    from({
      id: students.id,
      name: users.name,
      rollNumber: enrolments.rollNumber,
      admissionNumber: students.admissionNumber,
      status: students.status,
      classId: enrolments.classId,
      email: users.email,
      phone: users.phone,
      admissionDate: students.admissionDate,
    })
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.limit)
      .offset(offset),
    from({ total: count() }),
    countedActivity(
      ctx,
      'read',
      'student',
      null,
      ['Listed ', ` student(s) of ${query.academicYear}${describeFilters(query)}`],
      from({ one: sql`1` }).limit(query.limit).offset(offset),
    ),
  ])) as unknown as [YearRow[], { total: number }[]];
  const shaped = rows.map((r) => {
    const lean = {
      _id: r.id,
      name: r.name,
      rollNumber: r.rollNumber,
      admissionNumber: r.admissionNumber,
      status: r.status,
      classId: r.classId,
    };
    if (query.view !== 'cards') return lean;
    return {
      ...lean,
      email: r.email,
      phone: r.phone,
      address: { street: null, city: null },
      admissionDate: r.admissionDate,
      parents: [],
    };
  });
  return { students: shaped, total: Number(total) };
}

interface YearRow {
  id: string;
  name: string;
  rollNumber: string;
  admissionNumber: string;
  status: 'active' | 'inactive';
  classId: string | null;
  email: string | null;
  phone: string | null;
  admissionDate: string;
}

/**
 * The students overview of a year other than the current one: its enrolments counted, and each of its classes
 * with the students it had. One round trip.
 */
export async function yearStudentStats(ctx: TenantContext, academicYear: string) {
  const { db } = ctx;
  const [[totals], perClass] = await db.batch([
    db
      .select({ total: count() })
      .from(enrolments)
      .where(and(eq(enrolments.schoolId, ctx.schoolId), eq(enrolments.academicYear, academicYear))),
    db
      .select({
        id: classes.id,
        name: classes.name,
        section: classes.section,
        capacity: classes.capacity,
        students: sql<number>`count(${enrolments.studentId})`.mapWith(Number),
      })
      .from(classes)
      .leftJoin(
        enrolments,
        and(
          eq(enrolments.schoolId, classes.schoolId),
          eq(enrolments.academicYear, academicYear),
          eq(enrolments.classId, classes.id),
        ),
      )
      .where(ctx.scoped(classes, eq(classes.academicYear, academicYear)))
      .groupBy(classes.id)
      .orderBy(sql`cast(${classes.name} as integer)`, asc(classes.name), asc(classes.section)),
  ]);
  const total = Number(totals?.total ?? 0);
  return {
    month: (await ctx.today()).slice(0, 7),
    total,
    active: total,
    inactive: 0,
    newThisMonth: 0,
    unassigned: 0,
    classCount: perClass.length,
    averageClassSize: perClass.length > 0 ? Math.round(total / perClass.length) : 0,
    perClass: perClass.map((c) => ({
      classId: { _id: c.id, name: c.name, section: c.section },
      capacity: c.capacity,
      students: c.students,
      active: c.students,
    })),
  };
}
