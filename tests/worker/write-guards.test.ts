import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { d1Database } from '../../worker/db/d1';
import { refusalOf } from '../../worker/db/guard';
import { DbMeter } from '../../worker/db/meter';
import {
  classes,
  feeCategories,
  feeCollections,
  feeReceipts,
  feeStructures,
  schedules,
  schools,
  students,
  subjects,
  teachers,
  users,
} from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { capacityGuard } from '../../worker/lib/capacity-guard';
import { recordingPublisher } from '../../worker/lib/events';
import type { TenantContext } from '../../worker/lib/tenancy';
import { issueToken } from '../../worker/lib/tokens';
import { workerHasher } from '../../worker/lib/worker-hasher';
import { clashGuard } from '../../worker/modules/schedules/slots';

const db = d1Database(env.DB, new DbMeter());

/**
 * The app over D1 with a gate: while it is set, write batches wait until `expected` of them have arrived, so
 * requests sent together all read before any writes (workerd would otherwise mostly run them one by one).
 */
let expected = 0;
let waiting: (() => void)[] = [];
const sqlOf = new WeakMap<object, string>();
const real = new WeakMap<object, D1PreparedStatement>();
function traced(stmt: D1PreparedStatement, query: string): D1PreparedStatement {
  const wrapper = new Proxy(stmt, {
    get(target, prop) {
      if (prop === 'bind') return (...values: unknown[]) => traced(target.bind(...values), query);
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  sqlOf.set(wrapper, query);
  real.set(wrapper, stmt);
  return wrapper;
}
const gatedD1 = {
  prepare: (query: string) => traced(env.DB.prepare(query), query),
  batch: async (stmts: D1PreparedStatement[]) => {
    if (expected > 0 && stmts.some((s) => /^\s*(insert|update|delete)/i.test(sqlOf.get(s) ?? ''))) {
      await new Promise<void>((go) => {
        waiting.push(go);
        if (waiting.length >= expected) {
          expected = 0;
          for (const next of waiting) next();
          waiting = [];
        }
      });
    }
    return env.DB.batch(stmts.map((s) => real.get(s) ?? s));
  },
  exec: (query: string) => env.DB.exec(query),
} as unknown as D1Database;
const gatedApp = createApp({
  openDatabase: (meter) => d1Database(gatedD1, meter),
  hasher: workerHasher,
  publish: recordingPublisher(),
  files: null,
  now: () => new Date(),
  config: { jwtSecret: env.JWT_SECRET, allowedOrigins: [] },
});

async function call(token: string, path: string, method = 'GET', json?: unknown) {
  const res = await gatedApp.request(`http://portal.test${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A school with an administrator, a teacher, class 5-B (capacity 1, room 12) and a subject of it. */
async function school() {
  const ids = { schoolId: newId(), adminId: newId(), teacherUserId: newId(), teacherId: newId() };
  const classId = newId();
  const subjectId = newId();
  await db.batch([
    db.insert(schools).values({ id: ids.schoolId, name: 'D1 Guard School', code: `D1G-${ids.schoolId.slice(0, 6)}` }),
    db.insert(users).values([
      {
        id: ids.adminId,
        schoolId: ids.schoolId,
        role: 'school_admin',
        name: 'Ada Admin',
        email: `a.${ids.adminId}@d1.example`,
        passwordHash: 'x',
      },
      {
        id: ids.teacherUserId,
        schoolId: ids.schoolId,
        role: 'teacher',
        name: 'Rita Rao',
        email: `t.${ids.teacherUserId}@d1.example`,
        passwordHash: 'x',
      },
    ]),
    db.insert(teachers).values({ id: ids.teacherId, schoolId: ids.schoolId, userId: ids.teacherUserId }),
    db.insert(classes).values({
      id: classId,
      schoolId: ids.schoolId,
      name: '5',
      section: 'B',
      capacity: 1,
      room: '12',
      academicYear: '2024-2025',
    }),
    db.insert(subjects).values({
      id: subjectId,
      schoolId: ids.schoolId,
      name: 'Mathematics',
      classId,
      teacherId: ids.teacherId,
    }),
  ]);
  const ctx = { db, schoolId: ids.schoolId } as TenantContext;
  const { token } = await issueToken(
    env.JWT_SECRET,
    { userId: ids.adminId, schoolId: ids.schoolId, role: 'school_admin', tokenVersion: 0 },
    new Date(),
  );
  return { ...ids, classId, subjectId, ctx, token };
}

function studentRows(schoolId: string, classId: string) {
  const userId = newId();
  return [
    db.insert(users).values({
      id: userId,
      schoolId,
      role: 'student',
      name: 'Sam',
      email: `s.${userId}@d1.example`,
      passwordHash: 'x',
    }),
    db.insert(students).values({
      id: newId(),
      schoolId,
      userId,
      classId,
      rollNumber: userId.slice(0, 8),
      admissionNumber: userId,
      dateOfBirth: '2012-01-01',
      gender: 'male',
      admissionDate: '2024-04-01',
    }),
  ] as const;
}

const countIn = async (classId: string) =>
  (await db.select({ n: sql<number>`count(*)` }).from(students).where(eq(students.classId, classId)))[0].n;

describe('write guards on D1', () => {
  it('a batch that overfills a class is refused whole, with the count it would have reached', async () => {
    const s = await school();
    await db.batch([...studentRows(s.schoolId, s.classId), capacityGuard(s.ctx, [s.classId])]);
    expect(await countIn(s.classId)).toBe(1);
    const error = await db.batch([...studentRows(s.schoolId, s.classId), capacityGuard(s.ctx, [s.classId])]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refusalOf(error)).toEqual({ rule: 'class-capacity', detail: '2/1' });
    expect(await countIn(s.classId)).toBe(1);
  });

  it('a slot overlapping another of its teacher is refused; back-to-back periods pass', async () => {
    const s = await school();
    const slot = (startTime: string, endTime: string) => ({
      id: newId(),
      schoolId: s.schoolId,
      teacherId: s.teacherId,
      classId: s.classId,
      subjectId: s.subjectId,
      dayOfWeek: 'Monday' as const,
      startTime,
      endTime,
      academicYear: '2024-2025',
      semester: 'Annual',
    });
    const first = slot('09:00', '09:45');
    const next = slot('09:45', '10:30');
    await db.batch([
      db.insert(schedules).values(first),
      db.insert(schedules).values(next),
      clashGuard(s.ctx, [first.id, next.id]),
    ]);
    const overlapping = slot('09:30', '10:00');
    const error = await db.batch([db.insert(schedules).values(overlapping), clashGuard(s.ctx, [overlapping.id])]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refusalOf(error)?.rule).toBe('timetable-clash');
    const left = await db.select({ id: schedules.id }).from(schedules).where(eq(schedules.schoolId, s.schoolId));
    expect(left).toHaveLength(2);
  });

  it('enrolments sent at once fill the last seat once and the others answer that the class is full', async () => {
    const s = await school();
    const enrol = (n: number) =>
      call(s.token, '/api/students', 'POST', {
        name: `Kid ${n}`,
        classId: s.classId,
        rollNumber: String(n),
        email: `kid${n}.${s.schoolId}@d1.example`,
        password: 'student-pw-1',
        phone: '555',
        dateOfBirth: '2012-04-01',
        gender: 'female',
        parentInfo: {
          fatherName: 'Ravi Rao',
          fatherEmail: `dad${n}.${s.schoolId}@d1.example`,
          fatherPassword: 'father-pw-1',
        },
      });
    expected = 3;
    const calls = await Promise.all([1, 2, 3].map(enrol));
    expect(calls.map((c) => c.status).sort()).toEqual([201, 409, 409]);
    for (const c of calls.filter((x) => x.status === 409)) {
      expect(c.body.error).toBe('Class 5-B is full (1/1 students). Raise its capacity or choose another class.');
    }
    expect(await countIn(s.classId)).toBe(1);
  });

  it('four payments of a whole fee sent at once give one receipt and collect the fee once', async () => {
    const s = await school();
    const [userRow, studentRow] = studentRows(s.schoolId, s.classId);
    await db.batch([userRow, studentRow]);
    const [student] = await db.select({ id: students.id }).from(students).where(eq(students.classId, s.classId));
    const categoryId = newId();
    const structureId = newId();
    await db.batch([
      db.insert(feeCategories).values({ id: categoryId, schoolId: s.schoolId, name: 'Tuition Fee' }),
      db.insert(feeStructures).values({
        id: structureId,
        schoolId: s.schoolId,
        classId: s.classId,
        categoryId,
        amountMinor: 10000,
        dueDate: '2099-06-30',
        academicYear: '2024-2025',
      }),
    ]);
    const pay = () =>
      call(s.token, '/api/fees/collections', 'POST', {
        studentId: student.id,
        structureId,
        amount: 100,
        method: 'cash',
      });
    expected = 4;
    const calls = await Promise.all([pay(), pay(), pay(), pay()]);
    expect(calls.map((c) => c.status).sort()).toEqual([201, 400, 400, 400]);
    for (const c of calls.filter((x) => x.status === 400)) expect(c.body.error).toBe('This fee is already fully paid');
    const [paid] = await db
      .select({ n: sql<number>`count(*)`, minor: sql<number>`sum(${feeCollections.amountMinor})` })
      .from(feeCollections)
      .where(eq(feeCollections.structureId, structureId));
    expect(paid).toEqual({ n: 1, minor: 10000 });
    const receipts = await db.select().from(feeReceipts).where(eq(feeReceipts.schoolId, s.schoolId));
    expect(receipts).toHaveLength(1);
  });
});
