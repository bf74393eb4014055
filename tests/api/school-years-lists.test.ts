import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, THIS_YEAR } from '../support/app';
import { expectError } from '../support/classroom';
import { makeRolledSchool, NEXT_YEAR, type RolledSchool, TODAY, YESTERDAY } from '../support/rolled-school';

const NOBODYS = '2001-2002';

let w: RolledSchool;
let t: TestApp;

beforeAll(async () => {
  w = await makeRolledSchool();
  t = w.t;
}, 60_000);

const sorted = (values: string[]) => [...values].sort();

describe("the dashboard's fee and attendance figures follow the chosen year", () => {
  it("gives last year's fees billed, collected and outstanding, and its attendance over the year", async () => {
    const then = await w.admin.get(`/api/dashboard/summary?academicYear=${THIS_YEAR}`);
    expect(then.status).toBe(200);
    const data = then.body.data;
    // Collected: Asha's 1,000, Bela's 400 and Dev's 500 (who has since graduated); owed: Bela's 600, Chetan's 1,000.
    expect(data.cards.fees).toMatchObject({
      billed: 3500,
      collected: 1900,
      outstanding: 1600,
      unpaidFees: 2,
      studentsOwing: 2,
      studentsBilled: 4,
      arrears: [],
    });
    // Two school days of last year's 8-A: yesterday Asha present, Bela absent, Chetan late; today all present.
    expect(data.pastYear.attendance).toEqual({
      days: 2,
      marked: 6,
      present: 5,
      late: 1,
      absent: 1,
      excused: 0,
      rate: 83.33,
    });
    expect(data.attendanceTrend.map((d: any) => [d.date, d.present, d.absent])).toEqual([
      [YESTERDAY, 2, 1],
      [TODAY, 3, 0],
    ]);
    const thisMonth = data.feeCollectionByMonth.at(-1);
    expect(thisMonth).toMatchObject({ month: TODAY.slice(0, 7), amount: 1900, payments: 3 });
  });

  it("gives this year's figures without last year's registers, in as many round trips", async () => {
    const then = await w.admin.get(`/api/dashboard/summary?academicYear=${THIS_YEAR}`);
    const now = await w.admin.get('/api/dashboard/summary');
    expect(now.body.data.pastYear).toBeNull();
    // This year's classes have taken no register yet: last year's 8-A's days are not this year's trend.
    expect(now.body.data.attendanceTrend).toEqual([]);
    // This year: next year's copies of the tuition (Asha's and Bela's 500 in 9-A) and what is owed of last year.
    expect(now.body.data.cards.fees).toMatchObject({ billed: 1000 + 1000 + 1000, outstanding: 1000 + 600 + 1000 });
    expect(now.body.data.cards.fees.arrears).toEqual([{ academicYear: THIS_YEAR, outstanding: 600 }]);
    expect(then.trips).toBe(now.trips);
  });

  it("answers a year the school does not have with empty figures, and another school's data never", async () => {
    const none = await w.admin.get(`/api/dashboard/summary?academicYear=${NOBODYS}`);
    expect(none.status).toBe(200);
    expect(none.body.data.cards.fees).toMatchObject({ billed: 0, collected: 0, outstanding: 0, studentsBilled: 0 });
    expect(none.body.data.pastYear.attendance.days).toBe(0);
    expect(none.body.data.attendanceTrend).toEqual([]);
    // The other school's own year is THIS_YEAR: it sees nothing of this school's.
    const theirs = await w.other.admin.get(`/api/dashboard/summary?academicYear=${THIS_YEAR}`);
    expect(theirs.body.data.cards.fees.collected).toBe(0);
    expect(theirs.body.data.attendanceTrend).toEqual([]);
  });
});

describe('the fee lists follow the chosen year', () => {
  it("lists last year's dues (a promoted pupil's arrears, a leaver's fee) with the year's figures", async () => {
    const then = await w.admin.get(`/api/fees/due?academicYear=${THIS_YEAR}`);
    expect(then.status).toBe(200);
    const rows = then.body.data.map((d: any) => [d.studentId._id, d.structureId, d.balance, d.arrears]);
    expect(sorted(rows.map(String))).toEqual(
      sorted(
        [[w.pupils.bela, w.fees.eightA, 600, true].map(String), [w.leaver, w.fees.eightA, 1000, false].map(String)].map(
          String,
        ),
      ),
    );
    expect(then.body.total).toBe(2);
    // The same figures as the dashboard's for that year.
    const summary = (await w.admin.get(`/api/dashboard/summary?academicYear=${THIS_YEAR}`)).body.data.cards.fees;
    expect(then.body.summary).toMatchObject({
      billed: summary.billed,
      collected: summary.collected,
      outstanding: summary.outstanding,
      totalBalance: 1600,
      students: 2,
    });
  });

  it("lists this year's fees alone for this year, and everything owed without a year", async () => {
    const now = await w.admin.get(`/api/fees/due?academicYear=${NEXT_YEAR}`);
    expect(now.body.data.every((d: any) => d.academicYear === NEXT_YEAR && !d.arrears)).toBe(true);
    expect(sorted(now.body.data.map((d: any) => d.studentId._id))).toEqual(sorted([w.pupils.asha, w.pupils.bela]));
    const all = await w.admin.get('/api/fees/due');
    expect(all.body.total).toBe(4);
    // A year narrowed further (a class, a status) counts its own rows.
    const chetan = await w.admin.get(`/api/fees/due?academicYear=${THIS_YEAR}&classId=${w.eightA}`);
    expect(chetan.body.data.map((d: any) => d.studentId._id)).toEqual([w.leaver]);
    expect(chetan.body.summary.outstanding).toBe(1000);
    const trips = [
      (await w.admin.get(`/api/fees/due?academicYear=${THIS_YEAR}`)).trips,
      (await w.admin.get('/api/fees/due')).trips,
    ];
    expect(trips[0]).toBe(trips[1]);
  });

  it("lists the payments towards last year's fees, and their receipts", async () => {
    const payments = await w.admin.get(`/api/fees/collections?academicYear=${THIS_YEAR}`);
    expect(payments.status).toBe(200);
    expect(payments.body.total).toBe(3);
    expect(payments.body.collected).toBe(1900);
    expect(sorted(payments.body.data.map((p: any) => p.studentId._id))).toEqual(
      sorted([w.pupils.asha, w.pupils.bela, w.pupils.dev]),
    );
    const receipts = await w.admin.get(`/api/fees/receipts?academicYear=${THIS_YEAR}`);
    expect(receipts.status).toBe(200);
    expect(receipts.body.total).toBe(3);
    expect((await w.admin.get(`/api/fees/collections?academicYear=${NEXT_YEAR}`)).body.total).toBe(0);
    expect((await w.admin.get(`/api/fees/receipts?academicYear=${NEXT_YEAR}`)).body.total).toBe(0);
    const trips = [
      (await w.admin.get(`/api/fees/receipts?academicYear=${THIS_YEAR}`)).trips,
      (await w.admin.get('/api/fees/receipts')).trips,
      (await w.admin.get(`/api/fees/collections?academicYear=${THIS_YEAR}`)).trips,
      (await w.admin.get('/api/fees/collections')).trips,
    ];
    expect(trips[0]).toBe(trips[1]);
    expect(trips[2]).toBe(trips[3]);
  });

  it("answers a year the school does not have, or another school's, as empty, and refuses a malformed year", async () => {
    for (const path of ['/api/fees/due', '/api/fees/collections', '/api/fees/receipts']) {
      const none = await w.admin.get(`${path}?academicYear=${NOBODYS}`);
      expect(none.status, path).toBe(200);
      expect(none.body.data, path).toEqual([]);
      expect((await w.other.admin.get(`${path}?academicYear=${THIS_YEAR}`)).body.data, path).toEqual([]);
      expect((await w.admin.get(`${path}?academicYear=2025`)).status, path).toBe(400);
      expect((await w.admin.get(`${path}?academicYear=2025-2027`)).status, path).toBe(400);
    }
  });
});

describe("the students screen's attendance follows the chosen year", () => {
  it("counts each pupil's days over last year in its classes", async () => {
    const then = await w.admin.get(`/api/students/attendance-overview?academicYear=${THIS_YEAR}`);
    expect(then.status).toBe(200);
    expect(then.body.data.academicYear).toBe(THIS_YEAR);
    const byStudent = Object.fromEntries(then.body.data.students.map((s: any) => [s.studentId, s.year]));
    expect(byStudent).toEqual({
      [w.pupils.asha]: { attended: 2, marked: 2 },
      [w.pupils.bela]: { attended: 1, marked: 2 },
      [w.leaver]: { attended: 2, marked: 2 },
    });
    // This year nobody has marks yet; a class of last year narrows it; another school sees none.
    const now = await w.admin.get('/api/students/attendance-overview');
    expect(now.body.data.academicYear).toBeNull();
    const oneClass = await w.admin.get(
      `/api/students/attendance-overview?academicYear=${THIS_YEAR}&classId=${w.nineA}`,
    );
    expect(oneClass.body.data.students).toEqual([]);
    const theirs = await w.other.admin.get(`/api/students/attendance-overview?academicYear=${THIS_YEAR}`);
    expect(theirs.body.data.students).toEqual([]);
    expect((await w.admin.get('/api/students/attendance-overview?academicYear=last')).status).toBe(400);
  });
});

describe('the students export follows the chosen year', () => {
  /** The export's rows as (class, roll number) by admission number. */
  const exported = async (token: string, query = '') => {
    const res = await t.request(`/api/students/export${query}`, { token });
    expect(res.status).toBe(200);
    const cells = (line: string) => line.slice(1, -1).split('","');
    const [header, ...lines] = (await res.text()).trim().split(/\r?\n/);
    const columns = cells(header);
    const [admission, roll, klass] = ['Admission number', 'Roll number', 'Class'].map((c) => columns.indexOf(c));
    return Object.fromEntries(lines.map(cells).map((row) => [row[admission], `${row[klass]} #${row[roll]}`]));
  };

  it("lists last year's students in last year's classes, and logs which year was exported", async () => {
    const then = await exported(w.token, `?academicYear=${THIS_YEAR}`);
    // Last year: Asha, Bela and Chetan in 8-A, Dev in 9-A, each by last year's roll number.
    const enrolled = await t.db.all<{ admission: string; klass: string; roll: string }>(
      sql`select s.admission_number as admission, c.name || '-' || c.section as klass, e.roll_number as roll
        from enrolments e join students s on s.id = e.student_id join classes c on c.id = e.class_id
        where e.school_id = ${w.schoolId} and e.academic_year = ${THIS_YEAR}`,
    );
    expect(enrolled.map((e) => e.klass).sort()).toEqual(['8-A', '8-A', '8-A', '9-A']);
    expect(then).toEqual(Object.fromEntries(enrolled.map((e) => [e.admission, `${e.klass} #${e.roll}`])));
    const now = await exported(w.token);
    expect(now).not.toEqual(then);
    // One class of last year narrows it; another school has no such students.
    const nine = await exported(w.token, `?academicYear=${THIS_YEAR}&classId=${w.nineA}`);
    expect(Object.values(nine)).toEqual([then[enrolled.find((e) => e.klass === '9-A')?.admission ?? '']]);
    expect(await exported(w.other.token, `?academicYear=${THIS_YEAR}`)).toEqual({});
    const [logged] = await t.db.all<{ summary: string }>(
      sql`select summary from activity_logs where school_id = ${w.schoolId} and entity = 'student' and action = 'export' order by rowid desc limit 1 offset 2`,
    );
    expect(logged.summary).toBe(`Exported 4 student(s) of ${THIS_YEAR}`);
    expect((await t.request('/api/students/export?academicYear=last', { token: w.token })).status).toBe(400);
  });
});

const PAST_PLACEMENT = `${THIS_YEAR} is a past year: a student cannot join or move into its classes.`;

const enrolment = (classId: string, n: number) => ({
  name: `Esha Pal ${n}`,
  email: `esha.${n}.${Date.now()}@example.org`,
  password: 'esha-password-1',
  phone: '9000000000',
  gender: 'female',
  dateOfBirth: '2013-05-01',
  classId,
  rollNumber: String(40 + n),
  parentInfo: {
    guardianName: 'Ravi Pal',
    guardianEmail: `ravi.${n}.${Date.now()}@example.org`,
    guardianPassword: 'ravi-password-1',
  },
});

const studentsIn = async (classId: string) => {
  const [{ n }] = await t.db.all<{ n: number }>(sql`select count(*) as n from students where class_id = ${classId}`);
  return n;
};

describe("nobody joins a past year's class", () => {
  let realOpen: TestApp['platform']['openDatabase'] | null = null;
  afterEach(async () => {
    if (realOpen) t.platform.openDatabase = realOpen;
    realOpen = null;
    await t.db.run(sql`update schools set academic_year = ${NEXT_YEAR} where id = ${w.schoolId}`);
  });

  /**
   * Lands the school's next rollover (its year moved on, as the rollover's batch moves it) just before the first
   * batch of the request that writes, after every check has read the class as this year's.
   */
  function rolloverBeforeTheWrite() {
    const real = t.platform.openDatabase;
    realOpen = real;
    let landed = false;
    const first = Number(NEXT_YEAR.slice(0, 4)) + 1;
    t.platform.openDatabase = (meter) => {
      const db = real(meter);
      const batch = db.batch.bind(db);
      db.batch = (async (items: Parameters<typeof batch>[0]) => {
        const writes = (items as unknown as { toSQL?: () => { sql: string } }[]).some((item) =>
          /^\s*(insert|update)\b/i.test(item.toSQL?.().sql ?? ''),
        );
        if (writes && !landed) {
          landed = true;
          await t.db.run(sql`update schools set academic_year = ${`${first}-${first + 1}`} where id = ${w.schoolId}`);
        }
        return batch(items);
      }) as unknown as typeof db.batch;
      return db;
    };
  }

  it('refuses an enrolment into last year’s class, for the office too, and writes nothing', async () => {
    const before = await studentsIn(w.eightA);
    const res = await w.admin.post('/api/students', enrolment(w.eightA, 1));
    expectError(res, 409, PAST_PLACEMENT, 'PAST_YEAR');
    expect(await studentsIn(w.eightA)).toBe(before);
  });

  it('refuses moving a pupil into last year’s class, by its assignment or an edit', async () => {
    const moved = await w.admin.put(`/api/students/${w.pupils.asha}/assign-class`, { classId: w.eightA });
    expectError(moved, 409, PAST_PLACEMENT, 'PAST_YEAR');
    const edited = await w.admin.put(`/api/students/${w.pupils.asha}`, { classId: w.eightA });
    expectError(edited, 409, PAST_PLACEMENT, 'PAST_YEAR');
    // The leaver still in last year's class keeps being edited there.
    expect((await w.admin.put(`/api/students/${w.leaver}`, { phone: '9111111111' })).status).toBe(200);
  });

  it('imports a file naming 8-A into this year’s 8-A, never last year’s', async () => {
    const [thisEightA] = (await w.admin.get('/api/classes')).body.data.filter(
      (c: any) => c.name === '8' && c.section === 'A',
    );
    const file = [
      'Name,Email,Phone,Gender,Date of birth,Class,Roll number,Guardian name,Guardian email',
      `Farah Ali,farah.${Date.now()}@example.org,1,female,2013-01-01,8-A,71,Imran Ali,imran.${Date.now()}@example.org`,
    ].join('\n');
    const res = await t.request('/api/students/import', {
      method: 'POST',
      token: w.token,
      body: file,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const [{ classId }] = await t.db.all<{ classId: string }>(
      sql`select s.class_id as classId from students s join users u on u.id = s.user_id where u.name = 'Farah Ali'`,
    );
    expect(classId).toBe(thisEightA._id);
  });

  it('holds an enrolment when the rollover lands between its checks and its write', async () => {
    const [thisEightA] = (await w.admin.get('/api/classes')).body.data;
    const before = await studentsIn(thisEightA._id);
    rolloverBeforeTheWrite();
    const res = await w.admin.post('/api/students', enrolment(thisEightA._id, 2));
    expectError(res, 409, `${NEXT_YEAR} is a past year: a student cannot join or move into its classes.`, 'PAST_YEAR');
    expect(await studentsIn(thisEightA._id)).toBe(before);
  });

  it('holds a move into a class when the rollover lands between its checks and its write', async () => {
    const nine = (await w.admin.get('/api/classes')).body.data.find((c: any) => c.name === '9');
    const eight = (await w.admin.get('/api/classes')).body.data.find((c: any) => c.name === '8');
    rolloverBeforeTheWrite();
    const res = await w.admin.put(`/api/students/${w.pupils.asha}/assign-class`, { classId: eight._id });
    expect(res.body.code).toBe('PAST_YEAR');
    const [{ classId }] = await t.db.all<{ classId: string }>(
      sql`select class_id as classId from students where id = ${w.pupils.asha}`,
    );
    expect(classId).toBe(nine._id);
  });

  it('holds an import when the rollover lands between its checks and its write', async () => {
    const before = await t.db.all<{ n: number }>(
      sql`select count(*) as n from students where school_id = ${w.schoolId}`,
    );
    rolloverBeforeTheWrite();
    const file = [
      'Name,Email,Phone,Gender,Date of birth,Class,Roll number,Guardian name,Guardian email',
      `Gita Roy,gita.${Date.now()}@example.org,1,female,2013-01-01,8-A,72,Hari Roy,hari.${Date.now()}@example.org`,
    ].join('\n');
    const res = await t.request('/api/students/import', {
      method: 'POST',
      token: w.token,
      body: file,
      headers: { 'Content-Type': 'text/csv' },
    });
    const body = (await res.json()) as { code?: string };
    expect(res.status).toBe(409);
    expect(body.code).toBe('PAST_YEAR');
    const after = await t.db.all<{ n: number }>(
      sql`select count(*) as n from students where school_id = ${w.schoolId}`,
    );
    expect(after).toEqual(before);
  });
});

describe("the dashboard's payments chart follows the chosen year", () => {
  it("counts a past year's payments towards its fees alone, this year's every payment", async () => {
    const [structure] = await t.db.all<{ id: string }>(
      sql`select fs.id from fee_structures fs join students s on s.class_id = fs.class_id
        where s.id = ${w.pupils.asha} and fs.academic_year = ${NEXT_YEAR}`,
    );
    const paid = await w.admin.post('/api/fees/receipts', {
      studentId: w.pupils.asha,
      method: 'cash',
      items: [{ structureId: structure.id, instalment: 1, amount: 200 }],
    });
    expect(paid.status).toBe(201);
    const month = (data: { feeCollectionByMonth: { month: string }[] }) =>
      data.feeCollectionByMonth.find((m) => m.month === TODAY.slice(0, 7));
    // Last year's chart: Asha's 1,000, Bela's 400 and Dev's 500, as its Collected card; not this year's 200.
    const then = (await w.admin.get(`/api/dashboard/summary?academicYear=${THIS_YEAR}`)).body.data;
    expect(month(then)).toMatchObject({ amount: 1900, payments: 3 });
    expect(then.cards.fees.collected).toBe(1900);
    // This year's chart: every payment of the month.
    const now = (await w.admin.get('/api/dashboard/summary')).body.data;
    expect(month(now)).toMatchObject({ amount: 2100, payments: 4 });
  });
});
