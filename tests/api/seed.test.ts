import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openLibsql } from '../../scripts/lib/libsql-db';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { isSeeded, seedDemo } from '../../scripts/lib/seed-demo';
import type { Database } from '../../worker/db/database';
import { addDays, weekdayOf } from '../../worker/lib/time';

/** Wednesday 25 November 2026, 11:30 in Pune. */
const NOW = new Date('2026-11-25T06:00:00Z');
const NOW_IN_PUNE = '11:30';
const TODAY = '2026-11-25';

let db: Database;
let schoolId: string;
let counts: Record<string, number>;
let seconds: number;
let seededBefore: boolean;
let passwordHash: string;

const rows = <T>(query: ReturnType<typeof sql>) => db.all<T>(query);
const one = async <T>(query: ReturnType<typeof sql>) => (await db.all<T>(query))[0];

beforeAll(async () => {
  ({ db } = await openLibsql(':memory:'));
  passwordHash = await nodeHasher.hash('demo1234');
  seededBefore = await isSeeded(db);
  const started = performance.now();
  ({ schoolId, counts } = await seedDemo(db, { passwordHash, now: NOW }));
  seconds = (performance.now() - started) / 1000;
}, 30_000);

describe('seedDemo', () => {
  it('is noticed by isSeeded (its time is printed; speed goals live in the bench)', async () => {
    expect(seededBefore).toBe(false);
    expect(await isSeeded(db)).toBe(true);
    console.log(`demo seed: ${seconds.toFixed(2)} s`, counts);
  });

  it('writes the school as configured', async () => {
    const school = await one<Record<string, string>>(sql`select * from schools where id = ${schoolId}`);
    expect(school).toMatchObject({
      name: 'Greenwood International School',
      code: 'DEMO',
      academic_board: 'CBSE',
      academic_year: '2026-2027',
      year_start_month: 4,
      semester: 'Annual',
      time_zone: 'Asia/Kolkata',
      currency: 'INR',
      language: 'en',
    });
  });

  it('has the four demo sign-ins with their roles, all with the demo password', async () => {
    const accounts = await rows<{ email: string; role: string; name: string }>(
      sql`select email, role, name from users where email in ('admin@demo.school', 'teacher@demo.school', 'student@demo.school', 'parent@demo.school') order by email`,
    );
    expect(accounts).toEqual([
      { email: 'admin@demo.school', role: 'school_admin', name: 'Priya Sharma' },
      { email: 'parent@demo.school', role: 'parent', name: expect.any(String) },
      { email: 'student@demo.school', role: 'student', name: expect.any(String) },
      { email: 'teacher@demo.school', role: 'teacher', name: 'Rahul Verma' },
    ]);
    const admin = await one<{ password_hash: string }>(
      sql`select password_hash from users where email = 'admin@demo.school'`,
    );
    expect(await nodeHasher.verify(admin.password_hash, 'demo1234')).toBe(true);
    const hashes = await one<{ n: number; other: number }>(
      sql`select count(*) n, sum(password_hash <> ${passwordHash}) other from users where school_id = ${schoolId}`,
    );
    expect(hashes.other).toBe(0);
    const emails = await one<{ n: number; distinct_n: number; outside: number }>(
      sql`select count(*) n, count(distinct email) distinct_n, sum(email not like '%@demo.school' or email <> lower(email)) outside from users`,
    );
    expect(emails.n).toBe(emails.distinct_n);
    expect(emails.outside).toBe(0);
  });

  it('has 10 classes, 8 teachers and 200 students, 20 to a class with rolls 1 to 20', async () => {
    const totals = await one<Record<string, number>>(sql`select
      (select count(*) from classes) classes,
      (select count(*) from teachers) teachers,
      (select count(*) from users where role = 'teacher') teacher_users,
      (select count(*) from students) students,
      (select count(*) from users where role = 'student') student_users,
      (select count(*) from classes where capacity = 40 and teacher_id is not null and academic_year = '2026-2027') full_classes`);
    expect(totals).toEqual({
      classes: 10,
      teachers: 8,
      teacher_users: 8,
      students: 200,
      student_users: 200,
      full_classes: 10,
    });
    const perClass = await rows<{ n: number; rolls: number; low: number; high: number }>(sql`
      select count(*) n, count(distinct roll_number) rolls, min(roll_number + 0) low, max(roll_number + 0) high
      from students group by class_id`);
    expect(perClass).toHaveLength(10);
    for (const c of perClass) expect(c).toEqual({ n: 20, rolls: 20, low: 1, high: 20 });
    const statuses = await rows<{ status: string; n: number }>(
      sql`select status, count(*) n from students group by status order by status`,
    );
    expect(statuses).toEqual([
      { status: 'active', n: 195 },
      { status: 'inactive', n: 5 },
    ]);
    const newThisMonth = await one<{ n: number }>(
      sql`select count(*) n from students where admission_date between '2026-11-01' and ${TODAY}`,
    );
    expect(newThisMonth.n).toBe(5);
    expect(await one(sql`select count(*) n from students where admission_date > ${TODAY}`)).toEqual({ n: 0 });
    // Most joined for this year; their numbers and ages are this year's.
    const intake = await one<{ n: number; numbered: number; grade6: number }>(sql`select
      sum(admission_date >= '2026-03-15') n, sum(admission_number like 'ADM2026%') numbered,
      sum(c.name = '6' and date_of_birth between '2014-04-01' and '2015-03-31') grade6
      from students s join classes c on c.id = s.class_id`);
    expect(intake.n).toBeGreaterThan(140);
    expect(intake.numbered).toBe(200);
    expect(intake.grade6).toBe(40);
  });

  it('puts the demo student in 8-A with roll 1, and the demo parent has exactly two children', async () => {
    const student = await one<{ name: string; section: string; roll: string }>(sql`
      select c.name, c.section, s.roll_number roll from students s
      join users u on u.id = s.user_id join classes c on c.id = s.class_id
      where u.email = 'student@demo.school'`);
    expect(student).toEqual({ name: '8', section: 'A', roll: '1' });
    const children = await rows<{ grade: string; section: string; relation: string; email: string }>(sql`
      select c.name grade, c.section, sp.relation, su.email from student_parents sp
      join parents p on p.id = sp.parent_id join users pu on pu.id = p.user_id
      join students s on s.id = sp.student_id join users su on su.id = s.user_id
      join classes c on c.id = s.class_id
      where pu.email = 'parent@demo.school' order by c.name + 0`);
    expect(children).toHaveLength(2);
    expect(children.map((c) => `${c.grade}${c.section} ${c.relation}`)).toEqual(['6B father', '8A father']);
    expect(children[1].email).toBe('student@demo.school');
  });

  it('gives every student at least one parent, and each a parent sign-in', async () => {
    const orphans = await one<{ n: number }>(
      sql`select count(*) n from students s where not exists (select 1 from student_parents sp where sp.student_id = s.id)`,
    );
    expect(orphans.n).toBe(0);
    const parentAccounts = await one<{ parents: number; users: number; shared: number }>(sql`select
      (select count(*) from parents) parents,
      (select count(*) from users where role = 'parent') users,
      (select count(*) from (select parent_id from student_parents group by parent_id having count(*) > 1)) shared`);
    expect(parentAccounts.parents).toBe(parentAccounts.users);
    expect(parentAccounts.shared).toBeGreaterThanOrEqual(2);
  });

  it('has the seven departments and their staff', async () => {
    const names = await rows<{ name: string }>(sql`select name from departments order by name`);
    expect(names.map((d) => d.name)).toEqual([
      'Administration',
      'Finance',
      'HR',
      'IT',
      'Library',
      'Maintenance',
      'Transport',
    ]);
    const staff = await one<{ n: number; inactive: number; departments: number }>(sql`
      select count(*) n, sum(status = 'inactive') inactive, count(distinct department_id) departments from employees`);
    expect(staff.n).toBeGreaterThanOrEqual(10);
    expect(staff.inactive).toBe(2);
    expect(staff.departments).toBe(7);
  });

  it('has a timetable without clashes for teachers or classes', async () => {
    const clashes = await rows(sql`
      select a.id, b.id from schedules a join schedules b
        on a.school_id = b.school_id and a.day_of_week = b.day_of_week
       and (a.teacher_id = b.teacher_id or a.class_id = b.class_id)
       and a.start_time < b.end_time and b.start_time < a.end_time and a.id <> b.id`);
    expect(clashes).toEqual([]);
    const mismatched = await one<{ n: number }>(sql`
      select count(*) n from schedules sc left join subjects su
        on su.id = sc.subject_id and su.teacher_id = sc.teacher_id and su.class_id = sc.class_id
      where su.id is null`);
    expect(mismatched.n).toBe(0);
    const perDay = await one<{ low: number; high: number; days: number }>(sql`
      select min(n) low, max(n) high, count(*) days from
        (select class_id, day_of_week, count(*) n from schedules group by class_id, day_of_week)`);
    expect(perDay.days).toBe(50);
    expect(perDay.low).toBeGreaterThanOrEqual(4);
    expect(perDay.high).toBeLessThanOrEqual(6);
    const rahulDays = await rows<{ day: string }>(sql`
      select distinct sc.day_of_week day from schedules sc join teachers t on t.id = sc.teacher_id
      join users u on u.id = t.user_id where u.email = 'teacher@demo.school'`);
    expect(rahulDays.map((d) => d.day).sort()).toEqual(['Friday', 'Monday', 'Thursday', 'Tuesday', 'Wednesday']);
    const rooms = await one<{ n: number }>(sql`
      select count(*) n from schedules sc join classes c on c.id = sc.class_id where sc.room is not c.room`);
    expect(rooms.n).toBe(0);
  });

  it('gives each subject row a teacher who lists that subject, and 6 to 8 subjects per class', async () => {
    const subjects = await rows<{ name: string; teacher_subjects: string; class_id: string }>(sql`
      select su.name, t.subjects teacher_subjects, su.class_id from subjects su join teachers t on t.id = su.teacher_id`);
    expect(subjects.length).toBe(counts.subjects);
    for (const s of subjects) expect(JSON.parse(s.teacher_subjects)).toContain(s.name);
    const perClass = new Map<string, number>();
    for (const s of subjects) perClass.set(s.class_id, (perClass.get(s.class_id) ?? 0) + 1);
    expect(perClass.size).toBe(10);
    for (const n of perClass.values()) expect(n).toBeGreaterThanOrEqual(6);
    for (const n of perClass.values()) expect(n).toBeLessThanOrEqual(8);
    const rahul = await one<{ subjects: string }>(sql`
      select t.subjects from teachers t join users u on u.id = t.user_id where u.email = 'teacher@demo.school'`);
    expect(JSON.parse(rahul.subjects)[0]).toBe('Mathematics');
  });

  it('has attendance on the last 30 school days, never on a weekend, a holiday or after today', async () => {
    const dates = (await rows<{ date: string }>(sql`select distinct date from student_attendance order by date`)).map(
      (d) => d.date,
    );
    expect(dates).toHaveLength(30);
    expect(dates.at(-1)).toBe(TODAY);
    // Within the academic year today falls in (April 2026 to March 2027).
    expect(dates[0] >= '2026-04-01').toBe(true);
    for (const date of dates) expect([0, 6]).not.toContain(weekdayOf(date));
    const holidays = await rows<{ date: string }>(sql`select date from important_dates where type = 'holiday'`);
    for (const { date } of holidays) expect(dates).not.toContain(date);
    // Every weekday in the window that is not a holiday has attendance.
    for (let d = dates[0]; d <= TODAY; d = addDays(d, 1))
      if (![0, 6].includes(weekdayOf(d)) && !holidays.some((h) => h.date === d)) expect(dates).toContain(d);

    for (const table of ['teacher_attendance', 'employee_attendance'] as const) {
      const staff = await one<{ days: number; first: string; last: string }>(
        sql`select count(distinct date) days, min(date) first, max(date) last from ${sql.identifier(table)}`,
      );
      expect(staff).toEqual({ days: 30, first: dates[0], last: TODAY });
    }
    expect(await one(sql`select count(*) n from teacher_attendance`)).toEqual({ n: 8 * 30 });
  });

  it('marks each active student once per period, as the period’s teacher, mostly present', async () => {
    const wrong = await one<{ n: number }>(sql`
      select count(*) n from student_attendance a
      join students s on s.id = a.student_id
      join teachers t on t.id = a.teacher_id
      left join schedules sc on sc.class_id = a.class_id and sc.subject_id = a.subject_id and sc.teacher_id = a.teacher_id
        and sc.day_of_week = case cast(strftime('%w', a.date) as integer)
          when 1 then 'Monday' when 2 then 'Tuesday' when 3 then 'Wednesday' when 4 then 'Thursday' else 'Friday' end
      where sc.id is null or s.status <> 'active' or s.class_id <> a.class_id or a.marked_by <> t.user_id
        or s.admission_date > a.date or a.marked_at > ${NOW.toISOString()}`);
    expect(wrong.n).toBe(0);
    // Every active student has a mark for every lesson of their class on a school day they were enrolled.
    const expected = await one<{ n: number }>(sql`
      select count(*) n from (select distinct date from student_attendance) d
      join schedules sc on sc.day_of_week = case cast(strftime('%w', d.date) as integer)
          when 1 then 'Monday' when 2 then 'Tuesday' when 3 then 'Wednesday' when 4 then 'Thursday' else 'Friday' end
      join students s on s.class_id = sc.class_id and s.status = 'active' and s.admission_date <= d.date
      where d.date < ${TODAY} or sc.start_time <= ${NOW_IN_PUNE}`);
    expect(counts.student_attendance).toBe(expected.n);
    // Today, only the periods that have begun on the school's clock (11:30 in Pune) have a register.
    expect(await one(sql`select count(*) > 0 n from student_attendance where date = ${TODAY}`)).toEqual({ n: 1 });
    const statuses = await rows<{ status: string; n: number }>(
      sql`select status, count(*) n from student_attendance group by status`,
    );
    const present = statuses.find((s) => s.status === 'present')!.n / counts.student_attendance;
    expect(present).toBeGreaterThan(0.85);
    expect(present).toBeLessThan(0.95);
    expect(statuses.map((s) => s.status).sort()).toEqual(['absent', 'excused', 'late', 'present']);
  });

  it('has a dozen important dates around today, some scoped to a few classes', async () => {
    const dates = await rows<{ date: string; apply_to_all_classes: number; classes: number }>(sql`
      select d.date, d.apply_to_all_classes, count(dc.class_id) classes from important_dates d
      left join important_date_classes dc on dc.important_date_id = d.id group by d.id`);
    expect(dates.length).toBeGreaterThanOrEqual(12);
    const future = dates.filter((d) => d.date > TODAY && d.date <= addDays(TODAY, 60));
    expect(future.length).toBeGreaterThan(dates.length / 2);
    expect(dates.some((d) => d.date < TODAY)).toBe(true);
    for (const d of dates) {
      if (d.apply_to_all_classes) expect(d.classes).toBe(0);
      else expect(d.classes).toBeGreaterThanOrEqual(1);
      if (!d.apply_to_all_classes) expect(d.classes).toBeLessThanOrEqual(3);
    }
    const types = await rows<{ type: string }>(sql`select distinct type from important_dates order by type`);
    expect(types.map((t) => t.type)).toEqual(['deadline', 'event', 'exam', 'holiday', 'meeting', 'other']);
  });

  it('has fee structures for every class and numbered receipts for about 60% of students', async () => {
    const structures = await one<{ n: number; classes: number; categories: number }>(
      sql`select count(*) n, count(distinct class_id) classes, count(distinct category_id) categories from fee_structures`,
    );
    expect(structures).toEqual({ n: 40, classes: 10, categories: 4 });
    // Due across this year: the start-of-year fees are past, the exam fee falls due next month.
    const due = await rows<{ due_date: string; year: string; n: number }>(sql`
      select due_date, academic_year year, count(*) n from fee_structures group by due_date order by due_date`);
    expect(due).toEqual([
      { due_date: '2026-04-10', year: '2026-2027', n: 10 },
      { due_date: '2026-04-15', year: '2026-2027', n: 10 },
      { due_date: '2026-04-30', year: '2026-2027', n: 10 },
      { due_date: '2026-12-10', year: '2026-2027', n: 10 },
    ]);
    const early = await one<{ n: number }>(sql`select count(*) n from fee_collections where paid_on < '2026-03-15'`);
    expect(early.n).toBe(0);
    const paid = await one<{
      students: number;
      collections: number;
      receipts: number;
      linked: number;
      partial: number;
    }>(sql`
      select count(distinct c.student_id) students, count(*) collections,
        (select count(*) from fee_receipts) receipts,
        sum(r.id is not null and r.amount_minor = c.amount_minor and r.student_id = c.student_id) linked,
        sum(c.amount_minor < fs.amount_minor) partial
      from fee_collections c left join fee_receipts r on r.id = c.receipt_id
      join fee_structures fs on fs.id = c.structure_id`);
    expect(paid.students).toBeGreaterThan(100);
    expect(paid.students).toBeLessThan(140);
    expect(paid.receipts).toBe(paid.collections);
    expect(paid.linked).toBe(paid.collections);
    expect(paid.partial).toBeGreaterThan(0);
    const numbers = await one<{ low: number; high: number; n: number }>(
      sql`select min(number) low, max(number) high, count(distinct number) n from fee_receipts`,
    );
    expect(numbers).toEqual({ low: 1, high: paid.receipts, n: paid.receipts });
  });

  it('lays fees out in instalments, assigns transport to some pupils only, and takes payments only for what is owed', async () => {
    const kinds = await rows<{ name: string; optional: number; instalments: number }>(sql`
      select distinct c.name, fs.optional, json_array_length(coalesce(fs.due_dates, json_array(fs.due_date))) instalments
      from fee_structures fs join fee_categories c on c.id = fs.category_id order by c.name`);
    expect(kinds).toEqual([
      { name: 'Exam Fee', optional: 0, instalments: 1 },
      { name: 'Library Fee', optional: 0, instalments: 1 },
      { name: 'Transport Fee', optional: 1, instalments: 12 },
      { name: 'Tuition Fee', optional: 0, instalments: 4 },
    ]);
    const transport = await one<{ takers: number; active: number; demo: number; charged: number }>(sql`
      select (select count(*) from fee_assignments a join fee_structures fs on fs.id = a.structure_id
          join fee_categories c on c.id = fs.category_id where c.name = 'Transport Fee') takers,
        (select count(*) from students where status = 'active') active,
        (select count(*) from fee_assignments a join students s on s.id = a.student_id
          join users u on u.id = s.user_id where u.email = 'student@demo.school') demo,
        (select count(*) from fee_assignments a join fee_structures fs on fs.id = a.structure_id
          join fee_categories c on c.id = fs.category_id where c.name = 'Library Fee') charged`);
    expect(transport.takers).toBeGreaterThan(transport.active * 0.2);
    expect(transport.takers).toBeLessThan(transport.active * 0.5);
    expect(transport.demo).toBe(1);
    expect(transport.charged).toBe(2);
    // Pupils admitted during the year, who owe nothing that fell due before they came.
    const midYear = await one<{ n: number }>(sql`select count(*) n from students where admission_date > '2026-06-01'`);
    expect(midYear.n).toBeGreaterThan(10);
    const notOwed = await one<{ n: number }>(sql`
      select count(*) n from fee_collections c join fee_structures fs on fs.id = c.structure_id
      join students s on s.id = c.student_id
      left join fee_assignments a on a.structure_id = fs.id and a.student_id = s.id
      where not (case when fs.optional then a.student_id is not null
          and json_extract(coalesce(fs.due_dates, json_array(fs.due_date)), '$[' || (c.instalment - 1) || ']') >= s.admission_date
        else json_extract(coalesce(fs.due_dates, json_array(fs.due_date)), '$[' || (c.instalment - 1) || ']') >= s.admission_date
          or a.student_id is not null end)`);
    expect(notOwed.n).toBe(0);
    const payers = await one<{ n: number; named: number }>(
      sql`select count(*) n, count(payer) named from fee_receipts`,
    );
    expect(payers.named).toBe(payers.n);
  });

  it('has complaints and activity', async () => {
    expect(counts.complaints).toBe(6);
    expect(counts.activity_logs).toBeGreaterThan(0);
    const future = await one<{ n: number }>(sql`select count(*) n from complaints where date > ${TODAY}`);
    expect(future.n).toBe(0);
  });

  it('reports counts that match the tables', async () => {
    for (const [table, n] of Object.entries(counts))
      expect(await one(sql`select count(*) n from ${sql.identifier(table)}`)).toEqual({ n });
  });
});

describe('seedDemo, again', () => {
  it('gives the same names, timetable and marks for the same moment', async () => {
    const other = (await openLibsql(':memory:')).db;
    await seedDemo(other, { passwordHash: 'not-a-real-hash', now: NOW });
    const fingerprint = async (target: Database) => ({
      users: await target.all(sql`select role, name, email, phone from users order by email`),
      timetable: await target.all(sql`
        select c.name, c.section, sc.day_of_week, sc.start_time, su.name subject, u.name teacher from schedules sc
        join classes c on c.id = sc.class_id join subjects su on su.id = sc.subject_id
        join teachers t on t.id = sc.teacher_id join users u on u.id = t.user_id
        order by c.name, c.section, sc.day_of_week, sc.start_time`),
      marks: await target.all(sql`
        select u.email, su.name, a.date, a.status, a.remarks from student_attendance a
        join students s on s.id = a.student_id join users u on u.id = s.user_id
        join subjects su on su.id = a.subject_id
        order by u.email, a.date, su.name`),
      fees: await target.all(sql`
        select r.number, u.email, c.amount_minor, c.method, c.paid_on from fee_collections c
        join fee_receipts r on r.id = c.receipt_id join students s on s.id = c.student_id
        join users u on u.id = s.user_id order by r.number`),
    });
    const [a, b] = [await fingerprint(db), await fingerprint(other)];
    expect(b.users).toEqual(a.users);
    expect(b.timetable).toEqual(a.timetable);
    expect(b.fees).toEqual(a.fees);
    expect(b.marks.length).toBe(a.marks.length);
    expect(b.marks).toEqual(a.marks);
  }, 30_000);

  it('lives in the year of its own today: a seed on the first morning of a year has no history before it', async () => {
    const { db: target } = await openLibsql(':memory:');
    // 00:30 on 1 April 2027 in Pune, still 31 March in UTC: the new year has begun at the school.
    await seedDemo(target, { passwordHash: 'x', now: new Date('2027-03-31T19:00:00Z') });
    const school = await target.all<{ year: string }>(sql`select academic_year year from schools`);
    expect(school).toEqual([{ year: '2027-2028' }]);
    const span = await target.all(sql`select
      (select min(date) from student_attendance) first_mark, (select max(date) from student_attendance) last_mark,
      (select min(date) from teacher_attendance) first_staff, (select min(date) from complaints) first_complaint,
      (select count(*) from fee_structures where academic_year <> '2027-2028' or due_date < '2027-04-01') other_fees`);
    expect(span).toEqual([
      {
        // At half past midnight no period has begun: no register is taken yet.
        first_mark: null,
        last_mark: null,
        first_staff: '2027-04-01',
        first_complaint: '2027-04-01',
        other_fees: 0,
      },
    ]);
  }, 30_000);

  it('holds a gradebook: two terms, every subject assessed so far, every pupil marked, Term 1 published', async () => {
    const yearTerms = await rows<{ name: string; start_date: string; end_date: string; held: number }>(sql`
      select t.name, t.start_date, t.end_date, count(distinct a.title) held
      from terms t left join assessments a on a.term_id = t.id
      where t.school_id = ${schoolId} group by t.id order by t.start_date`);
    expect(yearTerms).toEqual([
      { name: 'Term 1', start_date: '2026-04-01', end_date: '2026-09-30', held: 5 },
      // Late November: Term 2's first unit test and its quiz are behind, the project, second test and exam ahead.
      { name: 'Term 2', start_date: '2026-10-01', end_date: '2027-03-31', held: 2 },
    ]);
    // Every subject of every class has each assessment once, set and marked by the subject's own teacher.
    const perSubject = await one<{
      subjects: number;
      low: number;
      high: number;
      strangers: number;
      future: number;
    }>(sql`
      select count(*) subjects, min(n) low, max(n) high, sum(strangers) strangers, sum(future) future from (
        select s.id, count(a.id) n,
          sum(a.created_by is not (select user_id from teachers where id = s.teacher_id)) strangers,
          sum(a.date >= ${TODAY}) future
        from subjects s left join assessments a on a.subject_id = s.id
        where s.school_id = ${schoolId} and s.class_id is not null group by s.id)`);
    expect(perSubject).toMatchObject({ low: 7, high: 7, strangers: 0, future: 0 });
    expect(perSubject.subjects).toBeGreaterThan(50);
    // One mark per pupil enrolled by the day; scores within each paper's maximum, a few papers missed.
    const marks = await one<{ missing: number; extra: number; over: number; absent: number; scored: number }>(sql`
      select
        (select count(*) from assessments a join students st on st.class_id = a.class_id and st.status = 'active'
          and st.admission_date <= a.date
          where a.school_id = ${schoolId}
          and not exists (select 1 from assessment_marks m where m.assessment_id = a.id and m.student_number = st.number)) missing,
        (select count(*) from assessment_marks m join assessments a on a.id = m.assessment_id
          join students st on st.school_id = a.school_id and st.number = m.student_number
          where a.school_id = ${schoolId} and (st.class_id is not a.class_id or st.admission_date > a.date)) extra,
        (select count(*) from assessment_marks m join assessments a on a.id = m.assessment_id
          where a.school_id = ${schoolId} and (m.score > a.max_score or m.score < 0)) over,
        (select count(*) from assessment_marks m join assessments a on a.id = m.assessment_id
          where a.school_id = ${schoolId} and m.status = 1 and m.score is null) absent,
        (select count(*) from assessment_marks m join assessments a on a.id = m.assessment_id
          where a.school_id = ${schoolId} and m.status = 0 and m.score is not null) scored`);
    expect(marks).toMatchObject({ missing: 0, extra: 0, over: 0 });
    expect(marks.absent).toBeGreaterThan(0);
    expect(marks.absent / marks.scored).toBeLessThan(0.05);
    // Families see Term 1's report cards: it ended, and the office published them for every class.
    const published = await rows<{ term: string; classes: number }>(sql`
      select t.name term, count(*) classes from report_publications p join terms t on t.id = p.term_id
      where p.school_id = ${schoolId} group by t.name`);
    expect(published).toEqual([{ term: 'Term 1', classes: 10 }]);
  });

  it('takes back a half-written school when a later batch fails', async () => {
    const { db: target } = await openLibsql(':memory:');
    let calls = 0;
    const failing = new Proxy(target, {
      get(object, prop, receiver) {
        if (prop === 'batch')
          return (items: Parameters<Database['batch']>[0]) => {
            calls += 1;
            if (calls === 3) return Promise.reject(new Error('connection lost'));
            return object.batch(items);
          };
        return Reflect.get(object, prop, receiver);
      },
    }) as Database;
    await expect(seedDemo(failing, { passwordHash: 'x', now: NOW })).rejects.toThrow('connection lost');
    expect(await isSeeded(target)).toBe(false);
    expect(await target.all(sql`select count(*) n from users`)).toEqual([{ n: 0 }]);
  }, 30_000);

  it('takes back the gradebook as well when the directory cannot be written last', async () => {
    const { db: target } = await openLibsql(':memory:');
    let refused = false;
    const failing = new Proxy(target, {
      get(object, prop, receiver) {
        if (prop === 'batch')
          // The directory's rows are the seed's last batch; everything before it has been written.
          return async (items: Parameters<Database['batch']>[0]) => {
            const [assessed] = await object.all<{ n: number }>(sql`select count(*) n from assessment_marks`);
            if (assessed.n > 0 && !refused) {
              refused = true;
              throw new Error('directory unreachable');
            }
            return object.batch(items);
          };
        return Reflect.get(object, prop, receiver);
      },
    }) as Database;
    await expect(seedDemo(failing, { passwordHash: 'x', now: NOW })).rejects.toThrow('directory unreachable');
    for (const table of ['terms', 'assessments', 'assessment_marks', 'report_publications', 'users'])
      expect(await target.all(sql`select count(*) n from ${sql.identifier(table)}`)).toEqual([{ n: 0 }]);
  }, 30_000);
});
