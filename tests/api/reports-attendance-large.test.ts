import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DOMAIN, sizesFor } from '../../scripts/lib/large-school/plan';
import { buildLargeSchool } from '../../scripts/lib/large-school/school';
import { writeLargeSchool } from '../../scripts/lib/large-school/write';
import { CLASSES_PER_READ } from '../../worker/modules/reports/attendance-school';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { hashOfPassword } from '../support/factories';
import { clientOf } from '../support/query-plans';

let t: TestApp;
let token: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-26T06:00:00Z');
  const school = buildLargeSchool({ sizes: sizesFor(0.6), passwordHash: await hashOfPassword(), today: '2026-11-26' });
  schoolId = school.schoolId;
  // November's school days only: some 3,000 students' marks of the month.
  await writeLargeSchool(clientOf(t.db), school, { days: school.days.filter((d) => d.startsWith('2026-11')) });
  token = await signIn(t, `admin@${DOMAIN}`);
}, 300_000);

it('streams the whole school’s month, every student of every class, in slices of a few classes', async () => {
  const [{ students, classes, days }] = await t.db.all<{ students: number; classes: number; days: number }>(
    sql`select (select count(*) from students where school_id = ${schoolId} and status = 'active') as students,
      (select count(*) from classes where school_id = ${schoolId}) as classes,
      (select count(distinct date) from attendance_registers where school_id = ${schoolId} and date like '2026-11-%') as days`,
  );
  expect(students).toBeGreaterThanOrEqual(3000);
  expect(days).toBeGreaterThan(10);
  const started = performance.now();
  const res = await t.request('/api/reports/attendance/school.csv?month=2026-11', { token });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks++;
    text += decoder.decode(value, { stream: true });
  }
  const ms = performance.now() - started;
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  // The header, a row per student and a day-totals row per class.
  expect(lines).toHaveLength(1 + students + classes);
  expect(chunks).toBe(Math.ceil(classes / CLASSES_PER_READ));
  // Every student's name is there once.
  const names = await t.db.all<{ name: string }>(
    sql`select u.name from students s join users u on u.id = s.user_id where s.school_id = ${schoolId} and s.status = 'active'`,
  );
  const body = new Set(lines.map((l) => l.split('","')[2]));
  for (const { name } of names) expect(body.has(name)).toBe(true);
  // Present days summed over the file = students counted present in the day totals kept by the database.
  const presentColumn = lines[0].split('","').indexOf('Present');
  const filePresent = lines
    .slice(1)
    .filter((l) => !l.includes('"Present each day"'))
    .reduce((n, l) => n + Number(l.split('","')[presentColumn]), 0);
  const [{ kept }] = await t.db.all<{ kept: number }>(
    sql`select sum(present) as kept from attendance_day_totals where school_id = ${schoolId} and date like '2026-11-%'`,
  );
  expect(filePresent).toBe(kept);
  console.log(
    `school CSV: ${students} students, ${classes} classes, ${days} days, ${text.length} characters in ${chunks} chunks, ` +
      `${ms.toFixed(0)} ms (the 5 s goal is held by \`npm run bench -- --only reports\`)`,
  );
});
