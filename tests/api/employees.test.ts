import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { employeeAttendance, schools } from '../../worker/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { caller, classroom, expectError, schoolWithAdmin, teacherCaller } from '../support/classroom';
import { addEmployee } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ADMIN_ONLY = 'Access denied. Required role: school_admin';
const DEFAULTS = ['Administration', 'Finance', 'HR', 'IT', 'Library', 'Maintenance', 'Transport'];

async function departmentId(admin: Awaited<ReturnType<typeof schoolWithAdmin>>['admin'], name: string) {
  const list = await admin.get('/api/employees/departments');
  return list.body.data.find((d: any) => d.name === name)._id as string;
}

describe('departments', () => {
  it('starts with the seven departments of the spec, with employee counts', async () => {
    const w = await schoolWithAdmin(t);
    await addEmployee(t, w.schoolId, { department: 'IT' });
    await addEmployee(t, w.schoolId, { department: 'IT', status: 'inactive' });
    const res = await w.admin.get('/api/employees/departments');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(7);
    expect(res.body.data.map((d: any) => d.name)).toEqual(DEFAULTS);
    expect(res.body.data.find((d: any) => d.name === 'IT')).toMatchObject({ employeeCount: 2, activeEmployees: 1 });
    expect(res.body.data.find((d: any) => d.name === 'HR')).toMatchObject({ employeeCount: 0, activeEmployees: 0 });
  });

  it('creates, renames and deletes; names are unique per school in any case; one in use cannot be deleted', async () => {
    const w = await schoolWithAdmin(t);
    const made = await w.admin.post('/api/employees/departments', { name: 'Security', description: 'Gates' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      message: 'Department created successfully',
      data: { name: 'Security', description: 'Gates', employeeCount: 0 },
    });
    expectError(
      await w.admin.post('/api/employees/departments', { name: 'security' }),
      409,
      'A department with this name already exists',
    );
    expectError(await w.admin.post('/api/employees/departments', { name: ' ' }), 400, 'Validation failed');
    // Another school may use the same name.
    const other = await schoolWithAdmin(t);
    expect((await other.admin.post('/api/employees/departments', { name: 'Security' })).status).toBe(201);

    const id = made.body.data._id;
    const renamed = await w.admin.put(`/api/employees/departments/${id}`, { name: 'Campus Security' });
    expect(renamed.body).toMatchObject({
      message: 'Department updated successfully',
      data: { name: 'Campus Security' },
    });
    expectError(
      await w.admin.put(`/api/employees/departments/${id}`, { name: 'hr' }),
      409,
      'A department with this name already exists',
    );
    expect((await w.admin.put(`/api/employees/departments/${id}`, { name: 'Campus security' })).status).toBe(200);

    const itDept = await departmentId(w.admin, 'IT');
    await addEmployee(t, w.schoolId, { department: 'IT' });
    expectError(
      await w.admin.del(`/api/employees/departments/${itDept}`),
      409,
      'This department has 1 employee(s); move them to another department before deleting it',
    );
    const gone = await w.admin.del(`/api/employees/departments/${id}`);
    expect(gone.body).toMatchObject({ message: 'Department deleted successfully', data: { _id: id } });

    const theirs = await departmentId(other.admin, 'IT');
    expectError(await w.admin.put(`/api/employees/departments/${theirs}`, { name: 'X' }), 404, 'Department not found');
    expectError(await w.admin.del(`/api/employees/departments/${theirs}`), 404, 'Department not found');
  });
});

describe('employees', () => {
  it('recruits with the department by name or by id; email, phone, salary and join date optional', async () => {
    const w = await schoolWithAdmin(t);
    await t.db.update(schools).set({ timeZone: 'Asia/Kolkata' }).where(eq(schools.id, w.schoolId));
    t.clock.now = new Date('2025-06-30T20:00:00.000Z');
    try {
      const byName = await w.admin.post('/api/employees', {
        name: 'Kavya Rao',
        position: 'Accountant',
        department: 'finance',
      });
      expect(byName.status).toBe(201);
      expect(byName.body.message).toBe('Employee recruited successfully!');
      expect(byName.body.data).toMatchObject({
        name: 'Kavya Rao',
        position: 'Accountant',
        department: 'Finance',
        departmentId: { name: 'Finance' },
        email: null,
        phone: null,
        salary: 0,
        joinDate: '2025-07-01',
        status: 'active',
      });
      const itDept = await departmentId(w.admin, 'IT');
      const byId = await w.admin.post('/api/employees', {
        name: 'Arjun Das',
        position: 'IT Support',
        departmentId: itDept,
        email: 'Arjun@Example.org',
        phone: '555-0200',
        salary: '28000.50',
        joinDate: '2024-06-01',
      });
      expect(byId.body.data).toMatchObject({
        department: 'IT',
        email: 'arjun@example.org',
        salary: 28000.5,
        joinDate: '2024-06-01',
      });
      const fetched = await w.admin.get(`/api/employees/${byId.body.data._id}`);
      expect(fetched.body.data).toEqual(byId.body.data);
    } finally {
      t.clock.now = new Date();
    }
  });

  it('requires name, position and department, and checks the optional fields', async () => {
    const w = await schoolWithAdmin(t);
    const missing = await w.admin.post('/api/employees', { name: ' ' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Validation failed');
    expect(missing.body.details).toEqual(
      expect.arrayContaining([
        { msg: 'Name is required', path: 'name' },
        { msg: 'Position is required', path: 'position' },
        { msg: 'Department is required', path: 'department' },
      ]),
    );
    const bad = await w.admin.post('/api/employees', {
      name: 'A',
      position: 'Principal',
      department: 'HR',
      email: 'not-an-email',
      salary: -5,
      joinDate: '2025-13-01',
    });
    expect(bad.body.details.map((d: any) => d.msg).sort()).toEqual(
      ['Email is invalid', 'Join date must be a date (YYYY-MM-DD)', 'Salary cannot be negative'].sort(),
    );
    expectError(
      await w.admin.post('/api/employees', { name: 'A', position: 'Principal', department: 'Kitchen' }),
      404,
      'Department not found',
    );
    const other = await schoolWithAdmin(t);
    const theirs = await departmentId(other.admin, 'HR');
    expectError(
      await w.admin.post('/api/employees', { name: 'A', position: 'Principal', departmentId: theirs }),
      404,
      'Department not found',
    );
  });

  it('lists with search, department and status filters, paged', async () => {
    const w = await schoolWithAdmin(t);
    await addEmployee(t, w.schoolId, { name: 'Anil Kumar', department: 'Transport', position: 'Driver' });
    await addEmployee(t, w.schoolId, { name: 'Bina Shah', department: 'Library', position: 'Librarian' });
    await addEmployee(t, w.schoolId, { name: 'Chen Li', department: 'Library', status: 'inactive' });
    const elsewhere = await schoolWithAdmin(t);
    await addEmployee(t, elsewhere.schoolId, { name: 'Elsewhere' });
    const names = async (query = '') => (await w.admin.get(`/api/employees${query}`)).body.data.map((e: any) => e.name);
    expect(await names()).toEqual(['Anil Kumar', 'Bina Shah', 'Chen Li']);
    expect(await names('?status=active')).toEqual(['Anil Kumar', 'Bina Shah']);
    expect(await names('?status=inactive')).toEqual(['Chen Li']);
    expect(await names('?search=librar')).toEqual(['Bina Shah', 'Chen Li']);
    expect(await names('?search=driver')).toEqual(['Anil Kumar']);
    const library = await departmentId(w.admin, 'Library');
    expect(await names(`?departmentId=${library}&status=active`)).toEqual(['Bina Shah']);
    const page = await w.admin.get('/api/employees?limit=2&page=2');
    expect(page.body).toMatchObject({ total: 3, data: [{ name: 'Chen Li' }] });
    expect((await w.admin.get('/api/employees?status=gone')).status).toBe(400);
  });

  it('updates, and moves to another department by name', async () => {
    const w = await schoolWithAdmin(t);
    const id = await addEmployee(t, w.schoolId, { name: 'Dina', department: 'HR' });
    const res = await w.admin.put(`/api/employees/${id}`, {
      name: 'Dina Paul',
      position: 'HR Manager',
      department: 'Administration',
      salary: 41000,
      email: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Employee updated successfully!');
    expect(res.body.data).toMatchObject({
      name: 'Dina Paul',
      position: 'HR Manager',
      department: 'Administration',
      salary: 41000,
      email: null,
    });
    expect((await w.admin.put(`/api/employees/${id}`, { name: '' })).body.details[0].msg).toBe('Name is required');
    expect((await w.admin.put(`/api/employees/${id}`, {})).status).toBe(400);
    expectError(await w.admin.put(`/api/employees/${id}`, { department: 'Kitchen' }), 404, 'Department not found');
    const other = await schoolWithAdmin(t);
    const theirs = await addEmployee(t, other.schoolId);
    expectError(await w.admin.put(`/api/employees/${theirs}`, { name: 'X' }), 404, 'Employee not found');
    expectError(await w.admin.get(`/api/employees/${theirs}`), 404, 'Employee not found');
  });

  it('deactivates on DELETE, keeping attendance; removes permanently only without attendance history', async () => {
    const w = await schoolWithAdmin(t);
    const id = await addEmployee(t, w.schoolId, { name: 'Eshan' });
    await t.db.insert(employeeAttendance).values({
      schoolId: w.schoolId,
      employeeId: id,
      date: '2025-01-06',
      status: 'present',
      markedAt: '2025-01-06T09:00:00.000Z',
    });
    const res = await w.admin.del(`/api/employees/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Employee deactivated successfully',
      data: { status: 'inactive', removed: false },
    });
    expectError(
      await w.admin.del(`/api/employees/${id}?permanent=true`),
      409,
      'This employee has 1 attendance mark(s); deactivate them instead to keep that history',
    );
    expect((await w.admin.put(`/api/employees/${id}`, { status: 'active' })).body.data.status).toBe('active');

    const mistake = await addEmployee(t, w.schoolId, { name: 'Typo' });
    const gone = await w.admin.del(`/api/employees/${mistake}?permanent=true`);
    expect(gone.body).toMatchObject({
      message: 'Employee removed successfully',
      data: { _id: mistake, removed: true },
    });
    expectError(await w.admin.get(`/api/employees/${mistake}`), 404, 'Employee not found');
    const other = await schoolWithAdmin(t);
    expectError(await other.admin.del(`/api/employees/${id}`), 404, 'Employee not found');
  });
});

describe('employee attendance', () => {
  it('lists every active employee with the mark of the date or null, and marks one or many (upsert)', async () => {
    const w = await schoolWithAdmin(t);
    const a = await addEmployee(t, w.schoolId, { name: 'Asha' });
    const b = await addEmployee(t, w.schoolId, { name: 'Bala', department: 'IT' });
    await addEmployee(t, w.schoolId, { name: 'Gone', status: 'inactive' });
    const date = '2025-02-03';

    const empty = await w.admin.get(`/api/employees/attendance?date=${date}`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({
      date,
      summary: { totalEmployees: 2, notMarked: 2, present: 0 },
      employees: [
        { _id: a, name: 'Asha', attendance: null },
        { _id: b, name: 'Bala', department: 'IT', attendance: null },
      ],
    });

    const one = await w.admin.post('/api/employees/attendance', {
      employeeId: a,
      date,
      status: 'late',
      remarks: 'Bus',
    });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      message: 'Attendance marked successfully',
      data: {
        date,
        successfulCount: 1,
        records: [{ employeeId: { _id: a, name: 'Asha' }, status: 'late', remarks: 'Bus' }],
      },
    });
    const many = await w.admin.post('/api/employees/attendance', {
      date,
      records: [
        { employeeId: a, status: 'present' },
        { employeeId: b, status: 'half-day', remarks: 'Clinic' },
      ],
    });
    expect(many.body.data.successfulCount).toBe(2);
    const day = await w.admin.get(`/api/employees/attendance?date=${date}`);
    expect(day.body.data.summary).toMatchObject({ present: 1, halfDay: 1, notMarked: 0, attendancePercentage: 75 });
    expect(day.body.data.employees[0].attendance).toMatchObject({
      status: 'present',
      remarks: null,
      markedBy: { name: 'Ada Admin' },
    });
    const rows = await t.db.select().from(employeeAttendance).where(eq(employeeAttendance.employeeId, a));
    expect(rows).toHaveLength(1);
  });

  it('refuses future dates, unknown, inactive and repeated employees, and bad statuses', async () => {
    const w = await schoolWithAdmin(t);
    const a = await addEmployee(t, w.schoolId);
    const gone = await addEmployee(t, w.schoolId, { name: 'Gone', status: 'inactive' });
    t.clock.now = new Date('2025-03-10T10:00:00.000Z');
    try {
      expectError(
        await w.admin.post('/api/employees/attendance', { employeeId: a, date: '2025-03-11', status: 'present' }),
        400,
        'Attendance cannot be marked for a future date',
      );
      const other = await schoolWithAdmin(t);
      const theirs = await addEmployee(t, other.schoolId);
      expectError(
        await w.admin.post('/api/employees/attendance', { employeeId: theirs, date: '2025-03-10', status: 'present' }),
        404,
        'Employee not found',
      );
      expectError(
        await w.admin.post('/api/employees/attendance', { employeeId: gone, date: '2025-03-10', status: 'present' }),
        409,
        'Inactive employees cannot be marked: Gone',
      );
      const repeated = await w.admin.post('/api/employees/attendance', {
        date: '2025-03-10',
        records: [
          { employeeId: a, status: 'present' },
          { employeeId: a, status: 'absent' },
        ],
      });
      expect(repeated.body.details[0].msg).toBe('An employee is listed more than once');
      const wrong = await w.admin.post('/api/employees/attendance', {
        employeeId: a,
        date: '2025-03-10',
        status: 'sick',
      });
      expect(wrong.body.details[0].msg).toBe('Status must be present, absent, late or half-day');
      const none = await w.admin.post('/api/employees/attendance', { date: '2025-03-10' });
      expect(none.body.details.map((d: any) => d.msg)).toEqual(['Employee is required', 'Status is required']);
    } finally {
      t.clock.now = new Date();
    }
  });

  it('exports a range as CSV', async () => {
    const w = await schoolWithAdmin(t);
    const a = await addEmployee(t, w.schoolId, {
      name: 'Asha, the clerk',
      department: 'Finance',
      position: 'Accountant',
    });
    await w.admin.post('/api/employees/attendance', { employeeId: a, date: '2025-01-06', status: 'present' });
    await w.admin.post('/api/employees/attendance', {
      employeeId: a,
      date: '2025-01-07',
      status: 'absent',
      remarks: 'Ill',
    });
    await w.admin.post('/api/employees/attendance', { employeeId: a, date: '2025-02-07', status: 'absent' });
    const res = await t.request('/api/employees/attendance/export?startDate=2025-01-01&endDate=2025-01-31', {
      token: w.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="staff-attendance-2025-01-01-to-2025-01-31.csv"',
    );
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Date","Employee","Position","Department","Status","Remarks","Marked By","Marked At"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^"2025-01-06","Asha, the clerk","Accountant","Finance","present","","Ada Admin",/);
    expect(lines[2]).toMatch(/^"2025-01-07","Asha, the clerk","Accountant","Finance","absent","Ill","Ada Admin",/);
    const backwards = await w.admin.get('/api/employees/attendance/export?startDate=2025-02-01&endDate=2025-01-01');
    expect(backwards.body.details[0].msg).toBe('Start date must not be after end date');
  });

  it('uses the same round trips for 2 and 20 employees (list, day, marking)', async () => {
    const measure = async (n: number) => {
      const w = await schoolWithAdmin(t);
      const ids = [];
      for (let i = 0; i < n; i++) ids.push(await addEmployee(t, w.schoolId));
      const list = await w.admin.get('/api/employees?limit=500');
      expect(list.body.data).toHaveLength(n);
      const mark = await w.admin.post('/api/employees/attendance', {
        date: '2025-01-06',
        records: ids.map((employeeId) => ({ employeeId, status: 'present' })),
      });
      expect(mark.body.data.successfulCount).toBe(n);
      const day = await w.admin.get('/api/employees/attendance?date=2025-01-06');
      expect(day.body.data.employees).toHaveLength(n);
      const departments = await w.admin.get('/api/employees/departments');
      return [list.trips, mark.trips, day.trips, departments.trips];
    };
    expect(await measure(20)).toEqual(await measure(2));
  });
});

describe('who may call the employee endpoints', () => {
  it('answers 401 without a token and 403 to teachers, everywhere', async () => {
    const w = await classroom(t);
    const id = await addEmployee(t, w.schoolId);
    const dept = await departmentId(w.admin, 'HR');
    const calls = (who: ReturnType<typeof caller>) => [
      who.get('/api/employees'),
      who.post('/api/employees', { name: 'A', position: 'B', department: 'HR' }),
      who.get(`/api/employees/${id}`),
      who.put(`/api/employees/${id}`, { name: 'X' }),
      who.del(`/api/employees/${id}`),
      who.get('/api/employees/departments'),
      who.post('/api/employees/departments', { name: 'X' }),
      who.put(`/api/employees/departments/${dept}`, { name: 'X' }),
      who.del(`/api/employees/departments/${dept}`),
      who.get('/api/employees/attendance'),
      who.post('/api/employees/attendance', { employeeId: id, date: '2025-01-06', status: 'present' }),
      who.get('/api/employees/attendance/export'),
    ];
    for (const call of calls(caller(t))) expect((await call).status).toBe(401);
    const rahul = await teacherCaller(t, w.teacher.email);
    for (const call of calls(rahul)) expectError(await call, 403, ADMIN_ONLY);
  });
});
