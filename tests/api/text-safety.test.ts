import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../worker/lib/csv';
import { NOT_UNICODE, validators } from '../../worker/lib/validate';
import { createTestApp, json, type TestApp, unique } from '../support/app';
import { type JsonSchema, jsonSchemaOf } from '../support/arbitraries';
import { type Caller, classroom } from '../support/classroom';
import { addEmployee } from '../support/factories';
import { enrolment } from '../support/students';

/** Text that must be stored and answered exactly as sent. */
const SAMPLES: Record<string, string> = {
  emoji: '👩‍👩‍👧‍👦 Family 🎉🏫',
  combining: 'Zoë Ångström e\u0301\u0301 n\u0303',
  arabic: 'محمد عبد الله',
  hebrew: 'שלום עולם',
  cjk: '山田 太郎',
  sqlDrop: "'; DROP TABLE students; --",
  sqlOr: '" OR 1=1 --',
  script: '<script>alert(1)</script>',
  img: '<img src=x onerror=alert(1)>',
  formula: '=HYPERLINK("http://x.example","y")',
  at: '@SUM(1+1)',
};

/** Fields that are not free text (formats, secrets, references, codes with their own rules). */
const NOT_TEXT =
  /password|email|phone|Id$|Ids$|date|Time$|academicYear|semester|rollNumber|^code$|website|timeZone|currency|^department$|^mother|^guardian/i;

interface TextField {
  path: string[];
  max: number;
}

/** The free-text fields of a body schema (one level into nested objects such as address and parentInfo). */
function textFields(schema: JsonSchema, prefix: string[] = []): TextField[] {
  const fields: TextField[] = [];
  for (const [key, raw] of Object.entries(schema.properties ?? {})) {
    if (NOT_TEXT.test(key)) continue;
    const options = raw.anyOf ?? [raw];
    const text = options.find((o) => o.type === 'string' && !o.enum && !o.const && !o.pattern && !o.format);
    const object = options.find((o) => o.type === 'object');
    if (text?.maxLength) fields.push({ path: [...prefix, key], max: text.maxLength });
    else if (object && prefix.length === 0) fields.push(...textFields(object, [key]));
  }
  return fields;
}

/** Text of exactly `max` code points (zod counts lengths in code points), cut or padded with 'x'. */
function clip(text: string, max: number, pad = false): string {
  // Ends are trimmed by the server, so a cut never ends in whitespace.
  const points = Array.from(text.slice(0, max * 2)).slice(0, max);
  while (points.length && /\s/.test(points[points.length - 1])) points.pop();
  while (pad && points.length < max) points.push('x');
  return points.join('');
}

function setPath(body: Record<string, any>, path: string[], value: string) {
  let target = body;
  for (const key of path.slice(0, -1)) {
    target[key] = typeof target[key] === 'object' && target[key] ? { ...target[key] } : {};
    target = target[key];
  }
  target[path[path.length - 1]] = value;
}

function stringsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

/** RFC 4180 cells (quoted cells may hold commas, quotes and line breaks). */
function csvCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

interface Entity {
  name: string;
  method: 'POST' | 'PUT';
  path: string;
  base: () => Record<string, unknown>;
  /** Where the stored record is read back, from the create answer. */
  read: (created: any) => string;
}

describe('hostile text is stored and answered exactly, and exported safely', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof classroom>>;
  let admin: Caller;
  let categoryId: string;
  let entities: Entity[];

  function bodySchema(method: string, path: string): JsonSchema {
    for (const r of t.app.routes) {
      const info = validators.get(r.handler as MiddlewareHandler);
      if (r.method === method && r.path === path && info?.target === 'json') return jsonSchemaOf(info.schema);
    }
    throw new Error(`no body schema for ${method} ${path}`);
  }

  beforeAll(async () => {
    t = await createTestApp();
    w = await classroom(t);
    admin = w.admin;
    await addEmployee(t, w.schoolId);
    categoryId = (await admin.post('/api/fees/categories', { name: 'Tuition' })).body.data._id;
    const classes = ['1', '2', '3', '4', '5', '6', '7', '9', '10', '11', '12'].flatMap((name) =>
      ['A', 'B', 'C', 'D', 'E'].map((section) => ({ name, section })),
    );
    let subjectCount = 0;
    entities = [
      {
        name: 'student',
        method: 'POST',
        path: '/api/students',
        base: () => enrolment(w.classId),
        read: (c) => `/api/students/${c._id ?? c.student?._id}`,
      },
      {
        name: 'teacher',
        method: 'POST',
        path: '/api/teachers',
        base: () => ({
          name: 'T',
          email: `${unique('t')}@example.org`.toLowerCase(),
          password: 'teacher-pw-1',
          phone: '+91 90000 00009',
        }),
        read: (c) => `/api/teachers/${c.teacher._id}`,
      },
      {
        name: 'employee',
        method: 'POST',
        path: '/api/employees',
        base: () => ({ name: 'E', position: 'Clerk', department: 'Administration' }),
        read: (c) => `/api/employees/${c._id}`,
      },
      {
        name: 'class',
        method: 'POST',
        path: '/api/classes',
        base: () => ({ ...classes.shift(), teacherId: w.teacher.teacherId, capacity: 30 }),
        read: (c) => `/api/classes/${c._id}`,
      },
      {
        name: 'subject',
        method: 'POST',
        path: '/api/subjects',
        base: () => ({ name: `S${++subjectCount}`, classId: w.classId, teacherId: w.teacher.teacherId }),
        read: (c) => `/api/subjects/${c._id}`,
      },
      {
        name: 'subject category',
        method: 'POST',
        path: '/api/subjects/categories',
        base: () => ({ name: unique('C') }),
        read: (c) => `/api/subjects/categories/${c._id}`,
      },
      {
        name: 'important date',
        method: 'POST',
        path: '/api/important-dates',
        base: () => ({ title: 'D', date: '2025-02-01', type: 'event', applyToAllClasses: true }),
        read: (c) => `/api/important-dates/${c._id}`,
      },
      {
        name: 'homework',
        method: 'POST',
        path: '/api/homework',
        base: () => ({
          classId: w.classId,
          subjectId: w.subjectId,
          title: 'H',
          instructions: 'I',
          dueDate: '2025-02-01',
          dueTime: '10:00',
        }),
        read: (c) => `/api/homework/${c._id}`,
      },
      {
        name: 'fee category',
        method: 'POST',
        path: '/api/fees/categories',
        base: () => ({ name: unique('F') }),
        read: (c) => `/api/fees/categories/${c._id}`,
      },
      {
        name: 'fee structure',
        method: 'POST',
        path: '/api/fees/structures',
        base: () => ({ classId: w.classId, categoryId, amount: 100, dueDate: '2025-04-10' }),
        read: (c) => `/api/fees/structures/${c._id}`,
      },
      {
        name: 'complaint',
        method: 'POST',
        path: '/api/complaints',
        base: () => ({ title: 'C', initiatedBy: 'P' }),
        read: () => '/api/complaints?limit=200',
      },
      {
        name: 'department',
        method: 'POST',
        path: '/api/employees/departments',
        base: () => ({ name: unique('Dep') }),
        read: () => '/api/employees/departments',
      },
      {
        name: 'school info',
        method: 'PUT',
        path: '/api/settings/school-info',
        base: () => ({}),
        read: () => '/api/settings/school-info',
      },
    ];
  }, 60_000);

  async function write(entity: Entity, body: unknown) {
    return entity.method === 'POST' ? admin.post(entity.path, body) : admin.put(entity.path, body);
  }

  it('stores emoji, combining marks, RTL, SQL and HTML in every text field and answers them byte for byte', async () => {
    const problems: string[] = [];
    for (const entity of entities) {
      const fields = textFields(bodySchema(entity.method, entity.path));
      expect(fields.length, entity.name).toBeGreaterThan(0);
      for (const [label, sample] of Object.entries(SAMPLES)) {
        const body = entity.base() as Record<string, any>;
        const sent: string[] = [];
        fields.forEach((field, i) => {
          // Different in every field, so a field answered from another's value is caught.
          const value = clip(`${sample} ${i}`, field.max);
          setPath(body, field.path, value);
          sent.push(value);
        });
        const made = await write(entity, body);
        if (made.status >= 300) {
          problems.push(`${entity.name} ${label}: ${made.status} ${JSON.stringify(made.body).slice(0, 300)}`);
          continue;
        }
        const read = await admin.get(entity.read(made.body.data));
        expect(read.status).toBe(200);
        const answered = stringsIn(read.body.data);
        const missing = sent.filter((v) => !answered.has(v));
        if (missing.length) problems.push(`${entity.name} ${label}: not answered as sent: ${JSON.stringify(missing)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('refuses half of a surrogate pair in any text field with 400, writing nothing', async () => {
    const totalChanges = async () => (await t.db.all<{ n: number }>(sql`select total_changes() as n`))[0].n;
    for (const entity of entities) {
      for (const field of textFields(bodySchema(entity.method, entity.path))) {
        for (const broken of ['Ana \uD83D', '\uDE00 Ana']) {
          const body = entity.base() as Record<string, any>;
          setPath(body, field.path, broken);
          const before = await totalChanges();
          const res = await write(entity, body);
          const where = `${entity.name} ${field.path.join('.')}`;
          expect(res.status, where).toBe(400);
          // The path is where the value lands (a one-line address is stored as its street).
          expect(res.body.details, where).toEqual([
            { msg: NOT_UNICODE, path: expect.stringMatching(new RegExp(`^${field.path.join('\\.')}`)) },
          ]);
          expect(await totalChanges(), where).toBe(before);
        }
      }
    }
  }, 60_000);

  it('takes every text field at its maximum length (1,000+ where allowed) and refuses one more with 400', async () => {
    const problems: string[] = [];
    const long = Object.values(SAMPLES).join(' ');
    for (const entity of entities) {
      for (const field of textFields(bodySchema(entity.method, entity.path))) {
        const atMax = clip(long.repeat(Math.ceil(field.max / long.length) + 1), field.max, true);
        const body = entity.base() as Record<string, any>;
        setPath(body, field.path, atMax);
        const made = await write(entity, body);
        if (made.status >= 300) {
          problems.push(`${entity.name}.${field.path.join('.')} at ${field.max}: ${made.status} ${made.body.error}`);
        } else {
          const read = await admin.get(entity.read(made.body.data));
          if (!stringsIn(read.body.data).has(atMax)) problems.push(`${entity.name}.${field.path.join('.')} changed`);
        }
        const over = entity.base() as Record<string, any>;
        setPath(over, field.path, `${atMax}y`);
        const refused = await write(entity, over);
        const paths = (refused.body.details ?? []).map((d: { path: string }) => d.path);
        if (
          refused.status !== 400 ||
          refused.body.error !== 'Validation failed' ||
          !paths.includes(field.path.join('.'))
        ) {
          problems.push(
            `${entity.name}.${field.path.join('.')} at ${field.max + 1}: ${refused.status} ${JSON.stringify(refused.body).slice(0, 200)}`,
          );
        }
      }
    }
    const longest = entities.flatMap((e) => textFields(bodySchema(e.method, e.path))).filter((f) => f.max >= 1000);
    expect(longest.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 60_000);

  it('neutralises spreadsheet formulas in every CSV export and keeps the text otherwise intact', async () => {
    const names = [
      SAMPLES.formula,
      '+1+1 Plus',
      '-2+3 Minus',
      SAMPLES.at,
      SAMPLES.script,
      SAMPLES.arabic,
      'Roy;=1+1',
      'Pipe|cmd',
    ];
    for (const name of names) {
      const made = await admin.post('/api/students', enrolment(w.classId, { name }));
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    await admin.post('/api/fees/structures', { classId: w.classId, categoryId, amount: 250, dueDate: '2025-04-10' });
    await addEmployee(t, w.schoolId, { name: '=cmd|" /C calc"!A0' });
    for (const path of ['/api/students/export', '/api/fees/due/export', '/api/employees/attendance/export']) {
      const res = await t.request(path, { token: w.token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      const text = await res.text();
      // Every cell quoted: the file is nothing but quoted cells, commas and CRLFs.
      expect(/^\uFEFF?("([^"]|"")*"(,|\r\n))+$/.test(text), path).toBe(true);
      const cells = csvCells(text).flat();
      expect(
        cells.filter((c) => /^[=+\-@\t\r]|^[^'].*[;|]/.test(c)),
        path,
      ).toEqual([]);
    }
    const students = csvCells(await (await t.request('/api/students/export', { token: w.token })).text()).flat();
    for (const name of names) {
      const shown = /^[=+\-@\t\r]|[;|]/.test(name) ? `'${name}` : name;
      expect(students).toContain(shown);
    }
    expect(toCsv(['a'], [['\tTab'], ['\rReturn'], ['plain'], [null]])).toBe(
      `\uFEFF"a"\r\n"'\tTab"\r\n"'\rReturn"\r\n"plain"\r\n""\r\n`,
    );
  });

  it('prints receipts and transfer certificates for names in any script', async () => {
    await admin.put('/api/settings/school-info', { name: `${SAMPLES.arabic} ${SAMPLES.emoji} <b>School</b>` });
    for (const [label, sample] of Object.entries(SAMPLES)) {
      const made = await admin.post(
        '/api/students',
        enrolment(w.classId, { name: clip(sample, 120), admissionDate: '2024-04-01' }),
      );
      expect(made.status, label).toBe(201);
      const studentId = made.body.data._id ?? made.body.data.student?._id;
      const structure = await admin.post('/api/fees/structures', {
        classId: w.classId,
        categoryId,
        amount: 300,
        dueDate: '2025-04-10',
        description: sample,
      });
      const receipt = await admin.post('/api/fees/receipts', {
        studentId,
        method: 'cash',
        remarks: sample,
        reference: clip(sample, 80),
        items: [{ structureId: structure.body.data._id, amount: 300 }],
      });
      expect(receipt.status, `${label} ${JSON.stringify(receipt.body)}`).toBe(201);
      const tc = await admin.post(`/api/students/${studentId}/transfer-certificate`, {
        reason: sample,
        leavingDate: t.clock.now.toISOString().slice(0, 10),
        conduct: clip(sample, 100),
        remarks: sample,
      });
      expect(tc.status, `${label} ${JSON.stringify(tc.body)}`).toBeLessThan(300);
      for (const path of [
        `/api/fees/receipts/${receipt.body.data._id}/download`,
        `/api/students/${studentId}/transfer-certificates/${tc.body.data._id}/download`,
      ]) {
        const res = await t.request(path, { token: w.token });
        expect(res.status, `${label} ${path}`).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      }
    }
    expect((await json(await t.request('/api/settings/school-info', { token: w.token }))).success).toBe(true);
  }, 60_000);
});
