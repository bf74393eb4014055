import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { MiddlewareHandler } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../worker/lib/error-codes';
import { validators } from '../../worker/lib/validate';
import {
  createTestApp,
  createTestSchool,
  json,
  PASSWORD,
  PLATFORM_TOKEN,
  signIn,
  type TestApp,
  unique,
} from '../support/app';
import { hostileBody, hostileQuery, type JsonSchema, jsonSchemaOf, junk } from '../support/arbitraries';
import { classroom, schoolWithAdmin } from '../support/classroom';
import { addEmployee, addSchedule, addStudentAttendance, addTeacher, createStudent } from '../support/factories';
import { enrolment, tinyPdf } from '../support/students';

/** Runs per route and caller; login routes do real password work, so they get fewer. */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 20);
/**
 * A given seed replays a run. CI runs one fixed seed, so a change lands or not on its own merits; elsewhere every
 * run explores new inputs (a failure prints its seed).
 */
const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : process.env.CI ? 20261126 : undefined;

interface Route {
  method: string;
  path: string;
  body?: JsonSchema;
  query?: JsonSchema;
  params: string[];
}

/** Every route of the app with the schemas of its validators, from `app.routes`. */
function routesOf(t: TestApp): Route[] {
  const byKey = new Map<string, Route>();
  for (const r of t.app.routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    const route = byKey.get(key) ?? {
      method: r.method,
      path: r.path,
      params: [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]),
    };
    byKey.set(key, route);
    const info = validators.get(r.handler as MiddlewareHandler);
    if (info?.target === 'json') route.body = jsonSchemaOf(info.schema);
    if (info?.target === 'query') route.query = jsonSchemaOf(info.schema);
  }
  return [...byKey.values()];
}

/** The table whose ids a path parameter takes. */
function tableOfParam(path: string, param: string): string | undefined {
  if (param === 'docId') return 'documents';
  if (param === 'tcId') return 'transfer_certificates';
  if (param === 'schoolId') return 'schools';
  if (param !== 'id') return undefined;
  const rules: [RegExp, string][] = [
    [/^\/api\/(students|family\/children|attendance\/student)\//, 'students'],
    [/^\/api\/(classes|attendance\/class|schedules\/class)\//, 'classes'],
    [/^\/api\/subjects\/categories\//, 'subject_categories'],
    [/^\/api\/subjects\//, 'subjects'],
    [/^\/api\/(teachers|schedules\/teacher)\//, 'teachers'],
    [/^\/api\/employees\/departments\//, 'departments'],
    [/^\/api\/employees\//, 'employees'],
    [/^\/api\/schedules\//, 'schedules'],
    [/^\/api\/teacher-attendance\//, 'teacher_attendance'],
    [/^\/api\/attendance\//, 'student_attendance'],
    [/^\/api\/important-dates\//, 'important_dates'],
    [/^\/api\/fees\/categories\//, 'fee_categories'],
    [/^\/api\/fees\/structures\//, 'fee_structures'],
    [/^\/api\/(fees|family)\/receipts\//, 'fee_receipts'],
    [/^\/api\/complaints\//, 'complaints'],
    [/^\/api\/settings\/backup\//, 'backups'],
  ];
  return rules.find(([pattern]) => pattern.test(path))?.[1];
}

/** The table whose ids a body field takes (`classId`, `subjectIds`…). */
function tableOfField(field: string): string[] {
  const base = field.replace(/Ids?$/, '');
  const tables: Record<string, string[]> = {
    class: ['classes'],
    student: ['students'],
    teacher: ['teachers'],
    subject: ['subjects'],
    structure: ['fee_structures'],
    category: ['fee_categories', 'subject_categories'],
    employee: ['employees'],
    department: ['departments'],
    parent: ['parents'],
  };
  return field.endsWith('Id') || field.endsWith('Ids') ? (tables[base] ?? []) : [];
}

/** Tables written on purpose by a refused request: a failed sign-in is counted against the email. */
const WRITTEN_ON_FAILURE = new Set(['sign_in_attempts']);

/** One query that reads every row of every table (generically, from sqlite_master), to compare before/after. */
async function digester(t: TestApp) {
  const tables = await t.db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%migrations%' order by name`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    if (WRITTEN_ON_FAILURE.has(name)) continue;
    const columns = await t.db.all<{ name: string }>(sql.raw(`select name from pragma_table_info('${name}')`));
    const row = columns.map((c) => `quote("${c.name}")`).join(` || ',' || `);
    parts.push(`select '${name}' as t, (select group_concat(${row}, char(10)) from "${name}") as r`);
  }
  const query = sql.raw(parts.join(' union all '));
  // Every shard has every table: each is read, its tables named by shard.
  return async () => {
    const all = await Promise.all(t.shards.map((db) => db.all<{ t: string; r: string | null }>(query)));
    return new Map(all.flatMap((rows, shard) => rows.map((r) => [`${shard}:${r.t}`, r.r ?? ''] as const)));
  };
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((k) => before.get(k) !== after.get(k));
}

/** The spec's failure shape with its code: `{ success: false, error, code, details?: [{ msg, path }] }`, nothing else. */
function failureShapeProblem(status: number, contentType: string, body: unknown): string | null {
  if (!contentType.includes('application/json')) return `${status} answered ${contentType}`;
  const b = body as Record<string, unknown>;
  if (!b || typeof b !== 'object' || Array.isArray(b)) return `${status} answered a non-object`;
  const extra = Object.keys(b).filter((k) => !['success', 'error', 'code', 'details'].includes(k));
  const coded = typeof b.code === 'string' && b.code in errorCodes;
  if (b.success !== false || typeof b.error !== 'string' || !b.error || !coded || extra.length) {
    return `${status} answered ${JSON.stringify(b).slice(0, 200)}`;
  }
  if (b.details !== undefined) {
    const ok =
      Array.isArray(b.details) &&
      b.details.every(
        (d) => d && typeof d === 'object' && typeof d.msg === 'string' && d.msg && typeof d.path === 'string',
      );
    if (!ok) return `${status} answered details ${JSON.stringify(b.details).slice(0, 200)}`;
  }
  return null;
}

const JUNK_IDS = [
  '00000000-0000-0000-0000-000000000000',
  ' ',
  'x'.repeat(65),
  '..',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '👩‍👩‍👧',
  'null',
  '-1',
  '1e309',
];

type Caller = { role: string; token?: string; headers?: Record<string, string>; email?: string; login?: string };

// With two shards the school attacked lives on shard 1, apart from the directory, and the other school on shard 0.
describe.each([1, 2])('hostile input on every route, with %i shard(s)', (shards) => {
  let t: TestApp;
  let routes: Route[];
  let digest: () => Promise<Map<string, string>>;
  let schoolId: string;
  let otherIds: string[];
  let callers: Caller[];
  let protectedIds: Set<string>;
  /** The tables' digest taken when the shards' write counters read `at`: still the state while they read the same. */
  let lastDigest: { at: string; digest: Map<string, string> } | null = null;
  /** Answers of 2xx to a write that moved the counters: none would mean they do not see the app's writes. */
  let countedWrites = 0;
  let fx: { studentId: string; classId: string; admin: Caller };

  async function send(
    caller: Caller,
    method: string,
    path: string,
    init: { body?: BodyInit; contentType?: string } = {},
  ) {
    const headers = new Headers(caller.headers);
    if (caller.token) headers.set('Authorization', `Bearer ${caller.token}`);
    if (init.contentType) headers.set('Content-Type', init.contentType);
    return t.request(path, { method, headers, body: init.body });
  }

  async function idsOf(table: string): Promise<string[]> {
    const rows = await (await t.dbOf(schoolId)).all<{ id: string }>(
      table === 'schools'
        ? sql.raw(`select id from schools where id = '${schoolId}'`)
        : sql.raw(`select id from "${table}" where school_id = '${schoolId}' order by id limit 20`),
    );
    return rows.map((r) => r.id).filter((id) => !protectedIds.has(id));
  }

  beforeAll(async () => {
    t = await createTestApp({ shards });
    if (shards > 1) await createTestSchool(t);
    const w = await classroom(t);
    schoolId = w.schoolId;
    if (shards > 1) expect(await t.directory.shardOf(schoolId)).toBe(1);
    const kid = await createStudent(t, schoolId, { classId: w.classId });
    await createStudent(t, schoolId, { classId: w.classId });
    const other = await addTeacher(t, schoolId, { name: 'Meera Iyer' });
    await addEmployee(t, schoolId, { name: 'Gopal Das' });
    await addSchedule(t, schoolId, { teacherId: w.teacher.teacherId, classId: w.classId, subjectId: w.subjectId });
    await addStudentAttendance(t, schoolId, [
      { studentId: kid.studentId, classId: w.classId, subjectId: w.subjectId, date: '2025-01-06', status: 'present' },
    ]);
    // Rows made through the API, so every kind of path id has a real one.
    const admin = w.admin;
    const made = await Promise.all([
      admin.post('/api/important-dates', {
        title: 'Sports Day',
        date: '2025-02-01',
        type: 'event',
        applyToAllClasses: true,
      }),
      admin.post('/api/complaints', { title: 'Broken tap', initiatedBy: 'Parent' }),
      admin.post('/api/subjects/categories', { name: 'Sciences' }),
      admin.post('/api/fees/categories', { name: 'Tuition' }),
      admin.post('/api/teacher-attendance', { teacherId: other.teacherId, date: '2025-01-06', status: 'present' }),
      admin.post(`/api/students/${kid.studentId}/documents`, {
        name: 'birth.pdf',
        contentType: 'application/pdf',
        dataBase64: Buffer.from(tinyPdf()).toString('base64'),
      }),
      admin.post(`/api/teachers/${other.teacherId}/documents`, {
        name: 'degree.pdf',
        contentType: 'application/pdf',
        dataBase64: Buffer.from(tinyPdf()).toString('base64'),
      }),
      admin.post('/api/students', enrolment(w.classId)),
      admin.post('/api/settings/backup', { note: 'before' }),
    ]);
    const category = made[3].body.data._id as string;
    const structure = await admin.post('/api/fees/structures', {
      classId: w.classId,
      categoryId: category,
      amount: 1200,
      dueDate: '2025-04-10',
    });
    await admin.post('/api/fees/receipts', {
      studentId: kid.studentId,
      method: 'cash',
      items: [{ structureId: structure.body.data._id, amount: 500 }],
    });
    const tc = await admin.post(`/api/students/${kid.studentId}/transfer-certificate`, {
      reason: 'Moving city',
      leavingDate: '2025-03-31',
      conduct: 'Good',
    });
    for (const res of [...made, structure, tc]) expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);

    // The signed-in callers stay usable (their own accounts are never a generated path id), and so does the class
    // the later cases enrol into (a generated run may delete any other row, or restore the backup above).
    protectedIds = new Set([w.teacher.teacherId, kid.studentId, w.classId]);
    callers = [
      { role: 'school_admin', email: w.adminEmail, login: '/api/users/login' },
      { role: 'teacher', email: w.teacher.email, login: '/api/teachers/login' },
      { role: 'parent', email: kid.parentEmail, login: '/api/students/parents/login' },
      { role: 'student', email: kid.email, login: '/api/students/login' },
      { role: 'platform', token: PLATFORM_TOKEN },
      { role: 'anonymous' },
    ];
    await signedIn();
    fx = {
      studentId: kid.studentId,
      classId: w.classId,
      admin: callers[0],
    };
    const elsewhere = await schoolWithAdmin(t);
    otherIds = [elsewhere.schoolId, (await createStudent(t, elsewhere.schoolId)).studentId];
    routes = routesOf(t);
    digest = await digester(t);
  }, 180_000);

  /** Signs the callers in again when a route (sign-out, refresh) ended their session. */
  async function signedIn() {
    lastDigest = null;
    for (const caller of callers) {
      if (!caller.email || !caller.login) continue;
      if (caller.token && (await send(caller, 'GET', '/api/users/verify')).status !== 401) continue;
      caller.token = await signIn(t, caller.email, PASSWORD, caller.login);
    }
  }

  /** The callers a route lets in (the others get 401/403 whatever they send). */
  async function callersOf(route: Route): Promise<Caller[]> {
    const path = route.path.replace(/:\w+/g, '00000000-0000-0000-0000-000000000000');
    const allowed: Caller[] = [];
    for (const caller of callers) {
      const res = await send(
        caller,
        route.method,
        path,
        route.method === 'GET' ? {} : { body: '{}', contentType: 'application/json' },
      );
      if (res.status !== 401 && res.status !== 403) allowed.push(caller);
    }
    return allowed;
  }

  async function pathIds(route: Route): Promise<Record<string, string[]>> {
    const pools: Record<string, string[]> = {};
    for (const param of route.params) {
      const table = tableOfParam(route.path, param);
      pools[param] = table ? await idsOf(table) : ['Science'];
    }
    return pools;
  }

  async function fieldIds(): Promise<Map<string, string[]>> {
    const pools = new Map<string, string[]>();
    for (const field of [
      'class',
      'student',
      'teacher',
      'subject',
      'structure',
      'category',
      'employee',
      'department',
      'parent',
    ]) {
      const ids: string[] = [];
      for (const table of tableOfField(`${field}Id`)) ids.push(...(await idsOf(table)));
      pools.set(field, ids);
    }
    return pools;
  }

  /** Checks one request's answer: never 5xx, the failure shape on every error, and no write when refused. */
  async function check(caller: Caller, method: string, path: string, init: { body?: BodyInit; contentType?: string }) {
    // Reading every table is most of this check's time: it is read again only when a statement has written since
    // (SQLite's total_changes() on each shard's connection, triggers included, moves with every row written).
    const at = await writeCounters();
    const before = lastDigest?.at === at ? lastDigest.digest : await digest();
    lastDigest = null;
    const res = await send(caller, method, path, init);
    const text = await res.text();
    const where = `${caller.role} ${method} ${path} ${String(init.body ?? '').slice(0, 300)}`;
    expect(res.status, `${where} → ${text.slice(0, 300)}`).toBeLessThan(500);
    const atAfter = await writeCounters();
    if (res.status >= 300) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      expect(failureShapeProblem(res.status, res.headers.get('content-type') ?? '', body), where).toBeNull();
      const after = atAfter === at ? before : await digest();
      expect(changedTables(before, after), `${where} → ${res.status} wrote`).toEqual([]);
      lastDigest = { at: atAfter, digest: after };
    } else if (atAfter === at) {
      lastDigest = { at, digest: before };
    } else if (method !== 'GET') {
      countedWrites++;
    }
    return res.status;
  }

  /** Rows written so far on each shard's connection (the app's and the test's: one connection per database). */
  async function writeCounters(): Promise<string> {
    const counts = await Promise.all(t.shards.map((db) => db.all<{ n: number }>(sql`select total_changes() as n`)));
    return counts.map(([row]) => row.n).join(',');
  }

  const writeOrder = { POST: 0, PUT: 1, PATCH: 1, GET: 2, DELETE: 3 } as Record<string, number>;

  it('answers generated bodies, queries and ids on every write route and query without a 500 or a partial write', async () => {
    const targets = routes
      .filter((r) => r.method !== 'GET' || r.query)
      .sort((a, b) => (writeOrder[a.method] ?? 2) - (writeOrder[b.method] ?? 2));
    expect(targets.length).toBeGreaterThan(80);
    const tally: Record<string, number> = {};
    const failures: string[] = [];
    const started = performance.now();
    for (const route of targets) {
      await signedIn();
      const allowed = await callersOf(route);
      const ids = await pathIds(route);
      const fields = await fieldIds();
      const idFor = (field: string) => fields.get(field.replace(/Ids?$/, ''));
      const param = (name: string) =>
        fc.oneof(
          { weight: 3, arbitrary: ids[name].length ? fc.constantFrom(...ids[name]) : fc.constant(JUNK_IDS[0]) },
          { weight: 1, arbitrary: fc.constantFrom(...JUNK_IDS, ...otherIds) },
        );
      const request = fc.record({
        params: fc.tuple(...route.params.map(param)),
        query: route.query ? hostileQuery(route.query) : fc.constant(''),
        body: route.body ? hostileBody(route.body, idFor) : junk,
      });
      const runs = /login|platform/.test(route.path) ? 6 : RUNS;
      lastDigest = null;
      for (const caller of allowed.length ? allowed : callers.slice(0, 1)) {
        const outcome = await fc.check(
          fc.asyncProperty(request, async ({ params, query, body }) => {
            let path = route.path;
            route.params.forEach((name, i) => {
              path = path.replace(`:${name}`, encodeURIComponent(params[i]));
            });
            if (query) path += `?${query}`;
            const init =
              route.method === 'GET' ? {} : { body: JSON.stringify(body) ?? 'null', contentType: 'application/json' };
            const status = await check(caller, route.method, path, init);
            tally[`${Math.floor(status / 100)}xx`] = (tally[`${Math.floor(status / 100)}xx`] ?? 0) + 1;
          }),
          { numRuns: runs, seed: SEED, endOnFailure: true },
        );
        if (outcome.failed) {
          const cause =
            outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
          failures.push(`seed ${outcome.seed}: ${cause.split('\n')[0].slice(0, 600)}`);
        }
      }
    }
    console.log(
      `hostile input: ${targets.length} routes, answers ${JSON.stringify(tally)} in ${Math.round(performance.now() - started)} ms`,
    );
    expect(failures).toEqual([]);
    expect(tally['2xx']).toBeGreaterThan(0);
    // The counters saw the accepted writes, so a refused request that wrote would have been read for.
    expect(countedWrites).toBeGreaterThan(100);
  }, 600_000);

  /** A path with real ids of the fixture school in place of its parameters. */
  async function realPath(route: Route): Promise<string> {
    const pools = await pathIds(route);
    return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(pools[name][0] ?? JUNK_IDS[0]));
  }

  it('refuses malformed JSON, other content types, empty bodies and non-object JSON on every JSON route', async () => {
    await signedIn();
    const jsonRoutes = routes.filter((r) => r.body);
    expect(jsonRoutes.length).toBeGreaterThan(50);
    const form = new FormData();
    form.set('name', 'x');
    const cases: { body?: BodyInit; contentType?: string; expected?: number[] }[] = [
      // Unknown keys are dropped, so both are an empty update (or a missing field) to every route.
      { body: '{}', contentType: 'application/json' },
      { body: '{"unknown":1,"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
      { body: '{"name": "Asha",', contentType: 'application/json', expected: [400] },
      { body: "{'name': 'Asha'}", contentType: 'application/json', expected: [400] },
      { body: '', contentType: 'application/json', expected: [400] },
      { body: '[]', contentType: 'application/json', expected: [400] },
      { body: '42', contentType: 'application/json', expected: [400] },
      { body: '"a string"', contentType: 'application/json', expected: [400] },
      { body: 'null', contentType: 'application/json', expected: [400] },
      { body: '{"name":"Asha"}', contentType: 'text/plain', expected: [415] },
      { body: 'name=Asha', contentType: 'application/x-www-form-urlencoded', expected: [415] },
      { body: form, expected: [415] },
      { body: '{"name":"Asha"}', contentType: 'application/xml', expected: [415] },
    ];
    const answers: string[] = [];
    for (const route of jsonRoutes) {
      const [caller] = await callersOf(route);
      const path = await realPath(route);
      lastDigest = null;
      for (const c of cases) {
        const status = await check(caller ?? fx.admin, route.method, path, c);
        // A wholly optional body (the backup note) may take `null` as "no body"; nothing else passes.
        if (c.expected && !c.expected.includes(status) && !(c.body === 'null' && status < 300)) {
          answers.push(`${route.method} ${route.path} ${c.contentType} ${String(c.body)} → ${status}`);
        }
      }
    }
    expect(answers).toEqual([]);
  }, 400_000);

  it('refuses multipart junk on the file routes without writing', async () => {
    await signedIn();
    const fileRoutes = routes.filter((r) => r.method === 'POST' && /\/(documents|import)$/.test(r.path));
    expect(fileRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/students/:id/documents', '/api/teachers/:id/documents', '/api/students/import']),
    );
    const junkForm = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('file', 'files', 'upload', ''),
          fc.uint8Array({ maxLength: 512 }),
          fc.constantFrom(...FILE_NAMES),
          fc.string(),
        )
        .map(([field, bytes, name, type]) => {
          const data = new FormData();
          data.set(field, new Blob([bytes], { type }), name);
          return { body: data as BodyInit, contentType: undefined };
        }),
      fc.string({ maxLength: 200 }).map((text) => {
        const data = new FormData();
        data.set('file', text);
        return { body: data as BodyInit, contentType: undefined };
      }),
      fc.tuple(fc.string({ maxLength: 40 }), fc.uint8Array({ maxLength: 300 })).map(([boundary, bytes]) => ({
        body: bytes as BodyInit,
        contentType: `multipart/form-data; boundary=${boundary}`,
      })),
      fc.constant({
        body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated',
        contentType: 'multipart/form-data; boundary=x',
      }),
      fc.constant({ body: 'no boundary', contentType: 'multipart/form-data' }),
    );
    for (const route of fileRoutes) {
      const path = await realPath(route);
      lastDigest = null;
      await fc.assert(
        fc.asyncProperty(junkForm, async (init) => {
          const status = await check(fx.admin, 'POST', `${path}?dryRun=true`, init);
          expect(status).toBeGreaterThanOrEqual(route.path.endsWith('import') ? 200 : 400);
        }),
        { numRuns: 40, seed: SEED },
      );
    }
  }, 60_000);

  /** A request body that counts how much of it was read. */
  function countedStream(total: number, prefix = '{"name":"') {
    const read = { bytes: 0 };
    const chunk = new TextEncoder().encode(prefix + 'x'.repeat(64 * 1024 - prefix.length));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (read.bytes >= total) return controller.close();
        read.bytes += chunk.length;
        controller.enqueue(chunk);
      },
    });
    return { body, read, chunk: chunk.length };
  }

  async function sendStream(path: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>) {
    const request = new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${fx.admin.token}` },
      body,
      duplex: 'half',
    } as RequestInit);
    const res = await t.app.request(request);
    return { status: res.status, body: await json(res) };
  }

  it('refuses a JSON body over 1 MB and a file over 10 MB early, before the handler reads or writes', async () => {
    await signedIn();
    const MB = 1024 * 1024;
    const before = await digest();
    const tooLarge = (limit: number) => ({
      success: false,
      error: `Request body is too large (limit ${limit} MB)`,
      code: 'PAYLOAD_TOO_LARGE',
    });

    // A declared length over the limit is refused before any of the body is read (the stream's first
    // chunk is buffered by the stream itself, not read by the app).
    const claimed = countedStream(50 * MB);
    const json1 = await sendStream(
      '/api/students',
      { 'Content-Type': 'application/json', 'Content-Length': String(2 * MB) },
      claimed.body,
    );
    expect(json1).toEqual({ status: 413, body: tooLarge(1) });
    expect(claimed.read.bytes).toBeLessThanOrEqual(claimed.chunk);

    // Without a declared length, reading stops just past the limit of an endless body.
    const endless = countedStream(50 * MB);
    const json2 = await sendStream('/api/students', { 'Content-Type': 'application/json' }, endless.body);
    expect(json2).toEqual({ status: 413, body: tooLarge(1) });
    expect(endless.read.bytes).toBeLessThanOrEqual(MB + 2 * endless.chunk);

    // A 1 MB JSON body of a real enrolment is refused too; just under it is read (and refused for its content).
    const padded = enrolment(fx.classId, { name: 'Asha', address: 'x'.repeat(MB) });
    const big = await t.request('/api/students', { method: 'POST', token: fx.admin.token, json: padded });
    expect({ status: big.status, body: await json(big) }).toEqual({ status: 413, body: tooLarge(1) });
    const under = await t.request('/api/students', {
      method: 'POST',
      token: fx.admin.token,
      json: enrolment(fx.classId, { address: 'x'.repeat(MB - 2048) }),
    });
    expect(under.status).toBe(400);

    const docs = `/api/students/${fx.studentId}/documents`;
    const file1 = countedStream(
      50 * MB,
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
    );
    const claimedFile = await sendStream(
      docs,
      { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(11 * MB) },
      file1.body,
    );
    expect(claimedFile).toEqual({ status: 413, body: tooLarge(10) });
    expect(file1.read.bytes).toBeLessThanOrEqual(file1.chunk);
    const file2 = countedStream(
      50 * MB,
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
    );
    const endlessFile = await sendStream(docs, { 'Content-Type': 'multipart/form-data; boundary=x' }, file2.body);
    expect(endlessFile).toEqual({ status: 413, body: tooLarge(10) });
    expect(file2.read.bytes).toBeLessThanOrEqual(10 * MB + 2 * file2.chunk);

    expect(changedTables(before, await digest())).toEqual([]);
  }, 60_000);

  it('keeps what an update leaves out, and a refused update writes no activity (cases found by the generated runs)', async () => {
    await signedIn();
    const token = fx.admin.token;
    const put = (path: string, body: unknown) => t.request(path, { method: 'PUT', token, json: body });
    // seed -722493024: a missing complaint answered 404 but left an 'update' activity-log row behind.
    lastDigest = null;
    expect(
      await check(fx.admin, 'PUT', '/api/complaints/%2500', {
        body: '{"title":"Infinity"}',
        contentType: 'application/json',
      }),
    ).toBe(404);

    // Rows of this case's own: the generated runs before it may have deleted or restored away the shared ones.
    const create = async (path: string, body: unknown) =>
      (await json<any>(await t.request(path, { method: 'POST', token, json: body }))).data._id as string;
    const complaint = `/api/complaints/${await create('/api/complaints', { title: 'Broken tap', initiatedBy: 'Parent' })}`;
    const tuition = await create('/api/fees/categories', { name: unique('Tuition') });
    const structure = `/api/fees/structures/${await create('/api/fees/structures', {
      classId: fx.classId,
      categoryId: tuition,
      amount: 1200,
      dueDate: '2025-04-10',
    })}`;
    expect((await put(complaint, { status: 'resolved', priority: 'high' })).status).toBe(200);
    // An update naming only the title used to reset status to 'open' and priority to 'medium' (the create defaults).
    const renamed = await json<any>(await put(complaint, { title: 'Broken tap (2nd floor)' }));
    expect(renamed.data).toMatchObject({ title: 'Broken tap (2nd floor)', status: 'resolved', priority: 'high' });
    // seed -1272978529: an empty update answered 500 (nothing to set).
    const empty = await put(complaint, {});
    expect(empty.status).toBe(200);
    expect((await json<any>(empty)).data).toMatchObject({ status: 'resolved', priority: 'high' });

    expect((await put(structure, { frequency: 'monthly' })).status).toBe(200);
    // Changing the amount used to reset the frequency to 'one-time'.
    const repriced = await json<any>(await put(structure, { amount: 1500 }));
    expect(repriced.data).toMatchObject({ frequency: 'monthly' });

    // seed 901515088 and -508181458: an empty update of a fee category or structure answered 500.
    const category = await t.request('/api/fees/categories', { method: 'POST', token, json: { name: 'Transport' } });
    const categoryPath = `/api/fees/categories/${(await json<any>(category)).data._id}`;
    expect(await json<any>(await put(categoryPath, {}))).toMatchObject({ success: true, data: { name: 'Transport' } });
    expect((await put(structure, {})).status).toBe(200);
    // seed -1718683670: school information with only unknown keys (all dropped) answered 500.
    const info = await put('/api/settings/school-info', { unknown: 1, '~>wc_deB': 2e150 });
    expect(info.status).toBe(200);
    // A JSON null as the body of a new important date answered 500 (the time check read null's fields).
    lastDigest = null;
    expect(
      await check(fx.admin, 'POST', '/api/important-dates', { body: 'null', contentType: 'application/json' }),
    ).toBe(400);

    // A JSON route read a body of another declared type as `{}`, which an all-optional update accepted.
    lastDigest = null;
    const plain = await check(fx.admin, 'PUT', complaint, { body: '{"title":"x"}', contentType: 'text/plain' });
    expect(plain).toBe(415);
  });
});

const FILE_NAMES = [
  'a.pdf',
  '../../etc/passwd',
  '<script>alert(1)</script>.pdf',
  'محمد.pdf',
  '👩‍👩‍👧.png',
  'x'.repeat(300),
  '',
  'con.pdf',
  'a\u0000b.pdf',
  '\u202Efdp.exe',
];
