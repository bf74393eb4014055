import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { repairDirectory } from '../../worker/db/directory-repair';
import { schoolFences, schoolShards, signInEmails } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { moveSchool } from '../../worker/db/school-move';
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

type Body = { success: boolean; error?: string; code?: string; data?: any; details?: { path: string }[] };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ shards: 2 });
});

const HOUR_AGO = () => new Date(Date.now() - 3_600_000).toISOString();
const newTeacher = (token: string, email: string) =>
  t.request('/api/teachers', { method: 'POST', token, json: { name: 'Tara', email, password: PASSWORD, phone: '1' } });

describe('directory repair (npm run db:repair)', () => {
  it('releases email claims no account holds and placements of schools never written, and nothing else', async () => {
    const school = await createTestSchool(t, undefined, 1);
    const token = await signIn(t, school.adminEmail);
    // What an account write whose shard failed leaves when the release after it failed too.
    const stray = `${unique('stray')}@example.org`;
    const recent = `${unique('recent')}@example.org`;
    const ghost = newId();
    const ghostEmail = `${unique('ghost')}@example.org`;
    await t.db.insert(signInEmails).values([
      { email: stray, schoolId: school.schoolId, claimedAt: HOUR_AGO() },
      // A claim of a write that may still be under way.
      { email: recent, schoolId: school.schoolId },
      { email: ghostEmail, schoolId: ghost, claimedAt: HOUR_AGO() },
    ]);
    await t.db.insert(schoolShards).values({ schoolId: ghost, shard: 1, createdAt: HOUR_AGO() });
    const refused = await newTeacher(token, stray);
    expect(refused.status).toBe(409);
    expect((await json<Body>(refused)).code).toBe('EMAIL_TAKEN');

    const dry = await repairDirectory(t.directory, { dryRun: true });
    expect(dry.released).toContainEqual({ email: stray, schoolId: school.schoolId });
    expect(await t.db.select().from(signInEmails).where(eq(signInEmails.email, stray))).toHaveLength(1);

    const report = await repairDirectory(t.directory);
    expect(report.released).toEqual(
      expect.arrayContaining([
        { email: stray, schoolId: school.schoolId },
        { email: ghostEmail, schoolId: ghost },
      ]),
    );
    expect(report.released.map((row) => row.email)).not.toContain(recent);
    expect(report.released.map((row) => row.email)).not.toContain(school.adminEmail);
    expect(report.placementsRemoved).toEqual([ghost]);
    const left = await t.db.select().from(signInEmails).where(eq(signInEmails.schoolId, school.schoolId));
    expect(left.map((row) => row.email).sort()).toEqual([recent, school.adminEmail].sort());
    expect(await t.db.select().from(schoolShards).where(eq(schoolShards.schoolId, ghost))).toEqual([]);

    // The email is free again: an account takes it and signs in with it.
    expect((await newTeacher(token, stray)).status).toBe(201);
    expect(await signIn(t, stray)).toBeTruthy();
    // A second run finds nothing.
    const again = await repairDirectory(t.directory);
    expect([again.released, again.placementsRemoved]).toEqual([[], []]);
  });

  it('reports a move that stopped before its switch, which --resume carries on', async () => {
    const school = await createTestSchool(t, undefined, 0);
    await t.db.update(schoolShards).set({ movingTo: 1 }).where(eq(schoolShards.schoolId, school.schoolId));
    await t.shards[0]
      .insert(schoolFences)
      .values({ schoolId: school.schoolId, state: 'moving', toShard: 1, since: '' });
    const report = await repairDirectory(t.directory, { dryRun: true });
    expect(report.stuckMoves).toContainEqual({ schoolId: school.schoolId, shard: 0, movingTo: 1 });
    await expect(moveSchool(t.directory, school.schoolId, 1, { wait: async () => {} })).rejects.toThrow(/--resume/);
    await moveSchool(t.directory, school.schoolId, 1, { wait: async () => {}, resume: true });
    expect(await t.directory.shardOf(school.schoolId)).toBe(1);
    const token = await signIn(t, school.adminEmail);
    expect((await newTeacher(token, `${unique('after')}@example.org`)).status).toBe(201);
  });
});

describe('POST /api/platform/schools with a shard', () => {
  const body = (shard: unknown) => ({
    name: unique('School'),
    adminEmail: `${unique('admin')}@example.org`.toLowerCase(),
    adminPassword: PASSWORD,
    shard,
  });
  const create = (json_: unknown) =>
    t.request('/api/platform/schools', { method: 'POST', token: PLATFORM_TOKEN, json: json_ });

  it('places the school on the shard named, and refuses one the platform does not have', async () => {
    for (const shard of [1, 0, 1]) {
      const res = await create(body(shard));
      expect(res.status).toBe(201);
      const made = await json<Body>(res);
      expect(made.data.shard).toBe(shard);
      expect(await t.directory.shardOf(made.data.school._id)).toBe(shard);
    }
    for (const shard of [2, -1, 1.5, '1']) {
      const res = await create(body(shard));
      expect(res.status, String(shard)).toBe(400);
      expect((await json<Body>(res)).details?.[0].path).toBe('shard');
    }
  });
});
