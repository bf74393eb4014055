import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, roundTrips, signIn, type TestApp } from '../support/app';
import { caller, classroom } from '../support/classroom';
import { createClass, createStudent } from '../support/factories';
import { enrolment, peopleCounts } from '../support/students';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const HEADER =
  'Name,Email,Phone,Gender,Date of birth,Class,Roll number,Admission number,Father name,Father email,Father phone,Mother name,Mother email';

function csv(...rows: string[]) {
  return `${HEADER}\n${rows.join('\n')}\n`;
}

async function upload(token: string, body: string, { dryRun = false, multipart = false } = {}) {
  const path = `/api/students/import${dryRun ? '?dryRun=true' : ''}`;
  let init: RequestInit & { token: string };
  if (multipart) {
    const form = new FormData();
    form.set('file', new Blob([body], { type: 'text/csv' }), 'students.csv');
    init = { method: 'POST', token, body: form };
  } else {
    init = { method: 'POST', token, body, headers: { 'Content-Type': 'text/csv' } };
  }
  const res = await t.request(path, init);
  return {
    status: res.status,
    body: await json<any>(res),
    trips: roundTrips(res),
    headers: Object.fromEntries(res.headers),
  };
}

describe('GET /api/students/import/template', () => {
  it('answers the header row the import reads', async () => {
    const w = await classroom(t);
    const res = await t.request('/api/students/import/template', { token: w.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="student-import-template.csv"');
    const text = new TextDecoder('utf-8', { ignoreBOM: true, fatal: false }).decode(await res.arrayBuffer());
    expect(text).toBe(
      '\uFEFF"Name","Admission number","Roll number","Class","Email","Phone","Gender","Date of birth","Admission date","Status","Father name","Father email","Father phone","Mother name","Mother email","Mother phone","Guardian name","Guardian email","Guardian phone","Street","City","State","Zip code"\r\n',
    );
  });
});

describe('POST /api/students/import', () => {
  it('a dry run reports what would be created and linked, and writes nothing', async () => {
    const w = await classroom(t);
    const existing = (
      await t.request('/api/students', { method: 'POST', token: w.token, json: enrolment(w.classId) }).then(json<any>)
    ).data;
    const knownParent = existing.parentInfo.fatherEmail;
    const before = await peopleCounts(t);
    const res = await upload(
      w.token,
      csv(
        'Ira Sen,ira@example.org,555-1,female,2013-05-02,8-A,31,,Dev Sen,dev.sen@example.org,555-9,Mala Sen,mala@example.org',
        'Om Sen,om@example.org,555-2,male,2014-01-20,8 - A,32,,Dev Sen,dev.sen@example.org,,,',
        `Tara Paul,tara@example.org,555-3,Female,2012-11-11,8-a,33,T-9,Known Dad,${knownParent},,,`,
      ),
      { dryRun: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      dryRun: true,
      valid: true,
      errorCount: 0,
      errors: [],
      ignoredColumns: [],
      summary: {
        rows: 3,
        students: 3,
        parentsToCreate: 2,
        parentsToLink: 1,
        admissionNumbersGenerated: 2,
        perClass: [{ class: '8-A', count: 3 }],
      },
    });
    const year = new Date().getUTCFullYear();
    expect(res.body.data.students).toEqual([
      {
        line: 2,
        name: 'Ira Sen',
        email: 'ira@example.org',
        class: '8-A',
        rollNumber: '31',
        admissionNumber: `ADM${year}002`,
        admissionNumberGenerated: true,
        parents: [
          { relation: 'father', name: 'Dev Sen', email: 'dev.sen@example.org', action: 'create' },
          { relation: 'mother', name: 'Mala Sen', email: 'mala@example.org', action: 'create' },
        ],
      },
      expect.objectContaining({
        line: 3,
        admissionNumber: `ADM${year}003`,
        parents: [{ relation: 'father', name: 'Dev Sen', email: 'dev.sen@example.org', action: 'link' }],
      }),
      expect.objectContaining({
        line: 4,
        admissionNumber: 'T-9',
        admissionNumberGenerated: false,
        parents: [{ relation: 'father', name: 'Ravi Rao', email: knownParent, action: 'link' }],
      }),
    ]);
    expect(await peopleCounts(t)).toEqual(before);
  });

  it('names every problem by line and field; with any error nothing is written', async () => {
    const w = await classroom(t);
    const taken = await createStudent(t, w.schoolId, { classId: w.classId });
    await t.db.run(
      sql`update students set roll_number = '7', admission_number = 'OLD-1' where id = ${taken.studentId}`,
    );
    const rows = [
      'Good One,good1@example.org,1,male,2013-01-01,8-A,40,,Pa One,pa1@example.org,,,',
      'Bad Email,not-an-email,1,male,2013-01-01,8-A,41,,Pa Two,pa2@example.org,,,',
      'No Class,nc@example.org,1,male,2013-01-01,,42,,Pa Three,pa3@example.org,,,',
      'Wrong Class,wc@example.org,1,male,2013-01-01,8-Z,43,,Pa Four,pa4@example.org,,,',
      'Dup Email,good1@example.org,1,male,2013-01-01,8-A,44,,Pa Five,pa5@example.org,,,',
      'Dup Roll,dr@example.org,1,male,2013-01-01,8-A,40,,Pa Six,pa6@example.org,,,',
      `Taken Email,${taken.email},1,male,2013-01-01,8-A,45,,Pa Seven,pa7@example.org,,,`,
      'Taken Roll,tr@example.org,1,male,2013-01-01,8-A,7,OLD-1,Pa Eight,pa8@example.org,,,',
      `Teacher Parent,tp@example.org,1,male,2013-01-01,8-A,46,,Pa Nine,${w.teacher.email},,,`,
      'No Parent,np@example.org,1,male,2013-01-01,8-A,47,,,,,,',
      'Future,fu@example.org,1,boy,2999-01-01,8-A,48,,Pa Ten,pa10@example.org,,,',
      'Half Parent,hp@example.org,1,male,2013-01-01,8-A,49,,Only Name,,,,',
    ];
    const before = await peopleCounts(t);
    const dry = await upload(w.token, csv(...rows), { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data.valid).toBe(false);
    expect(dry.body.data.students).toEqual([]);
    expect(dry.body.data.errors).toEqual([
      { line: 3, field: 'Email', message: 'Email is invalid' },
      { line: 4, field: 'Class', message: 'Class is required' },
      { line: 5, field: 'Class', message: 'Class 8-Z does not exist (write it as name-section, e.g. 8-A)' },
      { line: 6, field: 'Email', message: 'This email is also on line 2' },
      { line: 7, field: 'Roll number', message: 'Roll number 40 in class 8-A is also on line 2' },
      { line: 8, field: 'Email', message: 'A user with this email already exists' },
      { line: 9, field: 'Admission number', message: 'Admission number OLD-1 already exists in this school' },
      { line: 9, field: 'Roll number', message: 'Roll number 7 is already used in class 8-A' },
      { line: 10, field: 'Father email', message: 'A user with this email already exists' },
      { line: 11, field: 'Father name', message: 'At least one parent or guardian with name and email is required' },
      { line: 12, field: 'Gender', message: 'Gender must be male, female or other' },
      { line: 12, field: 'Date of birth', message: 'Date of birth cannot be in the future' },
      { line: 13, field: 'Father email', message: "Father's email is required to create their parent account" },
    ]);

    const real = await upload(w.token, csv(...rows));
    expect(real.status).toBe(400);
    expect(real.body.error).toBe('Import refused: 13 problem(s) found. Nothing was imported.');
    expect(real.body.details[0]).toEqual({ msg: 'Line 3, Email: Email is invalid', path: '3.Email' });
    expect(await peopleCounts(t)).toEqual(before);

    const future = await upload(w.token, csv(rows[0].replace('2013-01-01', '2999-01-01')), { dryRun: true });
    expect(future.body.data.errors).toEqual([
      { line: 2, field: 'Date of birth', message: 'Date of birth cannot be in the future' },
    ]);
  });

  it('imports every row, gives each new account its own temporary password, links known parents', async () => {
    const w = await classroom(t);
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    const existing = (
      await t.request('/api/students', { method: 'POST', token: w.token, json: enrolment(w.classId) }).then(json<any>)
    ).data;
    const knownParent = existing.parentInfo.fatherEmail;
    const file = csv(
      'Ira Sen,ira.i@example.org,555-1,female,2013-05-02,8-A,31,,Dev Sen,dev.i@example.org,555-9,Mala Sen,mala.i@example.org',
      'Om Sen,om.i@example.org,555-2,male,2014-01-20,9-B,1,,Dev Sen,dev.i@example.org,,,',
      `Tara Paul,tara.i@example.org,555-3,female,2012-11-11,9-B,2,,Known Dad,${knownParent},,,`,
    );
    const res = await upload(w.token, file, { multipart: true });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('3 student(s) imported successfully');
    const data = res.body.data;
    expect(data).toMatchObject({ imported: 3, parentsCreated: 2, parentsLinked: 1 });
    expect(data.temporaryPassword).toBeUndefined();
    expect(data.credentials).toEqual([
      {
        line: 2,
        role: 'student',
        name: 'Ira Sen',
        email: 'ira.i@example.org',
        students: [],
        temporaryPassword: expect.any(String),
      },
      {
        line: 2,
        role: 'parent',
        name: 'Dev Sen',
        email: 'dev.i@example.org',
        students: ['Ira Sen', 'Om Sen'],
        temporaryPassword: expect.any(String),
      },
      {
        line: 2,
        role: 'parent',
        name: 'Mala Sen',
        email: 'mala.i@example.org',
        students: ['Ira Sen'],
        temporaryPassword: expect.any(String),
      },
      {
        line: 3,
        role: 'student',
        name: 'Om Sen',
        email: 'om.i@example.org',
        students: [],
        temporaryPassword: expect.any(String),
      },
      {
        line: 4,
        role: 'student',
        name: 'Tara Paul',
        email: 'tara.i@example.org',
        students: [],
        temporaryPassword: expect.any(String),
      },
    ]);
    const passwordOf = new Map<string, string>(data.credentials.map((c: any) => [c.email, c.temporaryPassword]));
    for (const password of passwordOf.values()) expect(password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{14}$/);
    expect(new Set(passwordOf.values()).size).toBe(5);
    expect(data.students.map((s: any) => [s.line, s.name, s.class])).toEqual([
      [2, 'Ira Sen', '8-A'],
      [3, 'Om Sen', '9-B'],
      [4, 'Tara Paul', '9-B'],
    ]);
    expect(data.parentAccounts).toEqual([
      { _id: expect.any(String), name: 'Dev Sen', email: 'dev.i@example.org', linkedExisting: false },
      { _id: expect.any(String), name: 'Mala Sen', email: 'mala.i@example.org', linkedExisting: false },
      { _id: existing.parents[0]._id, name: 'Ravi Rao', email: knownParent, linkedExisting: true },
    ]);

    // Each new account signs in with its own password; Dev sees both children; the known parent keeps theirs.
    await signIn(t, 'ira.i@example.org', passwordOf.get('ira.i@example.org'), '/api/students/login');
    await signIn(t, 'om.i@example.org', passwordOf.get('om.i@example.org'), '/api/users/login');
    await signIn(t, 'mala.i@example.org', passwordOf.get('mala.i@example.org'), '/api/students/parents/login');
    const dev = await t.request('/api/students/parents/login', {
      method: 'POST',
      json: { email: 'dev.i@example.org', password: passwordOf.get('dev.i@example.org') },
    });
    expect((await json<any>(dev)).parent.children.map((c: any) => c.name)).toEqual(['Ira Sen', 'Om Sen']);
    const known = await t.request('/api/students/parents/login', {
      method: 'POST',
      json: { email: knownParent, password: 'father-pw-1' },
    });
    expect((await json<any>(known)).parent.children.map((c: any) => c.name)).toEqual(['Asha Rao', 'Tara Paul']);

    const list = await caller(t, w.token).get(`/api/students?classId=${c9}&view=cards`);
    expect(list.body.data.map((s: any) => [s.name, s.rollNumber, s.parents[0].name])).toEqual([
      ['Om Sen', '1', 'Dev Sen'],
      ['Tara Paul', '2', 'Ravi Rao'],
    ]);
    const logs = await t.db.all<{ n: number }>(
      sql`select count(*) as n from activity_logs where school_id = ${w.schoolId} and summary like 'Imported %'`,
    );
    expect(logs[0].n).toBe(3);
    // No account opens with another account's password, nor with its hash.
    const [stored] = await t.db.all<{ hash: string }>(
      sql`select password_hash as hash from users where email = 'om.i@example.org'`,
    );
    const refusedSignIns = await Promise.all(
      [
        ['ira.i@example.org', passwordOf.get('om.i@example.org')],
        ['om.i@example.org', passwordOf.get('ira.i@example.org')],
        ['dev.i@example.org', passwordOf.get('mala.i@example.org')],
        ['mala.i@example.org', passwordOf.get('dev.i@example.org')],
        ['tara.i@example.org', passwordOf.get('dev.i@example.org')],
        [knownParent, passwordOf.get('dev.i@example.org')],
        ['om.i@example.org', stored.hash],
      ].map(([email, password]) =>
        t.request('/api/users/login', { method: 'POST', json: { email, password } }).then((r) => r.status),
      ),
    );
    expect(refusedSignIns).toEqual([401, 401, 401, 401, 401, 401, 401]);
    // The passwords are stored only as hashes and appear in no log line or activity entry.
    const hashes = await t.db.all<{ hash: string }>(
      sql`select password_hash as hash from users where email like '%.i@example.org'`,
    );
    expect(hashes.every((h) => h.hash.startsWith('$hmac-sha256$'))).toBe(true);
    const activity = JSON.stringify(await t.db.all(sql`select * from activity_logs where school_id = ${w.schoolId}`));
    for (const password of passwordOf.values()) {
      expect(hashes.some((h) => h.hash.includes(password))).toBe(false);
      expect(t.logs.some((line) => line.includes(password))).toBe(false);
      expect(activity).not.toContain(password);
    }

    // A new account changes its temporary password for its own; the temporary one then stops working.
    const omToken = await signIn(t, 'om.i@example.org', passwordOf.get('om.i@example.org'), '/api/users/login');
    const changed = await t.request('/api/auth/profile', {
      method: 'PUT',
      token: omToken,
      json: { currentPassword: passwordOf.get('om.i@example.org'), newPassword: 'om-own-password-1' },
    });
    expect(changed.status).toBe(200);
    await signIn(t, 'om.i@example.org', 'om-own-password-1', '/api/users/login');
    const old = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: 'om.i@example.org', password: passwordOf.get('om.i@example.org') },
    });
    expect(old.status).toBe(401);

    // Importing the same file again finds every student already there.
    const again = await upload(w.token, file, { dryRun: true });
    expect(new Set(again.body.data.errors.map((e: any) => e.line))).toEqual(new Set([2, 3, 4]));
  });

  it('is one atomic batch: a write that fails half-way leaves no account behind', async () => {
    const w = await classroom(t);
    const year = new Date().getUTCFullYear();
    const file = csv(
      'Kai One,kai1@example.org,1,male,2013-01-01,8-A,61,,Pa,kai.pa@example.org,,,',
      'Kai Two,kai2@example.org,1,male,2013-01-01,8-A,62,,Pa,kai.pa@example.org,,,',
    );
    // Between the checks and the write, someone enrols a student under the number the import would generate.
    const before = await peopleCounts(t);
    const real = t.platform.openDatabase;
    t.platform.openDatabase = (meter) => {
      const db = real(meter);
      const batch = db.batch.bind(db);
      let calls = 0;
      db.batch = (async (items: Parameters<typeof batch>[0]) => {
        calls += 1;
        if (calls === 2) {
          const { studentId } = await createStudent(t, w.schoolId);
          await t.db.run(sql`update students set admission_number = ${`ADM${year}002`} where id = ${studentId}`);
        }
        return batch(items);
      }) as unknown as typeof db.batch;
      return db;
    };
    try {
      const res = await upload(w.token, file);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(
        'Some of these students or parents were added meanwhile. Check the file again; nothing was imported.',
      );
    } finally {
      t.platform.openDatabase = real;
    }
    const after = await peopleCounts(t);
    // Only the interfering student and their parent: no user of the import's first statement survived.
    expect(after.users - before.users).toBe(2);
    expect(after.students - before.students).toBe(1);
    const [found] = await t.db.all<{ n: number }>(sql`select count(*) as n from users where email like 'kai%'`);
    expect(found.n).toBe(0);
  });

  it('reads quoted cells, semicolons, any header order and our own export', async () => {
    const w = await classroom(t);
    const text = [
      'Roll number;Class;Name;Email;Phone;Gender;Date of birth;Guardian name;Guardian email;Notes',
      '5;8-A;"Rao; Asha ""Ash""";asha.q@example.org;\'+91 1;female;2013-01-01;"Line one',
      'line two";g.q@example.org;ignored',
      '6;8-A;Ben;ben.q@example.org;1;male;2013-01-01;G2;g2.q@example.org;',
      '7;8-A;Bad;bad;1;male;2013-01-01;G3;g3.q@example.org;',
    ].join('\r\n');
    const res = await upload(w.token, text, { dryRun: true });
    expect(res.body.data.ignoredColumns).toEqual(['Notes']);
    expect(res.body.data.errors).toEqual([{ line: 5, field: 'Email', message: 'Email is invalid' }]);
    const good = await upload(w.token, text.split('\r\n').slice(0, 4).join('\r\n'));
    expect(good.status).toBe(201);
    const student = (await caller(t, w.token).get('/api/students?search=asha.q&view=cards')).body.data[0];
    expect(student).toMatchObject({
      name: 'Rao; Asha "Ash"',
      phone: '+91 1',
      parents: [{ relation: 'guardian', name: 'Line one line two' }],
    });

    // An export of one school imports into another with the same classes.
    const exported = new TextDecoder().decode(
      await (await t.request('/api/students/export', { token: w.token })).arrayBuffer(),
    );
    const other = await classroom(t);
    await t.db.run(sql`update users set email = 'x' || email where school_id = ${w.schoolId}`);
    const moved = await upload(other.token, exported, { dryRun: true });
    expect(moved.body.data).toMatchObject({ valid: true, summary: { students: 2 } });
    // The export's quote before a cell holding ; comes off again.
    expect(exported).toContain(`"'Rao; Asha ""Ash"""`);
    expect(moved.body.data.students.map((s: { name: string }) => s.name).sort()).toEqual(['Ben', 'Rao; Asha "Ash"']);
  });

  it('refuses files it cannot read, and classes that would overflow', async () => {
    const w = await classroom(t);
    const refused = async (body: string, error: string) => {
      const res = await upload(w.token, body, { dryRun: true });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error });
    };
    await refused('', 'The file is empty. Download the template and add one row per student.');
    await refused(`${HEADER}\n`, 'The file has no students: add one row per student under the header');
    await refused(
      'Name,Email\nA,a@example.org\n',
      'The file is missing these columns: Phone, Gender, Date of birth, Class, Roll number. Download the template for the expected header.',
    );
    await refused(`${HEADER}\n"unclosed,x\n`, 'Line 2: a quoted cell is never closed');
    const many = Array.from(
      { length: 1001 },
      (_, i) => `S${i},s${i}@example.org,1,male,2013-01-01,8-A,${i},,P,p${i}@example.org,,,`,
    );
    await refused(csv(...many), 'A file may hold at most 1000 students; this one has 1001. Split it.');
    const json415 = await t.request('/api/students/import', { method: 'POST', token: w.token, json: { csv: 'x' } });
    expect(json415.status).toBe(415);

    const small = await createClass(t, w.schoolId, { name: '2', section: 'B', capacity: 2 });
    await createStudent(t, w.schoolId, { classId: small });
    const res = await upload(
      w.token,
      csv(
        'A,a.cap@example.org,1,male,2013-01-01,2-B,1,,P,pa.cap@example.org,,,',
        'B,b.cap@example.org,1,male,2013-01-01,2-B,2,,P,pb.cap@example.org,,,',
      ),
      { dryRun: true },
    );
    expect(res.body.data.errors).toEqual([
      {
        line: 3,
        field: 'Class',
        message: 'Class 2-B is full (capacity 2); raise its capacity or choose another class',
      },
    ]);
  });

  it('imports 5, 50 and 500 rows with the same round trips and no slow hash, each account its own password', async () => {
    const measure = async (count: number) => {
      const w = await classroom(t);
      await t.db.run(sql`update classes set capacity = 1000 where school_id = ${w.schoolId}`);
      const rows = Array.from(
        { length: count },
        (_, i) =>
          `Student ${i},bulk${count}.${i}.${w.schoolId.slice(0, 8)}@example.org,1,male,2013-01-01,8-A,${i + 1},,Parent ${i},bulkp${count}.${i}.${w.schoolId.slice(0, 8)}@example.org,,Mum ${i},bulkm${count}.${i}.${w.schoolId.slice(0, 8)}@example.org`,
      );
      const real = t.platform.hasher;
      let hashes = 0;
      t.platform.hasher = {
        verify: real.verify,
        hash: (pw) => {
          hashes += 1;
          return real.hash(pw);
        },
      };
      try {
        const dry = await upload(w.token, csv(...rows), { dryRun: true });
        expect(dry.body.data.summary.students).toBe(count);
        const res = await upload(w.token, csv(...rows));
        expect(res.status).toBe(201);
        expect(res.body.data).toMatchObject({ imported: count, parentsCreated: count * 2 });
        expect(res.headers['cache-control']).toBe('private, no-store');
        const passwords = res.body.data.credentials.map((c: any) => c.temporaryPassword);
        expect(new Set(passwords).size).toBe(count * 3);
        // The dry run creates nothing and shows no password.
        expect(JSON.stringify(dry.body)).not.toMatch(/temporaryPassword|credentials/);
        expect(passwords.some((p: string) => JSON.stringify(dry.body).includes(p))).toBe(false);
        const [n] = await t.db.all<{ n: number }>(
          sql`select count(*) as n from students where school_id = ${w.schoolId}`,
        );
        expect(n.n).toBe(count);
        return { dry: dry.trips, write: res.trips, hashes };
      } finally {
        t.platform.hasher = real;
      }
    };
    const big = await measure(500);
    // Sign-in check, the school's today, one read batch, then the dry run's log line or the one write batch;
    // temporary passwords need no argon2id.
    expect(big).toEqual({ dry: 4, write: 4, hashes: 0 });
    expect(await measure(5)).toEqual(big);
    expect(await measure(50)).toEqual(big);
  }, 60_000);

  it('is for administrators only', async () => {
    const w = await classroom(t);
    const file = csv('A,a.sec@example.org,1,male,2013-01-01,8-A,1,,P,p.sec@example.org,,,');
    expect((await t.request('/api/students/import', { method: 'POST', body: file })).status).toBe(401);
    const token = await signIn(t, w.teacher.email, undefined, '/api/teachers/login');
    expect((await upload(token, file)).status).toBe(403);
    expect((await upload(token, file, { dryRun: true })).status).toBe(403);
    const student = await createStudent(t, w.schoolId);
    const studentToken = await signIn(t, student.email, undefined, '/api/students/login');
    expect((await upload(studentToken, file)).status).toBe(403);
  });
});
