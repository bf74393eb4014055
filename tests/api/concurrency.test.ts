/**
 * Requests that arrive together interleave at their awaits: each reads (the class has a seat, the time is free)
 * before any of them writes. Every write batch carries its own guard, so exactly one of them lands and the
 * others get the answer the checks give one at a time.
 */
import type { Client, InStatement } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { libsqlDatabase } from '../../worker/db/libsql';
import { DbMeter } from '../../worker/db/meter';
import { createTestApp, json, type TestApp, unique } from '../support/app';
import { type Call, classroom, classroomAssessment, classroomTerm, expectError } from '../support/classroom';
import { addSubject, addTeacher, createClass, createStudent } from '../support/factories';
import { enrolment } from '../support/students';

let t: TestApp;
let release: () => void = () => {};
beforeAll(async () => {
  t = await createTestApp();
  const open = t.platform.openDatabase.bind(t.platform);
  // Write batches wait at a gate until `expected` of them have arrived, so every request's reads come first.
  let waiting: (() => void)[] = [];
  let expected = 0;
  let lastFirst = false;
  let generations = 0;
  // Released one after another, a few milliseconds apart, so the order of the writes is the one asked for.
  release = () => {
    const queue = lastFirst ? waiting.reverse() : waiting;
    waiting = [];
    queue.forEach((go, index) => {
      setTimeout(go, index * 20);
    });
  };
  gate = (n, order = 'arrival') => {
    expected = n;
    lastFirst = order === 'last-first';
    waiting = [];
    // A request refused before its write would otherwise hold the others forever.
    const generation = ++generations;
    if (n > 0) setTimeout(() => generation === generations && release(), 3000);
  };
  t.platform.openDatabase = (meter) => {
    const client = clientOf(open(meter));
    const held = new Proxy(client, {
      get(target, prop) {
        if (prop !== 'batch') {
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (stmts: InStatement[], mode?: never) => {
          if (expected > 0 && stmts.some(writes)) {
            await new Promise<void>((go) => {
              waiting.push(go);
              if (waiting.length >= expected) {
                expected = 0;
                release();
              }
            });
          }
          return target.batch(stmts, mode);
        };
      },
    });
    // The request's meter is inside `client`, so its round trips are still counted.
    return libsqlDatabase(held, new DbMeter());
  };
});
afterEach(() => {
  gate(0);
  release();
});

/** The next `n` write batches of the app wait for each other (0: no gate), then run in arrival or reverse order. */
let gate: (n: number, order?: 'arrival' | 'last-first') => void = () => {};

function clientOf(db: unknown) {
  return (db as { $client: Client }).$client;
}

const writes = (stmt: InStatement) => /^\s*(insert|update|delete)/i.test(typeof stmt === 'string' ? stmt : stmt.sql);

const FULL_1_OF_1 = 'Class 5-B is full (1/1 students). Raise its capacity or choose another class.';

async function studentsIn(classId: string) {
  const [row] = await t.db.all<{ n: number }>(sql`select count(*) as n from students where class_id = ${classId}`);
  return row.n;
}

/** Every pair of slots of the school that overlap while sharing a teacher, a class or a room. */
async function clashes(schoolId: string) {
  return t.db.all<{ a: string; b: string }>(sql`select a.id as a, b.id as b from schedules a join schedules b
    on b.school_id = a.school_id and a.id < b.id and a.academic_year = b.academic_year and a.semester = b.semester
    and a.day_of_week = b.day_of_week and a.start_time < b.end_time and b.start_time < a.end_time
    and (a.teacher_id = b.teacher_id or a.class_id = b.class_id or lower(trim(a.room)) = lower(trim(b.room)))
    where a.school_id = ${schoolId}`);
}

const byStatus = (calls: Call[]) => calls.map((c) => c.status).sort();

describe('the last seat of a class', () => {
  it('goes to exactly one of several enrolments sent at once', async () => {
    const w = await classroom(t);
    const classId = await createClass(t, w.schoolId, { name: '5', section: 'B', capacity: 2 });
    await createStudent(t, w.schoolId, { classId });
    gate(5);
    const calls = await Promise.all(Array.from({ length: 5 }, () => w.admin.post('/api/students', enrolment(classId))));
    expect(byStatus(calls)).toEqual([201, 409, 409, 409, 409]);
    for (const call of calls.filter((c) => c.status === 409)) {
      expectError(call, 409, 'Class 5-B is full (2/2 students). Raise its capacity or choose another class.');
    }
    expect(await studentsIn(classId)).toBe(2);
  });

  it('goes to exactly one of several students moved into the class at once', async () => {
    const w = await classroom(t);
    const classId = await createClass(t, w.schoolId, { name: '5', section: 'B', capacity: 1 });
    const movers = await Promise.all(Array.from({ length: 4 }, () => createStudent(t, w.schoolId)));
    gate(4);
    const calls = await Promise.all(
      movers.map((m) => w.admin.put(`/api/students/${m.studentId}/assign-class`, { classId })),
    );
    expect(byStatus(calls)).toEqual([200, 409, 409, 409]);
    for (const call of calls.filter((c) => c.status === 409)) expectError(call, 409, FULL_1_OF_1);
    expect(await studentsIn(classId)).toBe(1);
  });

  it('goes to exactly one of several students whose edit moves them into the class at once', async () => {
    const w = await classroom(t);
    const classId = await createClass(t, w.schoolId, { name: '5', section: 'B', capacity: 1 });
    const movers = await Promise.all(Array.from({ length: 3 }, () => createStudent(t, w.schoolId)));
    gate(3);
    const calls = await Promise.all(movers.map((m) => w.admin.put(`/api/students/${m.studentId}`, { classId })));
    expect(byStatus(calls)).toEqual([200, 409, 409]);
    for (const call of calls.filter((c) => c.status === 409)) expectError(call, 409, FULL_1_OF_1);
    expect(await studentsIn(classId)).toBe(1);
  });

  it.each(['arrival', 'last-first'] as const)(
    'goes to either an enrolment or a lowered capacity sent at the same time, never both (%s)',
    async (order) => {
      const w = await classroom(t);
      const classId = await createClass(t, w.schoolId, { name: '5', section: 'B', capacity: 2 });
      await createStudent(t, w.schoolId, { classId });
      gate(2, order);
      const [enrolled, lowered] = await Promise.all([
        w.admin.post('/api/students', enrolment(classId)),
        w.admin.put(`/api/classes/${classId}`, { capacity: 1 }),
      ]);
      expect([
        [201, 409],
        [409, 200],
      ]).toContainEqual([enrolled.status, lowered.status]);
      if (enrolled.status === 201) {
        expectError(
          lowered,
          409,
          'Capacity cannot be less than the number of students in the class (2)',
          'CAPACITY_BELOW_STUDENTS',
        );
        expect(await studentsIn(classId)).toBe(2);
      } else {
        expectError(enrolled, 409, FULL_1_OF_1);
        expect(await studentsIn(classId)).toBe(1);
      }
      const [klass] = await t.db.all<{ capacity: number }>(sql`select capacity from classes where id = ${classId}`);
      expect(klass.capacity).toBeGreaterThanOrEqual(await studentsIn(classId));
    },
  );

  it.each(['arrival', 'last-first'] as const)(
    'goes to either a CSV import or an enrolment sent at the same time, never both (%s)',
    async (order) => {
      const w = await classroom(t);
      const classId = await createClass(t, w.schoolId, { name: '5', section: 'B', capacity: 1 });
      const file =
        'Name,Email,Phone,Gender,Date of birth,Class,Roll number,Admission number,Father name,Father email\n' +
        `Ira Sen,${unique('ira').toLowerCase()}@example.org,555-1,female,2013-05-02,5-B,31,IMP-1,Dev Sen,${unique('dev').toLowerCase()}@example.org\n`;
      gate(2, order);
      const [imported, enrolled] = await Promise.all([
        t
          .request('/api/students/import', {
            method: 'POST',
            token: w.token,
            body: file,
            headers: { 'Content-Type': 'text/csv' },
          })
          .then(async (res) => ({ status: res.status, body: await json<any>(res) })),
        w.admin.post('/api/students', enrolment(classId, { admissionNumber: 'ENR-1' })),
      ]);
      expect([imported.status, enrolled.status]).toEqual(imported.status === 201 ? [201, 409] : [400, 201]);
      if (imported.status === 400) {
        expect(imported.body.error).toBe('Import refused: 1 problem(s) found. Nothing was imported.');
        expect(imported.body.details).toEqual([
          {
            msg: 'Line 2, Class: Class 5-B is full (capacity 1); raise its capacity or choose another class',
            path: '2.Class',
          },
        ]);
      } else {
        expectError(enrolled, 409, FULL_1_OF_1);
      }
      expect(await studentsIn(classId)).toBe(1);
    },
  );
});

describe('one teacher at one time', () => {
  /** Rahul Verma teaches Mathematics to 8-A (room 101) and Physics to 9-A (room 201). */
  async function twoClasses() {
    const w = await classroom(t);
    const class9a = await createClass(t, w.schoolId, { name: '9', section: 'A', room: '201' });
    const physics = await addSubject(t, w.schoolId, {
      name: 'Physics',
      classId: class9a,
      teacherId: w.teacher.teacherId,
    });
    const maths = (values: Record<string, unknown> = {}) => ({
      teacherId: w.teacher.teacherId,
      classId: w.classId,
      subjectId: w.subjectId,
      dayOfWeek: 'Monday',
      startTime: '09:00',
      endTime: '09:45',
      ...values,
    });
    const physics9a = (values: Record<string, unknown> = {}) =>
      maths({ classId: class9a, subjectId: physics, startTime: '09:30', endTime: '10:15', ...values });
    return { ...w, class9a, physics, maths, physics9a };
  }

  it('lets only one of two overlapping slot creations sent at once land, with the clash message', async () => {
    const w = await twoClasses();
    gate(2);
    const calls = await Promise.all([
      w.admin.post('/api/schedules', w.maths()),
      w.admin.post('/api/schedules', w.physics9a()),
    ]);
    expect(byStatus(calls)).toEqual([201, 409]);
    const lost = calls.find((c) => c.status === 409) as Call;
    expect(lost.body.error).toBe(
      calls[0].status === 201
        ? 'Teacher clash: Rahul Verma already teaches 8-A Mathematics on Monday 09:00-09:45'
        : 'Teacher clash: Rahul Verma already teaches 9-A Physics on Monday 09:30-10:15',
    );
    expect(await clashes(w.schoolId)).toEqual([]);
  });

  it('lets only one of two slot moves onto the same time land', async () => {
    const w = await twoClasses();
    const first = await w.admin.post('/api/schedules', w.maths({ dayOfWeek: 'Tuesday' }));
    const second = await w.admin.post('/api/schedules', w.physics9a({ dayOfWeek: 'Wednesday' }));
    gate(2);
    const calls = await Promise.all([
      w.admin.put(`/api/schedules/${first.body.data._id}`, { dayOfWeek: 'Monday' }),
      w.admin.put(`/api/schedules/${second.body.data._id}`, { dayOfWeek: 'Monday' }),
    ]);
    expect(byStatus(calls)).toEqual([200, 409]);
    expect(await clashes(w.schoolId)).toEqual([]);
  });

  it('lets only one of two class timetables replaced at once take the same teacher at the same time', async () => {
    const w = await twoClasses();
    gate(2);
    const calls = await Promise.all([
      w.admin.put(`/api/classes/${w.classId}/schedule`, { schedule: [w.maths(), w.maths({ dayOfWeek: 'Friday' })] }),
      w.admin.put(`/api/classes/${w.class9a}/schedule`, { schedule: [w.physics9a()] }),
    ]);
    expect(byStatus(calls)).toEqual([200, 409]);
    const lost = calls.find((c) => c.status === 409) as Call;
    expect(lost.body.error).toMatch(/^Teacher clash: Rahul Verma already teaches /);
    expect(await clashes(w.schoolId)).toEqual([]);
  });

  it.each(['arrival', 'last-first'] as const)(
    'lets only one of a teacher change and a new slot at the same time land (%s)',
    async (order) => {
      const w = await twoClasses();
      const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
      const english = await addSubject(t, w.schoolId, {
        name: 'English',
        classId: w.class9a,
        teacherId: priya.teacherId,
      });
      await w.admin.post('/api/schedules', w.maths());
      // Mathematics (Mondays 09:00-09:45) passes to Priya while she is given English on Monday 09:30-10:15.
      gate(2, order);
      const calls = await Promise.all([
        w.admin.put(`/api/subjects/${w.subjectId}`, { teacherId: priya.teacherId }),
        w.admin.post(
          '/api/schedules',
          w.physics9a({ teacherId: priya.teacherId, subjectId: english, room: 'Library' }),
        ),
      ]);
      // Whichever write reaches the database first lands; the other is refused and leaves nothing behind.
      const [change, slot] = calls;
      expect([change.status, slot.status].sort()).toEqual(change.status === 200 ? [200, 409] : [201, 409]);
      const teacherOfMaths = await t.db.get<{ teacher_id: string }>(
        sql`select teacher_id from subjects where id = ${w.subjectId}`,
      );
      const englishSlots = await t.db.all(sql`select id from schedules where subject_id = ${english}`);
      if (change.status === 200) {
        expect(teacherOfMaths?.teacher_id).toBe(priya.teacherId);
        expect(englishSlots).toEqual([]);
      } else {
        expect(teacherOfMaths?.teacher_id).toBe(w.teacher.teacherId);
        expect(englishSlots).toHaveLength(1);
      }
      expect(await clashes(w.schoolId)).toEqual([]);
    },
  );
});

describe('the balance of a fee', () => {
  /** A fee of 100.00 for class 7-A and one student of that class. */
  async function feeOf100() {
    const w = await classroom(t);
    const classId = await createClass(t, w.schoolId, { name: '7', section: 'A' });
    const student = await createStudent(t, w.schoolId, { classId });
    const category = await w.admin.post('/api/fees/categories', { name: 'Tuition Fee' });
    const structure = await w.admin.post('/api/fees/structures', {
      classId,
      categoryId: category.body.data._id,
      amount: 100,
      dueDate: '2099-06-30',
    });
    const pay = (amount = 100) =>
      w.admin.post('/api/fees/collections', {
        studentId: student.studentId,
        structureId: structure.body.data._id,
        amount,
        method: 'cash',
      });
    const collected = async () =>
      (
        await t.db.all<{ n: number; minor: number }>(
          sql`select count(*) as n, coalesce(sum(amount_minor), 0) as minor from fee_collections where structure_id = ${structure.body.data._id}`,
        )
      )[0];
    return { ...w, feeClassId: classId, student, structureId: structure.body.data._id as string, pay, collected };
  }

  it('takes exactly one of four payments of the whole fee sent at once', async () => {
    const f = await feeOf100();
    gate(4);
    const calls = await Promise.all([f.pay(), f.pay(), f.pay(), f.pay()]);
    expect(byStatus(calls)).toEqual([201, 400, 400, 400]);
    for (const call of calls.filter((c) => c.status === 400))
      expectError(call, 400, 'This fee is already fully paid', 'FEE_OVERPAID');
    expect(await f.collected()).toEqual({ n: 1, minor: 10000 });
    const [receipts] = await t.db.all<{ n: number }>(
      sql`select count(*) as n from fee_receipts where student_id = ${f.student.studentId}`,
    );
    expect(receipts.n).toBe(1);
  });

  it('answers the balance left to the payment that arrives second', async () => {
    const f = await feeOf100();
    gate(2);
    const calls = await Promise.all([f.pay(60), f.pay(70)]);
    expect(byStatus(calls)).toEqual([201, 400]);
    const lost = calls.find((c) => c.status === 400) as Call;
    expect(lost.body.code).toBe('FEE_OVERPAID');
    expect(lost.body.error).toBe(
      calls[0].status === 201
        ? 'Amount exceeds the balance due (USD 40.00)'
        : 'Amount exceeds the balance due (USD 30.00)',
    );
    expect((await f.collected()).n).toBe(1);
  });

  it('numbers receipts of payments sent at once for different students without a gap or a repeat', async () => {
    const f = await feeOf100();
    const others = await Promise.all([1, 2, 3].map(() => createStudent(t, f.schoolId, { classId: f.feeClassId })));
    gate(4);
    const calls = await Promise.all(
      [f.student, ...others].map((s) =>
        f.admin.post('/api/fees/collections', {
          studentId: s.studentId,
          structureId: f.structureId,
          amount: 100,
          method: 'cash',
        }),
      ),
    );
    expect(byStatus(calls)).toEqual([201, 201, 201, 201]);
    expect(calls.map((c) => c.body.data.number).sort()).toEqual([1, 2, 3, 4]);
  });

  it.each(['arrival', 'last-first'] as const)(
    'never lets a lowered amount and a payment both land past the new amount (%s)',
    async (order) => {
      const f = await feeOf100();
      gate(2, order);
      const [paid, lowered] = await Promise.all([
        f.pay(80),
        f.admin.put(`/api/fees/structures/${f.structureId}`, { amount: 50 }),
      ]);
      if (paid.status === 201) {
        expectError(
          lowered,
          409,
          'The amount cannot be less than what has already been collected (80.00).',
          'AMOUNT_BELOW_PAID',
        );
      } else {
        expect(lowered.status).toBe(200);
        expectError(paid, 400, 'Amount exceeds the balance due (USD 50.00)', 'FEE_OVERPAID');
      }
    },
  );

  it.each(['arrival', 'last-first'] as const)(
    "never records a payment of a class's fee for a student moved out of the class meanwhile (%s)",
    async (order) => {
      const f = await feeOf100();
      const elsewhere = await createClass(t, f.schoolId, { name: '6', section: 'B' });
      gate(2, order);
      const [paid, moved] = await Promise.all([
        f.pay(),
        f.admin.put(`/api/students/${f.student.studentId}/assign-class`, { classId: elsewhere }),
      ]);
      expect(moved.status).toBe(200);
      // Paid first, the payment stays with the class the student was in; moved first, it is refused.
      const landed = await t.db.all<{ entity: string }>(
        sql`select entity from activity_logs where school_id = ${f.schoolId} and action in ('create', 'update')
            and entity in ('fee_receipt', 'student') order by rowid`,
      );
      if (paid.status === 201) expect(landed.map((r) => r.entity)).toEqual(['fee_receipt', 'student']);
      else expectError(paid, 400, "This fee does not apply to this student's class", 'FEE_NOT_IN_CLASS');
    },
  );

  it.each(['arrival', 'last-first'] as const)(
    'never records a payment of an optional fee for a student unassigned meanwhile (%s)',
    async (order) => {
      const f = await feeOf100();
      const bus = await f.admin.post('/api/fees/structures', {
        classId: f.feeClassId,
        categoryId: (await f.admin.post('/api/fees/categories', { name: 'Bus' })).body.data._id,
        amount: 100,
        dueDate: '2099-06-30',
        optional: true,
      });
      const busId = bus.body.data._id as string;
      expect(
        (await f.admin.put(`/api/fees/structures/${busId}/assignments`, { add: [f.student.studentId] })).status,
      ).toBe(200);
      gate(2, order);
      const [paid, removed] = await Promise.all([
        f.admin.post('/api/fees/collections', {
          studentId: f.student.studentId,
          structureId: busId,
          amount: 100,
          method: 'cash',
        }),
        f.admin.put(`/api/fees/structures/${busId}/assignments`, { remove: [f.student.studentId] }),
      ]);
      // Paid first, the student stays assigned; unassigned first, the payment is refused inside its batch.
      if (paid.status === 201) {
        expectError(
          removed,
          409,
          'A student being removed has paid towards this fee, which they would then no longer owe; they stay assigned.',
          'FEE_PAID',
        );
      } else {
        expect(removed.status).toBe(200);
        expectError(
          paid,
          400,
          'This student does not owe this fee: it is optional and not assigned to them',
          'FEE_NOT_OWED',
        );
      }
      const [left] = await t.db.all<{ n: number }>(
        sql`select count(*) as n from fee_collections c where c.structure_id = ${busId}
          and not exists (select 1 from fee_assignments a where a.structure_id = c.structure_id and a.student_id = c.student_id)`,
      );
      expect(left.n).toBe(0);
    },
  );

  it('takes payments of two instalments of one fee sent at once, each against its own balance', async () => {
    const f = await feeOf100();
    const monthly = await f.admin.post('/api/fees/structures', {
      classId: f.feeClassId,
      categoryId: (await f.admin.post('/api/fees/categories', { name: 'Monthly' })).body.data._id,
      amount: 100,
      dueDate: '2026-09-05',
      frequency: 'monthly',
    });
    const payInstalment = (instalment: number) =>
      f.admin.post('/api/fees/collections', {
        studentId: f.student.studentId,
        structureId: monthly.body.data._id,
        instalment,
        amount: 100,
        method: 'cash',
      });
    gate(3);
    const calls = await Promise.all([payInstalment(1), payInstalment(2), payInstalment(2)]);
    expect(byStatus(calls)).toEqual([201, 201, 400]);
    expectError(calls.find((c) => c.status === 400) as Call, 400, 'This fee is already fully paid', 'FEE_OVERPAID');
  });

  it.each(['arrival', 'last-first'] as const)(
    'never deletes a fee together with a payment recorded at the same time (%s)',
    async (order) => {
      const f = await feeOf100();
      gate(2, order);
      const [paid, deleted] = await Promise.all([f.pay(), f.admin.del(`/api/fees/structures/${f.structureId}`)]);
      if (paid.status === 201) {
        expectError(deleted, 409, 'Payments have been recorded against this fee; it cannot be deleted.', 'FEE_PAID');
        expect((await f.collected()).n).toBe(1);
      } else {
        expect(deleted.status).toBe(200);
        expectError(paid, 404, 'Fee structure not found');
      }
    },
  );
});

describe('numbers and marks that must be unique', () => {
  it('gives a roll number of a class to one of two enrolments sent at once', async () => {
    const w = await classroom(t);
    gate(2);
    const calls = await Promise.all([
      w.admin.post('/api/students', enrolment(w.classId, { rollNumber: '7' })),
      w.admin.post('/api/students', enrolment(w.classId, { rollNumber: '7' })),
    ]);
    expect(byStatus(calls)).toEqual([201, 409]);
    expectError(calls.find((c) => c.status === 409) as Call, 409, 'Roll number 7 is already used in class 8-A');
  });

  it('gives an admission number to one of two enrolments sent at once', async () => {
    const w = await classroom(t);
    gate(2);
    const calls = await Promise.all([
      w.admin.post('/api/students', enrolment(w.classId, { admissionNumber: 'ADM-RACE' })),
      w.admin.post('/api/students', enrolment(w.classId, { admissionNumber: 'ADM-RACE' })),
    ]);
    expect(byStatus(calls)).toEqual([201, 409]);
    expectError(
      calls.find((c) => c.status === 409) as Call,
      409,
      'Admission number ADM-RACE already exists in this school',
    );
  });

  it('keeps one mark per student, subject and date when two are sent at once (the later replaces the earlier)', async () => {
    const w = await classroom(t);
    const { studentId } = await createStudent(t, w.schoolId, { classId: w.classId });
    const mark = (status: string) =>
      w.admin.post('/api/attendance', {
        studentId,
        classId: w.classId,
        subjectId: w.subjectId,
        date: '2025-01-06',
        status,
      });
    gate(2);
    const calls = await Promise.all([mark('present'), mark('absent')]);
    expect(byStatus(calls)).toEqual([200, 200]);
    const marks = await t.db.all<{ status: string }>(
      sql`select status from student_attendance where student_id = ${studentId} and date = '2025-01-06'`,
    );
    expect(marks).toHaveLength(1);
  });
});

describe('the gradebook', () => {
  /** Class 8-A with one pupil, a first term and a test out of 50. */
  async function gradebook() {
    const w = await classroom(t);
    const { studentId } = await createStudent(t, w.schoolId, { classId: w.classId });
    const { assessment, id } = await classroomAssessment(w);
    const score = (value: number) =>
      w.admin.put(`/api/grades/assessments/${id}/marks`, { marks: [{ studentId, status: 'scored', score: value }] });
    return { ...w, studentId, termId: assessment.termId, assessment, id, score };
  }

  it('lets only one of two overlapping terms added at once land', async () => {
    const w = await classroom(t);
    gate(2);
    const calls = await Promise.all([
      w.admin.post('/api/grades/terms', { name: 'Term 2', startDate: '2025-10-01', endDate: '2026-03-31' }),
      w.admin.post('/api/grades/terms', { name: 'Winter', startDate: '2025-12-01', endDate: '2026-01-31' }),
    ]);
    expect(byStatus(calls)).toEqual([201, 409]);
    expectError(
      calls.find((c) => c.status === 409) as Call,
      409,
      'This term overlaps another term of the school',
      'TERM_OVERLAP',
    );
    expect((await w.admin.get('/api/grades/terms')).body.data).toHaveLength(1);
  });

  // Which write reaches the database first depends on the machine's load: both orders are run, each answer checked.
  it('never leaves an assessment in a term deleted at the same time, in either order', async () => {
    const outcomes: number[][] = [];
    for (const order of ['arrival', 'last-first'] as const) {
      const w = await gradebook();
      const spare = await w.admin.post('/api/grades/terms', {
        name: 'Spare',
        startDate: '2026-04-01',
        endDate: '2026-09-30',
      });
      const termId = spare.body.data._id as string;
      gate(2, order);
      const [deleted, added] = await Promise.all([
        w.admin.del(`/api/grades/terms/${termId}`),
        w.admin.post('/api/grades/assessments', { ...w.assessment, termId, date: '2026-05-01' }),
      ]);
      outcomes.push([deleted.status, added.status]);
      if (deleted.status === 200) expectError(added, 404, 'Term not found');
      else expectError(deleted, 409, 'This term has assessments: move or delete them first', 'IN_USE');
    }
    expect(outcomes).toHaveLength(2);
  });

  it.each([
    [
      'class',
      (w: { classId: string }) => `/api/classes/${w.classId}`,
      'Marks have been recorded for this class; delete its assessments before deleting it.',
    ],
    [
      'subject',
      (w: { subjectId: string }) => `/api/subjects/${w.subjectId}`,
      'Marks have been recorded for this subject; delete its assessments before deleting it.',
    ],
  ] as const)(
    'never deletes a %s together with an assessment made at the same time, in either order',
    async (what, path, refusal) => {
      for (const order of ['arrival', 'last-first'] as const) {
        const w = await classroom(t);
        const { assessment } = await classroomTerm(w);
        gate(2, order);
        const [deleted, added] = await Promise.all([
          w.admin.del(path(w)),
          w.admin.post('/api/grades/assessments', assessment),
        ]);
        const [row] = await t.db.all<{ n: number }>(
          sql`select count(*) as n from assessments where school_id = ${w.schoolId}`,
        );
        if (deleted.status === 200) {
          expectError(added, 404, `${what === 'class' ? 'Class' : 'Subject'} not found`);
          expect(row.n).toBe(0);
        } else {
          expectError(deleted, 409, refusal, 'IN_USE');
          expect(added.status).toBe(201);
          expect(row.n).toBe(1);
        }
      }
    },
  );

  it('never keeps a score above a maximum lowered at the same time, in either order', async () => {
    const outcomes: number[][] = [];
    for (const order of ['arrival', 'last-first'] as const) {
      const w = await gradebook();
      gate(2, order);
      const [scored, lowered] = await Promise.all([
        w.score(45),
        w.admin.put(`/api/grades/assessments/${w.id}`, { maxMarks: 40 }),
      ]);
      outcomes.push([scored.status, lowered.status]);
      const [row] = await t.db.all<{ max: number; score: number | null }>(
        sql`select a.max_score as max, m.score as score from assessments a left join assessment_marks m on m.assessment_id = a.id where a.id = ${Number(w.id)}`,
      );
      if (scored.status === 200) {
        expectError(lowered, 409, 'Maximum marks cannot be less than a score already given', 'SCORE_ABOVE_MAXIMUM');
        expect(row).toEqual({ max: 5000, score: 4500 });
      } else {
        expectError(scored, 409, 'A score cannot be more than the maximum marks', 'SCORE_ABOVE_MAXIMUM');
        expect(row).toEqual({ max: 4000, score: null });
      }
    }
    expect(outcomes).toHaveLength(2);
  });

  it('answers 404 to marks saved for an assessment the office deleted meanwhile, and keeps none', async () => {
    const statuses: number[] = [];
    for (const order of ['arrival', 'last-first'] as const) {
      const w = await gradebook();
      gate(2, order);
      const [scored, deleted] = await Promise.all([w.score(30), w.admin.del(`/api/grades/assessments/${w.id}`)]);
      expect(deleted.status).toBe(200);
      statuses.push(scored.status);
      if (scored.status !== 200) expectError(scored, 404, 'Assessment not found');
      const marks = await t.db.all(sql`select * from assessment_marks where assessment_id = ${Number(w.id)}`);
      expect(marks).toEqual([]);
    }
    expect(statuses.every((status) => status === 200 || status === 404)).toBe(true);
  });

  it('refuses marks for a student moved out of the class while they were saved, in either order', async () => {
    const outcomes: number[] = [];
    for (const order of ['arrival', 'last-first'] as const) {
      const w = await gradebook();
      const otherClass = await createClass(t, w.schoolId, { name: '9', section: 'B' });
      gate(2, order);
      const [scored, moved] = await Promise.all([
        w.score(30),
        w.admin.put(`/api/students/${w.studentId}/assign-class`, { classId: otherClass }),
      ]);
      expect(moved.status).toBe(200);
      outcomes.push(scored.status);
      const marks = await t.db.all(sql`select * from assessment_marks where assessment_id = ${Number(w.id)}`);
      // Saved before the move, the mark stays (it was given in the class); refused after it, none is kept.
      expect(marks).toHaveLength(scored.status === 200 ? 1 : 0);
      if (scored.status !== 200)
        expectError(
          scored,
          409,
          'The class or the assessment changed while the marks were saved: load the marks again',
          'CONFLICT',
        );
    }
    // Under load both writes may land in one order twice; a save after the move is refused at least once.
    expect(outcomes).toContain(409);
  });
});
