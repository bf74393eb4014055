import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { createTestApp, createTestSchool, json, signIn, type TestApp } from '../support/app';

/** Wednesday 25 November 2026, in Pune (the demo school's zone): its year is 2026-2027. */
const NOW = new Date('2026-11-25T06:00:00Z');
const NEXT = { name: '2027-2028', startsOn: '2027-04-01', endsOn: '2028-03-31' };

let t: TestApp;
let token: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  ({ schoolId } = await seedDemo(t.db, { passwordHash: await nodeHasher.hash('demo1234'), now: NOW }));
  token = await signIn(t, 'admin@demo.school', 'demo1234');
}, 30_000);

const all = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => t.db.all<T>(query);
const one = async (query: ReturnType<typeof sql>) => (await all<Record<string, number>>(query))[0];
const rollover = (body: Record<string, unknown>, as = token) =>
  t.request('/api/years/rollover', { method: 'POST', token: as, json: { ...NEXT, ...body } });

/** Every row of 2026-2027 that a rollover must leave as it was, as one string. */
async function lastYearDigest() {
  const year = '2026-2027';
  const tables = await Promise.all([
    all(sql`select * from classes where school_id = ${schoolId} and academic_year = ${year} order by id`),
    all(
      sql`select s.* from subjects s join classes c on c.id = s.class_id where c.academic_year = ${year} and s.school_id = ${schoolId} order by s.id`,
    ),
    all(sql`select * from schedules where school_id = ${schoolId} and academic_year = ${year} order by id`),
    all(sql`select * from fee_structures where school_id = ${schoolId} and academic_year = ${year} order by id`),
    all(sql`select * from fee_collections where school_id = ${schoolId} order by id`),
    all(sql`select * from fee_receipts where school_id = ${schoolId} order by id`),
    all(sql`select * from attendance_registers where school_id = ${schoolId} order by id`),
    all(
      sql`select m.* from attendance_marks m join attendance_registers r on r.id = m.register_id where r.school_id = ${schoolId} order by m.register_id, m.student_number`,
    ),
    all(sql`select * from assessments where school_id = ${schoolId} order by id`),
    all(
      sql`select m.* from assessment_marks m join assessments a on a.id = m.assessment_id where a.school_id = ${schoolId} order by m.assessment_id, m.student_number`,
    ),
    all(sql`select * from terms where school_id = ${schoolId} order by id`),
  ]);
  return JSON.stringify(tables);
}

describe('the rollover of the demo school', () => {
  let plan: any;
  let expected: Record<string, number>;

  it('plans with the counts of this year, writing nothing', async () => {
    expected = await one(sql`select
      (select count(*) from classes where school_id = ${schoolId} and academic_year = '2026-2027') as classes,
      (select count(*) from subjects s join classes c on c.id = s.class_id where s.school_id = ${schoolId} and c.academic_year = '2026-2027') as subjects,
      (select count(*) from subject_teachers st join subjects s on s.id = st.subject_id join classes c on c.id = s.class_id where c.academic_year = '2026-2027' and s.school_id = ${schoolId}) as subjectTeachers,
      (select count(*) from schedules where school_id = ${schoolId} and academic_year = '2026-2027') as slots,
      (select count(*) from fee_structures where school_id = ${schoolId} and academic_year = '2026-2027') as fees,
      (select count(*) from students s join classes c on c.id = s.class_id where s.school_id = ${schoolId} and s.status = 'active' and c.academic_year = '2026-2027') as students,
      (select count(*) from students s join classes c on c.id = s.class_id where s.school_id = ${schoolId} and s.status = 'active' and c.academic_year = '2026-2027'
        and cast(c.name as integer) = (select max(cast(name as integer)) from classes where school_id = ${schoolId} and academic_year = '2026-2027')) as lastGrade,
      (select count(*) from classes where school_id = ${schoolId}) as allClasses`);
    const before = await lastYearDigest();
    const res = await rollover({ dryRun: true });
    expect(res.status).toBe(200);
    plan = (await json<any>(res)).data;
    expect(plan.dryRun).toBe(true);
    expect(plan.from).toBe('2026-2027');
    expect(plan.counts).toEqual({
      classes: expected.classes,
      subjects: expected.subjects,
      subjectTeachers: expected.subjectTeachers,
      timetableSlots: expected.slots,
      feeStructures: expected.fees,
      students: expected.students,
      promoted: expected.students - expected.lastGrade,
      repeated: 0,
      left: 0,
      graduated: expected.lastGrade,
    });
    expect(plan.counts).toMatchObject({ classes: 10, subjects: 80, timetableSlots: 240, feeStructures: 40 });
    expect(plan.conflicts).toEqual([]);
    expect(await lastYearDigest()).toBe(before);
    expect((await one(sql`select count(*) as n from classes where school_id = ${schoolId}`)).n).toBe(
      expected.allClasses,
    );
  });

  it('reports every conflict: capacity, a missing next grade, repeated roll numbers', async () => {
    // A class next year that pupils arrive in, given one place.
    const first = (plan.classes as { classId: string; incoming: number }[]).find((k) => k.incoming > 1) as {
      classId: string;
    };
    const lower = plan.students.find((s: any) => s.outcome === 'promoted' && s.classId !== first.classId);
    // A repeater keeps their roll number in their class's copy, where a pupil promoted into it has the same one.
    const labelOf = (classId: string) => plan.classes.find((k: any) => k.classId === classId).label;
    const repeater = plan.students.find((s: any) =>
      plan.students.some((o: any) => o.nextClass === labelOf(s.classId) && o.rollNumber === s.rollNumber),
    );
    // A class of this year with no class after it: 6-E has no 7-E next year.
    const [klass] = await all<{ name: string }>(sql`select name from classes where id = ${lower.classId}`);
    await t.db.run(sql`insert into classes (id, school_id, name, section, capacity, academic_year, created_at, updated_at)
      values ('class-e', ${schoolId}, ${klass.name}, 'E', 40, '2026-2027', '', '')`);
    const [moved] = await all<{ id: string; class_id: string }>(
      sql`select id, class_id from students where class_id = ${lower.classId} and status = 'active' limit 1`,
    );
    await t.db.run(sql`update students set class_id = 'class-e' where id = ${moved.id}`);
    try {
      const res = await rollover({
        dryRun: true,
        capacities: [{ classId: first.classId, capacity: 1 }],
        decisions: [{ studentId: repeater._id, action: 'repeat' }],
      });
      const { data } = await json<any>(res);
      expect(data.conflicts).toEqual(
        expect.arrayContaining([
          { type: 'capacity', classLabel: expect.any(String), students: expect.any(Number), capacity: 1 },
          {
            type: 'missing-next-grade',
            classLabel: `${klass.name}-E`,
            nextLabel: `${Number(klass.name) + 1}-E`,
            students: 1,
          },
          {
            type: 'duplicate-roll-number',
            classLabel: expect.any(String),
            rollNumber: repeater.rollNumber,
            students: 2,
          },
        ]),
      );
      // The real run is refused while conflicts stand, and writes nothing.
      const refused = await rollover({ decisions: [{ studentId: repeater._id, action: 'repeat' }] });
      expect(refused.status).toBe(409);
      expect((await json<any>(refused)).code).toBe('ROLLOVER_CONFLICTS');
      expect(
        (
          await one(
            sql`select count(*) as n from classes where school_id = ${schoolId} and academic_year = '2027-2028'`,
          )
        ).n,
      ).toBe(0);
    } finally {
      await t.db.run(sql`update students set class_id = ${moved.class_id} where id = ${moved.id}`);
      await t.db.run(sql`delete from classes where id = 'class-e'`);
    }
  });

  it('refuses teachers, and ids of another school', async () => {
    const teacher = await signIn(t, 'teacher@demo.school', 'demo1234');
    expect((await rollover({ dryRun: true }, teacher)).status).toBe(403);
    const other = await createTestSchool(t);
    const [foreign] = await all<{ id: string }>(sql`select id from classes where school_id <> ${schoolId} limit 1`);
    const res = await rollover({ dryRun: true, capacities: [{ classId: foreign?.id ?? other.schoolId, capacity: 5 }] });
    expect(res.status).toBe(404);
  });

  it('rolls over whole: copies, promotions, a repeater and a leaver, last year unchanged, screens told', async () => {
    const before = await lastYearDigest();
    const [repeater, leaver] = plan.students.filter((s: any) => s.outcome === 'promoted');
    t.publisher.events.length = 0;
    const res = await rollover({
      renumberRolls: true,
      decisions: [
        { studentId: repeater._id, action: 'repeat' },
        { studentId: leaver._id, action: 'leave' },
      ],
    });
    expect(res.status).toBe(200);
    const { data } = await json<any>(res);
    expect(data.counts).toMatchObject({
      classes: 10,
      promoted: expected.students - expected.lastGrade - 2,
      repeated: 1,
      left: 1,
      graduated: expected.lastGrade,
    });
    const after = await one(sql`select
      (select academic_year from schools where id = ${schoolId}) as year,
      (select count(*) from classes where school_id = ${schoolId} and academic_year = '2027-2028') as classes,
      (select count(*) from subjects s join classes c on c.id = s.class_id where s.school_id = ${schoolId} and c.academic_year = '2027-2028') as subjects,
      (select count(*) from schedules where school_id = ${schoolId} and academic_year = '2027-2028') as slots,
      (select count(*) from fee_structures where school_id = ${schoolId} and academic_year = '2027-2028') as fees,
      (select count(*) from students s join classes c on c.id = s.class_id where s.school_id = ${schoolId} and s.status = 'active' and c.academic_year = '2027-2028') as students,
      (select count(*) from enrolments where school_id = ${schoolId} and academic_year = '2026-2027') as enrolments,
      (select count(*) from enrolments where school_id = ${schoolId} and outcome = 'graduated') as graduated,
      (select count(*) from students s join enrolments e on e.student_id = s.id where e.outcome = 'graduated' and s.status = 'inactive') as graduatesInactive,
      (select count(*) from school_years where school_id = ${schoolId}) as years`);
    expect(after).toEqual({
      year: '2027-2028',
      classes: 10,
      subjects: 80,
      slots: 240,
      fees: 40,
      students: expected.students - expected.lastGrade - 1,
      enrolments: expected.students,
      graduated: expected.lastGrade,
      graduatesInactive: expected.lastGrade,
      years: 2,
    });
    // The repeater sits in next year's copy of their class; the leaver stays in last year's, for the certificate.
    const [r] = await all<any>(
      sql`select c.name, c.section, c.academic_year from students s join classes c on c.id = s.class_id where s.id = ${repeater._id}`,
    );
    expect(r).toMatchObject({ academic_year: '2027-2028' });
    expect(`${r.name}-${r.section}`).toBe(plan.classes.find((k: any) => k.classId === repeater.classId).label);
    const [l] = await all<any>(sql`select s.status, s.class_id from students s where s.id = ${leaver._id}`);
    expect(l).toEqual({ status: 'active', class_id: leaver.classId });
    expect(await lastYearDigest()).toBe(before);
    expect(
      t.publisher.events.some(
        (e) => e.event.type === 'school_updated' && (e.event.data as any).academicYear === '2027-2028',
      ),
    ).toBe(true);
    const [line] = await all<any>(
      sql`select summary from activity_logs where school_id = ${schoolId} and entity = 'school_year'`,
    );
    expect(line.summary).toContain('Rolled 2026-2027 over into 2027-2028');
  });

  it('refuses a second rollover into the same year', async () => {
    const res = await rollover({});
    expect(res.status).toBe(409);
    expect((await json<any>(res)).code).toBe('YEAR_ROLLED');
    const dry = await json<any>(await rollover({ dryRun: true }));
    expect(dry.data.conflicts).toContainEqual({ type: 'year-exists', year: '2027-2028' });
  });

  it('lists the years, and a student’s history across them', async () => {
    const years = await json<any>(await t.request('/api/years', { token }));
    expect(years.data.map((y: any) => [y.name, y.current, y.past])).toEqual([
      ['2027-2028', true, false],
      ['2026-2027', false, true],
    ]);
    const promoted = plan.students.find((s: any) => s.outcome === 'promoted' && s._id);
    const res = await t.request(`/api/years/students/${plan.students[5]._id}`, { token });
    expect(res.status).toBe(200);
    const history = (await json<any>(res)).data;
    expect(history.map((y: any) => y.academicYear)).toEqual(['2026-2027', '2027-2028']);
    expect(history[0]).toMatchObject({ current: false, outcome: plan.students[5].outcome });
    expect(history[0].attendance.marked).toBeGreaterThan(0);
    expect(history[1]).toMatchObject({ current: true, outcome: null, attendance: { marked: 0, present: 0 } });
    expect(promoted).toBeDefined();
    const other = await createTestSchool(t);
    const otherToken = await signIn(t, other.adminEmail);
    expect((await t.request(`/api/years/students/${plan.students[5]._id}`, { token: otherToken })).status).toBe(404);
  });

  it('lets only one of two racing rollovers land', async () => {
    const racing = { name: '2028-2029', startsOn: '2028-04-01', endsOn: '2029-03-31', renumberRolls: true };
    const answers = await Promise.all([rollover(racing), rollover(racing)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      (await one(sql`select count(*) as n from classes where school_id = ${schoolId} and academic_year = '2028-2029'`))
        .n,
    ).toBe(10);
  });
});
