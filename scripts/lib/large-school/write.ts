import type { Client } from '@libsql/client';
import { getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { jsonInserts } from '../../../worker/db/bulk';
import { batchOf } from '../../../worker/db/database';
import { directoryRowsOf } from '../../../worker/db/directory';
import { libsqlDatabase } from '../../../worker/db/libsql';
import { DbMeter } from '../../../worker/db/meter';
import * as schema from '../../../worker/db/schema';
import { weekdayOf } from '../../../worker/lib/time';
import { INSERT_DAY_MARKS, INSERT_DAY_REGISTERS, withoutAttendanceIndexes } from './attendance';
import { withoutFeeTriggers } from './fees';
import { largeTerms, writeLargeGrades } from './grades';
import type { LargeSchool } from './school';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Tables the summary counts, in the order they are reported. */
const COUNTED = [
  schema.users,
  schema.teachers,
  schema.classes,
  schema.subjects,
  schema.schedules,
  schema.students,
  schema.parents,
  schema.studentParents,
  schema.importantDates,
  schema.feeStructures,
  schema.feeCollections,
  schema.feeDues,
  schema.teacherAttendance,
  schema.attendanceRegisters,
];

/**
 * Writes the school into a migrated database: the planned rows through `jsonInserts`, then the student marks
 * day by day inside SQLite, then the year's terms with their assessments and marks. `days` limits the marks (the staff attendance too) to some of the school days;
 * `bulk` drops the attendance_marks index during the load and builds them at the end.
 */
export async function writeLargeSchool(
  client: Client,
  school: LargeSchool,
  options: { days?: string[]; bulk?: boolean; log?: (line: string) => void } = {},
): Promise<Record<string, number>> {
  const { days = school.days, bulk = false, log = () => undefined } = options;
  const db = libsqlDatabase(client, new DbMeter());
  const insertAll = async <T extends SQLiteTable>(table: T, rows: T['$inferInsert'][]) => {
    const items = jsonInserts(db, table, rows);
    for (let i = 0; i < items.length; i += 40) await db.batch(batchOf(items.slice(i, i + 40)));
  };

  const { rows } = school;
  // Parents before children, so every foreign key holds as rows arrive.
  await insertAll(schema.schools, rows.schools);
  await insertAll(schema.users, rows.users);
  await db.batch(directoryRowsOf(db, school.schoolId));
  await insertAll(schema.departments, rows.departments);
  await insertAll(schema.teachers, rows.teachers);
  await insertAll(schema.classes, rows.classes);
  await insertAll(schema.subjectCategories, rows.subjectCategories);
  await insertAll(schema.subjects, rows.subjects);
  await insertAll(schema.schedules, rows.schedules);
  await insertAll(schema.students, rows.students);
  await insertAll(schema.parents, rows.parents);
  await insertAll(schema.studentParents, rows.studentParents);
  await insertAll(schema.importantDates, rows.importantDates);
  await insertAll(schema.feeCategories, rows.feeCategories);
  await withoutFeeTriggers(client, school.schoolId, async () => {
    await insertAll(schema.feeStructures, rows.feeStructures);
    await insertAll(schema.feeReceipts, rows.feeReceipts);
    await insertAll(schema.feeCollections, rows.feeCollections);
  });
  for (let i = 0; i < days.length; i += 20)
    await insertAll(
      schema.teacherAttendance,
      days.slice(i, i + 20).flatMap((date) => school.teacherAttendanceFor(date)),
    );
  log('Wrote people, classes, timetable, dates, fees and staff attendance');

  const marks = async () => {
    for (let i = 0; i < days.length; i += 10) {
      const chunk = days.slice(i, i + 10);
      await client.batch(
        chunk.flatMap((date) =>
          [INSERT_DAY_REGISTERS, INSERT_DAY_MARKS].map((sql) => ({
            sql,
            args: [date, DAY_NAMES[weekdayOf(date)], school.schoolId],
          })),
        ),
        'write',
      );
      if ((i + 10) % 50 === 0) log(`Student attendance: ${i + chunk.length} of ${days.length} days`);
    }
    if (bulk) log('Building the student attendance indexes');
  };
  if (bulk) {
    // The marks reference rows written (and checked) just before; checking them again per mark doubles the time.
    await client.execute('pragma foreign_keys = off');
    await withoutAttendanceIndexes(client, school.schoolId, marks);
    await client.execute('pragma foreign_keys = on');
  } else await marks();

  // The gradebook: two terms over the school days, six assessments per subject and term, every student marked.
  const grades = await writeLargeGrades(
    client,
    school.schoolId,
    largeTerms(school.days, school.free, rows.schools[0]?.yearStartMonth ?? 9),
    rows.schools[0]?.createdAt ?? new Date().toISOString(),
  );
  log(`Wrote ${grades.assessments} assessments and ${grades.assessment_marks} marks`);

  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const name = getTableName(table);
    const { rows: result } = await client.execute({
      sql: `select count(*) as n from "${name}" where school_id = ?`,
      args: [school.schoolId],
    });
    counts[name] = Number(result[0].n);
  }
  const { rows: marked } = await client.execute({
    sql: 'select count(*) as n from attendance_marks m join attendance_registers r on r.id = m.register_id where r.school_id = ?',
    args: [school.schoolId],
  });
  counts.attendance_marks = Number(marked[0].n);
  return { ...counts, ...grades };
}
