import { env, exports } from 'cloudflare:workers';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { d1Database } from '../../worker/db/d1';
import { DbMeter } from '../../worker/db/meter';
import { classes, schools, students, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { issueToken } from '../../worker/lib/tokens';

const worker = (exports as unknown as { default: Fetcher }).default;
const db = d1Database(env.DB, new DbMeter());
const NAME = 'क्षत्रिय श्रीनिवास';
const utf16Hex = (text: string) =>
  Array.from({ length: text.length }, (_, i) => text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase()).join(
    '',
  );

describe('PDFs in any script, inside workerd', () => {
  it('makes a receipt for a student named in Devanagari, with the fonts read from the static assets', async () => {
    const [schoolId, adminId, classId, studentId] = [newId(), newId(), newId(), newId()];
    await db.batch([
      db
        .insert(schools)
        .values({ id: schoolId, name: 'विद्या निकेतन', code: `PDF-${schoolId.slice(0, 6)}`, currency: 'INR' }),
      db.insert(users).values({
        id: adminId,
        schoolId,
        role: 'school_admin',
        name: 'Fay',
        email: `fay.${schoolId}@pdf.example`,
        passwordHash: 'x',
      }),
      db
        .insert(classes)
        .values({ id: classId, schoolId, name: '5', section: 'A', capacity: 30, academicYear: '2026-2027' }),
      db.insert(users).values({
        id: studentId,
        schoolId,
        role: 'student',
        name: NAME,
        email: `kid.${schoolId}@pdf.example`,
        passwordHash: 'x',
      }),
      db.insert(students).values({
        id: studentId,
        schoolId,
        userId: studentId,
        classId,
        rollNumber: '1',
        admissionNumber: 'P1',
        dateOfBirth: '2015-01-01',
        gender: 'female',
        admissionDate: '2024-04-01',
      }),
    ]);
    const { token } = await issueToken(
      env.JWT_SECRET,
      { userId: adminId, schoolId, role: 'school_admin', tokenVersion: 0 },
      new Date(),
    );
    const call = async (path: string, body: unknown) => {
      const res = await worker.fetch(`http://portal.test/api/fees${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as any;
    };
    const category = await call('/categories', { name: 'Tuition' });
    const structure = await call('/structures', {
      classId,
      categoryId: category.data._id,
      amount: 1500,
      dueDate: '2099-01-01',
    });
    const paid = await call('/collections', {
      studentId,
      structureId: structure.data._id,
      amount: 1500,
      method: 'upi',
    });

    const res = await worker.fetch(`http://portal.test/api/fees/receipts/${paid.data._id}/download`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    const page = doc.getPage(0).node;
    const contents = page.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const drawn = streams
      .map((s) => new TextDecoder('latin1').decode(decodePDFRawStream(doc.context.lookup(s) as PDFRawStream).decode()))
      .join('\n');
    // The name is drawn as shaped glyphs and carries its own text for readers.
    expect(drawn).toContain(`/ActualText <FEFF${utf16Hex(NAME)}>`);
    // ₹ from the Noto face that has it (not the Latin one), then the digits.
    expect(drawn).toMatch(/\/ActualText <FEFF20B9> >>[\s\S]*\/ActualText <FEFF0031002C003500300030002E00300030> >>/);
    const fonts = page.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    const embedded = fonts?.values().map((ref) => {
      const type0 = doc.context.lookup(ref, PDFDict);
      const cid = type0.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      const descriptor = cid.lookup(PDFName.of('FontDescriptor'), PDFDict);
      return [type0.get(PDFName.of('Subtype'))?.toString(), descriptor.has(PDFName.of('FontFile2'))];
    });
    expect(embedded?.length).toBeGreaterThanOrEqual(2);
    expect(embedded?.every(([subtype, file]) => subtype === '/Type0' && file)).toBe(true);
  });
});
