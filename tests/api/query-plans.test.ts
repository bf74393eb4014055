/**
 * The hot requests' SQL, as the app really runs it, must reach the attendance tables (millions of rows a year)
 * only through an index: SQLite's plan may SEARCH them, never SCAN them nor search them by school alone (in a
 * large school that is every row). Plans are taken without ANALYZE statistics, as a fresh D1 database has none.
 */
import type { Client } from '@libsql/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { sizesFor, TIME_ZONE } from '../../scripts/lib/large-school/plan';
import { buildLargeSchool, type LargeSchool } from '../../scripts/lib/large-school/school';
import { writeLargeSchool } from '../../scripts/lib/large-school/write';
import { openLibsql } from '../../scripts/lib/libsql-db';
import { dateInZone } from '../../worker/lib/time';
import { createTestApp, PASSWORD, signIn, type TestApp } from '../support/app';
import { hashOfPassword } from '../support/factories';
import { clientOf, planOf, readsOf, recordStatements, type Statement, wholeTableReads } from '../support/query-plans';

const ATTENDANCE_TABLES = [
  'attendance_registers',
  'attendance_marks',
  'attendance_day_totals',
  'student_attendance',
  'teacher_attendance',
] as const;
/** A mark is found by its register or by its student's number: either narrows the read to a few rows. */
const MARK_KEYS = ['register_id=?', 'student_number=?'];

/**
 * Whether a statement given a list of pupils (as JSON) walks every pupil or family link of the school to find them,
 * through a `(school_id, …)` index, rather than finding each by its key: 5 ms instead of 0.3 in a school of 5,000.
 */
function listedBySchool(stmt: Statement, plan: string[]): boolean {
  return (
    stmt.sql.includes('json_each') &&
    plan.some((line) => /^SEARCH (s|sp|students|student_parents) USING INDEX \S+ \(school_id=\?\)$/.test(line))
  );
}

let t: TestApp;
let school: LargeSchool;
let recorder: ReturnType<typeof recordStatements>;
/**
 * Plans come from a database of their own with the same schema: without statistics SQLite plans the same
 * whatever the rows, and libSQL leaves the plan of a write statement open, which would block later writes.
 */
let planner: Client;
const tokens = { admin: '', teacher: '', parent: '' };
/** Ten school days of marks are enough for the plans; the sample day is one of them. */
let days: string[];

beforeAll(async () => {
  t = await createTestApp();
  school = buildLargeSchool({
    sizes: sizesFor(0.02),
    passwordHash: await hashOfPassword(),
    today: dateInZone(t.clock.now, TIME_ZONE),
  });
  days = school.days.slice(-10);
  await writeLargeSchool(clientOf(t.db), school, { days });
  tokens.admin = await signIn(t, 'admin@large.school', PASSWORD);
  tokens.teacher = await signIn(t, school.manifest.teacher.email, PASSWORD, '/api/teachers/login');
  tokens.parent = await signIn(t, school.manifest.parentEmail, PASSWORD, '/api/students/parents/login');
  recorder = recordStatements(t);
  planner = (await openLibsql(':memory:')).client;
}, 60_000);

interface Hot {
  name: string;
  as: keyof typeof tokens;
  path: () => string;
  body?: () => unknown;
  /** Whether the request must read or write an attendance table (so an empty capture cannot pass). */
  touches: boolean;
  /** A key every read of an attendance table must search by: what narrows the request to its few rows. */
  key?: string;
}

const of40 = () => school.manifest.of40;
const sample = () => days[4];
const first = () => days[0];
const last = () => days.at(-1) as string;
const studentsOf40 = () => school.rows.students.filter((s) => s.classId === of40().id);

const HOT: Hot[] = [
  { name: 'dashboard summary', as: 'admin', path: () => '/api/dashboard/summary', touches: true },
  {
    name: 'class-and-date attendance view',
    as: 'admin',
    path: () => `/api/attendance/class-date?classId=${of40().id}&date=${sample()}`,
    touches: true,
    key: 'class_id=?',
  },
  {
    name: 'attendance list of a class and date',
    as: 'admin',
    path: () => `/api/attendance?classId=${of40().id}&date=${sample()}`,
    touches: true,
    key: 'class_id=?',
  },
  {
    name: 'register view',
    as: 'teacher',
    path: () => `/api/attendance/register?classId=${of40().id}&subjectId=${of40().subjectId}&date=${sample()}`,
    touches: true,
  },
  {
    name: "the teacher's week with its registers",
    as: 'teacher',
    path: () => '/api/schedules/weekly',
    touches: true,
    key: 'class_id=?',
  },
  {
    name: 'register mark',
    as: 'teacher',
    path: () => '/api/attendance/bulk',
    body: () => ({
      classId: of40().id,
      subjectId: of40().subjectId,
      date: school.free,
      records: studentsOf40().map((s, i) => ({ studentId: s.id, status: i % 9 === 0 ? 'absent' : 'present' })),
    }),
    touches: true,
  },
  {
    name: 'attendance summary cards',
    as: 'admin',
    path: () => `/api/attendance/summary?date=${sample()}`,
    touches: true,
    key: 'date=?',
  },
  {
    name: 'class attendance statistics',
    as: 'admin',
    path: () => `/api/attendance/class/${of40().id}?startDate=${first()}&endDate=${last()}`,
    touches: true,
    key: 'class_id=?',
  },
  {
    name: 'class attendance report',
    as: 'admin',
    path: () => `/api/classes/${of40().id}/reports/attendance?from=${first()}&to=${last()}`,
    touches: true,
    key: 'class_id=?',
  },
  {
    name: "a class's monthly attendance report",
    as: 'admin',
    path: () => `/api/reports/attendance/students?classId=${of40().id}&month=${last().slice(0, 7)}`,
    touches: true,
    key: 'class_id=?',
  },
  {
    name: 'staff monthly attendance report',
    as: 'admin',
    path: () => `/api/reports/attendance/staff?month=${last().slice(0, 7)}`,
    touches: true,
  },
  {
    name: "a student's attendance",
    as: 'admin',
    path: () => `/api/attendance/student/${school.manifest.student.id}?startDate=${first()}&endDate=${last()}`,
    touches: true,
    key: 'student_id=?',
  },
  {
    name: 'attendance overview of the students',
    as: 'admin',
    path: () => `/api/students/attendance-overview?classId=${of40().id}`,
    touches: true,
  },
  {
    name: "a teacher's yearly attendance",
    as: 'teacher',
    path: () => `/api/teachers/${school.manifest.teacher.id}/attendance?startDate=${school.days[0]}&endDate=${last()}`,
    touches: true,
    key: 'teacher_id=?',
  },
  {
    name: 'teacher attendance statistics',
    as: 'admin',
    path: () => `/api/teacher-attendance/stats?startDate=${school.days[0]}&endDate=${last()}`,
    touches: true,
  },
  {
    name: 'teacher attendance range',
    as: 'teacher',
    path: () => `/api/teacher-attendance/range?teacherId=own&startDate=${school.days[0]}&endDate=${last()}`,
    touches: true,
    key: 'teacher_id=?',
  },
  {
    name: 'teacher attendance of a day',
    as: 'admin',
    path: () => `/api/teacher-attendance?date=${sample()}`,
    touches: true,
    key: 'date=?',
  },
  { name: 'student list page', as: 'admin', path: () => '/api/students?page=1&limit=50', touches: false },
  { name: 'student statistics', as: 'admin', path: () => '/api/students/stats', touches: false },
  {
    name: 'weekly timetable of a class',
    as: 'admin',
    path: () => `/api/schedules/weekly?classId=${of40().id}`,
    touches: false,
  },
  {
    name: "a teacher's weekly timetable",
    as: 'teacher',
    path: () => `/api/schedules/teacher/${school.manifest.teacher.id}`,
    touches: false,
  },
  { name: 'fees due list', as: 'admin', path: () => '/api/fees/due', touches: false },
  { name: 'fees due list of a class', as: 'admin', path: () => `/api/fees/due?classId=${of40().id}`, touches: false },
  { name: "a parent's children", as: 'parent', path: () => '/api/family/children', touches: false },
  {
    name: "a parent's view of a child",
    as: 'parent',
    path: () => `/api/family/children/${school.manifest.student.id}/overview`,
    touches: true,
    key: 'student_id=?',
  },
];

const mentions = (stmt: Statement, tables: readonly string[]) => tables.some((table) => stmt.sql.includes(table));

/** Runs one hot request and answers the statements it ran. */
async function capture(hot: Hot): Promise<Statement[]> {
  recorder.take();
  const body = hot.body?.();
  const res = await t.request(hot.path(), {
    method: body === undefined ? 'GET' : 'POST',
    token: tokens[hot.as],
    json: body,
  });
  expect(res.status, hot.name).toBe(200);
  return recorder.take();
}

/** What the plans of a request's statements do wrong: whole-table reads, or reads not narrowed by the request's key. */
async function misreads(hot: Hot, statements: Statement[], client: Client): Promise<string[]> {
  const wrong: string[] = [];
  for (const stmt of statements) {
    if (!mentions(stmt, ATTENDANCE_TABLES)) continue;
    const plan = await planOf(client, stmt);
    const key = hot.key;
    const marks = readsOf(stmt, plan, ['attendance_marks']);
    const unkeyed = key
      ? readsOf(stmt, plan, ATTENDANCE_TABLES).filter(
          (line) =>
            !line.includes(key) &&
            !line.includes('(rowid=?)') &&
            !(marks.includes(line) && MARK_KEYS.some((k) => line.includes(k))),
        )
      : [];
    for (const line of [...wholeTableReads(stmt, plan, ATTENDANCE_TABLES), ...unkeyed])
      wrong.push(`${line}\n    in: ${stmt.sql}`);
  }
  return wrong;
}

describe('query plans of the hot requests', () => {
  it.each(HOT)('$name reads the attendance tables only through an index', async (hot) => {
    const statements = await capture(hot);
    expect(statements.length).toBeGreaterThan(0);
    if (hot.touches) expect(statements.some((s) => mentions(s, ATTENDANCE_TABLES))).toBe(true);
    expect(await misreads(hot, statements, planner)).toEqual([]);
  });

  it('reads what is owed from the kept rows through their indexes, never laying out the instalments again', async () => {
    const FEE_TABLES = ['fee_dues', 'fee_student_totals'];
    const TOTALS = 'fee_student_totals USING COVERING INDEX fee_student_totals_class_idx (school_id=?)';
    // Each hot request's fee reads and the index each must use: the school's students' sums, the unpaid rows
    // by due date (the school's, a class's), a student's rows.
    const expected: [string, string[]][] = [
      ['dashboard summary', [TOTALS]],
      ['fees due list', ['fee_dues USING INDEX fee_dues_school_unpaid_idx (school_id=?)', TOTALS]],
      [
        'fees due list of a class',
        ['fee_dues USING INDEX fee_dues_class_unpaid_idx', `${TOTALS.slice(0, -1)} AND class_id=?)`],
      ],
      ["a parent's view of a child", ['fee_dues USING PRIMARY KEY (student_id=?)']],
    ];
    for (const [name, indexes] of expected) {
      const hot = HOT.find((h) => h.name === name) as Hot;
      const statements = (await capture(hot)).filter((stmt) => mentions(stmt, FEE_TABLES));
      expect(statements.length, name).toBeGreaterThan(0);
      const reads: string[] = [];
      for (const stmt of statements) {
        expect(stmt.sql, name).not.toMatch(/json_each|fee_assignments|fee_collections/);
        const plan = await planOf(planner, stmt);
        reads.push(...readsOf(stmt, plan, FEE_TABLES));
        // A page of dues comes in its order from the index: no sorting of every unpaid row first.
        const sorts = plan.filter((line) => line.detail.includes('TEMP B-TREE'));
        if (name.startsWith('fees due list'))
          expect(
            sorts.map((line) => line.detail),
            name,
          ).toEqual([]);
      }
      expect(
        reads.filter((line) => line.startsWith('SCAN')),
        name,
      ).toEqual([]);
      for (const index of indexes)
        expect(
          reads.some((line) => line.includes(index)),
          `${name}: ${index} in ${reads}`,
        ).toBe(true);
    }
  });

  it('reads the fee reports through indexes that start with the school and narrow it to the period', async () => {
    const FEE_TABLES = ['fee_collections', 'fee_dues', 'fee_structures', 'classes', 'fee_categories'];
    const year = await t.request('/api/reports/fees/accounts', { token: tokens.admin });
    expect(year.status).toBe(200);
    const paths = [
      ...['period', 'class', 'category', 'method'].map(
        (groupBy) => `/api/reports/fees/collection?from=${school.days[0]}&to=${last()}&groupBy=${groupBy}`,
      ),
      '/api/reports/fees/accounts',
      '/api/reports/overview',
    ];
    for (const path of paths) {
      const statements = (await capture({ name: path, as: 'admin', path: () => path, touches: false })).filter((stmt) =>
        mentions(stmt, ['fee_collections', 'fee_dues']),
      );
      expect(statements.length, path).toBeGreaterThan(0);
      const wrong: string[] = [];
      for (const stmt of statements) {
        const plan = await planOf(planner, stmt);
        for (const line of wholeTableReads(stmt, plan, FEE_TABLES)) wrong.push(`${line}\n    in: ${stmt.sql}`);
        const reads = readsOf(stmt, plan, ['fee_collections', 'fee_dues']);
        // Payments by their date, owed instalments by their due date, a student's payments by the student.
        for (const line of reads)
          if (!/\(school_id=\? AND (paid_on>|due_date>|student_id=\?)/.test(line))
            wrong.push(`${line}\n    in: ${stmt.sql}`);
      }
      expect(wrong, path).toEqual([]);
    }
  });

  it('reads and writes a mark sheet through the marks’ key, finding the listed students by their ids', async () => {
    const { rows } = await clientOf(t.db).execute({
      sql: 'select id from assessments where class_id = ? and subject_id = ? order by id desc limit 1',
      args: [of40().id, of40().subjectId],
    });
    const path = () => `/api/grades/assessments/${rows[0].id}/marks`;
    const marks = () => ({
      marks: studentsOf40().map((s, i) => ({ studentId: s.id, status: 'scored', score: 1 + (i % 5) })),
    });
    const sheet = await capture({ name: 'mark sheet', as: 'teacher', path, touches: false });
    recorder.take();
    const put = await t.request(path(), { method: 'PUT', token: tokens.teacher, json: marks() });
    expect(put.status).toBe(200);
    const wrong: string[] = [];
    for (const stmt of [...sheet, ...recorder.take()]) {
      const plan = (await planOf(planner, stmt)).map((line) => line.detail);
      for (const line of wholeTableReads(
        stmt,
        plan.map((detail) => ({ detail })),
        ['assessment_marks', 'assessments'],
      ))
        wrong.push(`${line}\n    in: ${stmt.sql}`);
      if (listedBySchool(stmt, plan)) wrong.push(`${plan.join(' / ')}\n    in: ${stmt.sql}`);
    }
    expect(wrong).toEqual([]);
  });

  it("corrects and deletes one mark of today's register, its absence alert with it, through the indexes", async () => {
    const today = dateInZone(t.clock.now, TIME_ZONE);
    const register = await t.request('/api/attendance/bulk', {
      method: 'POST',
      token: tokens.teacher,
      json: {
        classId: of40().id,
        subjectId: of40().subjectId,
        date: today,
        records: studentsOf40().map((s, i) => ({ studentId: s.id, status: i === 0 ? 'absent' : 'present' })),
      },
    });
    expect(register.status).toBe(200);
    const [absent, present] = ((await register.json()) as { data: { records: { _id: string }[] } }).data.records;
    const hot: Hot = { name: 'mark correction', as: 'teacher', path: () => '', touches: true };
    // The register itself, with the day's alert reads: its pupils and their families found by their keys.
    const saved = recorder.take();
    expect(saved.some((s) => s.sql.includes('student_parents'))).toBe(true);
    const listed: string[] = [];
    for (const stmt of saved) {
      const plan = (await planOf(planner, stmt)).map((line) => line.detail);
      if (listedBySchool(stmt, plan)) listed.push(`${plan.join(' / ')}\n    in: ${stmt.sql}`);
    }
    expect(listed).toEqual([]);
    const calls = [
      { method: 'PUT', id: present._id, token: tokens.teacher, json: { status: 'absent' } },
      { method: 'PUT', id: absent._id, token: tokens.teacher, json: { status: 'present' } },
      { method: 'DELETE', id: present._id, token: tokens.admin, json: undefined },
    ];
    const statements: Statement[] = [];
    for (const call of calls) {
      const res = await t.request(`/api/attendance/${call.id}`, call);
      expect(res.status, `${call.method} ${call.id}`).toBe(200);
      statements.push(...recorder.take());
    }
    // The alert was made, then withdrawn: its statements ran and were planned too.
    expect(statements.some((s) => s.sql.includes('insert into "messages"'))).toBe(true);
    expect(statements.some((s) => s.sql.includes('delete from "messages"'))).toBe(true);
    expect(await misreads(hot, statements, planner)).toEqual([]);
  });

  it('notices a whole-table read when an index the queries need is missing', async () => {
    const hot = HOT[1];
    const statements = await capture(hot);
    const { client } = await openLibsql(':memory:');
    await client.execute('drop index attendance_registers_class_date_subject_unique');
    expect(await misreads(hot, statements, client)).not.toEqual([]);
  });
});
