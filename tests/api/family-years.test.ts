import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { createTestApp, createTestSchool, json, roundTrips, signIn, type TestApp } from '../support/app';

/** Wednesday 25 November 2026, in Pune: the demo school's year is 2026-2027. */
const NOW = new Date('2026-11-25T06:00:00Z');

let t: TestApp;
let admin: string;
let parent: string;
let student: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  ({ schoolId } = await seedDemo(t.db, { passwordHash: await nodeHasher.hash('demo1234'), now: NOW }));
  admin = await signIn(t, 'admin@demo.school', 'demo1234');
  parent = await signIn(t, 'parent@demo.school', 'demo1234', '/api/students/parents/login');
  student = await signIn(t, 'student@demo.school', 'demo1234', '/api/students/login');
}, 30_000);

const years = (id: string, token: string) => t.request(`/api/family/children/${id}/years`, { token });
const office = async (id: string) =>
  (await json<any>(await t.request(`/api/years/students/${id}`, { token: admin }))).data;
const publish = (classId: string, termId: string, published = true) =>
  t.request('/api/grades/publications', { method: 'PUT', token: admin, json: { classId, termId, published } });
/** The terms whose report cards are published for a class. */
const publishedFor = async (classId: string) =>
  new Set(
    (
      await t.db.all<{ termId: string }>(
        sql`select term_id as termId from report_publications where class_id = ${classId}`,
      )
    ).map((r) => r.termId),
  );
/** A year without its results: what families see of it exactly as the office does. */
const withoutResults = (list: any[]) => list.map(({ results: _r, ...year }) => year);

describe('a child’s years in the family portal', () => {
  let child: { _id: string; classId: { _id: string } };
  let sibling: { _id: string };
  let termId: string;

  it('shows the office’s years of the parent’s own child, with the results of published terms only', async () => {
    const children = (await json<any>(await t.request('/api/family/children', { token: parent }))).data;
    child = children.find((c: any) => c.classId.name === '8');
    sibling = children.find((c: any) => c._id !== child._id);
    const theirs = await office(child._id);
    expect(theirs).toHaveLength(1);
    const published = await publishedFor(child.classId._id);
    // A term the office sees results of whose report cards are not published yet.
    termId = theirs[0].results.find((r: any) => !published.has(r.termId))?.termId;
    expect(termId).toBeDefined();

    const res = await years(child._id, parent);
    expect(res.status).toBe(200);
    const body = await json<any>(res);
    expect(body.total).toBe(1);
    expect(withoutResults(body.data)).toEqual(withoutResults(theirs));
    expect(body.data[0]).toMatchObject({ academicYear: '2026-2027', current: true });
    expect(body.data[0].results).toEqual(theirs[0].results.filter((r: any) => published.has(r.termId)));
    expect(body.data[0].results.map((r: any) => r.termId)).not.toContain(termId);
    expect(body.data[0].attendance.marked).toBeGreaterThan(0);
    // One batch after the sign-in check, as the office's read.
    expect(roundTrips(res)).toBeLessThanOrEqual(3);
  });

  it('shows a term’s results once its report cards are published for the class, and not after withdrawal', async () => {
    expect((await publish(child.classId._id, termId)).status).toBe(200);
    const theirs = await office(child._id);
    const mine = (await json<any>(await years(child._id, parent))).data;
    expect(mine[0].results).toEqual(theirs[0].results);
    expect(mine[0].results.map((r: any) => r.termId)).toContain(termId);
    expect((await publish(child.classId._id, termId, false)).status).toBe(200);
    expect((await json<any>(await years(child._id, parent))).data[0].results.map((r: any) => r.termId)).not.toContain(
      termId,
    );
    // Published for another class only: still absent here.
    const [other] = await t.db.all<{ id: string }>(
      sql`select id from classes where school_id = ${schoolId} and id <> ${child.classId._id} limit 1`,
    );
    expect((await publish(other.id, termId)).status).toBe(200);
    expect((await json<any>(await years(child._id, parent))).data[0].results.map((r: any) => r.termId)).not.toContain(
      termId,
    );
    expect((await publish(child.classId._id, termId)).status).toBe(200);
  });

  it('lets a student read their own years, and nobody else’s', async () => {
    const own = (await json<any>(await t.request('/api/family/children', { token: student }))).data[0];
    const res = await years(own._id, student);
    expect(res.status).toBe(200);
    const theirs = await office(own._id);
    expect(withoutResults((await json<any>(res)).data)).toEqual(withoutResults(theirs));
    expect((await years(sibling._id === own._id ? child._id : sibling._id, student)).status).toBe(404);
  });

  it('answers another family’s child, another school’s and a missing id 404, and refuses staff', async () => {
    const [stranger] = await t.db.all<{ id: string }>(sql`select s.id from students s
      where s.school_id = ${schoolId} and s.id not in (select sp.student_id from student_parents sp
        join parents p on p.id = sp.parent_id join users u on u.id = p.user_id where u.email = 'parent@demo.school')
      limit 1`);
    expect((await years(stranger.id, parent)).status).toBe(404);
    expect((await years('no-such-student', parent)).status).toBe(404);
    const other = await createTestSchool(t);
    const [foreign] = await t.db.all<{ id: string }>(
      sql`select id from students where school_id = ${other.schoolId} limit 1`,
    );
    if (foreign) expect((await years(foreign.id, parent)).status).toBe(404);
    expect((await years(child._id, admin)).status).toBe(403);
    // A family's reads are not the office's: no "Viewed the years" line for them.
    const [lines] = await t.db.all<{ n: number }>(
      sql`select count(*) as n from activity_logs where school_id = ${schoolId} and summary like 'Viewed the years%'
        and user_id in (select id from users where role in ('parent', 'student'))`,
    );
    expect(lines.n).toBe(0);
  });

  it('keeps last year’s published results after a rollover, and none of the new year’s class', async () => {
    const res = await t.request('/api/years/rollover', {
      method: 'POST',
      token: admin,
      json: { name: '2027-2028', startsOn: '2027-04-01', endsOn: '2028-03-31' },
    });
    expect(res.status).toBe(200);
    const mine = (await json<any>(await years(child._id, parent))).data;
    expect(mine.map((y: any) => [y.academicYear, y.current, y.outcome])).toEqual([
      ['2026-2027', false, 'promoted'],
      ['2027-2028', true, null],
    ]);
    const lastYear = (await office(child._id))[0].results;
    expect(mine[0].results).toEqual(lastYear);
    expect(mine[0].results.map((r: any) => r.termId)).toContain(termId);
    expect(mine[1].results).toEqual([]);
    expect(withoutResults(mine)).toEqual(withoutResults(await office(child._id)));
    // Withdrawn, last year's term is gone from the family's view too.
    expect((await publish(child.classId._id, termId, false)).status).toBe(200);
    expect((await json<any>(await years(child._id, parent))).data[0].results.map((r: any) => r.termId)).not.toContain(
      termId,
    );
  });
});
