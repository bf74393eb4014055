import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestSchool, json, PLATFORM_TOKEN, type TestApp } from '../support/app';
import { bodySchemas, counterparts, idFieldsOf, idLeaves, replaced, shapeOf } from '../support/cross-school';
import { admitted, type Expectation, type Role, routeMatrix } from '../support/route-matrix';
import { buildWorld, type School, signInAll, signInAs, type Tokens, type World } from '../support/world';

const matrix = routeMatrix();
const keys = Object.keys(matrix);
const lasting = keys.filter((key) => !matrix[key].destructive);
const destructive = keys.filter((key) => matrix[key].destructive);
/** Same-school callers, the permitted one last, so a refused call never runs after a write. */
const CALLERS: readonly Role[] = ['student', 'parent', 'teacher', 'school_admin'];

let t: TestApp;
let w: World;
let tokens: Tokens;
let outsider: string;
let schoolBIds: string[];

interface Answer {
  status: number;
  text: string;
  error?: string;
}

/**
 * Fills the path, query and body of a route with one school's ids; `swap` replaces every path value, and
 * `pathSchool` takes the path's ids from another school than the body's.
 */
function requestOf(key: string, e: Expectation, s: School, swap?: string, pathSchool = s, role?: Role) {
  const [method, pattern] = key.split(' ');
  const params = e.params?.(pathSchool, role) ?? {};
  let path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`${key}: no value for :${name}`);
    return encodeURIComponent(swap ?? value);
  });
  const query = e.query?.(s);
  if (query) path += `?${new URLSearchParams(query)}`;
  const init: RequestInit & { json?: unknown } = { method };
  if (e.body) init.json = e.body(s);
  if (e.csv) {
    init.body = e.csv();
    init.headers = { 'Content-Type': 'text/csv' };
  }
  if (e.upload) {
    init.body = e.upload(s) as BodyInit;
    init.headers = { 'Content-Type': 'application/gzip' };
  }
  return { path, init };
}

async function call(key: string, s: School, token: string | undefined, swap?: string, role?: Role): Promise<Answer> {
  const { path, init } = requestOf(key, matrix[key], s, swap, s, role);
  const res = await t.request(path, { ...init, token });
  const text = await res.text();
  let error: string | undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) error = JSON.parse(text).error;
  return { status: res.status, text, error };
}

const describeAnswer = (a: Answer) => `${a.status} ${a.text.slice(0, 300)}`;

/** Every registered method and path, once each; the `*` middleware entries are not routes. */
function registeredRoutes(app: TestApp['app']): string[] {
  const seen = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    seen.add(`${route.method} ${route.path}`);
  }
  return [...seen];
}

/** One digest per table of every row school A owns (by school, user or email), read generically. */
async function digestOf(schoolId: string): Promise<Record<string, string>> {
  const db = await t.dbOf(schoolId);
  const tables = await db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table' order by name`);
  const out: Record<string, string> = {};
  // SQLite's own tables and the migrations journal belong to no school.
  for (const { name } of tables.filter((table) => !/^(sqlite_|_|d1_)/.test(table.name))) {
    const columns = (await db.all<{ name: string }>(sql`select name from pragma_table_info(${name})`)).map(
      (c) => c.name,
    );
    const table = sql.identifier(name);
    let where: ReturnType<typeof sql>;
    if (columns.includes('school_id')) where = sql`school_id = ${schoolId}`;
    else if (name === 'schools') where = sql`id = ${schoolId}`;
    else if (columns.includes('user_id')) where = sql`user_id in (select id from users where school_id = ${schoolId})`;
    else if (columns.includes('email')) where = sql`email in (select email from users where school_id = ${schoolId})`;
    else if (columns.includes('register_id'))
      where = sql`register_id in (select id from attendance_registers where school_id = ${schoolId})`;
    else if (columns.includes('assessment_id'))
      where = sql`assessment_id in (select id from assessments where school_id = ${schoolId})`;
    else throw new Error(`table ${name} has no column that ties its rows to a school`);
    // A WITHOUT ROWID table has no rowid: its rows are ordered by every column.
    const [{ wr }] = await db.all<{ wr: number }>(sql`select wr from pragma_table_list where name = ${name}`);
    const order = wr ? sql.raw(columns.map((_, i) => i + 1).join(', ')) : sql`rowid`;
    const rows = await db.all(sql`select * from ${table} where ${where} order by ${order}`);
    out[name] = `${rows.length}:${createHash('sha256').update(JSON.stringify(rows)).digest('hex')}`;
  }
  // A school apart from the directory: its rows there (its shard, its emails) too.
  if (db !== t.db) {
    for (const name of ['school_shards', 'sign_in_emails']) {
      const rows = await t.db.all(sql`select * from ${sql.identifier(name)} where school_id = ${schoolId} order by 1`);
      out[`directory ${name}`] = `${rows.length}:${createHash('sha256').update(JSON.stringify(rows)).digest('hex')}`;
    }
  }
  return out;
}

/** Every id of every row school A owns. */
async function idsOf(schoolId: string): Promise<string[]> {
  const db = await t.dbOf(schoolId);
  const tables = await db.all<{ name: string }>(
    sql`select m.name from sqlite_master m where m.type = 'table' and exists (select 1 from pragma_table_info(m.name) where name = 'school_id') and exists (select 1 from pragma_table_info(m.name) where name = 'id')`,
  );
  const ids = [schoolId];
  for (const { name } of tables) {
    const rows = await db.all<{ id: string }>(
      sql`select id from ${sql.identifier(name)} where school_id = ${schoolId}`,
    );
    // Integer keys (registers) are found in any text; the UUIDs are what a leak would show.
    ids.push(...rows.map((r) => r.id).filter((id) => typeof id === 'string'));
  }
  return ids;
}

describe.each([1, 2])('with %i shard(s)', (shards) => {
  beforeAll(async () => {
    t = await createTestApp({ shards });
    // With two, a first school fills shard 0: school A then lives apart from the directory (shard 1), B beside it.
    if (shards > 1) await createTestSchool(t);
    w = await buildWorld(t);
    [tokens, outsider] = await Promise.all([signInAll(t, w.a), signInAs(t, w.b.admin)]);
    schoolBIds = await idsOf(w.b.schoolId);
    if (shards > 1)
      expect([await t.directory.shardOf(w.a.schoolId), await t.directory.shardOf(w.b.schoolId)]).toEqual([1, 0]);
  }, 60_000);

  describe('the route matrix', () => {
    it('has an expectation for every route the app registers, and none for a route that is gone', () => {
      const routes = registeredRoutes(t.app);
      expect({
        missingFromMatrix: routes.filter((r) => !(r in matrix)),
        noLongerRegistered: keys.filter((k) => !routes.includes(k)),
      }).toEqual({ missingFromMatrix: [], noLongerRegistered: [] });
      for (const key of keys) {
        const named = [...key.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
        expect({ key, params: Object.keys(matrix[key].params?.(w.a) ?? {}).sort() }).toEqual({ key, params: named });
      }
    });
  });

  /**
   * School B's administrator, with school A's ids in the path, query and body: a path id answers exactly what a
   * missing id answers (404); body ids are refused; nothing of school A changes, and no answer names school A's ids.
   */
  describe("another school's administrator", () => {
    let before: Record<string, string>;
    let schoolAIds: string[];
    beforeAll(async () => {
      before = await digestOf(w.a.schoolId);
      schoolAIds = await idsOf(w.a.schoolId);
      expect(Object.keys(before).length).toBeGreaterThan(20);
      expect(schoolAIds.length).toBeGreaterThan(50);
    });

    const order = [...lasting, ...destructive].filter(
      (key) => !['public', 'platform'].includes(matrix[key].who as string),
    );
    it.each(order)('%s', async (key) => {
      const e = matrix[key];
      const token = e.fresh ? await signInAs(t, w.b.admin) : outsider;
      const answer = await call(key, w.a, token);
      const { path, init } = requestOf(key, e, w.a);
      const sent = `${path} ${JSON.stringify(init.json ?? init.body ?? '')}`;
      const carriesIds = schoolAIds.some((id) => sent.includes(id));
      // An id the caller sent may be named back in a refusal; any other id of school A is a disclosure.
      const leaked = schoolAIds.filter((id) => answer.text.includes(id) && !sent.includes(id));

      if (!admitted(e.who).includes('school_admin')) {
        expect(answer.status, describeAnswer(answer)).toBe(403);
      } else if (e.params) {
        const missing = await call(key, w.a, token, randomUUID());
        expect(answer.status, describeAnswer(answer)).toBe(404);
        expect({ status: answer.status, error: answer.error }).toEqual({
          status: missing.status,
          error: missing.error,
        });
      } else if (e.upload) {
        // School A's own file: it belongs to another school than the caller's.
        expect({ status: answer.status, error: answer.error }).toEqual({
          status: 422,
          error: 'This backup belongs to another school and cannot be restored here',
        });
      } else if (carriesIds && e.perRecord) {
        expect(answer.status, describeAnswer(answer)).toBe(200);
        expect(JSON.parse(answer.text).data).toMatchObject({ successfulCount: 0, successful: [] });
      } else if (carriesIds) {
        expect([400, 404], describeAnswer(answer)).toContain(answer.status);
      } else {
        expect(answer.status, describeAnswer(answer)).toBeGreaterThanOrEqual(200);
        expect(answer.status, describeAnswer(answer)).toBeLessThan(300);
      }
      expect({ leaked }, describeAnswer(answer)).toEqual({ leaked: [] });
      expect(answer.text, describeAnswer(answer)).not.toContain('$argon2');
    });

    // Its own ids in the path with school A's in the body: assigning A's teacher, class or subject to B's rows.
    const mixed = [...lasting, ...destructive].filter((key) => matrix[key].params && matrix[key].body);
    it.each(mixed)("%s, with its own ids in the path and school A's in the body", async (key) => {
      const e = matrix[key];
      const { path, init } = requestOf(key, e, w.a, undefined, w.b);
      if (!schoolAIds.some((id) => JSON.stringify(init.json).includes(id))) return;
      const res = await t.request(path, { ...init, token: outsider });
      const text = await res.text();
      expect([400, 404], `${res.status} ${text.slice(0, 300)}`).toContain(res.status);
    });

    it('left every row of school A exactly as it was', async () => {
      expect(await digestOf(w.a.schoolId)).toEqual(before);
    });
  });

  /**
   * School A's own caller sends each create and update body with one id at a time replaced by school B's row of
   * the same kind: it answers what a missing id answers, and neither school's rows change. Every place a body schema
   * takes an id must be filled by a sample, with one of A's ids that has a counterpart in B.
   */
  describe("another school's ids in a body", () => {
    const writes = keys.filter(
      (key) => /^(POST|PUT|PATCH) /.test(key) && !['public', 'platform'].includes(matrix[key].who as string),
    );
    let schemas: ReturnType<typeof bodySchemas>;
    let aIds: Set<string>;
    let swap: Map<string, string>;
    beforeAll(async () => {
      schemas = bodySchemas(t.app.routes);
      aIds = new Set(await idsOf(w.a.schoolId));
      swap = counterparts(w.a, w.b, aIds);
      expect(swap.size).toBeGreaterThan(40);
    });

    async function send(
      key: string,
      e: Expectation,
      role: Role,
      body: unknown,
    ): Promise<Answer & { data?: { successfulCount?: number } }> {
      const { path, init } = requestOf(key, e, w.a);
      const res = await t.request(path, { ...init, json: body, token: tokens[role] });
      const text = await res.text();
      const parsed = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : {};
      return { status: res.status, text, error: parsed.error, data: parsed.data };
    }

    it.each(writes)('%s', async (key) => {
      const e = matrix[key];
      const schema = schemas.get(key);
      const samples = [e.body?.(w.a), ...(e.idBodies?.(w.a) ?? [])].filter((b) => b !== undefined);
      const named = new Set(samples.flatMap((b) => idLeaves(b, aIds).map((leaf) => shapeOf(leaf.path))));
      const wanted = schema ? idFieldsOf(schema.json) : [];
      expect({ key, idFieldsNoSampleFills: wanted.filter((f) => !named.has(f)) }).toEqual({
        key,
        idFieldsNoSampleFills: [],
      });
      const role = (['school_admin', 'teacher', 'parent', 'student'] as const).find((r) => admitted(e.who).includes(r));
      if (!role || !schema) return;
      for (const sample of samples) {
        expect({ key, sampleIsValid: schema.zod.safeParse(sample).success }).toEqual({ key, sampleIsValid: true });
        for (const leaf of idLeaves(sample, aIds)) {
          const field = shapeOf(leaf.path);
          const theirs = swap.get(leaf.value);
          expect({ key, field, counterpartInB: theirs !== undefined }).toEqual({ key, field, counterpartInB: true });
          const before = [await digestOf(w.a.schoolId), await digestOf(w.b.schoolId)];
          const foreign = await send(key, e, role, replaced(sample, leaf.path, theirs));
          const missing = await send(key, e, role, replaced(sample, leaf.path, randomUUID()));
          const said = `${key} ${field}: ${describeAnswer(foreign)}`;
          if (e.perRecord) {
            expect({ field, status: foreign.status, written: foreign.data?.successfulCount }, said).toEqual({
              field,
              status: 200,
              written: 0,
            });
          } else {
            expect([400, 404], `${key} ${field}, a missing id: ${describeAnswer(missing)}`).toContain(missing.status);
            // A refusal by validation must name the swapped field, so no other flaw of the body passes for one.
            if (missing.error === 'Validation failed') {
              const paths = (JSON.parse(missing.text).details as { path: string }[]).map((d) => d.path);
              expect(paths, `${key} ${field}: ${describeAnswer(missing)}`).toEqual([leaf.path.join('.')]);
            }
          }
          expect({ field, status: foreign.status, error: foreign.error }, said).toEqual({
            field,
            status: missing.status,
            error: missing.error,
          });
          const after = [await digestOf(w.a.schoolId), await digestOf(w.b.schoolId)];
          expect({ field, rowsUnchanged: JSON.stringify(after) === JSON.stringify(before) }, said).toEqual({
            field,
            rowsUnchanged: true,
          });
        }
      }
    });
  });

  /**
   * Anonymous (and the operator's platform token) → 401; a role the route does not admit → 403; an admitted role
   * → a success; no answer names school B's ids.
   */
  async function checkSameSchool(key: string) {
    const e = matrix[key];
    if (e.who === 'public') {
      const answer = await call(key, w.a, undefined);
      expect(answer.status, describeAnswer(answer)).toBeLessThan(300);
      return;
    }
    const anonymous = await call(key, w.a, undefined);
    expect(anonymous.status, describeAnswer(anonymous)).toBe(401);
    if (e.who === 'platform') {
      for (const role of CALLERS) {
        const answer = await call(key, w.a, tokens[role]);
        expect({ role, status: answer.status }).toEqual({ role, status: 401 });
      }
      const answer = await call(key, w.a, PLATFORM_TOKEN);
      expect(answer.status, describeAnswer(answer)).toBe(201);
      return;
    }
    const operator = await call(key, w.a, PLATFORM_TOKEN);
    expect(operator.status, describeAnswer(operator)).toBe(401);
    const roles = admitted(e.who);
    for (const role of CALLERS) {
      const token = e.fresh && roles.includes(role) ? await signInAs(t, w.a[accountOf(role)]) : tokens[role];
      const answer = await call(key, w.a, token, undefined, role);
      const said = `${role}: ${describeAnswer(answer)}`;
      expect({ role, leaked: schoolBIds.filter((id) => answer.text.includes(id)) }).toEqual({ role, leaked: [] });
      expect(answer.text, said).not.toContain('$argon2');
      if (!roles.includes(role)) expect(answer.status, said).toBe(403);
      else expect(answer.status >= 200 && answer.status < 300, said).toBe(true);
    }
  }

  function accountOf(role: Role) {
    return ({ school_admin: 'admin', teacher: 'teacher', student: 'student', parent: 'parent' } as const)[role];
  }

  describe('callers of the same school', () => {
    it.each(lasting)('%s', checkSameSchool);
  });

  type Check = [Role, string, string, (s: School) => unknown, number];

  /** What a teacher, student or parent may not reach of their own school: others' classes, records and children. */
  const OTHERS: Check[] = [
    ['teacher', 'GET', '/api/teachers/:otherTeacher', () => undefined, 403],
    ['teacher', 'GET', '/api/teachers/:otherTeacher/attendance', () => undefined, 403],
    ['teacher', 'GET', '/api/teacher-attendance/range?teacherId=:otherTeacher', () => undefined, 403],
    ['teacher', 'GET', '/api/schedules/teacher/:otherTeacher', () => undefined, 403],
    ['teacher', 'GET', '/api/schedules/class/:otherClass', () => undefined, 403],
    ['teacher', 'GET', '/api/classes/:otherClass', () => undefined, 403],
    ['teacher', 'GET', '/api/classes/:otherClass/subjects', () => undefined, 403],
    ['teacher', 'GET', '/api/classes/:otherClass/teacher', () => undefined, 403],
    ['teacher', 'GET', '/api/attendance/class/:otherClass', () => undefined, 403],
    ['teacher', 'GET', '/api/attendance/student/:outsideStudent', () => undefined, 403],
    ['teacher', 'GET', '/api/students/:outsideStudent/attendance', () => undefined, 403],
    ['teacher', 'GET', '/api/attendance/class-date?classId=:otherClass&date=2025-09-01', () => undefined, 403],
    [
      'teacher',
      'GET',
      '/api/attendance/register?classId=:otherClass&subjectId=:otherSubject&date=2025-09-01',
      () => undefined,
      403,
    ],
    [
      'teacher',
      'POST',
      '/api/students/:outsideStudent/attendance',
      (s) => ({ subjectId: s.otherSubjectId, date: '2025-09-01', status: 'late' }),
      403,
    ],
    [
      'teacher',
      'POST',
      '/api/attendance',
      (s) => ({
        studentId: s.doomed.studentId,
        classId: s.otherClassId,
        subjectId: s.otherSubjectId,
        date: '2025-09-01',
        status: 'late',
      }),
      403,
    ],
    ['teacher', 'PUT', '/api/attendance/:otherClassMark', () => ({ remarks: 'Changed' }), 403],
    [
      'teacher',
      'POST',
      '/api/attendance/bulk',
      (s) => ({
        classId: s.otherClassId,
        subjectId: s.otherSubjectId,
        date: '2025-09-01',
        records: [{ studentId: s.doomed.studentId, status: 'late' }],
      }),
      403,
    ],
    ['teacher', 'GET', '/api/attendance?classId=:otherClass', () => undefined, 403],
    ['teacher', 'GET', '/api/schedules/weekly?teacherId=:otherTeacher', () => undefined, 403],
    ['teacher', 'GET', '/api/important-dates/:otherClassDate', () => undefined, 404],
    ['student', 'GET', '/api/important-dates/:otherClassDate', () => undefined, 404],
    ['parent', 'GET', '/api/important-dates/:otherClassDate', () => undefined, 404],
    ['student', 'GET', '/api/family/children/:otherStudent/overview', () => undefined, 404],
    ['parent', 'GET', '/api/family/children/:otherStudent/overview', () => undefined, 404],
    ['student', 'GET', '/api/family/receipts/:otherReceipt/download', () => undefined, 404],
    ['parent', 'GET', '/api/family/receipts/:otherReceipt/download', () => undefined, 404],
    ['student', 'GET', '/api/students/:otherStudent', () => undefined, 403],
    ['parent', 'GET', '/api/students/:otherStudent', () => undefined, 403],
    [
      'teacher',
      'POST',
      '/api/messages',
      (s) => ({ audience: 'class_parents', classId: s.otherClassId, subject: 'Trip', body: 'On Friday.' }),
      403,
    ],
    ['teacher', 'POST', '/api/messages', () => ({ audience: 'school', subject: 'Trip', body: 'On Friday.' }), 403],
  ];

  function fill(path: string, s: School) {
    const values: Record<string, string> = {
      otherTeacher: s.otherTeacher.teacherId,
      otherClass: s.otherClassId,
      otherSubject: s.otherSubjectId,
      outsideStudent: s.doomed.studentId,
      otherClassMark: s.otherClassAttendanceId,
      otherClassDate: s.otherClassDateId,
      otherStudent: s.otherStudent.studentId,
      otherReceipt: s.otherReceiptId,
    };
    return path.replace(/:(\w+)/g, (_, name: string) => values[name]);
  }

  describe('callers of the same school see only their own', () => {
    it.each(OTHERS)('%s: %s %s', async (role, method, path, body, status) => {
      const res = await t.request(fill(path, w.a), { method, token: tokens[role], json: body(w.a) });
      expect({ status: res.status }, await res.text()).toEqual({ status });
    });

    it.each(['teacher', 'student', 'parent'] as const)('the lists a %s reads hold only their own', async (role) => {
      const a = w.a;
      const lists = [
        '/api/important-dates',
        `/api/important-dates?classId=${a.otherClassId}`,
        '/api/important-dates/calendar?year=2026&month=12',
        '/api/important-dates/upcoming?days=366',
        '/api/auth/profile',
      ];
      if (role === 'teacher') {
        // The week view narrowed to another class still shows only the teacher's own slots (none there).
        const week = `/api/schedules/weekly?classId=${a.otherClassId}`;
        lists.push('/api/attendance', '/api/schedules/weekly', week, '/api/teacher-attendance/range');
      } else lists.push('/api/family/children', `/api/family/children/${a.student.studentId}/overview`);
      // A teacher's class holds the other student too; a family sees neither that student nor their marks.
      const foreign = [a.otherClassDateId, a.otherClassAttendanceId, a.doomed.studentId, a.otherTeacher.teacherId];
      if (role === 'teacher') foreign.push(a.doomed.scheduleId, a.doomed.teacherAttendanceId);
      else foreign.push(a.otherStudent.studentId, a.otherReceiptId, a.doomed.attendanceId);
      const answers: string[] = [];
      for (const path of lists) {
        const res = await t.request(path, { token: tokens[role] });
        const text = await res.text();
        answers.push(text);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        expect({ path, seen: foreign.filter((id) => text.includes(id)) }).toEqual({ path, seen: [] });
      }
      // The lists are not simply empty: the caller's own rows are there.
      const own = [a.importantDateId, role === 'teacher' ? a.attendanceId : a.receiptId];
      expect(own.filter((id) => !answers.some((text) => text.includes(id)))).toEqual([]);
      if (role !== 'teacher') {
        const children = await t
          .request('/api/family/children', { token: tokens[role] })
          .then(json<{ data: { _id: string }[] }>);
        expect(children.data.map((c) => c._id)).toEqual([a.student.studentId]);
      }
    });
  });

  describe('destructive routes, last, on rows of their own', () => {
    // A restore ends every session of the school: each route's callers sign in afresh.
    beforeEach(async () => {
      tokens = await signInAll(t, w.a);
    });
    it.each(destructive)('%s', checkSameSchool);
  });
});
