import { and, asc, eq, or, sql } from 'drizzle-orm';
import { classes, enrolments, students, users } from '../../db/schema';
import { contains, named } from '../../db/sql';
import { countedActivity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import { toCsv } from '../../lib/csv';
import type { TenantContext } from '../../lib/tenancy';
import { RELATIONS, type StudentExportQuery, toStudent } from './schemas';
import { describeFilters, selectStudents, studentColumns, studentFilter } from './service';

/**
 * The columns of both the export and the import template, so an export can be edited and imported into
 * another school. The import reads headers by name (case, spaces and punctuation ignored), in any order.
 */
export const STUDENT_COLUMNS = [
  'Name',
  'Admission number',
  'Roll number',
  'Class',
  'Email',
  'Phone',
  'Gender',
  'Date of birth',
  'Admission date',
  'Status',
  'Father name',
  'Father email',
  'Father phone',
  'Mother name',
  'Mother email',
  'Mother phone',
  'Guardian name',
  'Guardian email',
  'Guardian phone',
  'Street',
  'City',
  'State',
  'Zip code',
] as const;

/**
 * Another year's students as its enrolments hold them: each student's class and roll number of that year, the
 * filters read against them (class, roll number) as the year's list reads them (`listYearStudents`).
 */
function yearRows(ctx: TenantContext, query: StudentExportQuery & { academicYear: string }) {
  const where = and(
    eq(enrolments.schoolId, ctx.schoolId),
    eq(enrolments.academicYear, query.academicYear),
    query.classId ? eq(enrolments.classId, query.classId) : undefined,
    query.status ? eq(students.status, query.status) : undefined,
    query.search
      ? or(
          contains(users.name, query.search),
          contains(enrolments.rollNumber, query.search),
          contains(users.email, query.search),
        )
      : undefined,
  );
  const rows = ctx.db
    .select({
      ...studentColumns,
      yearClassId: named(enrolments.classId, 'year_class_id'),
      yearRoll: named(enrolments.rollNumber, 'year_roll'),
    })
    .from(enrolments)
    .innerJoin(students, and(eq(students.id, enrolments.studentId), eq(students.schoolId, enrolments.schoolId)))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(classes, eq(classes.id, enrolments.classId))
    .where(where)
    .orderBy(asc(users.name));
  // Counted as read: the same rows, without the class (a left join that adds none).
  const counted = ctx.db
    .select({ one: sql`1` })
    .from(enrolments)
    .innerJoin(students, and(eq(students.id, enrolments.studentId), eq(students.schoolId, enrolments.schoolId)))
    .innerJoin(users, eq(users.id, students.userId))
    .where(where);
  return { rows, counted };
}

/**
 * The filtered list as CSV (every matching student, no paging); the export is kept in the activity log. With
 * another year than the current (`academicYear`), that year's students with their class and roll number then.
 */
export async function studentsCsv(ctx: TenantContext, query: StudentExportQuery) {
  const { academicYear } = query;
  const pastYear = academicYear && academicYear !== (await ctx.school()).academicYear ? academicYear : null;
  const where = studentFilter(ctx, query);
  const read = pastYear
    ? yearRows(ctx, { ...query, academicYear: pastYear })
    : {
        rows: selectStudents(ctx).where(where).orderBy(asc(users.name)),
        counted: ctx.db
          .select({ one: sql`1` })
          .from(students)
          .innerJoin(users, eq(users.id, students.userId))
          .where(where),
      };
  const [rows] = await ctx.db.batch([
    read.rows,
    countedActivity(
      ctx,
      'export',
      'student',
      null,
      ['Exported ', ` student(s)${pastYear ? ` of ${pastYear}` : ''}${describeFilters(query)}`],
      read.counted,
    ),
  ]);
  const list = rows.map((row) =>
    toStudent(
      'yearRoll' in row
        ? { ...row, student: { ...row.student, classId: row.yearClassId, rollNumber: row.yearRoll as string } }
        : row,
    ),
  );
  const csv = toCsv(
    [...STUDENT_COLUMNS],
    list.map((s) => {
      const parentCells = RELATIONS.flatMap((relation) => {
        const parent = s.parents.find((p) => p.relation === relation);
        return [parent?.name, parent?.email, parent?.phone];
      });
      return [
        s.name,
        s.admissionNumber,
        s.rollNumber,
        s.classId ? formatClassName(s.classId) : '',
        s.email,
        s.phone,
        s.gender,
        s.dateOfBirth,
        s.admissionDate,
        s.status,
        ...parentCells,
        s.address.street,
        s.address.city,
        s.address.state,
        s.address.zipCode,
      ];
    }),
  );
  return { csv, count: list.length, filename: `students-${await ctx.today()}.csv` };
}

/** The import template: the header row only (the import dialog explains the formats). */
export function templateCsv() {
  return toCsv([...STUDENT_COLUMNS], []);
}
