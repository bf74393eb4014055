/**
 * A student import checks each email of its file against the whole platform. Every check (dry run, import,
 * refused import) is kept in the activity log with its numbers, and a school gets a limited number an hour.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../worker/db/schema';
import { IMPORT_CHECKS_PER_HOUR } from '../../worker/modules/students/import-limits';
import { createTestApp, json, type TestApp, unique } from '../support/app';
import { classroom } from '../support/classroom';
import { createStudent } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const HEADER =
  'Name,Email,Phone,Gender,Date of birth,Class,Roll number,Father name,Father email,Mother name,Mother email';
const email = (who: string) => `${unique(who)}@example.org`.toLowerCase();

/** A file of `n` students of 8-A, each with a father and a mother: three emails a row. */
function file(n: number, firstRoll = 1, extra: string[] = []) {
  const rows = Array.from(
    { length: n },
    (_, i) =>
      `Kid ${i},${email('kid')},555,female,2013-05-02,8-A,${firstRoll + i},Dad ${i},${email('dad')},Mum ${i},${email('mum')}`,
  );
  return `${HEADER}\n${[...rows, ...extra].join('\n')}\n`;
}

async function upload(token: string, body: string, dryRun: boolean) {
  const res = await t.request(`/api/students/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    token,
    body,
    headers: { 'Content-Type': 'text/csv' },
  });
  return { status: res.status, body: await json<any>(res), retryAfter: res.headers.get('retry-after') };
}

async function importLog(schoolId: string) {
  return t.db.all<{ action: string; summary: string; user_name: string }>(
    sql`select action, summary, user_name from activity_logs where school_id = ${schoolId} and entity = 'student_import' order by rowid`,
  );
}

describe('the student import is logged and limited per school', () => {
  it('logs each dry run, import and refused import with its rows, emails and email conflicts', async () => {
    const w = await classroom(t);
    const taken = await createStudent(t, w.schoolId);
    expect((await upload(w.token, file(2), true)).status).toBe(200);
    expect((await upload(w.token, file(3, 10), false)).status).toBe(201);
    const clash = `Sam,${taken.email},555,male,2013-05-02,8-A,40,Dad,${email('dad')},,`;
    expect((await upload(w.token, file(1, 20, [clash]), true)).body.data.errorCount).toBe(1);
    const refused = await upload(w.token, file(1, 30, [clash]), false);
    expect(refused.status).toBe(400);
    expect(await importLog(w.schoolId)).toEqual([
      {
        action: 'read',
        user_name: 'Ada Admin',
        summary: '6 email(s) checked by a dry run of the student import of 2 row(s): 0 email conflict(s)',
      },
      {
        action: 'create',
        user_name: 'Ada Admin',
        summary: '9 email(s) checked by the student import of 3 row(s): 0 email conflict(s)',
      },
      {
        action: 'read',
        user_name: 'Ada Admin',
        summary: '5 email(s) checked by a dry run of the student import of 2 row(s): 1 email conflict(s)',
      },
      {
        action: 'read',
        user_name: 'Ada Admin',
        summary: '5 email(s) checked by a refused student import of 2 row(s): 1 email conflict(s)',
      },
    ]);
  });

  it(`answers 429 with Retry-After past ${IMPORT_CHECKS_PER_HOUR} checks an hour, and again an hour later`, async () => {
    const w = await classroom(t);
    const other = await classroom(t);
    const start = t.clock.now;
    try {
      for (let i = 0; i < IMPORT_CHECKS_PER_HOUR; i++) {
        t.clock.now = new Date(start.getTime() + i * 60_000);
        expect((await upload(w.token, file(1), true)).status).toBe(200);
      }
      t.clock.now = new Date(start.getTime() + 30 * 60_000);
      const over = await upload(w.token, file(1), true);
      expect(over.status).toBe(429);
      expect(over.body.error).toBe(
        'This school has checked too many import files in the last hour (at most 20 files or 10,000 emails an hour). Try again in 30 minutes.',
      );
      expect(over.retryAfter).toBe('1800');
      // A real import is refused the same way and writes nothing.
      const counted = (await importLog(w.schoolId)).length;
      expect((await upload(w.token, file(1, 50), false)).status).toBe(429);
      expect(await importLog(w.schoolId)).toHaveLength(counted);
      // Another school has its own budget.
      expect((await upload(other.token, file(1), true)).status).toBe(200);
      t.clock.now = new Date(start.getTime() + 60 * 60_000 + 1000);
      expect((await upload(w.token, file(1), true)).status).toBe(200);
    } finally {
      t.clock.now = start;
    }
  });

  it('answers 429 when the hour would pass its budget of checked emails', async () => {
    const w = await classroom(t);
    await t.db.insert(activityLogs).values({
      schoolId: w.schoolId,
      action: 'read',
      entity: 'student_import',
      summary: '9995 email(s) checked by a dry run of the student import of 2500 row(s): 0 email conflict(s)',
      createdAt: t.clock.now.toISOString(),
    });
    expect((await upload(w.token, file(1), true)).status).toBe(200);
    const over = await upload(w.token, file(1), true);
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThan(3500);
  });
});
