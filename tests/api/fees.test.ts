import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feeCollections, feeReceipts, schools } from '../../worker/db/schema';
import {
  createTestApp,
  createTestSchool,
  json,
  PASSWORD,
  roundTrips,
  signIn,
  type TestApp,
  THIS_YEAR,
  unique,
} from '../support/app';
import { createClass, createStudent } from '../support/factories';
import { pdfText } from '../support/pdf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function school() {
  const s = await createTestSchool(t);
  const token = await signIn(t, s.adminEmail);
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await t.request(`/api/fees${path}`, { ...init, token });
    return { res, status: res.status, body: await json<any>(res.clone()) };
  };
  return { ...s, token, call };
}

async function feeSetup(count = 1) {
  const s = await school();
  const classId = await createClass(t, s.schoolId, { name: '7', section: 'A' });
  const students = [];
  for (let i = 0; i < count; i++) students.push(await createStudent(t, s.schoolId, { classId, name: `Pupil ${i}` }));
  const category = (await s.call('/categories', { method: 'POST', json: { name: 'Tuition Fee' } })).body.data;
  const structure = (
    await s.call('/structures', {
      method: 'POST',
      json: { classId, categoryId: category._id, amount: '1500.50', dueDate: '2099-06-30', frequency: 'termly' },
    })
  ).body.data;
  return { ...s, classId, students, category, structure };
}

describe('fee categories', () => {
  it('creates, lists, renames and deletes; refuses a duplicate name and deleting one in use', async () => {
    const s = await school();
    const made = await s.call('/categories', { method: 'POST', json: { name: 'Library Fee', description: 'Books' } });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Fee category created successfully');
    const dup = await s.call('/categories', { method: 'POST', json: { name: 'library fee' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('A fee category with this name already exists');
    expect(dup.body.code).toBe('ALREADY_EXISTS');
    const renamed = await s.call(`/categories/${made.body.data._id}`, { method: 'PUT', json: { name: 'Library' } });
    expect(renamed.body.data.name).toBe('Library');
    expect((await s.call('/categories')).body.data.map((c: { name: string }) => c.name)).toEqual(['Library']);

    const classId = await createClass(t, s.schoolId);
    await s.call('/structures', {
      method: 'POST',
      json: { classId, categoryId: made.body.data._id, amount: 100, dueDate: '2099-01-01' },
    });
    const inUse = await s.call(`/categories/${made.body.data._id}`, { method: 'DELETE' });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe('This category is used by 1 fee structure(s); delete or move them first.');
    expect(inUse.body.code).toBe('IN_USE');
    const empty = await s.call('/categories', { method: 'POST', json: { name: 'Exam Fee' } });
    expect((await s.call(`/categories/${empty.body.data._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await s.call(`/categories/${empty.body.data._id}`)).status).toBe(404);
  });
});

describe('fee structures', () => {
  it('stores amounts as exact minor units and populates class and category', async () => {
    const { structure, classId, call } = await feeSetup();
    expect(structure).toMatchObject({
      amount: 1500.5,
      amountMinor: 150050,
      classId: { _id: classId, name: '7', section: 'A' },
      categoryId: { name: 'Tuition Fee' },
      frequency: 'termly',
      academicYear: THIS_YEAR,
      collected: 0,
    });
    const list = await call('/structures');
    expect(list.body.total).toBe(1);
  });

  it("refuses bad amounts and dates, and another school's class or category", async () => {
    const s = await feeSetup();
    const other = await feeSetup();
    const bad = await s.call('/structures', {
      method: 'POST',
      json: { classId: s.classId, categoryId: s.category._id, amount: -5, dueDate: '30/06/2099' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { msg: string }) => d.msg)).toEqual([
      'Amount must be greater than 0',
      'Due date must be a date (YYYY-MM-DD)',
    ]);
    const decimals = await s.call('/structures', {
      method: 'POST',
      json: { classId: s.classId, categoryId: s.category._id, amount: 10.005, dueDate: '2099-01-01' },
    });
    expect(decimals.body.details[0].msg).toBe('Amount can have at most 2 decimals');
    const ancient = await s.call('/structures', {
      method: 'POST',
      json: { classId: s.classId, categoryId: s.category._id, amount: 100, dueDate: '0099-06-30' },
    });
    expect(ancient.body.details).toEqual([{ msg: 'Due date must be a date from 1900 to 2999', path: 'dueDate' }]);
    const foreignClass = await s.call('/structures', {
      method: 'POST',
      json: { classId: other.classId, categoryId: s.category._id, amount: 10, dueDate: '2099-01-01' },
    });
    expect(foreignClass.status).toBe(404);
    expect(foreignClass.body.error).toBe('Class not found');
    expect((await s.call(`/structures/${other.structure._id}`)).status).toBe(404);
    expect((await s.call(`/structures/${other.structure._id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('payments and receipts', () => {
  it('takes partial payments, refuses overpayment, numbers receipts per school, sums exactly', async () => {
    const s = await feeSetup();
    const student = s.students[0];
    const pay = (amount: number | string) =>
      s.call('/collections', {
        method: 'POST',
        json: { studentId: student.studentId, structureId: s.structure._id, amount, method: 'cash' },
      });
    const first = await pay(0.1);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Payment recorded successfully');
    expect(first.body.data).toMatchObject({
      number: 1,
      receiptNumber: 'R-000001',
      amount: 0.1,
      amountMinor: 10,
      method: 'cash',
    });
    expect(first.body.data.items).toEqual([expect.objectContaining({ category: 'Tuition Fee', amountMinor: 10 })]);
    const second = await pay('0.20');
    expect(second.body.data.number).toBe(2);

    const over = await pay(1500.21);
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('Amount exceeds the balance due (USD 1,500.20)');
    expect(over.body.code).toBe('FEE_OVERPAID');
    const rest = await pay(1500.2);
    expect(rest.status).toBe(201);
    const again = await pay(1);
    expect(again.body.error).toBe('This fee is already fully paid');
    expect(again.body.code).toBe('FEE_OVERPAID');

    const structure = await s.call(`/structures/${s.structure._id}`);
    expect(structure.body.data).toMatchObject({ collected: 1500.5, collectedMinor: 150050 });
    const collections = await s.call(`/collections?studentId=${student.studentId}`);
    expect(collections.body.total).toBe(3);
    expect(collections.body.collected).toBe(1500.5);

    const elsewhere = await feeSetup();
    const theirFirst = await elsewhere.call('/collections', {
      method: 'POST',
      json: {
        studentId: elsewhere.students[0].studentId,
        structureId: elsewhere.structure._id,
        amount: 5,
        method: 'upi',
      },
    });
    expect(theirFirst.body.data.number).toBe(1);
  });

  it("refuses a fee of another class and another school's student or fee", async () => {
    const s = await feeSetup();
    const otherClass = await createClass(t, s.schoolId, { name: '8', section: 'B' });
    const outsider = await createStudent(t, s.schoolId, { classId: otherClass });
    const wrongClass = await s.call('/collections', {
      method: 'POST',
      json: { studentId: outsider.studentId, structureId: s.structure._id, amount: 5, method: 'cash' },
    });
    expect(wrongClass.status).toBe(400);
    expect(wrongClass.body.error).toBe("This fee does not apply to this student's class");
    expect(wrongClass.body.code).toBe('FEE_NOT_IN_CLASS');

    const other = await feeSetup();
    const foreignStudent = await s.call('/collections', {
      method: 'POST',
      json: { studentId: other.students[0].studentId, structureId: s.structure._id, amount: 5, method: 'cash' },
    });
    expect(foreignStudent.status).toBe(404);
    expect(foreignStudent.body.error).toBe('Student not found');
    const foreignFee = await s.call('/collections', {
      method: 'POST',
      json: { studentId: s.students[0].studentId, structureId: other.structure._id, amount: 5, method: 'cash' },
    });
    expect(foreignFee.status).toBe(404);
    expect(foreignFee.body.error).toBe('Fee structure not found');
  });

  it('one receipt for several fees; a failing item writes nothing', async () => {
    const s = await feeSetup();
    const transport = (await s.call('/categories', { method: 'POST', json: { name: 'Transport Fee' } })).body.data;
    const bus = (
      await s.call('/structures', {
        method: 'POST',
        json: {
          classId: s.classId,
          categoryId: transport._id,
          amount: 300,
          dueDate: '2099-01-31',
          frequency: 'monthly',
        },
      })
    ).body.data;
    const studentId = s.students[0].studentId;
    const refused = await s.call('/receipts', {
      method: 'POST',
      json: {
        studentId,
        method: 'card',
        items: [
          { structureId: s.structure._id, amount: 100 },
          { structureId: bus._id, amount: 300.01 },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(await t.db.select().from(feeCollections).where(eq(feeCollections.studentId, studentId))).toHaveLength(0);
    expect(await t.db.select().from(feeReceipts).where(eq(feeReceipts.studentId, studentId))).toHaveLength(0);

    const paid = await s.call('/receipts', {
      method: 'POST',
      json: {
        studentId,
        method: 'card',
        reference: 'TXN-42',
        items: [
          { structureId: s.structure._id, amount: 100 },
          { structureId: bus._id, amount: 300 },
        ],
      },
    });
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({ amount: 400, reference: 'TXN-42' });
    expect(paid.body.data.items.map((i: { category: string }) => i.category).sort()).toEqual([
      'Transport Fee',
      'Tuition Fee',
    ]);

    const list = await s.call('/receipts');
    expect(list.body.total).toBe(1);
    expect(list.body.data[0].items).toHaveLength(2);

    const pdf = await t.request(`/api/fees/receipts/${paid.body.data._id}/download`, { token: s.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain('receipt-R-000001.pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(800);

    const other = await feeSetup();
    expect((await t.request(`/api/fees/receipts/${paid.body.data._id}/download`, { token: other.token })).status).toBe(
      404,
    );
  });
});

describe('the academic year of a receipt', () => {
  it('is the year of its payment date in the school, whatever year the settings still name', async () => {
    const s = await feeSetup();
    // A school in India whose settings were left at an old year; 26 November 2026, 13:30 in Pune.
    await t.db
      .update(schools)
      .set({ timeZone: 'Asia/Kolkata', yearStartMonth: 4, academicYear: '2024-2025' })
      .where(eq(schools.id, s.schoolId));
    t.clock.now = new Date('2026-11-26T08:00:00Z');
    const pay = (paidOn?: string) =>
      s.call('/receipts', {
        method: 'POST',
        json: {
          studentId: s.students[0].studentId,
          method: 'cash',
          paidOn,
          items: [{ structureId: s.structure._id, amount: 10 }],
        },
      });
    const today = await pay();
    expect(today.status).toBe(201);
    expect(today.body.data).toMatchObject({ issuedOn: '2026-11-26', academicYear: '2026-2027' });
    const march = await pay('2026-03-31');
    expect(march.body.data).toMatchObject({ issuedOn: '2026-03-31', academicYear: '2025-2026' });
    const listed = (await s.call('/receipts')).body.data.map((r: any) => [r.issuedOn, r.academicYear]);
    expect(listed).toEqual([
      ['2026-03-31', '2025-2026'],
      ['2026-11-26', '2026-2027'],
    ]);

    const pdf = await t.request(`/api/fees/receipts/${today.body.data._id}/download`, { token: s.token });
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Academic year 2026-2027');
    expect(text).not.toContain('2024-2025');
  });
});

describe('dues', () => {
  it('lists what each active student still owes, with status, totals and filters', async () => {
    const s = await feeSetup(3);
    const past = (
      await s.call('/structures', {
        method: 'POST',
        json: {
          classId: s.classId,
          categoryId: s.category._id,
          amount: 200,
          dueDate: '2025-01-31',
          description: 'Old term',
        },
      })
    ).body.data;
    const [a, b, c] = s.students;
    const pay = (studentId: string, structureId: string, amount: number) =>
      s.call('/collections', { method: 'POST', json: { studentId, structureId, amount, method: 'cash' } });
    await pay(a.studentId, s.structure._id, 500.5); // partial, not yet due
    await pay(c.studentId, s.structure._id, 1500.5); // paid in full
    await pay(c.studentId, past._id, 200); // paid in full

    const dues = await s.call('/due?limit=50');
    expect(dues.status).toBe(200);
    const rows = dues.body.data.map((d: any) => `${d.studentId.name}|${d.category}|${d.balance}|${d.status}`).sort();
    expect(rows).toEqual([
      'Pupil 0|Tuition Fee|1000|partial',
      'Pupil 0|Tuition Fee|200|overdue',
      'Pupil 1|Tuition Fee|1500.5|due',
      'Pupil 1|Tuition Fee|200|overdue',
    ]);
    expect(dues.body.total).toBe(4);
    // Billed: three students × (1500.50 + 200); collected and outstanding add up to it.
    expect(dues.body.summary).toEqual({
      totalBalance: 2900.5,
      totalBalanceMinor: 290050,
      students: 2,
      billed: 5101.5,
      billedMinor: 510150,
      collected: 2201,
      collectedMinor: 220100,
      outstanding: 2900.5,
      outstandingMinor: 290050,
      unpaidFees: 4,
      studentsOwing: 2,
      studentsBilled: 3,
    });

    const overdue = await s.call('/due?status=overdue');
    expect(overdue.body.total).toBe(2);
    const search = await s.call(`/due?search=${encodeURIComponent('Pupil 1')}`);
    expect(search.body.data.every((d: any) => d.studentId._id === b.studentId)).toBe(true);

    const csv = await t.request('/api/fees/due/export?status=overdue', { token: s.token });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const raw = new Uint8Array(await csv.arrayBuffer());
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // byte-order mark: spreadsheets read UTF-8
    const text = new TextDecoder().decode(raw.slice(3));
    expect(text.startsWith('"Student","Admission number","Roll number","Class","Fee","Due date","Amount (USD)"')).toBe(
      true,
    );
    expect(text.trim().split('\r\n')).toHaveLength(3);
    expect(text).toContain(',"200.00","0.00","200.00","overdue"');
  });

  it('answers in the same number of round trips for 2 and 12 students', async () => {
    const small = await feeSetup(2);
    const large = await feeSetup(12);
    const a = await small.call('/due');
    const b = await large.call('/due');
    expect(b.body.total).toBe(12);
    expect(roundTrips(b.res)).toBe(roundTrips(a.res));
    const ra = await small.call('/receipts');
    const rb = await large.call('/receipts');
    expect(roundTrips(rb.res)).toBe(roundTrips(ra.res));
  });

  it('writes a spreadsheet-safe CSV: a name that looks like a formula stays text', async () => {
    const s = await feeSetup();
    await createStudent(t, s.schoolId, { classId: s.classId, name: '=HYPERLINK("http://x","y")' });
    const text = await (await t.request('/api/fees/due/export', { token: s.token })).text();
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
});

describe('fees security', () => {
  it('is for administrators only', async () => {
    const s = await feeSetup();
    const email = `${unique('t')}@example.org`.toLowerCase();
    await t.request('/api/auth/create-teacher', {
      method: 'POST',
      token: s.token,
      json: { name: 'T', email, password: PASSWORD, phone: '1' },
    });
    const teacher = await signIn(t, email, PASSWORD, '/api/teachers/login');
    for (const path of ['/api/fees/due', '/api/fees/structures', '/api/fees/receipts', '/api/fees/categories']) {
      expect((await t.request(path, { token: teacher })).status).toBe(403);
      expect((await t.request(path)).status).toBe(401);
    }
  });
});
