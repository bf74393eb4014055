import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feeReceipts, schools, users } from '../../worker/db/schema';
import { createTestApp, json, signIn, type TestApp } from '../support/app';
import { caller, classroom, expectError, schoolWithAdmin, teacherCaller } from '../support/classroom';
import { addStudentAttendance, addSubject, createClass, createStudent } from '../support/factories';
import { activityOf, enrolment, peopleCounts, tinyPdf } from '../support/students';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ADMIN_ONLY = 'Access denied. Required role: school_admin';

async function enrol(t: TestApp, token: string, body: unknown) {
  const res = await t.request('/api/students', { method: 'POST', token, json: body });
  return { status: res.status, body: await json<any>(res) };
}

describe('POST /api/students (enrolment)', () => {
  it('enrols a student with parent accounts that can sign in, and answers both', async () => {
    const w = await classroom(t);
    t.clock.now = new Date('2026-03-15T20:00:00Z');
    await t.db.update(schools).set({ timeZone: 'Asia/Kolkata' }).where(eq(schools.id, w.schoolId));
    const payload = enrolment(w.classId, {
      rollNumber: 12,
      parentInfo: {
        fatherName: 'Ravi Rao',
        fatherPhone: '+91 90000 00001',
        fatherEmail: 'Ravi.Rao@Example.org',
        fatherPassword: 'father-pw-1',
        motherName: 'Meera Rao',
        motherEmail: 'meera.rao@example.org',
        motherPassword: 'mother-pw-1',
        guardianName: '',
      },
    });
    const res = await enrol(t, w.token, payload);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Student enrolled successfully!');
    const s = res.body.data;
    expect(s).toMatchObject({
      name: 'Asha Rao',
      email: payload.email,
      phone: '+91 98765 43210',
      rollNumber: '12',
      status: 'active',
      gender: 'female',
      dateOfBirth: '2012-04-01',
      // The school's today: 16 March in Pune while it is still 15 March in UTC.
      admissionDate: '2026-03-16',
      admissionNumber: 'ADM2026001',
      address: { street: '12 Lake Road', city: 'Pune', state: 'MH', zipCode: '411001' },
      classId: { _id: w.classId, name: '8', section: 'A' },
      parentInfo: { fatherName: 'Ravi Rao', fatherEmail: 'ravi.rao@example.org', motherName: 'Meera Rao' },
    });
    expect(s.parents.map((p: any) => p.relation)).toEqual(['father', 'mother']);
    expect(s.parentAccounts).toEqual([
      {
        _id: expect.any(String),
        name: 'Ravi Rao',
        email: 'ravi.rao@example.org',
        relation: 'father',
        linkedExisting: false,
      },
      {
        _id: expect.any(String),
        name: 'Meera Rao',
        email: 'meera.rao@example.org',
        relation: 'mother',
        linkedExisting: false,
      },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);

    const studentLogin = await t.request('/api/students/login', {
      method: 'POST',
      json: { email: payload.email, password: 'student-pw-1' },
    });
    expect(studentLogin.status).toBe(200);
    const mother = await t.request('/api/students/parents/login', {
      method: 'POST',
      json: { email: 'meera.rao@example.org', password: 'mother-pw-1' },
    });
    expect((await json<any>(mother)).parent.children.map((c: any) => c._id)).toEqual([s._id]);
    expect((await activityOf(t, w.schoolId, s._id)).map((a) => a.action)).toEqual(['create']);

    // The next generated number follows; a one-line address is kept as the street.
    const second = await enrol(t, w.token, enrolment(w.classId, { address: '4 Hill Street, Pune' }));
    expect(second.body.data.admissionNumber).toBe('ADM2026002');
    expect(second.body.data.address).toEqual({ street: '4 Hill Street, Pune', city: null, state: null, zipCode: null });
    t.clock.now = new Date();
  });

  it('links a parent who already has a child here: one sign-in sees both children', async () => {
    const w = await classroom(t);
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    const first = await enrol(t, w.token, enrolment(w.classId, { name: 'Kiran Das' }));
    const fatherEmail = first.body.data.parentInfo.fatherEmail;
    const second = await enrol(
      t,
      w.token,
      enrolment(c9, {
        name: 'Nila Das',
        admissionNumber: 'N-77',
        parentInfo: {
          fatherName: 'Someone Else',
          fatherEmail: fatherEmail.toUpperCase(),
          fatherPassword: 'another-pw',
        },
      }),
    );
    expect(second.status).toBe(201);
    expect(second.body.data.admissionNumber).toBe('N-77');
    expect(second.body.data.parentAccounts).toEqual([
      {
        _id: first.body.data.parents[0]._id,
        name: 'Ravi Rao',
        email: fatherEmail,
        relation: 'father',
        linkedExisting: true,
      },
    ]);
    // The existing parent keeps their password and name; a password given for them changes nothing.
    const login = await t.request('/api/students/parents/login', {
      method: 'POST',
      json: { email: fatherEmail, password: 'father-pw-1' },
    });
    const body = await json<any>(login);
    expect(login.status).toBe(200);
    expect(body.parent.children.map((c: any) => c.name)).toEqual(['Kiran Das', 'Nila Das']);
    const children = await t.request('/api/family/children', { token: body.token });
    expect(
      (await json<any>(children)).data.map((c: any) => [c.name, `${c.classId.name}-${c.classId.section}`]),
    ).toEqual([
      ['Kiran Das', '8-A'],
      ['Nila Das', '9-B'],
    ]);
    expect(
      (
        await t.request('/api/students/parents/login', {
          method: 'POST',
          json: { email: fatherEmail, password: 'another-pw' },
        })
      ).status,
    ).toBe(401);
    // Without a password: an existing parent needs none, a new one does.
    const third = await enrol(
      t,
      w.token,
      enrolment(w.classId, { parentInfo: { guardianName: 'Ravi Rao', guardianEmail: fatherEmail } }),
    );
    expect(third.status).toBe(201);
    expect(third.body.data.parentAccounts[0]).toMatchObject({ relation: 'guardian', linkedExisting: true });
    const fourth = await enrol(
      t,
      w.token,
      enrolment(w.classId, { parentInfo: { motherName: 'New Mum', motherEmail: 'new.mum@example.org' } }),
    );
    expect(fourth.status).toBe(400);
    expect(fourth.body.details).toEqual([
      { msg: "Mother's password is required to create their parent account", path: 'parentInfo.motherPassword' },
    ]);
  });

  it('refuses emails, admission numbers and roll numbers already in use with 409 naming the field', async () => {
    const w = await classroom(t);
    const existing = await enrol(t, w.token, enrolment(w.classId, { rollNumber: '5', admissionNumber: 'A-1' }));
    const teacherEmail = w.teacher.email;
    const other = await schoolWithAdmin(t);
    const otherClass = await createClass(t, other.schoolId);
    const elsewhere = await enrol(t, other.token, enrolment(otherClass));
    const before = await peopleCounts(t);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: existing.body.data.email }, "A user with this email already exists (student's email)", 'email'],
      [{ email: teacherEmail }, "A user with this email already exists (student's email)", 'email'],
      [
        { parentInfo: { fatherName: 'X', fatherEmail: teacherEmail, fatherPassword: 'secret-1' } },
        "A user with this email already exists (father's email)",
        'parentInfo.fatherEmail',
      ],
      [
        { parentInfo: { motherName: 'X', motherEmail: existing.body.data.email, motherPassword: 'secret-1' } },
        "A user with this email already exists (mother's email)",
        'parentInfo.motherEmail',
      ],
      [
        // A parent of another school cannot be linked here.
        {
          parentInfo: {
            guardianName: 'X',
            guardianEmail: elsewhere.body.data.parentInfo.fatherEmail,
            guardianPassword: 'secret-1',
          },
        },
        "A user with this email already exists (guardian's email)",
        'parentInfo.guardianEmail',
      ],
      [{ admissionNumber: 'A-1' }, 'Admission number A-1 already exists in this school', 'admissionNumber'],
      [{ rollNumber: '5' }, 'Roll number 5 is already used in class 8-A', 'rollNumber'],
    ];
    for (const [overrides, message, path] of cases) {
      const res = await enrol(t, w.token, enrolment(w.classId, overrides));
      // `details` names the field, so the form shows the refusal beside it.
      expect({ status: res.status, error: res.body.error, details: res.body.details }).toEqual({
        status: 409,
        error: message,
        details: [{ msg: message, path }],
      });
      expect(res.body.error).toContain('already');
    }
    expect(await peopleCounts(t)).toEqual(before);

    const small = await createClass(t, w.schoolId, { name: '3', section: 'C', capacity: 1 });
    expect((await enrol(t, w.token, enrolment(small))).status).toBe(201);
    const full = await enrol(t, w.token, enrolment(small));
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('Class 3-C is full (1/1 students). Raise its capacity or choose another class.');
    expectError({ ...(await enrol(t, w.token, enrolment(otherClass))), trips: 0 }, 404, 'Class not found');
  });

  it('validates the payload with the spec messages', async () => {
    const w = await classroom(t);
    const details = async (overrides: Record<string, unknown>) =>
      (await enrol(t, w.token, enrolment(w.classId, overrides))).body.details;
    expect((await enrol(t, w.token, {})).body.details.map((d: any) => d.msg)).toEqual([
      'Name is required',
      'Class is required',
      'Roll number is required',
      'Email is required',
      'Password is required',
      'Phone is required',
      'Date of birth is required',
      'Gender is required',
    ]);
    expect(await details({ password: '12345' })).toEqual([
      { msg: 'Password must be at least 6 characters long', path: 'password' },
    ]);
    expect(await details({ gender: 'x' })).toEqual([{ msg: 'Gender must be male, female or other', path: 'gender' }]);
    expect(await details({ email: 'nope' })).toEqual([{ msg: 'Email is invalid', path: 'email' }]);
    expect(await details({ dateOfBirth: '01/04/2012' })).toEqual([
      { msg: 'Date of birth must be a date (YYYY-MM-DD)', path: 'dateOfBirth' },
    ]);
    expect(await details({ dateOfBirth: '2999-01-01' })).toEqual([
      { msg: 'Date of birth cannot be in the future', path: 'dateOfBirth' },
    ]);
    expect(await details({ parentInfo: {} })).toEqual([
      { msg: 'At least one parent or guardian with name, email and password is required', path: 'parentInfo' },
    ]);
    expect(await details({ parentInfo: { fatherName: 'Only A Name', fatherPhone: '123' } })).toEqual([
      { msg: "Father's email is required", path: 'parentInfo.fatherEmail' },
    ]);
    expect(
      await details({ parentInfo: { guardianName: 'G', guardianEmail: 'g@example.org', guardianPassword: '123' } }),
    ).toEqual([{ msg: "Guardian's password must be at least 6 characters long", path: 'parentInfo.guardianPassword' }]);
    expect(
      await details({
        parentInfo: {
          fatherName: 'F',
          fatherEmail: 'same@example.org',
          fatherPassword: 'secret-1',
          motherName: 'M',
          motherEmail: 'same@example.org',
          motherPassword: 'secret-1',
        },
      }),
    ).toEqual([{ msg: 'Mother and father need different emails', path: 'parentInfo.motherEmail' }]);
  });

  it('is one atomic batch: a failure in the middle of the write leaves nothing behind', async () => {
    const w = await classroom(t);
    const payload = enrolment(w.classId, {
      parentInfo: {
        fatherName: 'F',
        fatherEmail: 'atomic.father@example.org',
        fatherPassword: 'secret-1',
        motherName: 'M',
        motherEmail: 'atomic.mother@example.org',
        motherPassword: 'secret-2',
      },
    });
    // Someone else takes the mother's email between the checks and the write.
    const real = t.platform.hasher;
    let calls = 0;
    t.platform.hasher = {
      verify: real.verify,
      async hash(password) {
        calls += 1;
        if (calls === 3) {
          const { email } = await createStudent(t, w.schoolId);
          await t.db.update(users).set({ email: 'atomic.mother@example.org' }).where(eq(users.email, email));
        }
        return real.hash(password);
      },
    };
    const before = await peopleCounts(t);
    try {
      const res = await enrol(t, w.token, payload);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe("A user with this email already exists (mother's email)");
    } finally {
      t.platform.hasher = real;
    }
    const after = await peopleCounts(t);
    // Only the interfering student (with their parent) was added: not the enrolment's student or father.
    expect(after.students - before.students).toBe(1);
    expect(after.users - before.users).toBe(2);
    const [father] = await t.db.select().from(users).where(eq(users.email, 'atomic.father@example.org'));
    expect(father).toBeUndefined();
  });
});

describe('GET /api/students and /api/students/:id', () => {
  it('lists the cards with parents by name; the record has the rest; reading one is kept in the activity log', async () => {
    const w = await classroom(t);
    const enrolled = (await enrol(t, w.token, enrolment(w.classId, { name: 'Zara Khan' }))).body.data;
    const list = await w.admin.get('/api/students?search=zara&view=cards');
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({
      _id: enrolled._id,
      classId: w.classId,
      email: enrolled.email,
      parents: [{ name: 'Ravi Rao', relation: 'father' }],
    });
    expect(Object.keys(list.body.data[0].parents[0])).toEqual(['relation', 'name']);
    expect(list.body.data[0]).not.toHaveProperty('parentInfo');
    const one = await w.admin.get(`/api/students/${enrolled._id}`);
    expect(one.body.data).toMatchObject({
      _id: enrolled._id,
      classId: { _id: w.classId, name: '8', section: 'A' },
      parents: [{ name: 'Ravi Rao', relation: 'father', email: enrolled.parentInfo.fatherEmail }],
      parentInfo: { fatherName: 'Ravi Rao', motherName: null, guardianName: null },
    });
    expect((await activityOf(t, w.schoolId, enrolled._id)).map((a) => a.action)).toEqual(['create', 'read']);
  });
});

describe('PUT /api/students/:id', () => {
  it('changes name, class, roll number, contact, status and address', async () => {
    const w = await classroom(t);
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    const s = (await enrol(t, w.token, enrolment(w.classId))).body.data;
    const res = await w.admin.put(`/api/students/${s._id}`, {
      name: 'Asha R. Rao',
      classId: c9,
      rollNumber: '3',
      phone: '+91 11111 22222',
      email: 'asha.new@example.org',
      status: 'inactive',
      address: { street: '1 New Road', city: 'Mumbai' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Student updated successfully!');
    expect(res.body.data).toMatchObject({
      name: 'Asha R. Rao',
      rollNumber: '3',
      phone: '+91 11111 22222',
      email: 'asha.new@example.org',
      status: 'inactive',
      address: { street: '1 New Road', city: 'Mumbai', state: null, zipCode: null },
      classId: { _id: c9, name: '9', section: 'B' },
      admissionNumber: s.admissionNumber,
    });
    const login = await t.request('/api/students/login', {
      method: 'POST',
      json: { email: 'asha.new@example.org', password: 'student-pw-1' },
    });
    expect(login.status).toBe(200);
    const out = await w.admin.put(`/api/students/${s._id}`, { classId: null });
    expect(out.body.data.classId).toBeNull();
    expect((await activityOf(t, w.schoolId, s._id)).filter((a) => a.action === 'update')).toHaveLength(2);
  });

  it('refuses taken emails, admission and roll numbers, full classes and bad input', async () => {
    const w = await classroom(t);
    const a = (await enrol(t, w.token, enrolment(w.classId, { rollNumber: '1', admissionNumber: 'X-1' }))).body.data;
    const b = (await enrol(t, w.token, enrolment(w.classId, { rollNumber: '2' }))).body.data;
    expectError(
      await w.admin.put(`/api/students/${b._id}`, { rollNumber: '1' }),
      409,
      'Roll number 1 is already used in class 8-A',
    );
    expectError(
      await w.admin.put(`/api/students/${b._id}`, { email: a.email }),
      409,
      "A user with this email already exists (student's email)",
    );
    expectError(
      await w.admin.put(`/api/students/${b._id}`, { admissionNumber: 'X-1' }),
      409,
      'Admission number X-1 already exists in this school',
    );
    const tiny = await createClass(t, w.schoolId, { name: '1', section: 'A', capacity: 0 });
    expectError(
      await w.admin.put(`/api/students/${b._id}`, { classId: tiny }),
      409,
      'Class 1-A is full (0/0 students). Raise its capacity or choose another class.',
    );
    const same = await w.admin.put(`/api/students/${a._id}`, { email: a.email, rollNumber: '1' });
    expect(same.status).toBe(200);
    expect((await w.admin.put(`/api/students/${b._id}`, {})).body.details).toEqual([
      { msg: 'Give at least one field to change', path: 'name' },
    ]);
    expect((await w.admin.put(`/api/students/${b._id}`, { name: ' ' })).body.details).toEqual([
      { msg: 'Name is required', path: 'name' },
    ]);
    expect((await w.admin.put(`/api/students/${b._id}`, { status: 'gone' })).status).toBe(400);
    const other = await classroom(t);
    expectError(await w.admin.put(`/api/students/${b._id}`, { classId: other.classId }), 404, 'Class not found');
    const theirs = await createStudent(t, other.schoolId);
    expectError(await w.admin.put(`/api/students/${theirs.studentId}`, { name: 'X' }), 404, 'Student not found');
  });
});

describe('DELETE /api/students/:id', () => {
  it('removes the student, their account, attendance, documents and links; an only-child parent goes too', async () => {
    const w = await classroom(t);
    const lone = (await enrol(t, w.token, enrolment(w.classId))).body.data;
    const sibling = (await enrol(t, w.token, enrolment(w.classId))).body.data;
    const shared = sibling.parentInfo.fatherEmail;
    const brother = (
      await enrol(t, w.token, enrolment(w.classId, { parentInfo: { fatherName: 'x', fatherEmail: shared } }))
    ).body.data;
    await addStudentAttendance(t, w.schoolId, [
      { studentId: lone._id, classId: w.classId, subjectId: w.subjectId, date: '2026-01-05', status: 'present' },
    ]);
    const form = new FormData();
    form.set('file', new Blob([tinyPdf()], { type: 'application/pdf' }), 'birth.pdf');
    const upload = await t.request(`/api/students/${lone._id}/documents`, {
      method: 'POST',
      token: w.token,
      body: form,
    });
    const doc = (await json<any>(upload)).data;
    const key = `documents/${w.schoolId}/student/${lone._id}/${doc._id}`;
    expect(await t.platform.files?.get(key)).not.toBeNull();

    const res = await w.admin.del(`/api/students/${lone._id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Student deleted successfully!');
    expect(res.body.data).toEqual({
      _id: lone._id,
      deletedAttendance: 1,
      deletedDocuments: 1,
      deletedParentAccounts: 1,
      keptParentAccounts: 0,
    });
    expectError(await w.admin.get(`/api/students/${lone._id}`), 404, 'Student not found');
    expect(await t.platform.files?.get(key)).toBeNull();
    const left = await t.db.all<{ n: number }>(
      sql`select (select count(*) from student_attendance where student_id = ${lone._id})
        + (select count(*) from documents where owner_id = ${lone._id})
        + (select count(*) from users where email in (${lone.email}, ${lone.parentInfo.fatherEmail})) as n`,
    );
    expect(left[0].n).toBe(0);
    const gone = await t.request('/api/students/parents/login', {
      method: 'POST',
      json: { email: lone.parentInfo.fatherEmail, password: 'father-pw-1' },
    });
    expect(gone.status).toBe(401);

    // A parent of another child keeps their account and sees the remaining child.
    const kept = await w.admin.del(`/api/students/${sibling._id}`);
    expect(kept.body.data).toMatchObject({ deletedParentAccounts: 0, keptParentAccounts: 1 });
    const login = await t.request('/api/students/parents/login', {
      method: 'POST',
      json: { email: shared, password: 'father-pw-1' },
    });
    expect((await json<any>(login)).parent.children.map((c: any) => c._id)).toEqual([brother._id]);
    expect((await activityOf(t, w.schoolId, lone._id)).at(-1)?.action).toBe('delete');
  });

  it('keeps students with fee payments or a transfer certificate (409), and 404s others', async () => {
    const w = await classroom(t);
    const paid = (await enrol(t, w.token, enrolment(w.classId))).body.data;
    await t.db
      .insert(feeReceipts)
      .values({ schoolId: w.schoolId, number: 1, studentId: paid._id, amountMinor: 5000, issuedOn: '2026-01-10' });
    const refused = await w.admin.del(`/api/students/${paid._id}`);
    expectError(
      refused,
      409,
      'This student has fee payments or a transfer certificate on record, which the school must keep. Mark the student inactive instead.',
    );
    expect((await w.admin.get(`/api/students/${paid._id}`)).status).toBe(200);
    const left = (await enrol(t, w.token, enrolment(w.classId, { admissionDate: '2024-06-01' }))).body.data;
    const tc = await w.admin.post(`/api/students/${left._id}/transfer-certificate`, {
      reason: 'Family moved',
      leavingDate: '2026-06-30',
      conduct: 'Good',
    });
    expect(tc.status).toBe(201);
    expect((await w.admin.del(`/api/students/${left._id}`)).status).toBe(409);
    const other = await classroom(t);
    const theirs = await createStudent(t, other.schoolId);
    expectError(await w.admin.del(`/api/students/${theirs.studentId}`), 404, 'Student not found');
  });
});

describe('GET /api/students/stats', () => {
  it("counts totals, this month's admissions in the school's zone and the average class size", async () => {
    const w = await classroom(t);
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'A' });
    await createClass(t, w.schoolId, { name: '10', section: 'A' });
    t.clock.now = new Date('2026-04-30T20:00:00Z');
    await t.db.update(schools).set({ timeZone: 'Asia/Kolkata' }).where(eq(schools.id, w.schoolId));
    await enrol(t, w.token, enrolment(w.classId));
    await enrol(t, w.token, enrolment(w.classId, { admissionDate: '2026-04-20' }));
    const old = (await enrol(t, w.token, enrolment(c9, { admissionDate: '2025-05-01' }))).body.data;
    await w.admin.put(`/api/students/${old._id}`, { status: 'inactive' });
    await createStudent(t, w.schoolId);
    const res = await w.admin.get('/api/students/stats');
    t.clock.now = new Date();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      month: '2026-05',
      total: 4,
      active: 3,
      inactive: 1,
      // 1 May in Pune: only the first enrolment (admitted "today") is new this month.
      newThisMonth: 1,
      unassigned: 1,
      classCount: 3,
      averageClassSize: 1,
      perClass: [
        { classId: { _id: w.classId, name: '8', section: 'A' }, capacity: 40, students: 2, active: 2 },
        { classId: { _id: c9, name: '9', section: 'A' }, capacity: 40, students: 1, active: 0 },
        { classId: expect.objectContaining({ name: '10' }), capacity: 40, students: 0, active: 0 },
      ],
    });
    const empty = await schoolWithAdmin(t);
    expect((await empty.admin.get('/api/students/stats')).body.data).toMatchObject({ total: 0, averageClassSize: 0 });
  });
});

describe('GET /api/students/export', () => {
  it('answers the filtered list as spreadsheet-safe CSV and logs the export', async () => {
    const w = await classroom(t);
    await enrol(t, w.token, enrolment(w.classId, { name: 'Bela Roy', rollNumber: '1', phone: '+91 123' }));
    await enrol(t, w.token, enrolment(w.classId, { name: '=cmd()', rollNumber: '2' }));
    const res = await t.request('/api/students/export', { token: w.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Name","Admission number","Roll number","Class","Email","Phone","Gender","Date of birth","Admission date","Status","Father name","Father email","Father phone","Mother name","Mother email","Mother phone","Guardian name","Guardian email","Guardian phone","Street","City","State","Zip code"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^"'=cmd\(\)","ADM\d{7}","2","8-A",/);
    expect(lines[2]).toMatch(/^"Bela Roy","ADM\d{7}","1","8-A","[^"]+","'\+91 123","female","2012-04-01",/);
    const filtered = await (await t.request('/api/students/export?search=bela', { token: w.token })).text();
    expect(filtered.trim().split('\r\n')).toHaveLength(2);
    const [log] = await t.db.all<{ summary: string }>(
      sql`select summary from activity_logs where school_id = ${w.schoolId} and action = 'export' order by created_at desc limit 1`,
    );
    expect(log.summary).toBe('Exported 1 student(s) (search "bela")');
  });
});

describe('transfer certificates', () => {
  it('issues numbered certificates, marks the student inactive, lists and downloads them', async () => {
    const w = await classroom(t);
    const a = (await enrol(t, w.token, enrolment(w.classId, { admissionDate: '2024-06-01' }))).body.data;
    const b = (await enrol(t, w.token, enrolment(w.classId, { admissionDate: '2024-06-01' }))).body.data;
    const issued = await w.admin.post(`/api/students/${a._id}/transfer-certificate`, {
      reason: 'Family moved to Delhi',
      leavingDate: '2026-03-31',
      conduct: 'Very good',
      remarks: 'Promoted to class 9',
    });
    expect(issued.status).toBe(201);
    expect(issued.body.message).toBe('Transfer certificate issued successfully');
    expect(issued.body.data).toMatchObject({
      number: 1,
      certificateNumber: 'TC-0001',
      studentId: a._id,
      reason: 'Family moved to Delhi',
      leavingDate: '2026-03-31',
      conduct: 'Very good',
      remarks: 'Promoted to class 9',
      issuedBy: { name: 'Ada Admin' },
    });
    expect((await w.admin.get(`/api/students/${a._id}`)).body.data.status).toBe('inactive');
    const second = await w.admin.post(`/api/students/${b._id}/transfer-certificate`, {
      reason: 'Other school',
      leavingDate: '2026-04-01',
      conduct: 'Good',
    });
    expect(second.body.data.certificateNumber).toBe('TC-0002');
    const list = await w.admin.get(`/api/students/${a._id}/transfer-certificates`);
    expect(list.body).toMatchObject({ total: 1, data: [{ _id: issued.body.data._id, certificateNumber: 'TC-0001' }] });

    const pdf = await t.request(`/api/students/${a._id}/transfer-certificates/${issued.body.data._id}/download`, {
      token: w.token,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="transfer-certificate-TC-0001.pdf"');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((await activityOf(t, w.schoolId, issued.body.data._id)).map((x) => x.action)).toEqual(['create', 'export']);
    // Another student's certificate id under this student answers 404.
    expectError(
      await w.admin.get(`/api/students/${b._id}/transfer-certificates/${issued.body.data._id}/download`),
      404,
      'Transfer certificate not found',
    );
  });

  it('validates the certificate and refuses other schools', async () => {
    const w = await classroom(t);
    const s = (await enrol(t, w.token, enrolment(w.classId, { admissionDate: '2025-06-01' }))).body.data;
    const bad = await w.admin.post(`/api/students/${s._id}/transfer-certificate`, {});
    expect(bad.body.details.map((d: any) => d.msg)).toEqual([
      'Reason is required',
      'Leaving date is required',
      'Conduct is required',
    ]);
    expect(
      (
        await w.admin.post(`/api/students/${s._id}/transfer-certificate`, {
          reason: 'r',
          leavingDate: '2025-01-01',
          conduct: 'Good',
        })
      ).body.details,
    ).toEqual([{ msg: 'Leaving date cannot be before the admission date', path: 'leavingDate' }]);
    const other = await classroom(t);
    const theirs = await createStudent(t, other.schoolId);
    const body = { reason: 'r', leavingDate: '2026-01-01', conduct: 'Good' };
    expectError(
      await w.admin.post(`/api/students/${theirs.studentId}/transfer-certificate`, body),
      404,
      'Student not found',
    );
    expectError(await w.admin.get(`/api/students/${theirs.studentId}/transfer-certificates`), 404, 'Student not found');
    expect((await w.admin.get(`/api/students/${s._id}`)).body.data.status).toBe('active');
  });
});

describe('GET /api/students/attendance-overview', () => {
  it("gives each student's attendance today, this week and this month in days, in the school's zone", async () => {
    const w = await classroom(t);
    // Thursday 12 March 2026 in UTC.
    t.clock.now = new Date('2026-03-12T10:00:00Z');
    const a = await createStudent(t, w.schoolId, { classId: w.classId });
    const b = await createStudent(t, w.schoolId, { classId: w.classId });
    const c9 = await createClass(t, w.schoolId, { name: '9' });
    const c = await createStudent(t, w.schoolId, { classId: c9 });
    const mark = (
      studentId: string,
      date: string,
      status: 'present' | 'absent' | 'late' | 'excused',
      subjectId = w.subjectId,
    ) => ({
      studentId,
      classId: w.classId,
      subjectId,
      date,
      status,
    });
    const art = await addSubject(t, w.schoolId, { classId: w.classId, teacherId: null, name: 'Art' });
    await addStudentAttendance(t, w.schoolId, [
      mark(a.studentId, '2026-03-12', 'absent'),
      mark(a.studentId, '2026-03-12', 'late', art),
      mark(a.studentId, '2026-03-10', 'absent'),
      mark(a.studentId, '2026-03-09', 'present'),
      mark(a.studentId, '2026-03-02', 'present'),
      mark(a.studentId, '2026-02-27', 'present'),
      mark(b.studentId, '2026-03-11', 'excused'),
      mark(b.studentId, '2026-03-12', 'absent'),
      { ...mark(c.studentId, '2026-03-12', 'present'), classId: c9 },
    ]);
    const res = await w.admin.get(`/api/students/attendance-overview?classId=${w.classId}`);
    const all = await w.admin.get('/api/students/attendance-overview');
    t.clock.now = new Date();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ today: '2026-03-12', weekStart: '2026-03-09', monthStart: '2026-03-01' });
    const byId = new Map(res.body.data.students.map((s: any) => [s.studentId, s]));
    expect(byId.get(a.studentId)).toEqual({
      studentId: a.studentId,
      today: 'late',
      week: { attended: 2, marked: 3 },
      month: { attended: 3, marked: 4 },
      year: null,
    });
    expect(byId.get(b.studentId)).toEqual({
      studentId: b.studentId,
      today: 'absent',
      week: { attended: 0, marked: 1 },
      month: { attended: 0, marked: 1 },
      year: null,
    });
    expect(byId.has(c.studentId)).toBe(false);
    expect(all.body.data.students).toHaveLength(3);
  });
});

describe('who may use the student records calls', () => {
  it('answers 401 without a token and 403 to teachers, students and parents', async () => {
    const w = await classroom(t);
    const s = (await enrol(t, w.token, enrolment(w.classId))).body.data;
    const anonymous = caller(t);
    const teacher = await teacherCaller(t, w.teacher.email);
    const student = caller(t, await signIn(t, s.email, 'student-pw-1', '/api/students/login'));
    const parent = caller(t, await signIn(t, s.parentInfo.fatherEmail, 'father-pw-1', '/api/students/parents/login'));
    const tc = { reason: 'r', leavingDate: '2030-01-01', conduct: 'Good' };
    const calls = (who: ReturnType<typeof caller>) => [
      who.post('/api/students', enrolment(w.classId)),
      who.get(`/api/students/${s._id}`),
      who.put(`/api/students/${s._id}`, { name: 'X' }),
      who.del(`/api/students/${s._id}`),
      who.get('/api/students/stats'),
      who.get('/api/students/export'),
      who.get('/api/students/attendance-overview'),
      who.get('/api/students/import/template'),
      who.post(`/api/students/${s._id}/transfer-certificate`, tc),
      who.get(`/api/students/${s._id}/transfer-certificates`),
      who.get(`/api/students/${s._id}/transfer-certificates/x/download`),
      who.get(`/api/students/${s._id}/documents`),
      who.del(`/api/students/${s._id}/documents/x`),
      who.get(`/api/students/${s._id}/documents/x/download`),
    ];
    const expectAll = async (who: ReturnType<typeof caller>, status: number) => {
      for (const call of calls(who)) {
        const res = await call.catch(() => ({ status: 0, body: {} }) as never);
        expect(res.status).toBe(status);
      }
    };
    await expectAll(anonymous, 401);
    for (const who of [teacher, student, parent]) await expectAll(who, 403);
    for (const who of [teacher, student, parent]) {
      expectError(await who.get('/api/students/stats'), 403, ADMIN_ONLY);
    }
    expect((await w.admin.get(`/api/students/${s._id}`)).body.data.name).toBe('Asha Rao');
  });
});

describe('round trips', () => {
  it('do not grow with the number of students (list, stats, export, overview)', async () => {
    const measure = async (count: number) => {
      const w = await schoolWithAdmin(t);
      const classId = await createClass(t, w.schoolId, { capacity: 100 });
      for (let i = 0; i < count; i++) await createStudent(t, w.schoolId, { classId });
      const trips = [];
      for (const path of ['/api/students?limit=1000', '/api/students/stats', '/api/students/attendance-overview']) {
        trips.push((await w.admin.get(path)).trips);
      }
      const res = await t.request('/api/students/export', { token: w.token });
      trips.push(Number(/db;desc="(\d+)"/.exec(res.headers.get('server-timing') ?? '')?.[1]));
      return trips;
    };
    expect(await measure(25)).toEqual(await measure(2));
  });

  it('enrolment takes a fixed number of round trips with any number of parents', async () => {
    const w = await classroom(t);
    const one = await t.request('/api/students', { method: 'POST', token: w.token, json: enrolment(w.classId) });
    const three = await t.request('/api/students', {
      method: 'POST',
      token: w.token,
      json: enrolment(w.classId, {
        parentInfo: {
          fatherName: 'F',
          fatherEmail: `f.${Date.now()}@example.org`,
          fatherPassword: 'secret-1',
          motherName: 'M',
          motherEmail: `m.${Date.now()}@example.org`,
          motherPassword: 'secret-1',
          guardianName: 'G',
          guardianEmail: `g.${Date.now()}@example.org`,
          guardianPassword: 'secret-1',
        },
      }),
    });
    expect(three.status).toBe(201);
    expect(three.headers.get('server-timing')?.split(';')[1]).toBe(one.headers.get('server-timing')?.split(';')[1]);
  });
});
