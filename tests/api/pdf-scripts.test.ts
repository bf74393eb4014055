import { eq } from 'drizzle-orm';
import { PDFDocument, rgb } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageFonts } from '../../scripts/lib/pdf-fonts';
import { schools } from '../../worker/db/schema';
import { loadFaces } from '../../worker/lib/pdf-fonts';
import { typesetter } from '../../worker/lib/pdf-text';
import { createTestApp, type TestApp } from '../support/app';
import { classroom } from '../support/classroom';
import { keepPdf, pdfFonts, pdfText } from '../support/pdf';
import { enrolment } from '../support/students';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

// Conjuncts and a vowel sign drawn before its consonant (Devanagari), vowel signs around a consonant (Tamil),
// joined letters written right to left (Arabic).
const FAMILIES = [
  { script: 'devanagari', student: 'क्षत्रिय श्रीनिवास', father: 'रमेश क्षत्रिय', fee: 'शिक्षण शुल्क' },
  { script: 'tamil', student: 'கிருஷ்ணன் ராமசாமி', father: 'ராமசாமி சுப்பிரமணியன்', fee: 'கல்வி கட்டணம்' },
  { script: 'arabic', student: 'محمد عبد الله', father: 'عبد الله حسن', fee: 'رسوم الدراسة' },
];

async function family(name: string, father: string, fee: string) {
  const w = await classroom(t);
  await t.db.update(schools).set({ currency: 'INR', timeZone: 'Asia/Kolkata' }).where(eq(schools.id, w.schoolId));
  const body = enrolment(w.classId, { name, admissionDate: '2026-04-01' });
  const student = await w.admin.post('/api/students', {
    ...body,
    parentInfo: { ...(body.parentInfo as object), fatherName: father },
  });
  expect(student.status).toBe(201);
  const category = await w.admin.post('/api/fees/categories', { name: fee });
  const structure = await w.admin.post('/api/fees/structures', {
    classId: w.classId,
    categoryId: category.body.data._id,
    amount: 145000,
    dueDate: '2026-06-30',
  });
  expect(structure.status).toBe(201);
  return { ...w, studentId: student.body.data._id as string, structureId: structure.body.data._id as string };
}

const download = async (token: string, path: string) => {
  const res = await t.request(path, { token });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return new Uint8Array(await res.arrayBuffer());
};

describe('PDFs in any script', () => {
  for (const names of FAMILIES) {
    it(`print a ${names.script} receipt and transfer certificate that read back exactly`, async () => {
      const w = await family(names.student, names.father, names.fee);
      const paid = await w.admin.post('/api/fees/receipts', {
        studentId: w.studentId,
        method: 'cash',
        items: [{ structureId: w.structureId, amount: 145000 }],
      });
      expect(paid.status).toBe(201);
      const receipt = await download(w.token, `/api/fees/receipts/${paid.body.data._id}/download`);
      keepPdf(`receipt-${names.script}`, receipt);
      const text = pdfText(receipt);
      expect(text).toContain(names.student);
      expect(text).toContain(names.father);
      expect(text).toContain(names.fee);
      expect(text).toMatch(/Total\s+₹1,45,000\.00\s+₹0\.00/);
      expect(text).not.toContain('?');

      const tc = await w.admin.post(`/api/students/${w.studentId}/transfer-certificate`, {
        reason: 'Family moved',
        leavingDate: '2026-06-30',
        conduct: 'Good',
      });
      expect(tc.status).toBe(201);
      const certificate = await download(
        w.token,
        `/api/students/${w.studentId}/transfer-certificates/${tc.body.data._id}/download`,
      );
      keepPdf(`certificate-${names.script}`, certificate);
      const tcText = pdfText(certificate);
      expect(tcText).toContain(names.student);
      expect(tcText).toContain(names.father);
      expect(tcText).not.toContain('?');
    });
  }

  for (const [language, words] of [
    ['hi', ['स्थानांतरण प्रमाणपत्र', 'छात्र का नाम', 'पिता का नाम', 'विद्यालय छोड़ने की तिथि', '30 जून 2026', 'आचरण']],
    ['ar', ['شهادة نقل', 'اسم الطالب', 'اسم الأب', 'سبب المغادرة', 'يونيو', 'السلوك']],
  ] as const) {
    it(`prints a transfer certificate in the school's language (${language})`, async () => {
      const w = await family('Asha Rao', 'Ravi Rao', 'Tuition');
      await t.db.update(schools).set({ language }).where(eq(schools.id, w.schoolId));
      const tc = await w.admin.post(`/api/students/${w.studentId}/transfer-certificate`, {
        reason: 'Family moved',
        leavingDate: '2026-06-30',
        conduct: 'Good',
      });
      const path = `/api/students/${w.studentId}/transfer-certificates/${tc.body.data._id}/download`;
      const certificate = await download(w.token, path);
      keepPdf(`certificate-${language}`, certificate);
      const text = pdfText(certificate).replace(/\s+/g, ' ');
      for (const word of words) expect(text).toContain(word);
      expect(text).toContain('Ravi Rao');
      expect(text).not.toMatch(/Name of the student|Date of leaving|Transfer Certificate/);
      expect(text).not.toContain('?');
    });
  }

  it('embeds only the faces the text needs, as subsets', async () => {
    const w = await family('Asha Rao', 'Ravi Rao', 'Tuition');
    const paid = await w.admin.post('/api/fees/receipts', {
      studentId: w.studentId,
      method: 'upi',
      items: [{ structureId: w.structureId, amount: 1000 }],
    });
    const bytes = await download(w.token, `/api/fees/receipts/${paid.body.data._id}/download`);
    const fonts = pdfFonts(bytes);
    expect(new Set(fonts.map((f) => f.name))).toEqual(new Set(['NotoSans-Regular', 'NotoSans-Bold']));
    expect(fonts.every((f) => f.embedded && f.subset && f.unicode)).toBe(true);
    expect(bytes.length).toBeLessThan(60_000);
    expect(pdfText(bytes)).toContain('₹1,000.00');
  });
});

describe('shaping', () => {
  /** The glyph ids drawn for one text, in drawing order (left to right). */
  async function glyphsDrawn(text: string) {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    const faces = { regular: await loadFaces(packageFonts, text, 400), bold: [] };
    typesetter(doc, faces).draw(page, text, 0, 0, 12, false, rgb(0, 0, 0));
    const operators = (page as unknown as { contentStream: { operators: { name: string }[] } }).contentStream;
    return operators.operators.filter((op) => op.name === 'Tj').length;
  }

  it('draws a Devanagari conjunct as one glyph and the vowel sign of a cluster once', async () => {
    // क्ष, ि (drawn before त्र), त्र, य: 4 glyphs for 8 characters.
    expect(await glyphsDrawn('क्षत्रिय')).toBe(4);
    // Tamil கி ரு ஷ் ண ன்: the vowel signs and pulli join their consonants.
    expect(await glyphsDrawn('கிருஷ்ணன்')).toBeLessThan(Array.from('கிருஷ்ணன்').length);
  });
});

describe('font loading', () => {
  it('reads only the faces of the scripts a document holds, once per isolate', async () => {
    const asked: string[] = [];
    const recording = async (file: string) => {
      asked.push(file);
      return packageFonts(file);
    };
    const names = async (text: string) => {
      asked.length = 0;
      await loadFaces(recording, text, 700);
      return [...asked].sort();
    };
    // Bold faces are drawn by no other test of this file: each is read the first time a text needs it, then kept.
    expect(await names('Asha Rao ₹')).toEqual([
      'noto-sans-latin-700-normal.woff',
      'noto-sans-latin-ext-700-normal.woff',
    ]);
    expect(await names('कृष्ण Rao')).toEqual(['noto-sans-devanagari-700-normal.woff']);
    expect(await names('محمد and கிருஷ்ணன்')).toEqual([
      'noto-sans-arabic-arabic-700-normal.woff',
      'noto-sans-tamil-tamil-700-normal.woff',
    ]);
    expect(await names('कृष्ण محمد')).toEqual([]);
  });
});
