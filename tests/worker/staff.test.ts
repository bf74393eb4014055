import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { d1Database } from '../../worker/db/d1';
import { DbMeter } from '../../worker/db/meter';
import { departments, schools, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { issueToken } from '../../worker/lib/tokens';
import { DEFAULT_DEPARTMENTS } from '../../worker/modules/platform/service';

const worker = (exports as unknown as { default: Fetcher }).default;
const db = d1Database(env.DB, new DbMeter());

async function call(token: string | null, path: string, method = 'GET', json?: unknown) {
  const res = await worker.fetch(`http://portal.test${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/**
 * On D1: the joined, batched reads of teachers and staff keep their columns apart, the attendance upsert
 * replaces a day's mark, and a teacher created in workerd signs in at the teacher sign-in.
 */
describe('teachers and staff on D1', () => {
  it('adds, reads, updates and deactivates a teacher; recruits staff and marks their day', async () => {
    const schoolId = newId();
    const adminId = newId();
    await db.batch([
      db.insert(schools).values({ id: schoolId, name: 'D1 Staff School', code: `D1S-${schoolId.slice(0, 6)}` }),
      db.insert(users).values({
        id: adminId,
        schoolId,
        role: 'school_admin',
        name: 'Ada Admin',
        email: `a.${adminId}@d1.example`,
        passwordHash: 'x',
      }),
      db.insert(departments).values(DEFAULT_DEPARTMENTS.map((name) => ({ schoolId, name }))),
    ]);
    const { token } = await issueToken(
      env.JWT_SECRET,
      { userId: adminId, schoolId, role: 'school_admin', tokenVersion: 0 },
      new Date(),
    );

    const email = `t.${schoolId}@d1.example`;
    const created = await call(token, '/api/teachers', 'POST', {
      name: 'Rita Rao',
      email,
      password: 'first-day-1',
      phone: '555-0100',
      salary: 30000,
      primarySubject: 'Geography',
    });
    expect(created.status).toBe(201);
    const teacherId = created.body.data.teacher._id;
    const stats = await call(token, '/api/teachers/stats');
    expect(stats.body.data).toMatchObject({ totalTeachers: 1, activeTeachers: 1, totalSalary: 30000 });
    expect(stats.body.data.recentTeachers[0]).toMatchObject({ name: 'Rita Rao', email });
    const updated = await call(token, `/api/teachers/${teacherId}`, 'PUT', {
      phone: '555-0199',
      subjects: ['History'],
    });
    expect(updated.body.data).toMatchObject({
      phone: '555-0199',
      subjects: [{ name: 'History' }],
    });
    const login = await worker.fetch('http://portal.test/api/teachers/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'first-day-1' }),
    });
    expect(login.status).toBe(200);
    const teacherToken = ((await login.json()) as { token: string }).token;
    expect((await call(teacherToken, `/api/teachers/${teacherId}`)).status).toBe(200);
    expect((await call(token, `/api/teachers/${teacherId}`, 'DELETE')).body.data.isActive).toBe(false);
    expect((await call(teacherToken, `/api/teachers/${teacherId}`)).status).toBe(401);

    const recruited = await call(token, '/api/employees', 'POST', {
      name: 'Kavya Rao',
      position: 'Accountant',
      department: 'Finance',
    });
    expect(recruited.status).toBe(201);
    const employeeId = recruited.body.data._id;
    const list = await call(token, '/api/employees?search=kavya');
    expect(list.body).toMatchObject({ total: 1, data: [{ name: 'Kavya Rao', department: 'Finance' }] });
    const depts = await call(token, '/api/employees/departments');
    expect(depts.body.data.find((d: any) => d.name === 'Finance')).toMatchObject({ employeeCount: 1 });

    const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const first = await call(token, '/api/employees/attendance', 'POST', { employeeId, date, status: 'present' });
    const second = await call(token, '/api/employees/attendance', 'POST', {
      date,
      records: [{ employeeId, status: 'late', remarks: 'Bus' }],
    });
    expect(second.body.data.records[0]._id).toBe(first.body.data.records[0]._id);
    const day = await call(token, `/api/employees/attendance?date=${date}`);
    expect(day.body.data.employees[0]).toMatchObject({
      name: 'Kavya Rao',
      status: 'active',
      attendance: { status: 'late', remarks: 'Bus', markedBy: { name: 'Ada Admin' } },
    });
    const csv = await call(token, `/api/employees/attendance/export?startDate=${date}&endDate=${date}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('"Kavya Rao","Accountant","Finance","late","Bus","Ada Admin"');
  });
});
