import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools } from '../../worker/db/schema';
import { translate } from '../../worker/lib/translate';
import { ar } from '../../worker/locales/ar';
import { hi } from '../../worker/locales/hi';
import { createTestApp, type TestApp } from '../support/app';
import { classroom, schoolWithAdmin } from '../support/classroom';
import { addClassRoll, addEmployee, createClass } from '../support/factories';
import { serverMessages, slots } from '../support/server-messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const send = async (path: string, init: { method?: string; token?: string; json?: unknown; language?: string }) => {
  const headers = init.language ? { 'accept-language': init.language } : undefined;
  const res = await t.request(path, { method: init.method ?? 'GET', token: init.token, json: init.json, headers });
  return { status: res.status, body: (await res.json()) as any };
};

/** Class 8-A with one student of 9-B sent in its register: a refusal that names the student. */
async function strangerInRegister(language?: string) {
  const w = await classroom(t);
  const other = await createClass(t, w.schoolId, { name: '9', section: 'B' });
  const [stranger] = await addClassRoll(t, w.schoolId, other, 1, { prefix: 'Visitor' });
  const json = {
    classId: w.classId,
    subjectId: w.subjectId,
    date: '2025-03-14',
    records: [{ studentId: stranger.studentId, status: 'present' }],
  };
  return { w, call: await send('/api/attendance/bulk', { method: 'POST', token: w.token, json, language }) };
}

describe("refusals in the caller's language", () => {
  it('answers in Hindi and in Arabic by Accept-Language, with the values in place and the code unchanged', async () => {
    const hindi = (await strangerInRegister('hi-IN,hi;q=0.9,en;q=0.8')).call;
    expect(hindi).toMatchObject({
      status: 400,
      body: { error: 'छात्र Visitor 1 इस कक्षा में नहीं है', code: 'NOT_IN_CLASS' },
    });
    const arabic = (await strangerInRegister('ar')).call;
    expect(arabic.body).toMatchObject({ error: 'الطالب Visitor 1 ليس في هذا الفصل', code: 'NOT_IN_CLASS' });
  });

  it('keeps English byte for byte, for English and for a language the portal does not ship', async () => {
    for (const language of [undefined, 'en-GB', 'fr-FR,fr;q=0.9']) {
      const { call } = await strangerInRegister(language);
      expect(call.body).toEqual({
        success: false,
        error: 'Student Visitor 1 is not in this class',
        code: 'NOT_IN_CLASS',
      });
    }
  });

  it("words a validation detail in the caller's language, its path unchanged", async () => {
    const w = await classroom(t);
    const res = await send('/api/classes', { method: 'POST', token: w.token, json: { section: 'A' }, language: 'hi' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('जाँच में त्रुटि');
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const english = await send('/api/classes', { method: 'POST', token: w.token, json: { section: 'A' } });
    const at = english.body.details.findIndex((d: { path: string }) => d.path === 'name');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(res.body.details[at]).toEqual({ path: 'name', msg: hi[english.body.details[at].msg as keyof typeof hi] });
    expect(res.body.details[at].msg).toMatch(/[\u0900-\u097F]/);
  });

  it("follows the signed-in person's school when the call names no language; Accept-Language still wins", async () => {
    const w = await classroom(t);
    await t.db.update(schools).set({ language: 'ar' }).where(eq(schools.id, w.schoolId));
    const missing = await send('/api/students/no-such-student', { token: w.token });
    expect(missing).toMatchObject({ status: 404, body: { error: 'الطالب غير موجود', code: 'NOT_FOUND' } });
    const named = await send('/api/students/no-such-student', { token: w.token, language: 'en' });
    expect(named.body.error).toBe('Student not found');
  });

  it('words values that are labels, and a route nobody serves', async () => {
    expect(translate('Email is required', 'ar')).toBe('البريد الإلكتروني مطلوب');
    expect(translate("Father's email is required", 'hi')).toBe('पिता का ईमेल आवश्यक है');
    expect(translate('Too many failed sign-in attempts. Please try again in 2 minutes.', 'ar')).toContain('دقيقتين');
    const route = await send('/api/no-such-route', { language: 'hi' });
    expect(route.body).toMatchObject({ error: 'पथ नहीं मिला: GET /api/no-such-route', code: 'ROUTE_NOT_FOUND' });
  });
});

describe("successes in the caller's language", () => {
  it('words a success message in Hindi and in Arabic, a message put together sentence by sentence', async () => {
    const w = await classroom(t);
    const [pupil] = await addClassRoll(t, w.schoolId, w.classId, 1);
    const json = {
      classId: w.classId,
      subjectId: w.subjectId,
      date: '2025-03-14',
      records: [{ studentId: pupil.studentId, status: 'present' }],
    };
    const marked = await send('/api/attendance/bulk', { method: 'POST', token: w.token, json, language: 'hi' });
    expect(marked).toMatchObject({
      status: 200,
      body: { success: true, message: hi['Attendance marked successfully'] },
    });
    const english = await send('/api/attendance/bulk', { method: 'POST', token: w.token, json });
    expect(english.body.message).toBe('Attendance marked successfully');

    // An empty class with a subject: deleting it leaves the subject without a class, which the message says too.
    const empty = await createClass(t, w.schoolId, { name: '9', section: 'C' });
    const subject = { name: 'Music', code: 'MUS9C', classId: empty, teacherId: w.teacher.teacherId };
    expect((await send('/api/subjects', { method: 'POST', token: w.token, json: subject })).status).toBe(201);
    const gone = await send(`/api/classes/${empty}`, { method: 'DELETE', token: w.token, language: 'ar' });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe(
      `${ar['Class deleted successfully.']} ${ar['{count} subject(s) left without a class.'].replace('{count}', '1')}`,
    );
  });
});

describe("spreadsheets in the school's language", () => {
  async function staffExport(language: 'en' | 'hi' | 'ar') {
    const w = await schoolWithAdmin(t);
    await t.db.update(schools).set({ language }).where(eq(schools.id, w.schoolId));
    const a = await addEmployee(t, w.schoolId, {
      name: 'Asha Kulkarni',
      department: 'Finance',
      position: 'Accountant',
    });
    await w.admin.post('/api/employees/attendance', { employeeId: a, date: '2025-01-06', status: 'half-day' });
    const res = await t.request('/api/employees/attendance/export?startDate=2025-01-01&endDate=2025-01-31', {
      token: w.token,
    });
    return (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
  }

  it('writes the staff attendance header and statuses in Hindi or Arabic, and English as before', async () => {
    const hindi = await staffExport('hi');
    expect(hindi[0]).toBe('"तारीख़","कर्मचारी","पद","विभाग","स्थिति","टिप्पणी","दर्ज करने वाले","दर्ज करने का समय"');
    expect(hindi[1]).toMatch(/^"2025-01-06","Asha Kulkarni","Accountant","Finance","आधा दिन",/);
    const arabic = await staffExport('ar');
    expect(arabic[0]).toBe('"التاريخ","الموظف","المنصب","القسم","الحالة","ملاحظات","سجّله","وقت التسجيل"');
    expect(arabic[1]).toContain('"نصف يوم"');
    const english = await staffExport('en');
    expect(english[0]).toBe('"Date","Employee","Position","Department","Status","Remarks","Marked By","Marked At"');
    expect(english[1]).toContain('"half-day"');
  });
});

describe('the catalogues', () => {
  const scanned = [...serverMessages(process.cwd()).messages].filter(
    (text) => /^[\p{L}{]/u.test(text) && /\s/.test(text),
  );
  const keys = new Set(Object.keys(hi).map(slots));

  it('give Hindi and Arabic for every text the Worker can refuse with', () => {
    expect(scanned.length).toBeGreaterThan(250);
    expect(scanned.filter((text) => !keys.has(text))).toEqual([]);
    expect(Object.keys(ar).sort()).toEqual(Object.keys(hi).sort());
  });

  it('give Hindi and Arabic for every success message, sentence by sentence where one is put together', () => {
    const successes = [...serverMessages(process.cwd()).successes];
    expect(successes.length).toBeGreaterThan(60);
    // Each value written into a message stands as 2; a value that is itself sentences (a list of what else changed)
    // is left out here and checked through its own route below.
    const samples = successes.map((text) => text.replace(/\{\}/g, '2').replace(/\s2$/, ''));
    const untranslated = samples.flatMap((text) =>
      (['hi', 'ar'] as const).flatMap((language) =>
        translate(text, language) === text ? [`${language}: ${text}`] : [],
      ),
    );
    expect(untranslated).toEqual([]);
  });

  it('keep every value of the English in each translation', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).filter((n) => n !== 's');
    const dropped = Object.keys(hi).flatMap((key) =>
      [hi, ar].flatMap((catalogue) => {
        const translation = catalogue[key as keyof typeof hi];
        const missing = names(key).filter((name) => !names(translation).includes(name));
        return missing.length ? [`${key} → ${translation} lacks ${missing.join(', ')}`] : [];
      }),
    );
    expect(dropped).toEqual([]);
  });
});
