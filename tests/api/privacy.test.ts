import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../worker/db/schema';
import type { FileStore } from '../../worker/lib/files';
import { createTestApp, createTestSchool, PASSWORD, signIn, type TestApp, unique } from '../support/app';
import { createClass } from '../support/factories';
import { enrolment, tinyPdf } from '../support/students';

let t: TestApp;
type Body = { success: boolean; error?: string; data?: any; token?: string; total?: number };

const tag = unique('priv').toLowerCase();
/** The people of this run: distinctive names, emails, phones and passwords to search the logs for. */
const people = {
  teacher: { name: 'Perpetua Ashgrove', email: `perpetua.${tag}@example.org`, phone: '+44 7700 900123' },
  student: { name: 'Zephyrine Quillfeather', email: `zephyrine.${tag}@example.org`, phone: '+91 98111 22334' },
  father: { name: 'Bartholomew Quillfeather', email: `bartholomew.${tag}@example.org`, phone: '+91 97222 33445' },
  mother: { name: 'Ottoline Quillfeather', email: `ottoline.${tag}@example.org`, phone: '+91 96333 44556' },
  imported: { name: 'Lysandra Wexcombe', email: `lysandra.${tag}@example.org`, phone: '+61 491 570 156' },
  importedFather: { name: 'Thaddeus Wexcombe', email: `thaddeus.${tag}@example.org`, phone: '+61 491 570 157' },
};
const passwords = {
  admin: PASSWORD,
  teacher: 'perpetua-pass-1',
  teacherReset: 'perpetua-reset-2',
  student: 'zephyrine-pass-1',
  studentNew: 'zephyrine-new-pass-2',
  father: 'bartholomew-pass-1',
  mother: 'ottoline-pass-1',
  wrong: 'a-wrong-guess-77',
  importedNew: 'lysandra-own-pw-3',
};
const tokens = new Set<string>();
/** Generated passwords, each seen only in the one answer that issued it. */
const temporaryPasswords = new Set<string>();
/** Every answer of the run; `showsPasswords` marks the one-time answers that list temporary passwords. */
const answers: { what: string; text: string; showsPasswords: boolean }[] = [];
/** What the runtime itself printed (console, stdout, stderr) while the app ran, beside the app's own log lines. */
const output: string[] = [];
const restoreOutput: (() => void)[] = [];

/** Patterns that are a secret wherever they appear: password hashes of both kinds, and JWTs. */
const HASH = /\$argon2|\$hmac-sha256\$/i;
const JWT = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/;
/** A token or a live-connection ticket carried in a query string. */
const QUERY_SECRET = /[?&](token|ticket)=[^&\s"']+/i;

function captureOutput() {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method];
    console[method] = (...args: unknown[]) => {
      output.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      original.apply(console, args);
    };
    restoreOutput.push(() => {
      console[method] = original;
    });
  }
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      output.push(String(chunk));
      return (write as (...a: unknown[]) => boolean).call(stream, chunk, ...rest);
    }) as typeof stream.write;
    restoreOutput.push(() => {
      stream.write = write;
    });
  }
}

/** What the run made, for the later checks. */
const world = {} as {
  schoolId: string;
  adminEmail: string;
  admin: string;
  teacher: string;
  student: string;
  parent: string;
  classId: string;
  studentId: string;
  /** A student of the import, whose family holds temporary passwords. */
  importedStudentId: string;
  teacherId: string;
  docId: string;
  tcId: string;
  receiptId: string;
  categoryId: string;
  structureId: string;
  backupId: string;
  dateId: string;
};

async function call(
  path: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
  { showsPasswords = false } = {},
) {
  const res = await t.request(path, init);
  const text = await res.text();
  let body: Body = { success: false };
  try {
    body = JSON.parse(text) as Body;
  } catch {
    // A file, not JSON.
  }
  for (const token of [body.token, body.data?.token, body.data?.ticket])
    if (typeof token === 'string') tokens.add(token);
  for (const c of body.data?.credentials ?? []) if (c.temporaryPassword) temporaryPasswords.add(c.temporaryPassword);
  answers.push({ what: `${init.method ?? 'GET'} ${path} → ${res.status}`, text, showsPasswords });
  return { status: res.status, body, text };
}

async function login(path: string, email: string, password: string) {
  const res = await call(path, { method: 'POST', json: { email, password } });
  expect(res.status, `${path} ${email}`).toBe(200);
  return (res.body.token ?? res.body.data?.token) as string;
}

// With two shards the school lives on shard 1, apart from the directory's database.
describe.each([1, 2])('with %i shard(s)', (shards) => {
  afterAll(() => {
    for (const restore of restoreOutput) restore();
  });

  beforeAll(async () => {
    captureOutput();
    answers.length = 0;
    output.length = 0;
    tokens.clear();
    temporaryPasswords.clear();
    t = await createTestApp({ shards });
    const school = await createTestSchool(t, unique('Privacy School'), shards - 1);
    world.schoolId = school.schoolId;
    world.adminEmail = school.adminEmail;
    world.classId = await createClass(t, school.schoolId, { name: '7', section: 'A' });

    // Every role signs in.
    world.admin = await login('/api/users/login', school.adminEmail, passwords.admin);
    const teacher = await call('/api/auth/create-teacher', {
      method: 'POST',
      token: world.admin,
      json: { ...people.teacher, password: passwords.teacher },
    });
    expect(teacher.status).toBe(201);
    world.teacherId = teacher.body.data.teacher._id;
    world.teacher = await login('/api/teachers/login', people.teacher.email, passwords.teacher);

    // Enrolment with both parents.
    const enrolled = await call('/api/students', {
      method: 'POST',
      token: world.admin,
      json: enrolment(world.classId, {
        name: people.student.name,
        email: people.student.email,
        password: passwords.student,
        phone: people.student.phone,
        admissionDate: '2024-06-01',
        parentInfo: {
          fatherName: people.father.name,
          fatherEmail: people.father.email,
          fatherPhone: people.father.phone,
          fatherPassword: passwords.father,
          motherName: people.mother.name,
          motherEmail: people.mother.email,
          motherPhone: people.mother.phone,
          motherPassword: passwords.mother,
        },
      }),
    });
    expect(enrolled.status).toBe(201);
    world.studentId = enrolled.body.data._id;
    world.student = await login('/api/students/login', people.student.email, passwords.student);
    world.parent = await login('/api/students/parents/login', people.father.email, passwords.father);
    await login('/api/students/parents/login', people.mother.email, passwords.mother);
    expect((await call('/api/family/children', { token: world.parent })).status).toBe(200);
    expect((await call('/api/auth/profile', { token: world.teacher })).status).toBe(200);

    // A password change by the student, a reset of the teacher's by the administrator.
    const changed = await call('/api/auth/profile', {
      method: 'PUT',
      token: world.student,
      json: { phone: people.student.phone, currentPassword: passwords.student, newPassword: passwords.studentNew },
    });
    expect(changed.status).toBe(200);
    world.student = changed.body.data.token;
    const reset = await call(`/api/teachers/${world.teacherId}`, {
      method: 'PUT',
      token: world.admin,
      json: { password: passwords.teacherReset, phone: people.teacher.phone },
    });
    expect(reset.status).toBe(200);
    world.teacher = await login('/api/teachers/login', people.teacher.email, passwords.teacherReset);

    // Refresh and sign-out.
    const spare = await login('/api/users/login', school.adminEmail, passwords.admin);
    const refreshed = await call('/api/auth/refresh', { method: 'POST', token: spare });
    expect(refreshed.status).toBe(200);
    expect((await call('/api/auth/logout', { method: 'POST', token: refreshed.body.data.token })).status).toBe(200);

    // Reads and exports of the student's records.
    expect((await call('/api/students/export', { token: world.admin })).status).toBe(200);
    expect((await call(`/api/students/${world.studentId}`, { token: world.admin })).status).toBe(200);
    const form = new FormData();
    form.set('file', new Blob([tinyPdf()], { type: 'application/pdf' }), 'birth-certificate.pdf');
    const uploaded = await call(`/api/students/${world.studentId}/documents`, {
      method: 'POST',
      token: world.admin,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    world.docId = uploaded.body.data._id;
    expect((await call(`/api/students/${world.studentId}/documents`, { token: world.admin })).status).toBe(200);
    const download = await call(`/api/students/${world.studentId}/documents/${world.docId}/download`, {
      token: world.admin,
    });
    expect(download.status).toBe(200);
    const tc = await call(`/api/students/${world.studentId}/transfer-certificate`, {
      method: 'POST',
      token: world.admin,
      json: { reason: 'Family moved', leavingDate: '2026-06-30', conduct: 'Good' },
    });
    expect(tc.status).toBe(201);
    world.tcId = tc.body.data._id;
    const tcPdf = await call(`/api/students/${world.studentId}/transfer-certificates/${world.tcId}/download`, {
      token: world.admin,
    });
    expect(tcPdf.status).toBe(200);

    // A fee paid, its receipt downloaded by the office and by the parent.
    const category = await call('/api/fees/categories', {
      method: 'POST',
      token: world.admin,
      json: { name: 'Tuition' },
    });
    world.categoryId = category.body.data._id;
    const structure = await call('/api/fees/structures', {
      method: 'POST',
      token: world.admin,
      json: { classId: world.classId, categoryId: world.categoryId, amount: '1200', dueDate: '2099-06-30' },
    });
    expect(structure.status).toBe(201);
    world.structureId = structure.body.data._id;
    const paid = await call('/api/fees/collections', {
      method: 'POST',
      token: world.admin,
      json: { studentId: world.studentId, structureId: world.structureId, amount: 600, method: 'cash' },
    });
    expect(paid.status).toBe(201);
    world.receiptId = paid.body.data._id;
    expect((await call(`/api/fees/receipts/${world.receiptId}/download`, { token: world.admin })).status).toBe(200);
    expect((await call(`/api/family/receipts/${world.receiptId}/download`, { token: world.parent })).status).toBe(200);

    const date = await call('/api/important-dates', {
      method: 'POST',
      token: world.admin,
      json: { title: 'Open day', date: '2026-03-01', type: 'event', applyToAllClasses: true },
    });
    world.dateId = date.body.data._id;
    const backup = await call('/api/settings/backup', { method: 'POST', token: world.admin, json: {} });
    world.backupId = backup.body.data._id;

    // Temporary passwords: an import, a reset of two of its accounts, a first sign-in with one and its replacement.
    const imported = await call(
      '/api/students/import',
      {
        method: 'POST',
        token: world.admin,
        headers: { 'Content-Type': 'text/csv' },
        body:
          'Name,Email,Phone,Gender,Date of birth,Class,Roll number,Father name,Father email\n' +
          `${people.imported.name},${people.imported.email},${people.imported.phone},female,2013-05-02,7-A,41,${people.importedFather.name},${people.importedFather.email}\n`,
      },
      { showsPasswords: true },
    );
    expect(imported.status, imported.text).toBe(201);
    world.importedStudentId = imported.body.data.students[0]._id;
    const reissued = await call(
      `/api/students/${world.importedStudentId}/temporary-passwords`,
      { method: 'POST', token: world.admin, json: { accounts: ['student', 'father'] } },
      { showsPasswords: true },
    );
    expect(reissued.status, reissued.text).toBe(200);
    expect(temporaryPasswords.size).toBe(4);
    const [studentTemporary] = reissued.body.data.credentials.map(
      (c: { temporaryPassword: string }) => c.temporaryPassword,
    );
    const [firstTemporary] = imported.body.data.credentials.map(
      (c: { temporaryPassword: string }) => c.temporaryPassword,
    );
    expect(
      (
        await call('/api/students/login', {
          method: 'POST',
          json: { email: people.imported.email, password: firstTemporary },
        })
      ).status,
    ).toBe(401);
    const temporary = await login('/api/students/login', people.imported.email, studentTemporary);
    expect((await call('/api/family/children', { token: temporary })).status).toBe(403);
    const chosen = await call('/api/auth/profile', {
      method: 'PUT',
      token: temporary,
      json: { currentPassword: studentTemporary, newPassword: passwords.importedNew },
    });
    expect(chosen.status, chosen.text).toBe(200);
    // The live-updates path and an API path given a token and a ticket in the query (the log must drop both).
    const ticket = `tkt_${tag}_live`;
    tokens.add(ticket);
    await call(`/parties/school/${world.schoolId}?token=${world.admin}`);
    await call(`/parties/school/${world.schoolId}?ticket=${ticket}`);
    await call(`/api/users/verify?token=${world.parent}&ticket=${ticket}`);

    // Failures: wrong passwords, an unknown email, the wrong sign-in screen, a lock-out, bad bodies.
    for (let i = 0; i < 6; i++) {
      await call('/api/users/login', {
        method: 'POST',
        json: { email: people.father.email, password: passwords.wrong },
      });
    }
    await call('/api/users/login', {
      method: 'POST',
      json: { email: `nobody.${tag}@example.org`, password: passwords.wrong },
    });
    await call('/api/teachers/login', {
      method: 'POST',
      json: { email: people.student.email, password: passwords.studentNew },
    });
    await call('/api/users/login', {
      method: 'POST',
      body: `{"email":"${people.mother.email}","password":"${passwords.mother}"`,
      headers: { 'Content-Type': 'application/json' },
    });
    await call('/api/auth/create-teacher', {
      method: 'POST',
      token: world.admin,
      json: { name: people.teacher.name, email: people.teacher.email, password: passwords.teacher, phone: '1' },
    });
    await call('/api/auth/profile', {
      method: 'PUT',
      token: world.student,
      json: { currentPassword: passwords.wrong, newPassword: passwords.studentNew },
    });
    await call('/api/users/verify', { headers: { Authorization: 'Bearer not-a-token' } });
  });

  describe('request logs hold no secret and no personal data', () => {
    it('a full run of every role, with failures and crashes, leaves no credential, token or person in the logs', async () => {
      // Two crashes of a broken dependency, whose error messages carry personal data.
      const files = t.platform.files as FileStore;
      const get = files.get;
      files.get = async () => {
        throw new Error(`storage refused ${people.student.email} Bearer ${world.admin}`);
      };
      const crashed = await call(`/api/students/${world.studentId}/documents/${world.docId}/download`, {
        token: world.admin,
      });
      files.get = get;
      expect(crashed.status).toBe(500);
      expect(crashed.body.error).toBe('Internal server error');
      const openDatabase = t.platform.openDatabase;
      const shardsOf = t.platform.shards;
      const openShard = shardsOf?.open;
      const broken = <D extends object>(db: D): D =>
        Object.assign(Object.create(db), {
          select: () => {
            throw new Error(`database down while reading ${people.father.name} ${passwords.father}`);
          },
        });
      t.platform.openDatabase = (meter) => broken(openDatabase(meter));
      if (shardsOf && openShard) shardsOf.open = (n, meter) => broken(openShard(n, meter));
      const down = await call('/api/users/verify', { token: world.parent });
      t.platform.openDatabase = openDatabase;
      if (shardsOf && openShard) shardsOf.open = openShard;
      expect(down.status).toBe(500);
      expect(JSON.stringify(down.body)).not.toContain(people.father.name);

      expect(tokens.size).toBeGreaterThanOrEqual(8);
      expect(t.logs.length).toBeGreaterThan(40);
      expect(t.logs.some((line) => line.includes('"level":"error"'))).toBe(true);
      const hashes = await hashesOfSchool();
      // The search is only worth something if both kinds of hash exist: temporary passwords are still held.
      expect(hashes.filter((h) => h.startsWith('$hmac-sha256$')).length).toBeGreaterThanOrEqual(1);
      expect(hashes.filter((h) => h.startsWith('$argon2id$')).length).toBeGreaterThanOrEqual(5);

      const forbidden = [
        ...Object.values(passwords),
        ...temporaryPasswords,
        ...tokens,
        ...hashes,
        ...Object.values(people).flatMap((p) => [p.name, p.email, p.phone]),
        ...Object.values(people).map((p) => p.name.split(' ')[0]),
        world.adminEmail,
      ];
      const published = t.publisher.events.map((e) => `published ${JSON.stringify(e)}`);
      expect(published.length).toBeGreaterThan(0);
      const leaks: string[] = [];
      for (const line of [...t.logs, ...output, ...published]) {
        const lower = line.toLowerCase();
        for (const secret of forbidden) if (lower.includes(secret.toLowerCase())) leaks.push(`${secret}: ${line}`);
        if (/bearer|authorization|"password"/i.test(line) || HASH.test(line) || JWT.test(line)) leaks.push(line);
        if (QUERY_SECRET.test(line)) leaks.push(line);
      }
      expect(leaks).toEqual([]);
    });
  });

  /** Every password hash of the school's accounts, as stored. */
  async function hashesOfSchool() {
    const rows = await (await t.dbOf(world.schoolId)).all<{ hash: string }>(
      sql`select password_hash as hash from users where school_id = ${world.schoolId}`,
    );
    return rows.map((r) => r.hash);
  }

  describe("reads and exports of a student's records are kept in the activity log", () => {
    it('who exported the list, viewed the record and the documents, downloaded them and the certificate', async () => {
      const rows = await (await t.dbOf(world.schoolId))
        .select()
        .from(activityLogs)
        .where(eq(activityLogs.schoolId, world.schoolId));
      const of = (action: string, entity: string) => rows.filter((r) => r.action === action && r.entity === entity);
      for (const row of rows.filter((r) => ['read', 'export'].includes(r.action))) {
        // The parent's download of their child's receipt is kept too.
        expect(row.entity === 'fee_receipt' ? ['Ada Admin', people.father.name] : ['Ada Admin']).toContain(
          row.userName,
        );
        expect(row.userId).toBeTruthy();
      }
      expect(of('export', 'student').map((r) => r.summary)).toEqual(['Exported 1 student(s)']);
      expect(of('export', 'fee_receipt').map((r) => [r.entityId, r.userName, r.summary])).toEqual([
        [world.receiptId, 'Ada Admin', 'Downloaded 1 receipt(s)'],
        [world.receiptId, people.father.name, 'Downloaded 1 receipt(s)'],
      ]);
      expect(of('read', 'student').map((r) => [r.entityId, r.summary])).toEqual([
        [world.studentId, `Viewed the record of ${people.student.name}`],
        [world.studentId, `Viewed the documents of student ${people.student.name}`],
      ]);
      expect(of('export', 'document')).toEqual([
        expect.objectContaining({ entityId: world.docId, summary: expect.stringContaining(world.studentId) }),
      ]);
      expect(of('create', 'transfer_certificate')).toEqual([
        expect.objectContaining({ entityId: world.tcId, summary: expect.stringContaining(people.student.name) }),
      ]);
      expect(of('export', 'transfer_certificate')).toEqual([
        expect.objectContaining({ entityId: world.tcId, summary: expect.stringContaining(people.student.name) }),
      ]);

      // The settings screen's list filters them by action and by student.
      const reads = await call('/api/settings/activity-logs?action=read', { token: world.admin });
      expect(reads.body.data.map((r: { entityId: string }) => r.entityId)).toEqual([world.studentId, world.studentId]);
      const exports = await call('/api/settings/activity-logs?action=export', { token: world.admin });
      expect(exports.body.total).toBe(5);
      expect(exports.body.data[0]).toMatchObject({
        userName: people.father.name,
        action: 'export',
        entity: 'fee_receipt',
      });
      const child = await call(`/api/settings/activity-logs?entityId=${world.studentId}`, { token: world.admin });
      expect(child.body.data.map((r: { action: string }) => r.action).sort()).toEqual(['create', 'read', 'read']);

      // A list of another school's student's documents is refused and logs nothing.
      const other = await createTestSchool(t);
      const before = rows.length;
      const refused = await call(`/api/students/${world.studentId}/documents`, {
        token: await signIn(t, other.adminEmail),
      });
      expect(refused.status).toBe(404);
      const [{ n }] = await (await t.dbOf(world.schoolId)).all<{ n: number }>(
        sql`select count(*) as n from activity_logs where school_id = ${world.schoolId}`,
      );
      expect(n).toBe(before);
    });
  });

  describe('responses never carry password hashes', () => {
    /** JSON keys that would hold a password or its hash, anywhere in a body. */
    function passwordKeys(value: unknown, path = ''): string[] {
      if (Array.isArray(value)) return value.flatMap((item, i) => passwordKeys(item, `${path}[${i}]`));
      if (!value || typeof value !== 'object') return [];
      return Object.entries(value).flatMap(([key, inner]) => [
        ...(/^password(hash)?$|^password_hash$/i.test(key) ? [`${path}.${key}`] : []),
        ...passwordKeys(inner, `${path}.${key}`),
      ]);
    }

    it('every GET route, called by every role with the ids of this school, answers no hash and no password key', async () => {
      const routes = [
        ...new Set(t.app.routes.filter((r) => r.method === 'GET' && !r.path.includes('*')).map((r) => r.path)),
      ];
      expect(routes.length).toBeGreaterThan(50);
      const ids = Object.entries(world)
        .filter(([key]) => key.endsWith('Id'))
        .map(([, id]) => id);
      const query = `?classId=${world.classId}&studentId=${world.studentId}&date=2026-03-02&startDate=2026-01-01&endDate=2026-12-31`;
      const concrete = (path: string): string[] => {
        const match = /:(\w+)(\{[^}]*\})?/.exec(path);
        if (!match) return [path];
        return ids.flatMap((id) => concrete(path.replace(match[0], id)));
      };
      const offenders: string[] = [];
      let answered = 0;
      const roles = { admin: world.admin, teacher: world.teacher, student: world.student, parent: world.parent };
      for (const route of routes) {
        for (const [role, token] of Object.entries(roles)) {
          for (const path of concrete(route)) {
            const forms = role === 'admin' ? [path, `${path}${query}`] : [path];
            let refused = false;
            for (const url of forms) {
              const res = await call(url, { token });
              if (res.status === 403) refused = true;
              if (res.status === 200) answered += 1;
              if (HASH.test(res.text)) offenders.push(`${role} ${url}: a password hash`);
              // The API document describes the sign-in bodies' password fields; it holds no value.
              if (route === '/api/openapi.json') continue;
              for (const key of passwordKeys(res.body)) offenders.push(`${role} ${url}: ${key}`);
            }
            if (refused) break;
          }
        }
      }
      expect(offenders).toEqual([]);
      expect(answered).toBeGreaterThan(routes.length);
    }, 120_000);
  });

  describe('temporary passwords and hashes appear only where they are issued', () => {
    it('no answer of the whole run but the two that issued them names a temporary password or any hash', async () => {
      const hashes = await hashesOfSchool();
      const secrets = [...temporaryPasswords, ...hashes];
      const issuing = answers.filter((a) => a.showsPasswords);
      expect(issuing.map((a) => a.what)).toEqual([
        'POST /api/students/import → 201',
        `POST /api/students/${world.importedStudentId}/temporary-passwords → 200`,
      ]);
      // The issuing answers do carry them (so the search below looks for the right strings), and no hash.
      expect([...temporaryPasswords].every((p) => issuing.some((a) => a.text.includes(p)))).toBe(true);
      expect(answers.length).toBeGreaterThan(500);
      const offenders: string[] = [];
      for (const answer of answers) {
        if (HASH.test(answer.text)) offenders.push(`${answer.what}: a password hash`);
        if (answer.showsPasswords) continue;
        for (const secret of secrets) if (answer.text.includes(secret)) offenders.push(`${answer.what}: ${secret}`);
      }
      expect(offenders).toEqual([]);
    });
  });
});
