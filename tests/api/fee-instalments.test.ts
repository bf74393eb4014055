/**
 * Fees follow the calendar and the student: instalments to the end of the school year, each with its own status;
 * nothing owed that fell due before admission unless the office charges it; optional fees only for the students
 * assigned to them. Every figure (dues, cards, dashboard, family, the student's fees) counts the same instalments.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools } from '../../worker/db/schema';
import { createTestApp, createTestSchool, json, signIn, type TestApp } from '../support/app';
import { createClass, createStudent } from '../support/factories';
import { pdfText } from '../support/pdf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Thursday 26 November 2026; the test schools keep UTC and a September year (2026-09-01 to 2027-08-31).
  t.clock.now = new Date('2026-11-26T09:00:00Z');
});

async function school() {
  const s = await createTestSchool(t);
  const token = await signIn(t, s.adminEmail);
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await t.request(`/api${path}`, { ...init, token });
    return { status: res.status, body: await json<any>(res) };
  };
  const classId = await createClass(t, s.schoolId, { name: '7', section: 'A' });
  const categories = new Map<string, string>();
  const fee = async (name: string, body: Record<string, unknown>) => {
    if (!categories.has(name))
      categories.set(name, (await call('/fees/categories', { method: 'POST', json: { name } })).body.data._id);
    const made = await call('/fees/structures', {
      method: 'POST',
      json: { classId, categoryId: categories.get(name), ...body },
    });
    expect(made.status).toBe(201);
    return made.body.data;
  };
  const pay = (studentId: string, structureId: string, amount: number, instalment?: number) =>
    call('/fees/receipts', {
      method: 'POST',
      json: { studentId, method: 'cash', items: [{ structureId, amount, ...(instalment ? { instalment } : {}) }] },
    });
  const dues = async (query = '') => (await call(`/fees/due?limit=500${query}`)).body;
  const assign = (structureId: string, body: { add?: string[]; remove?: string[] }) =>
    call(`/fees/structures/${structureId}/assignments`, { method: 'PUT', json: body });
  return { ...s, token, call, classId, fee, pay, dues, assign };
}

const labels = (rows: { label: string; status: string; balance: number }[]) =>
  rows.map((r) => `${r.label}|${r.status}|${r.balance}`);

describe('instalments', () => {
  it('gives a monthly fee one due date a month to the end of the school year, each with its own status', async () => {
    const s = await school();
    const pupil = await createStudent(t, s.schoolId, { classId: s.classId });
    const bus = await s.fee('Bus', { amount: 100, dueDate: '2026-10-05', frequency: 'monthly' });
    expect(bus).toMatchObject({ frequency: 'monthly', instalments: 11, optional: false });
    expect(bus.dueDates.slice(0, 3)).toEqual(['2026-10-05', '2026-11-05', '2026-12-05']);
    expect(bus.dueDates.at(-1)).toBe('2027-08-05');
    // A day a short month lacks falls on its last day; a quarterly fee every three months; a one-time fee once.
    const late = await s.fee('Late', { amount: 10, dueDate: '2026-10-31', frequency: 'monthly' });
    expect(late.dueDates.slice(3, 5)).toEqual(['2027-01-31', '2027-02-28']);
    const quarterly = await s.fee('Tuition', { amount: 10, dueDate: '2026-09-15', frequency: 'quarterly' });
    expect(quarterly.dueDates).toEqual(['2026-09-15', '2026-12-15', '2027-03-15', '2027-06-15']);
    expect((await s.fee('Exam', { amount: 10, dueDate: '2026-12-01' })).dueDates).toEqual(['2026-12-01']);

    expect((await s.pay(pupil.studentId, bus._id, 100, 1)).status).toBe(201);
    expect((await s.pay(pupil.studentId, bus._id, 40, 2)).status).toBe(201);
    const busDues = (await s.dues(`&categoryId=${bus.categoryId._id}`)).data;
    expect(labels(busDues).slice(0, 3)).toEqual([
      'Bus · Nov 2026|overdue|60',
      'Bus · Dec 2026|due|100',
      'Bus · Jan 2027|due|100',
    ]);
    expect(busDues).toHaveLength(10);
    expect(busDues[0]).toMatchObject({ structureId: bus._id, instalment: 2, instalments: 11, dueDate: '2026-11-05' });

    // The student's fees: every instalment with its status, paid ones too.
    const view = (await s.call(`/fees/students/${pupil.studentId}`)).body.data;
    const busView = view.fees.find((f: { structureId: string }) => f.structureId === bus._id);
    expect(busView.instalments.slice(0, 3).map((i: { status: string }) => i.status)).toEqual([
      'paid',
      'overdue',
      'due',
    ]);

    // Each instalment has its own balance: paying the first again is refused, the third is not.
    expect((await s.pay(pupil.studentId, bus._id, 1, 1)).body.error).toBe('This fee is already fully paid');
    expect((await s.pay(pupil.studentId, bus._id, 61, 2)).body.error).toBe(
      'Amount exceeds the balance due (USD 60.00)',
    );
    expect((await s.pay(pupil.studentId, bus._id, 100, 3)).status).toBe(201);
    const missing = await s.pay(pupil.studentId, bus._id, 1, 12);
    expect([missing.status, missing.body.error]).toEqual([400, 'This fee has no instalment 12']);
    // Without an instalment a payment is for the first.
    expect((await s.pay(pupil.studentId, bus._id, 1)).body.error).toBe('This fee is already fully paid');

    const receipt = (await s.pay(pupil.studentId, bus._id, 10, 4)).body.data;
    expect(receipt.items[0]).toMatchObject({ label: 'Bus · Jan 2027', instalment: 4, dueDate: '2027-01-05' });
  });

  it('lays the instalments out again when the due date or frequency changes, but never drops a paid one', async () => {
    const s = await school();
    const pupil = await createStudent(t, s.schoolId, { classId: s.classId });
    const bus = await s.fee('Bus', { amount: 100, dueDate: '2026-10-05', frequency: 'monthly' });
    expect((await s.pay(pupil.studentId, bus._id, 100, 6)).status).toBe(201);
    const later = await s.call(`/fees/structures/${bus._id}`, { method: 'PUT', json: { dueDate: '2027-04-05' } });
    expect([later.status, later.body.error, later.body.code]).toEqual([
      409,
      'Payments have been recorded for a later instalment of this fee; keep its due date and frequency.',
      'INSTALMENT_PAID',
    ]);
    const moved = await s.call(`/fees/structures/${bus._id}`, { method: 'PUT', json: { dueDate: '2026-09-10' } });
    expect(moved.body.data).toMatchObject({ instalments: 12, dueDate: '2026-09-10' });
    expect((await s.call('/fees/structures')).body.data[0]).toMatchObject({ instalments: 12, frequency: 'monthly' });
  });
});

describe('instalments in every language', () => {
  it("names an instalment's month in the caller's language, and in the school's on its spreadsheet and receipt", async () => {
    const s = await school();
    const pupil = await createStudent(t, s.schoolId, { classId: s.classId });
    const bus = await s.fee('Bus', { amount: 100, dueDate: '2026-10-05', frequency: 'monthly' });
    const asked = async (path: string, language?: string, init: { method?: string; json?: unknown } = {}) => {
      const headers = language ? { 'accept-language': language } : undefined;
      return t.request(`/api${path}`, { ...init, token: s.token, headers });
    };
    const firstDue = async (language?: string) =>
      (await json<any>(await asked(`/fees/due?limit=5&categoryId=${bus.categoryId._id}`, language))).data[0].label;
    expect(await firstDue()).toBe('Bus · Oct 2026');
    expect(await firstDue('hi-IN,hi;q=0.9')).toBe('Bus · अक्टू॰ 2026');
    expect(await firstDue('ar')).toBe('Bus · أكتوبر 2026');

    const paid = await asked('/fees/receipts', 'hi', {
      method: 'POST',
      json: {
        studentId: pupil.studentId,
        method: 'cash',
        items: [{ structureId: bus._id, amount: 100, instalment: 2 }],
      },
    });
    const receipt = (await json<any>(paid)).data;
    expect(receipt.items[0].label).toBe('Bus · नव॰ 2026');

    // The school writes in Arabic: its spreadsheet and receipt say so, whatever the caller reads.
    await t.db.update(schools).set({ language: 'ar' }).where(eq(schools.id, s.schoolId));
    const sheet = await (await asked(`/fees/due/export?categoryId=${bus.categoryId._id}`, 'hi')).text();
    expect(sheet).toContain('"Bus · أكتوبر 2026"');
    expect(sheet).not.toContain('अक्टू');
    const pdf = await asked(`/fees/receipts/${receipt._id}/download`, 'hi');
    expect(pdf.status).toBe(200);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('نوفمبر');
    expect(text).not.toContain('Nov 2026');
  });
});

describe('admission date', () => {
  it('owes no fee that fell due before the admission, unless the office charges it', async () => {
    const s = await school();
    const early = await createStudent(t, s.schoolId, { classId: s.classId, name: 'Early' });
    const newcomer = await createStudent(t, s.schoolId, {
      classId: s.classId,
      name: 'Newcomer',
      admissionDate: '2026-11-20',
    });
    const library = await s.fee('Library', { amount: 50, dueDate: '2026-09-30' });
    const exam = await s.fee('Exam', { amount: 30, dueDate: '2026-12-10' });
    const tuition = await s.fee('Tuition', { amount: 100, dueDate: '2026-10-01', frequency: 'monthly' });

    const own = (await s.dues(`&studentId=${newcomer.studentId}`)).data;
    // Tuition from December (the November instalment fell due on the 1st, before the 20th), the exam, no library.
    expect(own.map((d: { label: string }) => d.label)).toEqual([
      'Tuition · Dec 2026',
      'Exam',
      'Tuition · Jan 2027',
      'Tuition · Feb 2027',
      'Tuition · Mar 2027',
      'Tuition · Apr 2027',
      'Tuition · May 2027',
      'Tuition · Jun 2027',
      'Tuition · Jul 2027',
      'Tuition · Aug 2027',
    ]);
    expect((await s.dues(`&studentId=${early.studentId}`)).data).toHaveLength(13);
    expect((await s.dues()).summary).toMatchObject({
      billedMinor: (50 + 30 + 1100 + 30 + 900) * 100,
      studentsOwing: 2,
    });

    const refused = await s.pay(newcomer.studentId, library._id, 50);
    expect([refused.status, refused.body.error, refused.body.code]).toEqual([
      400,
      'This student does not owe this fee: its Sep 2026 instalment fell due before their admission and was not charged to them',
      'FEE_NOT_OWED',
    ]);
    expect((await s.pay(newcomer.studentId, tuition._id, 100, 2)).status).toBe(400);
    expect((await s.pay(newcomer.studentId, exam._id, 30)).status).toBe(201);

    // Charged anyway: the library fee and every tuition instalment are now the newcomer's to pay.
    const charged = await s.assign(library._id, { add: [newcomer.studentId] });
    expect(charged.body.data).toEqual({ structureId: library._id, studentIds: [newcomer.studentId] });
    expect((await s.assign(tuition._id, { add: [newcomer.studentId] })).status).toBe(200);
    const view = (await s.call(`/fees/students/${newcomer.studentId}`)).body.data;
    expect(view.fees.map((f: { category: string; assigned: boolean }) => [f.category, f.assigned])).toEqual([
      ['Library', true],
      ['Tuition', true],
      ['Exam', false],
    ]);
    expect((await s.pay(newcomer.studentId, library._id, 50)).status).toBe(201);
    expect((await s.pay(newcomer.studentId, tuition._id, 100, 2)).status).toBe(201);
    // Now paid towards, the charge stays: unassigning would leave a payment for a fee not owed.
    const unassign = await s.assign(library._id, { remove: [newcomer.studentId] });
    expect([unassign.status, unassign.body.error, unassign.body.code]).toEqual([
      409,
      'A student being removed has paid towards this fee, which they would then no longer owe; they stay assigned.',
      'FEE_PAID',
    ]);
  });
});

describe('optional fees', () => {
  it('are owed only by the students assigned to them, and every figure counts only those', async () => {
    const s = await school();
    const pupils = await Promise.all(
      ['Asha', 'Bela', 'Chetan'].map((name) => createStudent(t, s.schoolId, { classId: s.classId, name })),
    );
    const bus = await s.fee('Transport', { amount: 500, dueDate: '2026-12-01', optional: true });
    expect(bus).toMatchObject({ optional: true, assignedCount: 0 });
    const busDues = () => s.dues(`&categoryId=${bus.categoryId._id}`);
    expect((await busDues()).summary).toMatchObject({ billedMinor: 0, studentsOwing: 0, unpaidFees: 0 });
    const refused = await s.pay(pupils[0].studentId, bus._id, 500);
    expect([refused.status, refused.body.error, refused.body.code]).toEqual([
      400,
      'This student does not owe this fee: it is optional and not assigned to them',
      'FEE_NOT_OWED',
    ]);

    const assigned = await s.assign(bus._id, { add: [pupils[0].studentId, pupils[1].studentId] });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.studentIds.sort()).toEqual([pupils[0].studentId, pupils[1].studentId].sort());
    expect((await s.call(`/fees/structures/${bus._id}`)).body.data.assignedCount).toBe(2);
    expect((await s.call(`/fees/structures/${bus._id}/assignments`)).body.data.studentIds).toHaveLength(2);
    const figures = { billedMinor: 100000, outstandingMinor: 100000, studentsOwing: 2, unpaidFees: 2 };
    expect((await busDues()).summary).toMatchObject(figures);
    const dashboard = (await s.call('/dashboard/summary')).body.data.cards.fees;
    expect(dashboard).toMatchObject(figures);
    expect((await busDues()).data.map((d: { studentId: { name: string } }) => d.studentId.name).sort()).toEqual([
      'Asha',
      'Bela',
    ]);

    expect((await s.pay(pupils[0].studentId, bus._id, 500)).status).toBe(201);
    expect((await busDues()).summary).toMatchObject({ collectedMinor: 50000, studentsOwing: 1 });
    // Bela unassigned owes nothing; Asha, who has paid, stays assigned.
    expect((await s.assign(bus._id, { remove: [pupils[1].studentId] })).body.data.studentIds).toEqual([
      pupils[0].studentId,
    ]);
    expect((await s.assign(bus._id, { remove: [pupils[0].studentId] })).status).toBe(409);
    expect((await busDues()).summary).toMatchObject({ billedMinor: 50000, studentsOwing: 0 });

    // An unpaid optional fee moved to another class leaves its old students behind.
    const club = await s.fee('Chess club', { amount: 50, dueDate: '2026-12-01', optional: true });
    await s.assign(club._id, { add: [pupils[2].studentId] });
    const otherClass = await createClass(t, s.schoolId, { name: '8', section: 'C' });
    const moved = await s.call(`/fees/structures/${club._id}`, { method: 'PUT', json: { classId: otherClass } });
    expect(moved.body.data).toMatchObject({ classId: { _id: otherClass }, assignedCount: 0 });
  });

  it('checks every student against the school and the class, and writes nothing when one fails', async () => {
    const s = await school();
    const pupil = await createStudent(t, s.schoolId, { classId: s.classId });
    const otherClass = await createClass(t, s.schoolId, { name: '8', section: 'B' });
    const elsewhere = await createStudent(t, s.schoolId, { classId: otherClass });
    const other = await createTestSchool(t);
    const stranger = await createStudent(t, other.schoolId, { classId: await createClass(t, other.schoolId) });
    const bus = await s.fee('Transport', { amount: 500, dueDate: '2026-12-01', optional: true });

    const foreign = await s.assign(bus._id, { add: [pupil.studentId, stranger.studentId] });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'Student not found']);
    const wrongClass = await s.assign(bus._id, { add: [pupil.studentId, elsewhere.studentId] });
    expect([wrongClass.status, wrongClass.body.error, wrongClass.body.code]).toEqual([
      400,
      "Only students of the fee's class can be assigned to it",
      'FEE_NOT_IN_CLASS',
    ]);
    expect((await s.call(`/fees/structures/${bus._id}/assignments`)).body.data.studentIds).toEqual([]);
    expect((await s.call(`/fees/students/${stranger.studentId}`)).status).toBe(404);
    const both = await s.assign(bus._id, { add: [pupil.studentId], remove: [pupil.studentId] });
    expect(both.body.details).toEqual([{ msg: 'A student cannot be added and removed at once', path: '' }]);
    expect((await s.assign(bus._id, {})).body.details).toEqual([{ msg: 'Choose at least one student', path: '' }]);
  });

  it('keeps whoever has paid assigned when a class fee becomes optional', async () => {
    const s = await school();
    const [payer, other] = await Promise.all([1, 2].map(() => createStudent(t, s.schoolId, { classId: s.classId })));
    const hostel = await s.fee('Hostel', { amount: 300, dueDate: '2026-12-01' });
    expect((await s.pay(payer.studentId, hostel._id, 100)).status).toBe(201);
    const made = await s.call(`/fees/structures/${hostel._id}`, { method: 'PUT', json: { optional: true } });
    expect(made.body.data).toMatchObject({ optional: true, assignedCount: 1 });
    const owing = (await s.dues(`&categoryId=${hostel.categoryId._id}`)).data;
    expect(owing.map((d: { studentId: { _id: string } }) => d.studentId._id)).toEqual([payer.studentId]);
    expect(owing.map((d: { studentId: { _id: string } }) => d.studentId._id)).not.toContain(other.studentId);
  });
});

describe("a family's fees", () => {
  it('shows only what the child owes, instalment by instalment', async () => {
    const s = await school();
    const child = await createStudent(t, s.schoolId, { classId: s.classId, admissionDate: '2026-11-20' });
    await s.fee('Library', { amount: 50, dueDate: '2026-09-30' });
    await s.fee('Transport', { amount: 500, dueDate: '2026-12-01', optional: true });
    await s.fee('Tuition', { amount: 100, dueDate: '2026-11-25', frequency: 'quarterly' });
    const parent = await signIn(t, child.parentEmail as string);
    const res = await t.request(`/api/family/children/${child.studentId}/overview`, { token: parent });
    const fees = (await json<any>(res)).data.fees;
    expect(fees.items.map((f: { label: string; status: string }) => `${f.label}|${f.status}`)).toEqual([
      'Tuition · Nov 2026|overdue',
      'Tuition · Feb 2027|due',
      'Tuition · May 2027|due',
      'Tuition · Aug 2027|due',
    ]);
    expect(fees.totalDue).toBe(400);
  });
});
