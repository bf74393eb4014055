import { asc, eq, sql } from 'drizzle-orm';
import { students, users } from '../../db/schema';
import { countedActivity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import { toCsv } from '../../lib/csv';
import type { TenantContext } from '../../lib/tenancy';
import { RELATIONS, type StudentExportQuery, toStudent } from './schemas';
import { describeFilters, selectStudents, studentFilter } from './service';

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

/** The filtered list as CSV (every matching student, no paging); the export is kept in the activity log. */
export async function studentsCsv(ctx: TenantContext, query: StudentExportQuery) {
  const where = studentFilter(ctx, query);
  const [rows] = await ctx.db.batch([
    selectStudents(ctx).where(where).orderBy(asc(users.name)),
    countedActivity(
      ctx,
      'export',
      'student',
      null,
      ['Exported ', ` student(s)${describeFilters(query)}`],
      ctx.db.select({ one: sql`1` }).from(students).innerJoin(users, eq(users.id, students.userId)).where(where),
    ),
  ]);
  const list = rows.map(toStudent);
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
