import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feeReceipts, schools } from '../../worker/db/schema';
import { createTestApp, createTestSchool, json, signIn, type TestApp, unique } from '../support/app';
import { createClass } from '../support/factories';
import { keepPdf, pdfText } from '../support/pdf';
import { enrolment } from '../support/students';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function indianSchool(currency = 'INR') {
  const s = await createTestSchool(t);
  await t.db
    .update(schools)
    .set({
      address: '42 Baner Road, Pune, Maharashtra 411045',
      phone: '+91 20 4567 8900',
      currency,
      timeZone: 'Asia/Kolkata',
    })
    .where(eq(schools.id, s.schoolId));
  const token = await signIn(t, s.adminEmail);
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await t.request(`/api/${path}`, { ...init, token });
    const isJson = res.headers.get('content-type')?.includes('json');
    return { status: res.status, body: isJson ? await json<any>(res.clone()) : null, res };
  };
  const classId = await createClass(t, s.schoolId, { name: '7', section: 'A' });
  const tag = unique('fam').toLowerCase();
  const enrolled = await call('students', {
    method: 'POST',
    json: enrolment(classId, {
      name: 'Asha Rao',
      admissionDate: '2026-04-01',
      parentInfo: {
        fatherName: 'Ravi Rao',
        fatherPhone: '+91 90000 00001',
        fatherEmail: `${tag}.f@example.org`,
        fatherPassword: 'father-pw-1',
        motherName: 'Meera Rao',
        motherPhone: '+91 90000 00002',
        motherEmail: `${tag}.m@example.org`,
        motherPassword: 'mother-pw-1',
      },
    }),
  });
  expect(enrolled.status).toBe(201);
  const student = enrolled.body.data;
  const fee = async (name: string, amount: number) => {
    const category = (await call('fees/categories', { method: 'POST', json: { name } })).body.data;
    return (
      await call('fees/structures', {
        method: 'POST',
        json: { classId, categoryId: category._id, amount, dueDate: '2026-06-30' },
      })
    ).body.data;
  };
  return { ...s, call, student, tuition: await fee('Tuition', 10000), transport: await fee('Transport', 4500) };
}

describe('a fee receipt', () => {
  it('shows the school, who paid for whom, each fee with what is still owed, the remarks, method, ₹ and date', async () => {
    const s = await indianSchool();
    const paid = await s.call('fees/receipts', {
      method: 'POST',
      json: {
        studentId: s.student._id,
        method: 'upi',
        paidOn: '2026-11-26',
        reference: 'UPI-778812',
        remarks: 'First instalment, rest by December',
        items: [
          { structureId: s.tuition._id, amount: 6000 },
          { structureId: s.transport._id, amount: 4500 },
        ],
      },
    });
    expect(paid.status).toBe(201);
    // A later payment does not change what the first receipt says was still owed.
    const later = await s.call('fees/receipts', {
      method: 'POST',
      json: { studentId: s.student._id, method: 'cash', items: [{ structureId: s.tuition._id, amount: 1000 }] },
    });
    expect(later.status).toBe(201);

    const receipt = (await s.call(`fees/receipts/${paid.body.data._id}`)).body.data;
    expect(receipt.receivedFrom).toEqual([
      { name: 'Ravi Rao', relation: 'father' },
      { name: 'Meera Rao', relation: 'mother' },
    ]);
    expect(receipt.remarks).toBe('First instalment, rest by December');
    expect(receipt.items.map((i: any) => [i.category, i.amountMinor, i.balanceAfterMinor])).toEqual([
      ['Transport', 450000, 0],
      ['Tuition', 600000, 400000],
    ]);
    expect(receipt.balanceAfterMinor).toBe(400000);
    expect((await s.call(`fees/receipts/${later.body.data._id}`)).body.data.balanceAfterMinor).toBe(300000);

    const pdf = await s.call(`fees/receipts/${paid.body.data._id}/download`);
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await pdf.res.arrayBuffer()));
    expect(text).toContain(s.name);
    expect(text).toContain('42 Baner Road, Pune, Maharashtra 411045');
    expect(text).toContain('Phone +91 20 4567 8900');
    // No payer was given: the receipt stores a parent's name, father first.
    expect(receipt.payer).toBe('Ravi Rao');
    expect(text).toMatch(/Received from\s+Ravi Rao\s+Student/);
    expect(text).toMatch(/Student\s+Asha Rao/);
    expect(text).toMatch(new RegExp(`Admission number\\s+${receipt.studentId.admissionNumber}`));
    expect(text).toMatch(/Class\s+7-A/);
    expect(text).toMatch(/Payment method\s+UPI/);
    expect(text).toMatch(/Reference\s+UPI-778812/);
    expect(text).toMatch(/Date\s+26 Nov 2026/);
    expect(text).toMatch(/Tuition\s+30 Jun 2026\s+₹6,000\.00\s+₹4,000\.00/);
    expect(text).toMatch(/Transport\s+30 Jun 2026\s+₹4,500\.00\s+₹0\.00/);
    expect(text).toMatch(/Total\s+₹10,500\.00\s+₹4,000\.00/);
    expect(text).toMatch(/Remarks\s+First instalment, rest by December/);
    expect(text).not.toContain('?');
    expect(text).not.toContain('INR');
  });

  it("groups lakhs for rupees, and prints other currencies' signs too", async () => {
    const inr = await indianSchool();
    const big = await inr.call('fees/structures', {
      method: 'POST',
      json: {
        classId: inr.tuition.classId._id,
        categoryId: inr.tuition.categoryId._id,
        amount: 145000,
        dueDate: '2026-07-31',
      },
    });
    const paid = await inr.call('fees/receipts', {
      method: 'POST',
      json: {
        studentId: inr.student._id,
        method: 'bank-transfer',
        items: [{ structureId: big.body.data._id, amount: 145000 }],
      },
    });
    const inrText = pdfText(
      new Uint8Array(await (await inr.call(`fees/receipts/${paid.body.data._id}/download`)).res.arrayBuffer()),
    );
    expect(inrText).toMatch(/Total\s+₹1,45,000\.00\s+₹0\.00/);
    expect(inrText).toMatch(/Payment method\s+Bank transfer/);

    const ngn = await indianSchool('NGN');
    const naira = await ngn.call('fees/receipts', {
      method: 'POST',
      json: { studentId: ngn.student._id, method: 'cheque', items: [{ structureId: ngn.tuition._id, amount: 10000 }] },
    });
    const ngnText = pdfText(
      new Uint8Array(await (await ngn.call(`fees/receipts/${naira.body.data._id}/download`)).res.arrayBuffer()),
    );
    expect(ngnText).toMatch(/Total\s+₦10,000\.00\s+₦0\.00/);
    expect(ngnText).toMatch(/Payment method\s+Cheque/);
  });

  it('names the payer the office wrote, stores it, and prints it; a receipt from before payers names the parents', async () => {
    const s = await indianSchool();
    const paid = await s.call('fees/receipts', {
      method: 'POST',
      json: {
        studentId: s.student._id,
        method: 'cash',
        payer: '  Mohan Rao (uncle)  ',
        items: [{ structureId: s.tuition._id, amount: 500 }],
      },
    });
    expect(paid.status).toBe(201);
    expect(paid.body.data.payer).toBe('Mohan Rao (uncle)');
    const [stored] = await t.db.select().from(feeReceipts).where(eq(feeReceipts.id, paid.body.data._id));
    expect(stored.payer).toBe('Mohan Rao (uncle)');
    const text = pdfText(
      new Uint8Array(await (await s.call(`fees/receipts/${paid.body.data._id}/download`)).res.arrayBuffer()),
    );
    expect(text).toMatch(/Received from\s+Mohan Rao \(uncle\)/);
    expect(text).not.toContain('Ravi Rao');

    const single = await s.call('fees/collections', {
      method: 'POST',
      json: { studentId: s.student._id, structureId: s.transport._id, amount: 100, method: 'upi', payer: 'Meera Rao' },
    });
    expect(single.body.data.payer).toBe('Meera Rao');
    const tooLong = await s.call('fees/receipts', {
      method: 'POST',
      json: {
        studentId: s.student._id,
        method: 'cash',
        payer: 'x'.repeat(121),
        items: [{ structureId: s.tuition._id, amount: 1 }],
      },
    });
    expect(tooLong.body.details).toEqual([{ msg: 'Payer is too long', path: 'payer' }]);

    // A receipt stored before payers were: "Received from" lists the parents, father first.
    await t.db.update(feeReceipts).set({ payer: null }).where(eq(feeReceipts.id, paid.body.data._id));
    const old = (await s.call(`fees/receipts/${paid.body.data._id}`)).body.data;
    expect(old.payer).toBeNull();
    const oldText = pdfText(
      new Uint8Array(await (await s.call(`fees/receipts/${paid.body.data._id}/download`)).res.arrayBuffer()),
    );
    expect(oldText).toMatch(/Received from\s+Ravi Rao \(father\), Meera Rao \(mother\)/);
  });
});

describe("a fee receipt in the school's language", () => {
  async function receiptIn(language: 'hi' | 'ar') {
    const s = await indianSchool();
    await t.db.update(schools).set({ language }).where(eq(schools.id, s.schoolId));
    const paid = await s.call('fees/receipts', {
      method: 'POST',
      json: {
        studentId: s.student._id,
        method: 'cash',
        paidOn: '2026-11-26',
        items: [{ structureId: s.tuition._id, amount: 6000 }],
      },
    });
    expect(paid.status).toBe(201);
    const pdf = await s.call(`fees/receipts/${paid.body.data._id}/download`);
    const bytes = new Uint8Array(await pdf.res.arrayBuffer());
    keepPdf(`receipt-${language}`, bytes);
    return pdfText(bytes);
  }

  it('prints Hindi labels, dates and money written the Hindi way', async () => {
    const text = await receiptIn('hi');
    expect(text).toContain('फ़ीस रसीद');
    expect(text).toMatch(/प्राप्त किया\s+Ravi Rao/);
    expect(text).toMatch(/छात्र\s+Asha Rao/);
    expect(text).toMatch(/भुगतान का तरीक़ा\s+नकद/);
    expect(text).toMatch(/Tuition\s+30 जून 2026\s+₹6,000\.00\s+₹4,000\.00/);
    expect(text).toMatch(/कुल\s+₹6,000\.00/);
    expect(text).toContain('शैक्षणिक वर्ष');
    expect(text).not.toMatch(/Received from|Payment method|FEE RECEIPT/);
    expect(text).not.toContain('?');
  });

  it('prints Arabic labels and dates', async () => {
    const text = await receiptIn('ar');
    for (const label of ['إيصال رسوم', 'استُلم من', 'طريقة الدفع', 'نقدًا', 'الإجمالي', 'يونيو']) {
      expect(text.replace(/\s+/g, ' ')).toContain(label);
    }
    expect(text).not.toMatch(/Received from|Payment method|FEE RECEIPT/);
    expect(text).not.toContain('?');
  });
});
