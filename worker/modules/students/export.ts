import { asc } from 'drizzle-orm';
import { users } from '../../db/schema';
import { activity } from '../../lib/activity';
import { toCsv } from '../../lib/csv';
import type { TenantContext } from '../../lib/tenancy';
import { RELATIONS, type StudentExportQuery, toStudent } from './schemas';
import { selectStudents, studentFilter } from './service';

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
  const filters = [query.search && `search "${query.search}"`, query.classId && 'one class', query.status]
    .filter(Boolean)
    .join(', ');
  const [rows] = await ctx.db.batch([
    selectStudents(ctx).where(studentFilter(ctx, query)).orderBy(asc(users.name)),
    activity(ctx, 'export', 'student', null, `Exported the student list${filters ? ` (${filters})` : ''}`),
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
        s.classId ? `${s.classId.name}-${s.classId.section}` : '',
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
