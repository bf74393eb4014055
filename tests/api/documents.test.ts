import { beforeAll, describe, expect, it } from 'vitest';
import { inSchool, inSchoolByIds, type TenantContext } from '../../worker/lib/tenancy';
import {
  deleteDocument,
  downloadDocument,
  listDocuments,
  uploadDocument,
} from '../../worker/modules/documents/service';
import { createTestApp, json, signIn, type TestApp } from '../support/app';
import { caller, classroom, expectError, teacherCaller } from '../support/classroom';
import { createStudent } from '../support/factories';
import { activityOf, PNG_BYTES, tinyPdf } from '../support/students';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

function form(bytes: Uint8Array, type: string, name: string) {
  const body = new FormData();
  body.set('file', new Blob([bytes], { type }), name);
  return body;
}

async function post(token: string | undefined, studentId: string, body: FormData | Record<string, unknown>) {
  const init =
    body instanceof FormData ? { method: 'POST', token, body } : { method: 'POST', token, json: body as unknown };
  const res = await t.request(`/api/students/${studentId}/documents`, init);
  return { status: res.status, body: await json<any>(res), trips: 0 };
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('student documents', () => {
  it('uploads (multipart and JSON), lists, downloads and deletes, with the bytes in the file store', async () => {
    const w = await classroom(t);
    const { studentId } = await createStudent(t, w.schoolId);
    const pdf = tinyPdf();
    const res = await post(w.token, studentId, form(pdf, 'application/pdf', 'Birth Certificate (2012).pdf'));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Document uploaded successfully');
    expect(res.body.data).toMatchObject({
      name: 'Birth Certificate (2012).pdf',
      contentType: 'application/pdf',
      size: pdf.byteLength,
      ownerType: 'student',
      ownerId: studentId,
      uploadedBy: { name: 'Ada Admin' },
    });
    const docId = res.body.data._id;
    const key = `documents/${w.schoolId}/student/${studentId}/${docId}`;
    const stored = await t.platform.files?.get(key);
    expect(new Uint8Array((await stored?.arrayBuffer()) as ArrayBuffer)).toEqual(pdf);

    const photo = await post(w.token, studentId, {
      name: 'photo.png',
      contentType: 'image/png',
      dataBase64: base64(PNG_BYTES),
    });
    expect(photo.status).toBe(201);
    expect(photo.body.data).toMatchObject({ name: 'photo.png', contentType: 'image/png', size: PNG_BYTES.byteLength });
    const jpeg = await post(w.token, studentId, {
      name: 'c:\\scans\\report.JPG',
      contentType: 'image/jpg',
      dataBase64: `data:image/jpeg;base64,${base64(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2]))}`,
    });
    expect(jpeg.body.data).toMatchObject({ name: 'report.JPG', contentType: 'image/jpeg' });

    const list = await w.admin.get(`/api/students/${studentId}/documents`);
    expect(list.body.total).toBe(3);
    expect(list.body.data.map((d: any) => d.name).sort()).toEqual([
      'Birth Certificate (2012).pdf',
      'photo.png',
      'report.JPG',
    ]);

    const download = await t.request(`/api/students/${studentId}/documents/${docId}/download`, { token: w.token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Birth Certificate (2012).pdf"; filename*=UTF-8''Birth%20Certificate%20(2012).pdf`,
    );
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    expect((await activityOf(t, w.schoolId, docId)).map((a) => a.action)).toEqual(['create', 'export']);

    const removed = await w.admin.del(`/api/students/${studentId}/documents/${docId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Document deleted successfully');
    expect(await t.platform.files?.get(key)).toBeNull();
    expectError(await w.admin.get(`/api/students/${studentId}/documents/${docId}/download`), 404, 'Document not found');
    expectError(await w.admin.del(`/api/students/${studentId}/documents/${docId}`), 404, 'Document not found');
    expect((await w.admin.get(`/api/students/${studentId}/documents`)).body.total).toBe(2);
  });

  it('accepts only PDF, PNG and JPEG whose bytes match, up to 10 MB', async () => {
    const w = await classroom(t);
    const { studentId } = await createStudent(t, w.schoolId);
    const refuse = async (body: FormData | Record<string, unknown>, status: number, error: string) => {
      const res = await post(w.token, studentId, body);
      expect({ status: res.status, error: res.body.error }).toEqual({ status, error });
    };
    const ONLY = 'Only PDF, PNG and JPEG files are allowed';
    await refuse(form(new TextEncoder().encode('hello'), 'text/plain', 'notes.txt'), 415, ONLY);
    // A PNG claiming to be a PDF, and a script claiming to be a PNG.
    await refuse(form(PNG_BYTES, 'application/pdf', 'fake.pdf'), 415, ONLY);
    await refuse(form(new TextEncoder().encode('<script>'), 'image/png', 'x.png'), 415, ONLY);
    await refuse(form(tinyPdf(), 'application/zip', 'x.zip'), 415, ONLY);
    await refuse(form(new Uint8Array(0), 'application/pdf', 'empty.pdf'), 400, 'File is empty');
    const big = new Uint8Array(10_000_001);
    big.set(tinyPdf().slice(0, 8));
    await refuse(form(big, 'application/pdf', 'big.pdf'), 413, 'File is larger than 10 MB');
    const huge = new Uint8Array(11 * 1024 * 1024);
    await refuse(form(huge, 'application/pdf', 'huge.pdf'), 413, 'Request body is too large (limit 10 MB)');
    await refuse(new FormData(), 400, 'Choose a file to upload (form field "file")');
    await refuse({ name: 'x.pdf', contentType: 'application/pdf', dataBase64: '!!' }, 400, 'File data must be base64');
    const missing = await post(w.token, studentId, { name: 'x.pdf' });
    expect(missing.body.details.map((d: any) => d.msg)).toEqual(['Content type is required', 'File data is required']);
    const text = await t.request(`/api/students/${studentId}/documents`, {
      method: 'POST',
      token: w.token,
      body: 'plain',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect((await w.admin.get(`/api/students/${studentId}/documents`)).body.total).toBe(0);
    expect(t.platform.files).not.toBeNull();
  });

  it('names a stored file after its verified type and drops format and control characters from the name', async () => {
    const w = await classroom(t);
    const { studentId } = await createStudent(t, w.schoolId);
    const upload = async (name: string, type: string, bytes: Uint8Array) => {
      const made = await post(w.token, studentId, form(bytes, type, name));
      expect(made.status, name).toBe(201);
      const res = await t.request(`/api/students/${studentId}/documents/${made.body.data._id}/download`, {
        token: w.token,
      });
      return { name: made.body.data.name, header: res.headers.get('content-disposition') };
    };
    // A PNG called an executable keeps the name chosen and takes the extension of what it is.
    const exe = await upload('report.pdf.exe', 'image/png', PNG_BYTES);
    expect(exe.name).toBe('report.pdf.png');
    expect(exe.header).toBe(`attachment; filename="report.pdf.png"; filename*=UTF-8''report.pdf.png`);
    // U+202E would show "invoice\u202Egnp.exe" as "invoiceexe.png"; U+200B and a BEL hide characters.
    const bidi = await upload('invoice\u202Egnp.exe', 'image/png', PNG_BYTES);
    expect(bidi.name).toBe('invoicegnp.png');
    const hidden = await upload('mark\u200Bs\u0007heet\u2066.pdf', 'application/pdf', tinyPdf());
    expect(hidden.name).toBe('marksheet.pdf');
    expect(hidden.header).toBe(`attachment; filename="marksheet.pdf"; filename*=UTF-8''marksheet.pdf`);
    expect((await upload('no-extension', 'application/pdf', tinyPdf())).name).toBe('no-extension.pdf');
    expect((await upload('\u202E.pdf', 'image/png', PNG_BYTES)).name).toBe('document.png');
    expect((await upload('Scan.JPEG', 'image/jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1]))).name).toBe(
      'Scan.JPEG',
    );
    expect((await upload('تقرير.pdf', 'application/pdf', tinyPdf())).name).toBe('تقرير.pdf');
  });

  it("answers 404 for another school's student or document, 401 and 403 to others", async () => {
    const w = await classroom(t);
    const mine = await createStudent(t, w.schoolId);
    const other = await classroom(t);
    const theirs = await createStudent(t, other.schoolId);
    const up = await post(other.token, theirs.studentId, form(tinyPdf(), 'application/pdf', 'theirs.pdf'));
    const theirDoc = up.body.data._id;
    const pdf = form(tinyPdf(), 'application/pdf', 'a.pdf');
    expectError(await post(w.token, theirs.studentId, pdf), 404, 'Student not found');
    expectError(await w.admin.get(`/api/students/${theirs.studentId}/documents`), 404, 'Student not found');
    expectError(
      await w.admin.get(`/api/students/${theirs.studentId}/documents/${theirDoc}/download`),
      404,
      'Document not found',
    );
    // Another student's document under my student's path is not found either.
    expectError(
      await w.admin.get(`/api/students/${mine.studentId}/documents/${theirDoc}/download`),
      404,
      'Document not found',
    );
    expectError(await w.admin.del(`/api/students/${mine.studentId}/documents/${theirDoc}`), 404, 'Document not found');
    expect((await other.admin.get(`/api/students/${theirs.studentId}/documents`)).body.total).toBe(1);

    expect((await post(undefined, mine.studentId, form(tinyPdf(), 'application/pdf', 'a.pdf'))).status).toBe(401);
    const teacher = await teacherCaller(t, w.teacher.email);
    const student = caller(t, await signIn(t, mine.email, undefined, '/api/students/login'));
    for (const who of [teacher, student]) {
      expect((await who.get(`/api/students/${mine.studentId}/documents`)).status).toBe(403);
      expect((await who.del(`/api/students/${mine.studentId}/documents/x`)).status).toBe(403);
    }
    const token = await signIn(t, mine.email, undefined, '/api/students/login');
    expect((await post(token, mine.studentId, form(tinyPdf(), 'application/pdf', 'a.pdf'))).status).toBe(403);
  });
});

describe('the documents service for teachers', () => {
  it('stores, lists, reads and deletes a teacher document under the teacher owner type', async () => {
    const w = await classroom(t);
    const other = await classroom(t);
    const ctx: TenantContext = {
      ...t.platform,
      fonts: async () => null,
      db: t.db,
      directory: t.directory,
      schoolId: w.schoolId,
      session: {
        userId: w.adminId,
        schoolId: w.schoolId,
        role: 'school_admin',
        name: 'Ada Admin',
        email: w.adminEmail,
        jti: 'test',
        authTime: 0,
        mustChangePassword: false,
        expiresAt: 0,
        tokenVersion: 0,
      },
      scoped: (table, ...conditions) => inSchool(w.schoolId, table, ...conditions),
      scopedIds: (table, column, ids, ...conditions) => inSchoolByIds(w.schoolId, table, column, ids, ...conditions),
      school: () => Promise.reject(new Error('not needed')),
      today: async () => '2026-01-05',
    };
    const owner = { type: 'teacher' as const, id: w.teacher.teacherId };
    const doc = await uploadDocument(ctx, owner, {
      name: 'degree.pdf',
      contentType: 'application/pdf',
      bytes: tinyPdf(),
    });
    expect(
      await t.platform.files?.get(`documents/${w.schoolId}/teacher/${w.teacher.teacherId}/${doc._id}`),
    ).not.toBeNull();
    expect((await listDocuments(ctx, owner)).map((d) => d.name)).toEqual(['degree.pdf']);
    expect((await downloadDocument(ctx, owner, doc._id)).bytes).toEqual(tinyPdf());
    // The same id as a student, or another school's teacher, is not found.
    await expect(listDocuments(ctx, { type: 'student', id: w.teacher.teacherId })).rejects.toThrow('Student not found');
    await expect(listDocuments(ctx, { type: 'teacher', id: other.teacher.teacherId })).rejects.toThrow(
      'Teacher not found',
    );
    await deleteDocument(ctx, owner, doc._id);
    expect(await listDocuments(ctx, owner)).toEqual([]);
  });
});
