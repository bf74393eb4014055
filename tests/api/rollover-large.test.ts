import type { InStatement } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DOMAIN, sizesFor } from '../../scripts/lib/large-school/plan';
import { buildLargeSchool } from '../../scripts/lib/large-school/school';
import { writeLargeSchool } from '../../scripts/lib/large-school/write';
import { createTestApp, json, signIn, type TestApp } from '../support/app';
import { hashOfPassword } from '../support/factories';
import { clientOf } from '../support/query-plans';

/** D1's limits on one statement (https://developers.cloudflare.com/d1/platform/limits/). */
const D1 = { statementBytes: 100_000, boundParameters: 100, valueBytes: 2_000_000 };
/** Statements a batch may hold here: a fixed few, whatever the school's size. */
const MAX_STATEMENTS = 40;
/** Characters of JSON a step of the rollover carries at most (`rolloverLimits.stepChars`, and a part's rounding). */
const STEP_VALUES = 1_100_000;

let t: TestApp;
let token: string;
let schoolId: string;
let batches: InStatement[][] = [];
let times: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-26T06:00:00Z');
  const school = buildLargeSchool({ sizes: sizesFor(1), passwordHash: await hashOfPassword(), today: '2026-11-26' });
  schoolId = school.schoolId;
  await writeLargeSchool(clientOf(t.db), school, { days: [] });
  token = await signIn(t, `admin@${DOMAIN}`);
  // Every batch the app sends, as sent (the app's databases share this client).
  const client = clientOf(t.db);
  const batch = client.batch.bind(client);
  client.batch = (async (stmts: InStatement[], mode?: never) => {
    batches.push(stmts);
    const started = performance.now();
    try {
      return await batch(stmts, mode);
    } finally {
      times.push(performance.now() - started);
    }
  }) as typeof client.batch;
}, 300_000);

const body = { name: '2027-2028', startsOn: '2027-04-01', endsOn: '2028-03-31', renumberRolls: true };
const bytes = (value: unknown) => (typeof value === 'string' ? Buffer.byteLength(value) : 8);

it('rolls the large school over inside D1’s limits, in steps of a fixed few statements and a switch', async () => {
  const students = (
    await t.db.all<{ n: number }>(
      sql`select count(*) as n from students where school_id = ${schoolId} and status = 'active'`,
    )
  )[0].n;
  expect(students).toBeGreaterThanOrEqual(5000);
  let started = performance.now();
  const dry = await t.request('/api/years/rollover', { method: 'POST', token, json: { ...body, dryRun: true } });
  const dryMs = performance.now() - started;
  expect(dry.status).toBe(200);
  const plan = (await json<any>(dry)).data;
  // Next year's classes take at least the pupils they receive.
  const capacities = plan.classes
    .filter((k: any) => k.incoming > k.capacity)
    .map((k: any) => ({ classId: k.classId, capacity: k.incoming }));
  batches = [];
  times = [];
  started = performance.now();
  const res = await t.request('/api/years/rollover', { method: 'POST', token, json: { ...body, capacities } });
  const ms = performance.now() - started;
  expect(res.status, await res.clone().text()).toBe(200);
  const { data } = await json<any>(res);
  expect(data.counts.students).toBe(students);
  expect(data.counts.promoted + data.counts.graduated).toBe(students);

  const statementsOf = (batch: InStatement[]) =>
    batch.map((s) =>
      typeof s === 'string' ? { sql: s, args: [] } : { sql: s.sql, args: (s.args ?? []) as unknown[] },
    );
  // The steps write next year's parts; the switch (the last write) brings them in and moves everyone.
  const writes = batches.map((b, i) => ({ statements: statementsOf(b), ms: times[i] }));
  const steps = writes.filter((w) => w.statements.some((s) => /^insert into "rollover_parts"/.test(s.sql)));
  const switched = steps.at(-1) as (typeof writes)[number];
  expect(switched.statements.some((s) => /^update "schools" set "academic_year"/.test(s.sql))).toBe(true);
  let biggestValue = 0;
  for (const step of steps) {
    expect(step.statements.length).toBeLessThanOrEqual(MAX_STATEMENTS);
    const values = step.statements.flatMap((s) => s.args.map(bytes));
    biggestValue = Math.max(biggestValue, ...values);
    expect(values.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(STEP_VALUES + 10_000);
    for (const s of step.statements) {
      expect(Buffer.byteLength(s.sql)).toBeLessThanOrEqual(D1.statementBytes);
      expect(s.args.length).toBeLessThanOrEqual(D1.boundParameters);
    }
  }
  expect(biggestValue).toBeLessThanOrEqual(D1.valueBytes);
  console.log(
    `rollover of ${students} students, ${data.counts.classes} classes: dry run ${dryMs.toFixed(0)} ms, rollover ${ms.toFixed(0)} ms; ` +
      `${steps.length} write batches (${steps.map((s) => `${s.statements.length} statements ${s.ms.toFixed(0)} ms`).join(', ')}), ` +
      `the switch ${switched.ms.toFixed(0)} ms, largest value ${biggestValue} bytes`,
  );
  // D1 stops a query at 30 s: the time is printed, not asserted (a shared machine's load decides it here).
  const moved = await t.db.all<{ n: number }>(
    sql`select count(*) as n from students s join classes c on c.id = s.class_id where s.school_id = ${schoolId} and c.academic_year = '2027-2028'`,
  );
  expect(moved[0].n).toBe(data.counts.promoted);
}, 300_000);
