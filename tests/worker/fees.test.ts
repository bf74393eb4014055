import { env, exports } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { d1Database } from '../../worker/db/d1';
import { DbMeter } from '../../worker/db/meter';
import { activityLogs, classes, schools, students, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { formatCurrency, formatDay } from '../../worker/lib/format';
import { issueToken } from '../../worker/lib/tokens';

const worker = (exports as unknown as { default: Fetcher }).default;
const db = d1Database(env.DB, new DbMeter());

async function call(path: string, token: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
  const res = await worker.fetch(`http://portal.test/api/fees${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('fees on D1', () => {
  it('records payments under numbered receipts and lists dues through the Worker', async () => {
    const schoolId = newId();
    const adminId = newId();
    const classId = newId();
    const studentIds = [newId(), newId()];
    await db.batch([
      db
        .insert(schools)
        .values({ id: schoolId, name: 'Fee School', code: `FEE-${schoolId.slice(0, 6)}`, currency: 'INR' }),
      db.insert(users).values({
        id: adminId,
        schoolId,
        role: 'school_admin',
        name: 'Fay',
        email: `fay.${schoolId}@fees.example`,
        passwordHash: 'x',
      }),
      db
        .insert(classes)
        .values({ id: classId, schoolId, name: '5', section: 'A', capacity: 30, academicYear: '2024-2025' }),
      ...studentIds.map((id, i) =>
        db.insert(users).values({
          id,
          schoolId,
          role: 'student',
          name: `Kid ${i}`,
          email: `kid${i}.${schoolId}@fees.example`,
          passwordHash: 'x',
        }),
      ),
      ...studentIds.map((id, i) =>
        db.insert(students).values({
          id,
          schoolId,
          userId: id,
          classId,
          rollNumber: String(i + 1),
          admissionNumber: `F${i}`,
          dateOfBirth: '2015-01-01',
          gender: 'female',
          admissionDate: '2024-04-01',
        }),
      ),
    ]);
    const { token } = await issueToken(
      env.JWT_SECRET,
      { userId: adminId, schoolId, role: 'school_admin', tokenVersion: 0 },
      new Date(),
    );

    const category = await call('/categories', token, { name: 'Tuition Fee' });
    const structure = await call('/structures', token, {
      classId,
      categoryId: category.body.data._id,
      amount: 999.99,
      dueDate: '2099-01-01',
    });
    expect(structure.status).toBe(201);
    const first = await call('/collections', token, {
      studentId: studentIds[0],
      structureId: structure.body.data._id,
      amount: 499.99,
      method: 'upi',
    });
    expect(first.body.data).toMatchObject({ number: 1, amountMinor: 49999 });
    const second = await call('/collections', token, {
      studentId: studentIds[0],
      structureId: structure.body.data._id,
      amount: 500,
      method: 'cash',
    });
    expect(second.body.data.number).toBe(2);

    const dues = await call('/due', token);
    expect(dues.body.data).toHaveLength(1);
    expect(dues.body.data[0]).toMatchObject({
      studentId: { _id: studentIds[1], name: 'Kid 1' },
      balance: 999.99,
    });
    // The read is kept in the activity log with its number of records, inside the read's own batch on D1.
    const logged = await db
      .select({ summary: activityLogs.summary })
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, schoolId), eq(activityLogs.entity, 'fee_due')));
    expect(logged).toEqual([{ summary: 'Listed 1 fee due(s)' }]);
    const receipts = await call('/receipts', token);
    expect(receipts.body.data.map((r: { receiptNumber: string }) => r.receiptNumber)).toEqual(['R-000002', 'R-000001']);
    // Each receipt keeps what was still owed once it was paid, read in the list's own statements on D1.
    expect(receipts.body.data.map((r: { balanceAfterMinor: number }) => r.balanceAfterMinor)).toEqual([0, 50000]);
    expect(receipts.body.data[0]).toMatchObject({ receivedFrom: [], payer: null, remarks: null });
    const pdf = await worker.fetch(`http://portal.test/api/fees/receipts/${first.body.data._id}/download`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    // A monthly optional fee on D1: instalments to the end of the year (September), owed only once assigned.
    const bus = await call('/structures', token, {
      classId,
      categoryId: (await call('/categories', token, { name: 'Bus' })).body.data._id,
      amount: 100,
      dueDate: '2099-01-10',
      frequency: 'monthly',
      optional: true,
    });
    expect(bus.body.data).toMatchObject({ instalments: 8, optional: true });
    const busId = bus.body.data._id;
    const refused = await call('/collections', token, {
      studentId: studentIds[0],
      structureId: busId,
      amount: 100,
      method: 'cash',
    });
    expect(refused.status).toBe(400);
    const assigned = await call(`/structures/${busId}/assignments`, token, { add: [studentIds[1]] }, 'PUT');
    expect(assigned.body.data.studentIds).toEqual([studentIds[1]]);
    const paid = await call('/receipts', token, {
      studentId: studentIds[1],
      method: 'upi',
      payer: 'Aunt Bea',
      items: [{ structureId: busId, instalment: 3, amount: 100 }],
    });
    expect(paid.body.data).toMatchObject({ payer: 'Aunt Bea', items: [{ label: 'Bus · Mar 2099', instalment: 3 }] });
    const busDues = await call(`/due?categoryId=${bus.body.data.categoryId._id}`, token);
    expect(busDues.body.data.map((d: { studentId: { _id: string } }) => d.studentId._id)).toEqual(
      Array(7).fill(studentIds[1]),
    );
    expect(busDues.body.summary).toMatchObject({ studentsOwing: 1, billedMinor: 80000, collectedMinor: 10000 });
    const view = await call(`/students/${studentIds[1]}`, token);
    expect(
      view.body.data.fees.find((f: { structureId: string }) => f.structureId === busId).instalments[2],
    ).toMatchObject({ status: 'paid', owed: true });
  });

  it("writes money with the currency's own symbol and grouping, and dates as '26 Nov 2026', inside workerd", () => {
    expect(formatCurrency(14500000, 'INR')).toBe('₹1,45,000.00');
    expect(formatCurrency(125050, 'USD')).toBe('$1,250.50');
    expect(formatDay('2026-11-26')).toBe('26 Nov 2026');
  });
});
