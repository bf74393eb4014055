/**
 * Every list and export of students' personal data leaves one activity-log row: who, what, how many records,
 * when. A read refused (404, 403) leaves none.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signIn, type TestApp } from '../support/app';
import { classroom, schoolWithAdmin } from '../support/classroom';
import { addClassRoll, addStudentAttendance, createClass } from '../support/factories';

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await world();
});

/** Class 8-A with three pupils marked present on two days, a fee they owe and one part payment. */
async function world() {
  const school = await classroom(t);
  const roll = await addClassRoll(t, school.schoolId, school.classId, 3);
  await addStudentAttendance(
    t,
    school.schoolId,
    roll.flatMap((s) =>
      ['2025-01-06', '2025-01-07'].map((date) => ({
        studentId: s.studentId,
        classId: school.classId,
        subjectId: school.subjectId,
        date,
        status: 'present' as const,
      })),
    ),
  );
  const category = await school.admin.post('/api/fees/categories', { name: 'Tuition Fee' });
  const structure = await school.admin.post('/api/fees/structures', {
    classId: school.classId,
    categoryId: category.body.data._id,
    amount: 100,
    dueDate: '2025-01-01',
  });
  const receipt = await school.admin.post('/api/fees/collections', {
    studentId: roll[0].studentId,
    structureId: structure.body.data._id,
    amount: 40,
    method: 'cash',
  });
  const teacher = await signIn(t, school.teacher.email, PASSWORD, '/api/teachers/login');
  return { ...school, admin: school.token, roll, teacher, receiptId: receipt.body.data._id as string };
}

interface LogRow {
  user_name: string;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: string;
}

/** The activity rows a call leaves in the school's log. */
async function logOf(token: string, path: string): Promise<{ call: Answer; rows: LogRow[] }> {
  const [{ last }] = await t.db.all<{ last: number }>(sql`select coalesce(max(rowid), 0) as last from activity_logs`);
  const res = await t.request(path, { token });
  const text = await res.text();
  const call = {
    status: res.status,
    body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
  const rows = await t.db.all<LogRow>(
    sql`select user_name, action, entity, entity_id, summary from activity_logs
        where rowid > ${last} and school_id = ${w.schoolId} order by rowid`,
  );
  return { call, rows };
}

interface Answer {
  status: number;
  body: any;
}

async function expectLogged(who: string, path: string, row: Partial<LogRow>) {
  const { call, rows } = await logOf(who, path);
  expect(call.status, `${path} ${JSON.stringify(call.body).slice(0, 200)}`).toBe(200);
  expect(rows, path).toEqual([expect.objectContaining(row)]);
  return call;
}

describe('lists and exports of students are logged with the number of records', () => {
  it('the student list and search, and the export', async () => {
    await expectLogged(w.admin, `/api/students?classId=${w.classId}&limit=2`, {
      user_name: 'Ada Admin',
      action: 'read',
      entity: 'student',
      summary: 'Listed 2 student(s) (one class)',
    });
    await expectLogged(w.admin, '/api/students?search=pupil%202', {
      action: 'read',
      summary: 'Listed 1 student(s) (search "pupil 2")',
    });
    await expectLogged(w.admin, '/api/students/export', { action: 'export', summary: 'Exported 3 student(s)' });
  });

  it('the fees due, their CSV, receipts, a receipt and its PDF, and payments', async () => {
    await expectLogged(w.admin, '/api/fees/due', { action: 'read', entity: 'fee_due', summary: 'Listed 3 fee due(s)' });
    await expectLogged(w.admin, '/api/fees/due?limit=1', { summary: 'Listed 1 fee due(s)' });
    await expectLogged(w.admin, '/api/fees/due/export', { action: 'export', summary: 'Exported 3 fee due(s)' });
    await expectLogged(w.admin, '/api/fees/receipts', { entity: 'fee_receipt', summary: 'Listed 1 receipt(s)' });
    await expectLogged(w.admin, `/api/fees/receipts/${w.receiptId}`, {
      action: 'read',
      entity_id: w.receiptId,
      summary: 'Viewed 1 receipt(s)',
    });
    const { call, rows } = await logOf(w.admin, `/api/fees/receipts/${w.receiptId}/download`);
    expect(call.status).toBe(200);
    expect(rows).toEqual([
      expect.objectContaining({ action: 'export', entity_id: w.receiptId, summary: 'Downloaded 1 receipt(s)' }),
    ]);
    await expectLogged(w.admin, '/api/fees/collections', { entity: 'fee_collection', summary: 'Listed 1 payment(s)' });
    await expectLogged(w.admin, `/api/fees/students/${w.roll[0].studentId}`, {
      action: 'read',
      entity: 'fee_due',
      entity_id: w.roll[0].studentId,
      summary: 'Viewed the fees of 1 student(s)',
    });
  });

  it('attendance lists, registers, statistics, reports and overviews', async () => {
    await expectLogged(w.teacher, `/api/attendance?classId=${w.classId}`, {
      user_name: 'Rahul Verma',
      entity: 'student_attendance',
      summary: 'Listed 6 attendance mark(s)',
    });
    await expectLogged(w.teacher, `/api/attendance/class-date?classId=${w.classId}&date=2025-01-06`, {
      entity_id: w.classId,
      summary: 'Viewed 3 attendance mark(s) of class 8-A on 2025-01-06',
    });
    await expectLogged(
      w.teacher,
      `/api/attendance/register?classId=${w.classId}&subjectId=${w.subjectId}&date=2025-01-06`,
      { summary: 'Viewed the Mathematics register of class 8-A on 2025-01-06: 3 student(s)' },
    );
    const pupil = w.roll[0];
    for (const path of [`/api/attendance/student/${pupil.studentId}`, `/api/students/${pupil.studentId}/attendance`]) {
      await expectLogged(w.admin, path, {
        entity: 'student',
        entity_id: pupil.studentId,
        summary: `Viewed 2 attendance mark(s) of ${pupil.name}`,
      });
    }
    await expectLogged(w.teacher, `/api/attendance/class/${w.classId}`, {
      summary: 'Viewed the attendance statistics of 3 student(s) of class 8-A',
    });
    for (const report of ['attendance', 'performance']) {
      await expectLogged(w.admin, `/api/classes/${w.classId}/reports/${report}?from=2025-01-01&to=2025-01-31`, {
        entity: 'class',
        summary: `Viewed the ${report} report of class 8-A: 3 student(s)`,
      });
    }
    const { call, rows } = await logOf(w.admin, '/api/students/attendance-overview');
    expect(rows).toEqual([
      expect.objectContaining({ summary: `Listed the attendance of ${call.body.data.students.length} student(s)` }),
    ]);
  });

  it('gives each line its own id, a UUID made by the database', async () => {
    const ids = await t.db.all<{ id: string }>(
      sql`select id from activity_logs where school_id = ${w.schoolId} and entity = 'fee_due'`,
    );
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids.map((r) => r.id)).size).toBe(ids.length);
    for (const { id } of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('transfer certificates of a student', async () => {
    await expectLogged(w.admin, `/api/students/${w.roll[1].studentId}/transfer-certificates`, {
      entity: 'transfer_certificate',
      entity_id: w.roll[1].studentId,
      summary: 'Listed 0 transfer certificate(s)',
    });
  });
});

describe('a read that is refused leaves nothing in the log', () => {
  it('a missing receipt, a class the teacher does not teach, another school asking', async () => {
    const other = await createClass(t, w.schoolId, { name: '9', section: 'C' });
    const outsider = await schoolWithAdmin(t);
    for (const [who, path, status] of [
      [w.admin, `/api/fees/receipts/${randomUUID()}`, 404],
      [w.admin, `/api/fees/receipts/${randomUUID()}/download`, 404],
      [w.admin, `/api/fees/students/${randomUUID()}`, 404],
      [outsider.token, `/api/fees/students/${w.roll[0].studentId}`, 404],
      [w.teacher, `/api/attendance?classId=${other}`, 403],
      [w.teacher, `/api/attendance/class-date?classId=${other}`, 403],
      [w.teacher, `/api/attendance/class/${other}`, 403],
      [outsider.token, `/api/students/${w.roll[0].studentId}/transfer-certificates`, 404],
      [outsider.token, `/api/attendance?classId=${w.classId}`, 404],
    ] as const) {
      const { call, rows } = await logOf(who, path);
      expect(call.status, path).toBe(status);
      expect(rows, path).toEqual([]);
    }
  });
});
