/**
 * Migration 0008 moves the marks of a database built at migration 0006 into registers and compact marks with
 * nothing lost: the demo school's per-student, per-class and per-day statistics, and every mark, are the same
 * before and after. The demo is seeded with today's code, then copied into a database at 0006 (its columns).
 */
import { type Client, createClient } from '@libsql/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLibsql } from '../../scripts/lib/libsql-db';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { migrationFiles, statementsOf } from '../support/migrations';
import { clientOf } from '../support/query-plans';

const files = migrationFiles;

const RANDOM_UUID = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2)
  || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;

let old: Client;
let demo: Client;

beforeAll(async () => {
  const seeded = await openLibsql(':memory:');
  await seedDemo(seeded.db, { passwordHash: await nodeHasher.hash('demo1234'), now: new Date('2026-11-25T06:00:00Z') });
  demo = clientOf(seeded.db);
  old = createClient({ url: ':memory:' });
  for (const file of files.filter((f) => f < '0007')) await old.batch(statementsOf(file), 'write');
  // Every table of 0006, parents first as sqlite_master lists them, filled with the demo's rows of its columns.
  const { rows: tables } = await old.execute(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_%' escape '\\'",
  );
  await old.execute('pragma foreign_keys = off');
  for (const { name } of tables) {
    const { rows: columns } = await old.execute(`select name from pragma_table_info('${name}')`);
    const names = columns.map((c) => String(c.name));
    // The view answers the marks as rows; they carry no creation times of their own any more.
    // and their ids were random UUIDs then.
    const select = names
      .map((c) =>
        name !== 'student_attendance'
          ? `"${c}"`
          : c === 'id'
            ? RANDOM_UUID
            : ['created_at', 'updated_at'].includes(c)
              ? 'marked_at'
              : `"${c}"`,
      )
      .join(', ');
    const { rows } = await demo.execute(`select ${select} from "${name}"`);
    const insert = `insert into "${name}" (${names.map((c) => `"${c}"`).join(', ')}) values (${names.map(() => '?').join(', ')})`;
    for (let i = 0; i < rows.length; i += 500)
      await old.batch(
        rows.slice(i, i + 500).map((row) => ({ sql: insert, args: names.map((_, j) => row[j]) })),
        'write',
      );
  }
}, 60_000);

afterAll(() => {
  old.close();
});

/** The statistics the screens show, from whichever `student_attendance` the database has (table, then view). */
async function statistics(client: Client) {
  const tally = `count(*) as total, sum(status = 'present') as present, sum(status = 'absent') as absent,
    sum(status = 'late') as late, sum(status = 'excused') as excused`;
  const rowsOf = async (sql: string) => (await client.execute(sql)).rows.map((row) => ({ ...row }));
  return {
    perStudent: await rowsOf(
      `select student_id, ${tally} from student_attendance group by student_id order by student_id`,
    ),
    perClass: await rowsOf(
      `select class_id, subject_id, ${tally} from student_attendance group by class_id, subject_id order by 1, 2`,
    ),
    perDay: await rowsOf(
      `select school_id, date, ${tally} from student_attendance group by school_id, date order by 1, 2`,
    ),
    marks: await rowsOf(
      `select student_id, class_id, subject_id, date, status, remarks, teacher_id, marked_by, marked_at
       from student_attendance order by student_id, date, subject_id`,
    ),
  };
}

it('keeps every mark of the demo and its per-student, per-class and per-day statistics', async () => {
  const before = await statistics(old);
  expect(before.marks.length).toBeGreaterThan(10_000);
  const [mine] = files.filter((f) => f.startsWith('0008'));
  await old.batch(statementsOf(mine), 'write');
  const after = await statistics(old);
  expect(after.perStudent).toEqual(before.perStudent);
  expect(after.perClass).toEqual(before.perClass);
  expect(after.perDay).toEqual(before.perDay);
  expect(after.marks).toEqual(before.marks);

  // Every student has a number, one per school, and the next student takes the one after the last.
  const numbers = await old.execute(
    'select count(*) as n, count(number) as numbered, count(distinct school_id || number) as distinct_numbers from students',
  );
  expect(numbers.rows[0].numbered).toBe(numbers.rows[0].n);
  expect(numbers.rows[0].distinct_numbers).toBe(numbers.rows[0].n);
  const [{ id: schoolId }] = (await old.execute('select id from schools')).rows;
  await old.batch(
    [
      {
        sql: `insert into users (id, school_id, role, name, email, password_hash, created_at, updated_at)
          values ('new-user', ?, 'student', 'New One', 'new-one@example.org', 'x', '', '')`,
        args: [schoolId],
      },
      {
        sql: `insert into students (id, school_id, user_id, roll_number, admission_number, date_of_birth, gender,
            admission_date, created_at, updated_at)
          values ('new-one', ?, 'new-user', 'X1', 'X1', '2014-01-01', 'female', '2026-11-25', '', '')`,
        args: [schoolId],
      },
    ],
    'write',
  );
  const { rows } = await old.execute(
    "select number, (select max(number) from students where id <> 'new-one') as last from students where id = 'new-one'",
  );
  expect(rows[0].number).toBe(Number(rows[0].last) + 1);
});

it('0009 counts the moved marks into the day totals, as the demo seed kept them mark by mark', async () => {
  const [mine] = files.filter((f) => f.startsWith('0009'));
  await old.batch(statementsOf(mine), 'write');
  const totals = async (client: Client) =>
    (
      await client.execute(
        `select school_id, date, class_id, marked, present, late, absent, excused from attendance_day_totals
         where marked <> 0 or present <> 0 or late <> 0 or absent <> 0 or excused <> 0 order by 1, 2, 3`,
      )
    ).rows.map((row) => ({ ...row }));
  const kept = await totals(demo);
  expect(kept.length).toBeGreaterThan(50);
  expect(await totals(old)).toEqual(kept);
});
