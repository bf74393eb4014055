/**
 * `npm run bench`: starts the app on the large school (`npm run seed:large`) and measures the busiest calls
 * with autocannon, a bare worker running the student list's SQL alone, the browser bundles, Lighthouse on the
 * sign-in pages and real-time fan-out; prints every figure against its budget, writes `.bench/results.md`, exits 1 when a budget fails.
 * Flags: --persist-to DIR (.bench/state), --duration S (10 per call), --connections N (8), --enrolments N (6),
 * --turns N (4: the student list and the bare worker measured in turns),
 * --only KEYS (some of storage,dashboard,class-date,teacher-stats,timetable,register,marks,mark-sheet,fees,enrol,
 * realtime,bundles,lighthouse,students,results,reports).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { flag, run } from '../lib/run';
import type { BudgetRow } from './budget';
import { call, type LoadOptions, type LoadResult, load, percentile, signIn, type Timing } from './http';
import { monthsByLength } from './reports';
import { afterStop, type Server, startServer, stopAll } from './servers';
import { storage } from './storage';
import { studentListStatements } from './student-list';
import { termWithMarks } from './term-marks';

const APP_PORT = 8790;
const BARE_PORT = 8791;
const STUDENT_PAGE = { page: 1, limit: 50, view: 'roster' as const };

interface Account {
  email: string;
  password: string;
}
interface Manifest {
  schoolId: string;
  schoolCode: string;
  admin: Account;
  teacher: Account & { id: string };
  student: Account & { id: string };
  parent: Account;
  classes: Record<'of10' | 'of40', { id: string; subjectId: string; studentCount: number; assessmentId: string }>;
  dates: { first: string; last: string; sample: string; free: string };
  counts: Record<string, number>;
  seconds: number;
}

const args = process.argv.slice(2);
const persistTo = flag(args, 'persist-to') || '.bench/state';
const duration = Number(flag(args, 'duration') || 10);
const connections = Number(flag(args, 'connections') || 8);
const enrolments = Number(flag(args, 'enrolments') || 6);
/** Turns of the student list against the bare worker, `duration` seconds each. */
const turns = Math.max(1, Number(flag(args, 'turns') || 4));
const only = (flag(args, 'only') || '').split(',').filter(Boolean);
const wanted = (key: string) => only.length === 0 || only.includes(key);
/** One request at a time for server time: under concurrency it would include waiting behind other requests. */
const serialSeconds = Math.max(2, Math.round(duration * 0.4));

/** A measured call: throughput and latency under load, server time and round trips from Server-Timing. */
interface CallRow {
  name: string;
  request: string;
  rps: number;
  p50: number;
  p99: number;
  serverP50: number;
  serverP95: number;
  roundTrips: string;
  budget: string;
  pass: boolean | null;
}

const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

function roundTripsOf(timings: Timing[]): string {
  const seen = [...new Set(timings.map((t) => t.roundTrips))].sort((a, b) => a - b);
  return seen.length === 0 ? '?' : seen.join('–');
}

function readManifest(): Manifest {
  const path = join(persistTo, 'large-school.json');
  if (!existsSync(path)) {
    console.error(
      [
        `No large school in ${persistTo} (${path} is missing).`,
        persistTo === '.bench/state'
          ? 'Make it first:  npm run seed:large'
          : `Make it first:  npm run seed:large -- --persist-to ${persistTo}`,
        'then run:        npm run bench',
      ].join('\n'),
    );
    process.exit(2);
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Fails loudly when a load run had errors: figures from failing requests would mean nothing. */
function checked(name: string, result: LoadResult): LoadResult {
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return result;
}

async function measure(
  name: string,
  options: Omit<LoadOptions, 'connections' | 'duration'>,
  budgetMs?: number,
): Promise<CallRow & { load: LoadResult }> {
  const request = `${options.method ?? 'GET'} ${new URL(options.url).pathname}${new URL(options.url).search}`;
  process.stdout.write(`  ${name}…`);
  checked(name, await load({ ...options, connections: 1, amount: 5 }));
  const serial = checked(name, await load({ ...options, connections: 1, duration: serialSeconds }));
  let serverTimes = serial.timings.map((t) => t.appMs);
  if (budgetMs !== undefined && percentile(serverTimes, 95) > budgetMs) {
    // Others share the machine: a miss is measured once more before it counts.
    const again = checked(name, await load({ ...options, connections: 1, duration: serialSeconds }));
    const first = percentile(serverTimes, 95);
    serverTimes = again.timings.map((t) => t.appMs);
    process.stdout.write('\n');
    say(`  ${name}: server p95 ${ms(first)} ms over budget, measured again: ${ms(percentile(serverTimes, 95))} ms`);
  }
  const serverP95 = percentile(serverTimes, 95);
  const loaded = checked(name, await load({ ...options, connections, duration }));
  const row = {
    name,
    request,
    rps: loaded.rps,
    p50: loaded.p50,
    p99: loaded.p99,
    serverP50: percentile(serverTimes, 50),
    serverP95,
    roundTrips: roundTripsOf([...serial.timings, ...loaded.timings]),
    budget: budgetMs !== undefined ? `server p95 ≤ ${budgetMs} ms` : '',
    pass: budgetMs !== undefined ? serverP95 <= budgetMs : null,
    load: loaded,
  };
  console.log(
    ` ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, server p50 ${ms(row.serverP50)} / p95 ${ms(serverP95)} ms`,
  );
  return row;
}

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

/**
 * A copy of the working tree for the servers to run from: others may be editing while the benchmark runs, and the
 * servers bundle what they find as they start. node_modules is linked, not copied.
 */
function snapshot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'school-portal-bench-'));
  const skip = new Set(['node_modules', '.git', '.bench', '.e2e', '.wrangler', 'screenshots', 'test-results']);
  const copied = (src: string) => {
    const [top, ...rest] = relative('.', src).split(sep);
    return !skip.has(top ?? '') && !rest.includes('node_modules');
  };
  cpSync('.', dir, { recursive: true, filter: copied });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  afterStop(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A copy of the large school's database for the bare worker, removed at the end. */
function copyOfState(): string {
  const dir = mkdtempSync(join(tmpdir(), 'school-portal-bench-bare-'));
  console.log('Copying the database for the bare worker…');
  cpSync(persistTo, dir, { recursive: true });
  afterStop(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The app as `npm start` serves it, on the large school; never seeds the demo school into it. */
function startApp(tree: string): Promise<Server> {
  return startServer({
    name: 'the app',
    command: 'node',
    args: [
      'scripts/start.mjs',
      '--port',
      String(APP_PORT),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      resolve(persistTo),
    ].concat(['--skip-build', '--no-seed']),
    port: APP_PORT,
    readyPath: '/api/health',
    logFile: resolve('.bench/app.log'),
    timeoutMs: 600_000,
    cwd: tree,
  });
}

/**
 * The bare worker on a copy of the database, made before the app starts: two workerd processes on one SQLite file
 * make each other fail with SQLITE_BUSY, and with a copy both can run, so that their turns follow each other closely.
 */
function startBare(tree: string, state: string): Promise<Server> {
  return startServer({
    name: 'the bare worker',
    command: 'npx',
    args: ['tsx', 'scripts/bench/serve-bare.ts', '--port', String(BARE_PORT), '--persist-to', state],
    port: BARE_PORT,
    readyPath: '/',
    logFile: resolve('.bench/bare.log'),
    timeoutMs: 180_000,
    cwd: tree,
  });
}

async function main() {
  const manifest = readManifest();
  mkdirSync('.bench', { recursive: true });
  if (!existsSync('dist/client/index.html')) {
    console.log('Building the client (dist/client is missing)…');
    await run('npm', ['run', 'build', '--silent'], { NODE_ENV: 'production' });
  }

  const copy = snapshot();
  const bareState = wanted('students') ? copyOfState() : null;
  console.log(`Starting the app on the large school in ${persistTo} (port ${APP_PORT})…`);
  const app = await startApp(copy);
  const base = app.url;
  const admin = await signIn(base, manifest.admin.email, manifest.admin.password);
  const teacher = await signIn(base, manifest.teacher.email, manifest.teacher.password);
  const { of10, of40 } = manifest.classes;
  const rosterOf = async (classId: string) =>
    (await call<{ data: { _id: string }[] }>(base, `/api/students?classId=${classId}&limit=100`, { token: admin })).body
      .data;
  const [roster10, roster40] = [await rosterOf(of10.id), await rosterOf(of40.id)];
  const register = (klass: typeof of10, roster: { _id: string }[]) => ({
    classId: klass.id,
    subjectId: klass.subjectId,
    date: manifest.dates.free,
    records: roster.map((s, i) => ({ studentId: s._id, status: i % 9 === 0 ? 'absent' : 'present' })),
  });
  // Marks for the class's latest assessment of its subject (out of 80 at most): a score each, every ninth absent.
  const marksOf = (roster: { _id: string }[]) => ({
    marks: roster.map((s, i) =>
      i % 9 === 0 ? { studentId: s._id, status: 'absent' } : { studentId: s._id, status: 'scored', score: 5 + (i % 5) },
    ),
  });
  const sheetPath = (klass: typeof of10) => `/api/grades/assessments/${klass.assessmentId}/marks`;
  const yearStart = [manifest.dates.first, addDays(manifest.dates.last, -364)].sort()[1];
  const yearQuery = `startDate=${yearStart}&endDate=${manifest.dates.last}`;

  say(`# Benchmark of the large school`);
  say();
  say(
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
      `${Math.round(totalmem() / 2 ** 30)} GB · ${
        manifest.counts
          ? Object.entries(manifest.counts)
              .map(([k, v]) => `${v} ${k}`)
              .join(', ')
          : ''
      }`,
  );
  say(
    `Throughput and latency: autocannon, ${connections} connections, ${duration} s per call. Server time: p50 and p95 of ` +
      '`Server-Timing` app;dur, one request at a time.',
  );
  say();

  // Round trips must not depend on the size of the class or of the page.
  const budgets: BudgetRow[] = [];
  const notes: string[] = [];
  if (wanted('storage')) {
    const stored = await part('storage', () => storage(persistTo));
    budgets.push(...stored.rows);
    for (const line of stored.lines) say(line);
    say();
  }
  const sameRoundTrips = async (
    name: string,
    variants: [string, { path: string; token: string; method?: string; body?: unknown }][],
  ) => {
    const counts: string[] = [];
    for (const [label, v] of variants) {
      await call(base, v.path, { token: v.token, method: v.method, body: v.body });
      // The fewer of two: a read's session check is reused for a few seconds, and one that has just lapsed adds a
      // round trip that is the token's, not the call's.
      const trips: number[] = [];
      for (let i = 0; i < 2; i++) {
        const { timing } = await call(base, v.path, { token: v.token, method: v.method, body: v.body });
        if (timing) trips.push(timing.roundTrips);
      }
      counts.push(`${trips.length === 2 ? Math.min(...trips) : '?'} (${label})`);
    }
    const numbers = new Set(counts.map((c) => c.split(' ')[0]));
    budgets.push({
      name: `round trips: ${name}`,
      measured: counts.join(' = '),
      budget: 'equal',
      pass: numbers.size === 1 && !numbers.has('?'),
    });
  };
  console.log('Round trips by class and page size…');
  // As the administrator: the manifest's teacher teaches the class of 40 only.
  await sameRoundTrips('class-and-date attendance', [
    [
      'class of 10',
      { path: `/api/attendance/class-date?classId=${of10.id}&date=${manifest.dates.sample}`, token: admin },
    ],
    [
      'class of 40',
      { path: `/api/attendance/class-date?classId=${of40.id}&date=${manifest.dates.sample}`, token: admin },
    ],
  ]);
  await sameRoundTrips('register marking', [
    ['10 students', { path: '/api/attendance/bulk', token: admin, method: 'POST', body: register(of10, roster10) }],
    ['40 students', { path: '/api/attendance/bulk', token: admin, method: 'POST', body: register(of40, roster40) }],
  ]);
  await sameRoundTrips('mark sheet', [
    ['class of 10', { path: sheetPath(of10), token: admin }],
    ['class of 40', { path: sheetPath(of40), token: admin }],
  ]);
  await sameRoundTrips('entering marks', [
    ['10 students', { path: sheetPath(of10), token: admin, method: 'PUT', body: marksOf(roster10) }],
    ['40 students', { path: sheetPath(of40), token: admin, method: 'PUT', body: marksOf(roster40) }],
  ]);
  await sameRoundTrips('student list page', [
    ['limit 10', { path: '/api/students?page=1&limit=10', token: admin }],
    ['limit 100', { path: '/api/students?page=1&limit=100', token: admin }],
  ]);
  await sameRoundTrips('student list of a class', [
    ['class of 10', { path: `/api/students?classId=${of10.id}&limit=100`, token: admin }],
    ['class of 40', { path: `/api/students?classId=${of40.id}&limit=100`, token: admin }],
  ]);
  await sameRoundTrips('fees due list', [
    ['limit 10', { path: '/api/fees/due?page=1&limit=10', token: admin }],
    ['limit 100', { path: '/api/fees/due?page=1&limit=100', token: admin }],
  ]);
  await sameRoundTrips('fees due of a class', [
    ['class of 10', { path: `/api/fees/due?classId=${of10.id}&limit=100`, token: admin }],
    ['class of 40', { path: `/api/fees/due?classId=${of40.id}&limit=100`, token: admin }],
  ]);
  await sameRoundTrips('weekly timetable of a class', [
    ['class of 10', { path: `/api/schedules/weekly?classId=${of10.id}`, token: admin }],
    ['class of 40', { path: `/api/schedules/weekly?classId=${of40.id}`, token: admin }],
  ]);

  console.log('Calls under load…');
  const rows: CallRow[] = [];
  const url = (path: string) => `${base}${path}`;
  if (wanted('dashboard')) {
    rows.push(await measure('dashboard', { url: url('/api/dashboard/summary'), token: admin }, 100));
  }
  if (wanted('class-date')) {
    const path = `/api/attendance/class-date?classId=${of40.id}&date=${manifest.dates.sample}`;
    rows.push(await measure('class-and-date attendance (class of 40)', { url: url(path), token: teacher }, 10));
  }
  if (wanted('teacher-stats')) {
    const path = `/api/teacher-attendance/stats?${yearQuery}`;
    rows.push(await measure("teachers' yearly attendance statistics", { url: url(path), token: admin }, 50));
  }
  if (wanted('timetable')) {
    rows.push(await measure('weekly timetable (teacher)', { url: url('/api/schedules/weekly'), token: teacher }));
  }
  if (wanted('register')) {
    const body = register(of40, roster40);
    rows.push(
      await measure(
        'mark a register of 40',
        { url: url('/api/attendance/bulk'), method: 'POST', token: teacher, body },
        20,
      ),
    );
  }
  if (wanted('marks')) {
    const body = marksOf(roster40);
    rows.push(
      await measure('enter the marks of 40', { url: url(sheetPath(of40)), method: 'PUT', token: teacher, body }, 20),
    );
  }
  if (wanted('mark-sheet')) {
    rows.push(await measure('mark sheet of 40', { url: url(sheetPath(of40)), token: teacher }, 15));
  }
  if (wanted('results')) {
    const termId = await termWithMarks(base, admin, [of10.id, of40.id]);
    const results = (klass: typeof of10) => `/api/grades/results?classId=${klass.id}&termId=${termId}`;
    await sameRoundTrips("a class's term results", [
      ['class of 10', { path: results(of10), token: admin }],
      ['class of 40', { path: results(of40), token: admin }],
    ]);
    rows.push(await measure("a class's term results (class of 40)", { url: url(results(of40)), token: admin }, 30));
  }
  if (wanted('reports')) {
    // A class's monthly attendance grid: round trips equal for a class of 10 and of 40 and for a month of 28 and 31
    // days; server time of the class of 40; and the whole school's month as streamed CSV, to its last byte.
    const month = manifest.dates.last.slice(0, 7);
    const { short, long } = monthsByLength(manifest.dates.first, manifest.dates.last);
    const report = (klass: typeof of10, m: string) => `/api/reports/attendance/students?classId=${klass.id}&month=${m}`;
    await sameRoundTrips("a class's monthly attendance report", [
      ['class of 10', { path: report(of10, month), token: admin }],
      ['class of 40', { path: report(of40, month), token: admin }],
      [`${short}`, { path: report(of40, short), token: admin }],
      [`${long}`, { path: report(of40, long), token: admin }],
    ]);
    rows.push(
      await measure(
        "a class's monthly attendance report (class of 40)",
        { url: url(report(of40, long)), token: admin },
        50,
      ),
    );
    const started = performance.now();
    const csv = await call<string>(base, `/api/reports/attendance/school.csv?month=${long}`, { token: admin });
    const seconds = (performance.now() - started) / 1000;
    budgets.push({
      name: "the whole school's monthly attendance CSV (streamed, to the last byte)",
      measured: `${seconds.toFixed(2)} s, ${String(csv.body).split('\r\n').length - 2} rows, ${long}`,
      budget: '≤ 5 s',
      pass: seconds <= 5,
    });
  }
  if (wanted('fees')) {
    rows.push(await measure('fees due list', { url: url('/api/fees/due?page=1&limit=50'), token: admin }, 50));
  }
  if (wanted('enrol')) rows.push(await enrolment(base, admin, manifest));
  if (wanted('realtime')) {
    console.log('Real-time fan-out…');
    const realtime = await part('real-time fan-out', async () =>
      (await import('./realtime')).benchRealtime({
        baseUrl: base,
        email: manifest.admin.email,
        password: manifest.admin.password,
      }),
    );
    budgets.push(...realtime.rows);
    notes.push(...realtime.lines);
  }
  if (wanted('bundles')) {
    console.log('Browser bundles…');
    const bundles = await part('browser bundles', async () => (await import('./bundle')).benchBundles('dist/client'));
    budgets.push(...bundles.rows);
    notes.push(...bundles.lines);
  }
  if (wanted('lighthouse')) {
    console.log('Lighthouse on the sign-in pages…');
    const lighthouse = await part('Lighthouse', async () => (await import('./lighthouse')).benchLighthouse(base));
    budgets.push(...lighthouse.rows);
    notes.push(...lighthouse.lines);
  }
  if (!wanted('students')) {
    await app.stop();
    return report(rows, budgets, notes);
  }

  // The classroom's call: 1,000 roster rows, their weight uncompressed, then the same call answered 304 from its tag.
  const thousandUrl = url('/api/students?limit=1000');
  const thousand = await fetch(thousandUrl, { headers: { authorization: `Bearer ${admin}` } });
  const thousandBytes = (await thousand.arrayBuffer()).byteLength;
  const etag = thousand.headers.get('etag') ?? '';
  budgets.push({
    name: 'student list of 1,000: bytes uncompressed',
    measured: `${(thousandBytes / 1024).toFixed(1)} KB`,
    budget: '≤ 200 KB',
    pass: thousandBytes <= 200 * 1024 && thousand.status === 200,
  });
  rows.push(await measure('student list of 1,000 (the classroom)', { url: thousandUrl, token: admin }, 8));
  const repeat = { url: thousandUrl, token: admin, headers: { 'if-none-match': etag }, notModified: true };
  const unchanged = await fetch(thousandUrl, { headers: { authorization: `Bearer ${admin}`, ...repeat.headers } });
  budgets.push({
    name: 'student list of 1,000 asked again unchanged',
    measured: `${unchanged.status}, ${(await unchanged.arrayBuffer()).byteLength} bytes`,
    budget: '304, empty',
    pass: unchanged.status === 304,
  });
  rows.push(await measure('student list of 1,000, unchanged (304: the fixed cost of a logged read)', repeat));

  // The student list last, then the same statements without the app around them, in turns with the app.
  const studentListUrl = url(`/api/students?page=${STUDENT_PAGE.page}&limit=${STUDENT_PAGE.limit}`);
  const pageAnswer = await fetch(studentListUrl, { headers: { authorization: `Bearer ${admin}` } });
  const appTotal = ((await pageAnswer.json()) as { total: number }).total;
  const studentList = await measure('student list page', { url: studentListUrl, token: admin });
  rows.push(studentList);
  // The app keeps the page it answered (its tag names the count): the bare worker sends the same statements.
  const [version, count] = (pageAnswer.headers.get('etag') ?? '')
    .replace(/^W\/"|"$/g, '')
    .split('.')
    .map(Number);
  if (!Number.isInteger(version) || !Number.isInteger(count)) throw new Error('The student list answered no tag');
  console.log(`Starting the bare worker (port ${BARE_PORT}, on a copy of the database)…`);
  const bare = await startBare(copy, bareState as string);
  // First the page read afresh, to see the copy holds the same students; then the statements of a page held, at
  // the copy's own version (it was copied before the app's calls wrote, so its version may be behind the app's).
  await call(bare.url, '/statements', {
    method: 'PUT',
    body: await studentListStatements(manifest.schoolId, STUDENT_PAGE, null),
    expect: 204,
  });
  const check = await call<{ total: Record<string, number>; version: number }>(bare.url, '/students');
  const bareTotal = Object.values(check.body.total ?? {})[0];
  if (bareTotal !== appTotal || !Number.isInteger(check.body.version)) {
    throw new Error(`The bare worker reads another database (${bareTotal} students, the app ${appTotal})`);
  }
  const statements = await studentListStatements(manifest.schoolId, STUDENT_PAGE, {
    version: check.body.version,
    count,
  });
  await call(bare.url, '/statements', { method: 'PUT', body: statements, expect: 204 });
  // Others share the machine and its load moves: the two take turns (app first, then bare first), each warmed up.
  const bareUrl = `${bare.url}/students`;
  const loadOf = async (target: string, token?: string) => {
    await load({ url: target, token, connections, duration: 1 });
    return checked(target, await load({ url: target, token, connections, duration }));
  };
  const round: { app: number; bare: number; ratio: number }[] = [];
  let bareLoad: LoadResult | null = null;
  for (let turn = 0; turn < turns; turn++) {
    const appFirst = turn % 2 === 0;
    const first = appFirst ? await loadOf(studentListUrl, admin) : await loadOf(bareUrl);
    const second = appFirst ? await loadOf(bareUrl) : await loadOf(studentListUrl, admin);
    const [appRps, bareRps] = appFirst ? [first.rps, second.rps] : [second.rps, first.rps];
    bareLoad = appFirst ? second : first;
    round.push({ app: appRps, bare: bareRps, ratio: appRps / bareRps });
    console.log(
      `  turn ${turn + 1}: app ${appRps.toFixed(0)}, bare ${bareRps.toFixed(0)} req/s: ${(appRps / bareRps).toFixed(2)} ×`,
    );
  }
  await bare.stop();
  await app.stop();
  const middle = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const half = sorted.length / 2;
    return Number.isInteger(half) ? (sorted[half - 1] + sorted[half]) / 2 : sorted[Math.floor(half)];
  };
  const ratios = round.map((r) => r.ratio);
  const ratio = middle(ratios);
  rows.push({
    name: 'bare worker: the student list SQL alone',
    request: 'GET /students (wrangler.bare.toml)',
    rps: middle(round.map((r) => r.bare)),
    p50: bareLoad?.p50 ?? Number.NaN,
    p99: bareLoad?.p99 ?? Number.NaN,
    serverP50: Number.NaN,
    serverP95: Number.NaN,
    roundTrips: '1',
    budget: '',
    pass: null,
  });
  budgets.push({
    name: 'student list throughput vs the bare worker (median of turns)',
    measured:
      `${ratio.toFixed(2)} × (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} in ${turns} turns; ` +
      `${round.map((r) => `${r.app.toFixed(0)}/${r.bare.toFixed(0)}`).join(', ')} req/s)`,
    budget: '≥ 0.8 ×',
    pass: ratio >= 0.8,
  });
  return report(rows, budgets, notes);
}

function report(rows: CallRow[], budgets: BudgetRow[], notes: string[]): boolean {
  for (const row of rows) {
    if (row.pass === null) continue;
    const budget = row.budget.replace('server p95 ', '');
    budgets.push({ name: `${row.name}: server time p95`, measured: `${ms(row.serverP95)} ms`, budget, pass: row.pass });
  }
  say('## Calls');
  say();
  for (const line of table(
    ['call', 'request', 'req/s', 'p50 ms', 'p99 ms', 'server p50 ms', 'server p95 ms', 'round trips', 'budget', 'pass'],
    rows.map((r) => [
      r.name,
      `\`${r.request}\``,
      r.rps.toFixed(0),
      String(r.p50),
      String(r.p99),
      ms(r.serverP50),
      ms(r.serverP95),
      r.roundTrips,
      r.budget,
      r.pass === null ? '' : r.pass ? 'pass' : '**FAIL**',
    ]),
  ))
    say(line);
  say();
  say('## Budgets');
  say();
  for (const line of table(
    ['budget', 'measured', 'limit', 'pass'],
    budgets.map((b) => [b.name, b.measured, b.budget, b.pass ? 'pass' : '**FAIL**']),
  ))
    say(line);
  for (const note of notes) say(note);
  writeFileSync('.bench/results.md', `${lines.join('\n')}\n`);
  const failed = budgets.filter((b) => !b.pass);
  say();
  say(
    failed.length === 0
      ? 'Every budget met.'
      : `${failed.length} budget(s) missed: ${failed.map((b) => b.name).join('; ')}`,
  );
  console.log('Written to .bench/results.md');
  return failed.length === 0;
}

/** A part measured by its own module; if it cannot run, its budget shows as failed rather than stopping the rest. */
async function part(
  name: string,
  work: () => Promise<{ rows: BudgetRow[]; lines: string[] }>,
): Promise<{ rows: BudgetRow[]; lines: string[] }> {
  try {
    return await work();
  } catch (error) {
    return {
      rows: [{ name, measured: `not measured: ${(error as Error).message}`, budget: '', pass: false }],
      lines: [],
    };
  }
}

/** Enrolments hash two passwords each, so a few of them, one at a time; the students are removed afterwards. */
async function enrolment(base: string, admin: string, manifest: Manifest): Promise<CallRow> {
  // Free places, in other classes first, so the budget classes keep their sizes even if a run is cut short.
  const budgetClasses = [manifest.classes.of10.id, manifest.classes.of40.id];
  const classes = (
    await call<{ data: { _id: string; capacity: number; studentCount: number }[] }>(base, '/api/classes?limit=500', {
      token: admin,
    })
  ).body.data.sort((a, b) => budgetClasses.indexOf(a._id) - budgetClasses.indexOf(b._id));
  const places = classes.flatMap((c) => Array.from({ length: Math.max(0, c.capacity - c.studentCount) }, () => c._id));
  if (places.length < enrolments) throw new Error(`The classes have room for only ${places.length} more students`);
  const tag = `bench${Date.now().toString(36)}`;
  const body = (n: number) => ({
    name: `Bench Student ${n}`,
    classId: places[n % places.length],
    rollNumber: `${tag}-${n}`,
    email: `${tag}.${n}@bench.example.org`,
    password: 'bench-pw-1',
    phone: '+91 90000 00000',
    dateOfBirth: '2014-06-01',
    gender: 'female',
    address: { street: '1 Bench Road', city: 'Pune', state: 'MH', zipCode: '411001' },
    parentInfo: {
      fatherName: `Bench Parent ${n}`,
      fatherPhone: '+91 90000 00001',
      fatherEmail: `${tag}.${n}.father@bench.example.org`,
      fatherPassword: 'bench-pw-2',
    },
  });
  process.stdout.write('  enrol a student…');
  try {
    const result = checked(
      'enrol a student',
      await load({
        url: `${base}/api/students`,
        method: 'POST',
        token: admin,
        bodyFor: body,
        connections: 1,
        amount: enrolments,
      }),
    );
    const serverP95 = percentile(
      result.timings.map((t) => t.appMs),
      95,
    );
    console.log(` ${result.rps.toFixed(1)} req/s, p50 ${result.p50} ms, server p95 ${ms(serverP95)} ms`);
    return {
      name: `enrol a student (${enrolments}, one at a time)`,
      request: 'POST /api/students',
      rps: result.rps,
      p50: result.p50,
      p99: result.p99,
      serverP50: percentile(
        result.timings.map((t) => t.appMs),
        50,
      ),
      serverP95,
      roundTrips: roundTripsOf(result.timings),
      budget: '',
      pass: null,
    };
  } finally {
    const made = await call<{ data: { _id: string }[] }>(base, `/api/students?search=${tag}&limit=100`, {
      token: admin,
    });
    let left = 0;
    for (const student of made.body.data) {
      await call(base, `/api/students/${student._id}`, { method: 'DELETE', token: admin }).catch(() => {
        left += 1;
      });
    }
    if (left > 0) console.log(`  ${left} student(s) enrolled by the benchmark were not removed (search: ${tag})`);
  }
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(`\nThe benchmark stopped: ${(error as Error).message}`);
} finally {
  await stopAll();
}
process.exit(ok ? 0 : 1);
