import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { seedDemo } from '../../scripts/lib/seed-demo';
import type { Platform } from '../../worker/lib/context';
import { rolloverLimits } from '../../worker/modules/years/rollover';
import { createTestApp, json, signIn, type TestApp } from '../support/app';
import { failingBatches, schoolDigest } from '../support/faults';
import { yearsDigest } from '../support/year-digest';

/** Wednesday 25 November 2026, in Pune: the demo school's year is 2026-2027. */
const NOW = new Date('2026-11-25T06:00:00Z');
const NEXT = { name: '2027-2028', startsOn: '2027-04-01', endsOn: '2028-03-31', renumberRolls: true };

/** One demo school per app, seeded alike: one rolls over in one call, the other stopped on the way and resumed. */
interface School {
  t: TestApp;
  schoolId: string;
  token: string;
  open: Platform['openDatabase'];
}
let single: School;
let resumed: School;
const stepChars = rolloverLimits.stepChars;

async function school(): Promise<School> {
  const t = await createTestApp();
  t.clock.now = NOW;
  const { schoolId } = await seedDemo(t.db, { passwordHash: await nodeHasher.hash('demo1234'), now: NOW });
  return { t, schoolId, token: await signIn(t, 'admin@demo.school', 'demo1234'), open: t.platform.openDatabase };
}

beforeAll(async () => {
  single = await school();
  resumed = await school();
}, 60_000);

afterAll(() => {
  rolloverLimits.stepChars = stepChars;
});

const rollover = (s: School, body: Record<string, unknown> = {}) =>
  s.t.request('/api/years/rollover', { method: 'POST', token: s.token, json: { ...NEXT, ...body } });

const stepOf = (sqls: string[]) => sqls.some((q) => q.startsWith('insert into "rollover_parts"'));
const isSwitch = (sqls: string[]) => sqls.some((q) => q.startsWith('update "schools" set "academic_year"'));

/**
 * The rollover's write batches (its steps and switch) each request sends from now on, and a way to make chosen
 * ones fail; other writes (a session seen again, say) pass unwatched.
 */
function watch(s: School, fails: (sql: string[], index: number) => boolean = () => false) {
  const writes: string[][] = [];
  s.t.platform.openDatabase = (meter) =>
    failingBatches(s.open(meter), (sqls) => {
      if (!stepOf(sqls)) return false;
      writes.push(sqls);
      return fails(sqls, writes.length - 1);
    });
  return writes;
}

/** Every row of the school but the rollover's own staging: what a stopped rollover must leave as it was. */
async function schoolRows(s: School) {
  const all = JSON.parse(await schoolDigest(s.t.db, s.schoolId));
  delete all.rollovers;
  delete all.rollover_parts;
  return JSON.stringify(all);
}
const record = async (s: School) =>
  (
    await s.t.db.all<{ state: string; step: number; steps: number; parts: number }>(sql`select state, step, steps,
      (select count(*) from rollover_parts p where p.rollover_id = r.id) as parts
      from rollovers r where school_id = ${s.schoolId}`)
  )[0];

describe('a rollover written in steps', () => {
  it('rolls a small school over in one batch when its rows fit one step', async () => {
    expect(await yearsDigest(single.t.db, single.schoolId)).toBe(await yearsDigest(resumed.t.db, resumed.schoolId));
    const writes = watch(single);
    const res = await rollover(single);
    single.t.platform.openDatabase = single.open;
    expect(res.status, await res.clone().text()).toBe(200);
    expect(writes.filter((w) => stepOf(w) || isSwitch(w))).toHaveLength(1);
    expect(await record(single)).toMatchObject({ state: 'done', step: 1, steps: 1, parts: 0 });
  });

  it('leaves this year whole when a step fails, and carries on from the recorded step when called again', async () => {
    // Steps of 30,000 characters: the demo school's next year takes several.
    rolloverLimits.stepChars = 30_000;
    const before = await schoolRows(resumed);
    const years = await json<any>(await resumed.t.request('/api/years', { token: resumed.token }));

    // The second step fails half way (a lost connection, a timeout): nothing of next year is visible.
    let writes = watch(resumed, (_sqls, index) => index === 1);
    const failed = await rollover(resumed);
    expect(failed.status).toBe(500);
    expect(writes).toHaveLength(2);
    const stopped = await record(resumed);
    expect(stopped).toMatchObject({ state: 'running', step: 1 });
    expect(stopped.steps).toBeGreaterThanOrEqual(3);
    expect(stopped.parts).toBeGreaterThan(0);
    expect(await schoolRows(resumed)).toBe(before);
    expect(await json<any>(await resumed.t.request('/api/years', { token: resumed.token }))).toEqual(years);
    const nextClasses = await resumed.t.request('/api/classes?academicYear=2027-2028', { token: resumed.token });
    expect((await json<any>(nextClasses)).data).toEqual([]);
    // The wizard's dry run says the rollover stopped partway, and how far it got.
    const planned = await json<any>(await rollover(resumed, { dryRun: true }));
    expect(planned.data.unfinished).toMatchObject({ step: 1, steps: stopped.steps });

    // Called again, it writes the steps left; its switch fails too: still nothing of next year.
    writes = watch(resumed, (sqls) => isSwitch(sqls));
    expect((await rollover(resumed)).status).toBe(500);
    expect(writes).toHaveLength(stopped.steps - 1);
    expect(await record(resumed)).toMatchObject({ state: 'running', step: stopped.steps - 1 });
    expect(await schoolRows(resumed)).toBe(before);

    // Once more: only the switch is left, one batch, and the year is the one the single run wrote.
    writes = watch(resumed);
    const res = await rollover(resumed);
    resumed.t.platform.openDatabase = resumed.open;
    expect(res.status, await res.clone().text()).toBe(200);
    expect(writes.filter((w) => stepOf(w) || isSwitch(w))).toHaveLength(1);
    expect(isSwitch(writes.find(stepOf) as string[])).toBe(true);
    expect(await record(resumed)).toMatchObject({ state: 'done', step: stopped.steps, parts: 0 });
    expect(await yearsDigest(resumed.t.db, resumed.schoolId)).toBe(await yearsDigest(single.t.db, single.schoolId));
    const { data } = await json<any>(res);
    expect(data.counts.classes).toBe(10);
    expect(data.unfinished).toBeNull();
    // Done: a further call is refused as any second rollover into the year.
    expect((await rollover(resumed)).status).toBe(409);
  });

  it('starts afresh when this year changed after a rollover stopped, dropping what the stopped one wrote', async () => {
    rolloverLimits.stepChars = 30_000;
    const next = { name: '2028-2029', startsOn: '2028-04-01', endsOn: '2029-03-31' };
    let writes = watch(single, (_sqls, index) => index === 1);
    expect((await rollover(single, next)).status).toBe(500);
    const stopped = (
      await single.t.db.all<{ id: string; step: number }>(
        sql`select id, step from rollovers where school_id = ${single.schoolId} and state = 'running'`,
      )
    )[0];
    expect(stopped.step).toBe(1);
    // The office changes a class of this year meanwhile: the stopped plan no longer holds.
    const [klass] = await single.t.db.all<{ id: string }>(
      sql`select id from classes where school_id = ${single.schoolId} and academic_year = '2027-2028' limit 1`,
    );
    writes = watch(single);
    expect(
      (
        await single.t.request(`/api/classes/${klass.id}`, {
          method: 'PUT',
          token: single.token,
          json: { room: 'R-9' },
        })
      ).status,
    ).toBe(200);
    const res = await rollover(single, next);
    single.t.platform.openDatabase = single.open;
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await single.t.db.all<{ id: string; state: string; parts: number }>(sql`select id, state,
      (select count(*) from rollover_parts p where p.rollover_id = r.id) as parts
      from rollovers r where school_id = ${single.schoolId} and to_year = '2028-2029'`);
    expect(rows).toEqual([{ id: expect.not.stringMatching(stopped.id), state: 'done', parts: 0 }]);
    // Every step written again, under the new record, the copied class with its new room.
    expect(writes.filter(stepOf).length).toBeGreaterThan(2);
    const [copy] = await single.t.db.all<{ room: string }>(
      sql`select room from classes c where school_id = ${single.schoolId} and academic_year = '2028-2029'
        and name || section = (select name || section from classes where id = ${klass.id})`,
    );
    expect(copy.room).toBe('R-9');
  });
});
